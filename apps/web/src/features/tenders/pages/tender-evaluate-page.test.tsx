import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TENDER_EVALUATION_MESSAGES as M, TENDER_NO_CONFLICT_STATEMENT } from '@solar/shared/constants/tender-evaluation';
import type { TenderEvaluation } from '@solar/shared/contracts/tender-evaluation';
import { json, renderWithApi, userFixture, type ApiCall } from '../test/render-with-api';
import { TenderEvaluatePage } from './tender-evaluate-page';

afterEach(() => vi.unstubAllGlobals());

const criteria = [
  { id: 'c-price', name: 'Price', weight: 60, description: null },
  { id: 'c-method', name: 'Method', weight: 40, description: null },
];
const sheet = (overrides: Partial<TenderEvaluation>): TenderEvaluation => ({
  role: 'evaluator',
  phase: 'scoring',
  stage: 'active',
  title: 'Three years of O&M',
  closingDate: '2026-12-01T12:00:00.000Z',
  declaration: 'no-conflict',
  criteria,
  responses: [],
  scorers: 0,
  ...overrides,
});
const response = {
  id: 'r-1',
  provider: { name: 'Rita Solar', slug: 'rita-solar' },
  message: 'We maintain 40 MW across the South West.',
  priceMinimum: 40000,
  priceMaximum: 40000,
  leadTimeDays: 14,
  createdAt: '2026-11-23T09:00:00.000Z',
  pricing: { lines: [{ itemId: 'i-1', unitPricePence: 1_200_000, lineTotalPence: 3_600_000 }], totalPence: 3_600_000, optionalPence: 0 },
  attachments: [{ id: 'a-1', filename: 'method-statement.pdf', mimeType: 'application/pdf', size: 1200, createdAt: '2026-11-23T09:00:00.000Z' }],
  myScores: [{ criterionId: 'c-price', score: 7, comment: 'Fair' }],
  averages: {},
  total: null,
  rank: null,
  sheets: [],
};

function renderSheet(data: TenderEvaluation, answer: (call: ApiCall) => Response | undefined = () => undefined) {
  return renderWithApi({
    path: '/tender/t-1/evaluate',
    route: '/tender/:id/evaluate',
    element: <TenderEvaluatePage />,
    me: userFixture({ id: 'u-eve', name: 'Eve Evaluator' }),
    answer: (call) => {
      if (call.method === 'GET' && call.path === '/api/tenders/t-1/evaluation') return json(200, { success: true, data });
      if (call.method === 'GET' && call.path === '/api/tenders/t-1/pricing-schedule')
        return json(200, { success: true, data: { items: [{ id: 'i-1', description: 'Operations and maintenance', quantity: 3, unit: 'per year', optional: false }], editable: false } });
      return answer(call);
    },
  });
}

describe('the scoring sheet (decisions 0519, 0520)', () => {
  it('an evaluator declares before anything else: the statement must be ticked, then it is sent', async () => {
    const calls = renderSheet(sheet({ declaration: 'pending', phase: 'sealed' }), (call) =>
      call.method === 'POST' ? json(200, { success: true, message: M.declaredNoConflict }) : undefined,
    );
    expect(await screen.findByRole('heading', { name: 'Conflict of interest declaration' })).toBeInTheDocument();
    expect(screen.queryByText(M.scoringSealed, { exact: false })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Make the declaration' }));
    expect(await screen.findByText(M.declarationRequired)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: TENDER_NO_CONFLICT_STATEMENT }));
    await userEvent.click(screen.getByRole('button', { name: 'Make the declaration' }));
    await vi.waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST')).toEqual([
        { method: 'POST', path: '/api/tenders/t-1/evaluation/declaration', body: { decision: 'no-conflict', statementAccepted: true } },
      ]),
    );
  });

  it('a conflict needs what it is', async () => {
    const calls = renderSheet(sheet({ declaration: 'pending', phase: 'sealed' }), (call) => (call.method === 'POST' ? json(200, { success: true, message: M.declaredConflict }) : undefined));
    await userEvent.click(await screen.findByRole('radio', { name: /I have a conflict of interest/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Declare a conflict' }));
    expect(await screen.findByText(M.conflictReasonRequired)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('What is the conflict?'), 'My brother directs a bidder.');
    await userEvent.click(screen.getByRole('button', { name: 'Declare a conflict' }));
    await vi.waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ decision: 'conflict', reason: 'My brother directs a bidder.' }));
  });

  it('before the closing date it says the responses are sealed', async () => {
    renderSheet(sheet({ phase: 'sealed' }));
    expect(await screen.findByText(M.scoringSealed, { exact: false })).toBeInTheDocument();
  });

  it('after it, each response with its priced schedule, scored per criterion 0–10 with comments', async () => {
    const calls = renderSheet(sheet({ responses: [response] }), (call) => (call.method === 'PUT' ? json(200, { success: true, message: M.scoresSaved }) : undefined));
    const card = await screen.findByLabelText('Response from Rita Solar');
    expect(within(card).getByText('We maintain 40 MW across the South West.')).toBeInTheDocument();
    expect(within(card).getByText(/Total £36,000/)).toBeInTheDocument();
    // The response's files, for the evaluator to read (decision 0557).
    expect(within(card).getByRole('link', { name: /method-statement\.pdf/ })).toHaveAttribute('href', '/api/tenders/t-1/responses/r-1/attachments/a-1');
    expect(within(card).getByLabelText('Score for Price, 0 to 10')).toHaveValue('7');
    await userEvent.selectOptions(within(card).getByLabelText('Score for Method, 0 to 10'), '9');
    await userEvent.type(within(card).getByLabelText('Comment on Method'), 'Clear plan');
    await userEvent.click(within(card).getByRole('button', { name: 'Save scores' }));
    await vi.waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')).toEqual({
        method: 'PUT',
        path: '/api/tenders/t-1/responses/r-1/scores',
        body: { scores: [{ criterionId: 'c-price', score: 7, comment: 'Fair' }, { criterionId: 'c-method', score: 9, comment: 'Clear plan' }] },
      }),
    );
  });

  it('after the award the scores are shown, not editable', async () => {
    renderSheet(sheet({ phase: 'final', stage: 'awarded', responses: [response] }));
    const card = await screen.findByLabelText('Response from Rita Solar');
    expect(within(card).getByLabelText('Score for Price, 0 to 10')).toBeDisabled();
    expect(within(card).queryByRole('button', { name: 'Save scores' })).toBeNull();
    expect(screen.getByText(M.scoringFinal)).toBeInTheDocument();
  });

  it('a tender the caller does not evaluate is not found', async () => {
    renderWithApi({ path: '/tender/t-1/evaluate', route: '/tender/:id/evaluate', element: <TenderEvaluatePage />, me: userFixture(), answer: () => undefined });
    expect(await screen.findByRole('heading', { name: 'Tender not found' })).toBeInTheDocument();
  });
});
