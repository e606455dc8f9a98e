import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TenderEvaluation } from '@solar/shared/contracts/tender-evaluation';
import { tenderFixture } from '../test/tender-fixture';
import { json, renderWithApi, userFixture, type ApiCall } from '../test/render-with-api';
import { standstillDefaultDays, standstillEnd, standstillLastDay } from '@solar/shared/domain/tender-records';
import { TenderResponsesPage } from './tender-responses-page';

afterEach(() => vi.unstubAllGlobals());

const response = (id: string, name: string) => ({
  id,
  tenderId: 't-1',
  provider: { id: `p-${id}`, name, slug: id, verified: false, since: '2026-11-20T09:00:00.000Z', services: ['O&M'], location: 'Bath' },
  distanceKm: null,
  message: 'Our offer.',
  priceMinimum: 40000,
  priceMaximum: 40000,
  leadTimeDays: 14,
  awarded: false,
  shortlisted: false,
  createdAt: '2026-11-23T09:00:00.000Z',
  updatedAt: '2026-11-23T09:00:00.000Z',
  attachments: [],
  clarifications: [],
});
const standing = (id: string, name: string, total: number | null, rank: number | null, totalPence: number | null, optionalPence = 0) => ({
  id,
  provider: { name, slug: id },
  message: 'Our offer.',
  priceMinimum: 40000,
  priceMaximum: 40000,
  leadTimeDays: 14,
  createdAt: '2026-11-23T09:00:00.000Z',
  pricing: { lines: [], totalPence, optionalPence },
  attachments: [],
  myScores: [],
  averages: {},
  total,
  rank,
  sheets: [],
});
const evaluation = (overrides: Partial<TenderEvaluation> = {}): TenderEvaluation => ({
  role: 'owner',
  phase: 'scoring',
  stage: 'active',
  title: 'Three years of O&M',
  closingDate: '2026-12-01T12:00:00.000Z',
  declaration: null,
  criteria: [{ id: 'c-1', name: 'Price', weight: 100, description: null }],
  // Best first, as the server answers.
  responses: [standing('r2', 'Otis Energy', 90, 1, 3_250_000), standing('r1', 'Rita Solar', 68, 2, 3_720_150, 150_000), standing('r3', 'Uma Unpriced', null, null, null)],
  scorers: 2,
  ...overrides,
});

// Before the closing time the responses themselves are sealed too (decision 0512).
const sealedResponses = { closesAt: '2099-12-01T12:00:00.000Z', count: 0, arrivals: [] };

function renderPage(data: TenderEvaluation, answer: (call: ApiCall) => Response | undefined = () => undefined) {
  return renderWithApi({
    path: '/tender/t-1/responses',
    route: '/tender/:id/responses',
    element: <TenderResponsesPage />,
    me: userFixture(),
    answer: (call) => {
      if (call.path === '/api/tenders/t-1')
        return json(200, { success: true, data: tenderFixture('t-1', { source: 'Solar Manager', userId: 'u-owner', viewerRelation: 'manager', status: 'closed', stage: 'active' }) });
      if (call.path === '/api/tenders/t-1/responses')
        return data.phase === 'sealed'
          ? json(200, { success: true, data: [], sealed: sealedResponses })
          : json(200, { success: true, data: [response('r1', 'Rita Solar'), response('r2', 'Otis Energy'), response('r3', 'Uma Unpriced')] });
      if (call.path === '/api/tenders/t-1/evaluation') return json(200, { success: true, data });
      if (call.path === '/api/tenders/t-1/evaluators')
        return json(200, {
          success: true,
          data: [{ id: 'e-1', name: 'Eve Evaluator', email: 'eve@buyer.example.com', declaration: 'no-conflict', declaredAt: '2026-11-24T10:00:00.000Z', conflictReason: null, invitedAt: '2026-11-23T10:00:00.000Z' }],
        });
      return answer(call);
    },
  });
}

const cardNames = () => screen.getAllByLabelText(/^Response from /).map((c) => c.getAttribute('aria-label'));

describe('Compare Responses with scores and pricing schedules (decisions 0519, 0521)', () => {
  it('shows the ranking with each score, schedule total and optional extras apart', async () => {
    renderPage(evaluation());
    const ranking = await screen.findByRole('list', { name: 'Ranking by weighted score' });
    const rows = within(ranking).getAllByRole('listitem').map((li) => li.textContent);
    expect(rows).toEqual(['1. Otis Energy90 / 100 · £32,500', '2. Rita Solar68 / 100 · £37,201.50 (+ £1,500 optional)', '– Uma UnpricedNot fully scored · Not priced']);
    const rita = screen.getByLabelText('Response from Rita Solar');
    expect(within(rita).getByText('68 / 100 · rank 2')).toBeInTheDocument();
    expect(within(rita).getByText('£37,201.50')).toBeInTheDocument();
  });

  it('sorts by schedule total, lowest first, and by score; the unpriced and unscored go last', async () => {
    renderPage(evaluation());
    await screen.findByLabelText('Response from Rita Solar');
    expect(cardNames()).toEqual(['Response from Rita Solar', 'Response from Otis Energy', 'Response from Uma Unpriced']);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Schedule total, lowest first');
    expect(cardNames()).toEqual(['Response from Otis Energy', 'Response from Rita Solar', 'Response from Uma Unpriced']);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Score, best first');
    expect(cardNames()).toEqual(['Response from Otis Energy', 'Response from Rita Solar', 'Response from Uma Unpriced']);
  });

  it('the award dialog shows the ranking with the response being awarded marked', async () => {
    renderPage(evaluation());
    const rita = await screen.findByLabelText('Response from Rita Solar');
    await userEvent.click(within(rita).getByRole('button', { name: 'Award' }));
    const dialog = await screen.findByRole('dialog', { name: 'Award the tender to Rita Solar?' });
    expect(within(dialog).getByText('The ranking by weighted score')).toBeInTheDocument();
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(3);
  });

  it('the owner chooses the standstill at the award, within its bounds, and sees the day it ends in UK time (decision 0559)', async () => {
    const calls = renderPage(evaluation(), (call) => (call.method === 'POST' && call.path === '/api/tenders/t-1/award' ? json(200, { success: true, message: 'Awarded', data: tenderFixture('t-1') }) : undefined));
    const rita = await screen.findByLabelText('Response from Rita Solar');
    await userEvent.click(within(rita).getByRole('button', { name: 'Award' }));
    const dialog = await screen.findByRole('dialog', { name: 'Award the tender to Rita Solar?' });
    const standstill = within(dialog).getByRole('combobox', { name: 'Standstill period' });
    // Eight working days from today, at least ten calendar days (decision 0559).
    expect(standstill).toHaveValue(String(standstillDefaultDays(new Date(), 10)));
    expect(within(standstill).getAllByRole('option').map((o) => o.textContent)).toEqual(Array.from({ length: 21 }, (_, i) => `${10 + i} calendar days`));
    expect(standstill).toHaveAccessibleDescription(/Procurement Act 2023/);
    await userEvent.selectOptions(standstill, '14');
    const ends = standstillLastDay(standstillEnd(new Date(), 14));
    expect(within(dialog).getByText(`Ends at midnight at the end of ${ends} (UK time).`, { exact: false })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Award Tender' }));
    await vi.waitFor(() => expect(calls.find((c) => c.method === 'POST' && c.path === '/api/tenders/t-1/award')?.body).toEqual({ responseId: 'r1', standstillDays: 14 }));
  });

  it('before the closing date the responses and scores are sealed, and the owner still manages evaluators', async () => {
    const calls = renderPage(evaluation({ phase: 'sealed', responses: [] }), (call) =>
      call.method === 'POST' ? json(201, { success: true, message: 'Evaluator invited: they have been emailed a link.', data: {} }) : undefined,
    );
    expect(await screen.findByText(/Scores and priced schedules are sealed until the closing date/)).toBeInTheDocument();
    expect(await screen.findByText('Eve Evaluator')).toBeInTheDocument();
    expect(screen.getByText(/No conflict declared/)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Invite an evaluator by email'), 'dan@buyer.example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Invite' }));
    await vi.waitFor(() => expect(calls.find((c) => c.method === 'POST')).toEqual({ method: 'POST', path: '/api/tenders/t-1/evaluators', body: { email: 'dan@buyer.example.com' } }));
  });
  it('while responses are sealed (some have arrived) the owner still sees the sealed scores and invites evaluators', async () => {
    const calls = renderWithApi({
      path: '/tender/t-1/responses',
      route: '/tender/:id/responses',
      element: <TenderResponsesPage />,
      me: userFixture(),
      answer: (call) => {
        if (call.path === '/api/tenders/t-1')
          return json(200, { success: true, data: tenderFixture('t-1', { source: 'Solar Manager', userId: 'u-owner', viewerRelation: 'manager', status: 'open', stage: 'active', closingDate: '2099-12-02T12:00:00.000Z' }) });
        if (call.path === '/api/tenders/t-1/responses')
          return json(200, { success: true, data: [], sealed: { closesAt: '2099-12-02T12:00:00.000Z', count: 1, arrivals: [{ receivedAt: '2026-11-23T09:00:00.000Z', updatedAt: '2026-11-23T09:00:00.000Z' }] } });
        if (call.path === '/api/tenders/t-1/evaluation') return json(200, { success: true, data: evaluation({ phase: 'sealed', responses: [], closingDate: '2099-12-02T12:00:00.000Z' }) });
        if (call.path === '/api/tenders/t-1/evaluators' && call.method === 'GET') return json(200, { success: true, data: [] });
        if (call.method === 'POST') return json(201, { success: true, message: 'Evaluator invited: they have been emailed a link.', data: {} });
        return undefined;
      },
    });
    expect(await screen.findByText('1 response received so far')).toBeInTheDocument();
    expect(await screen.findByText(/Scores and priced schedules are sealed until the closing date/)).toBeInTheDocument();
    await userEvent.type(await screen.findByLabelText('Invite an evaluator by email'), 'dan@buyer.example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Invite' }));
    await vi.waitFor(() => expect(calls.find((c) => c.method === 'POST')).toEqual({ method: 'POST', path: '/api/tenders/t-1/evaluators', body: { email: 'dan@buyer.example.com' } }));
  });
});
