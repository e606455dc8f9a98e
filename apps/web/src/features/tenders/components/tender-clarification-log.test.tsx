import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, renderWithApi, userFixture } from '../test/render-with-api';
import { tenderFixture } from '../test/tender-fixture';
import { TenderClarificationLog } from './tender-clarification-log';
import { TenderContractCard } from './tender-contract-card';

afterEach(() => vi.unstubAllGlobals());

const entry = (overrides: Record<string, unknown>) => ({
  id: 'e-1',
  number: 1,
  reference: 'CL-001',
  kind: 'question',
  published: false,
  publishedAt: null,
  withProvider: null,
  mine: false,
  canReply: true,
  canPublish: true,
  createdAt: '2026-12-01T12:00:00.000Z',
  messages: [{ id: 'm-1', fromOwner: false, author: 'A bidder', mine: false, body: 'Is the inverter room in scope?', createdAt: '2026-12-01T12:00:00.000Z' }],
  ...overrides,
});

describe('the clarification log (decision 0524)', () => {
  it('numbers each entry, says whether it is private or published, and lets the owner reply privately or publish', async () => {
    const calls = renderWithApi({
      path: '/tender/t-1',
      route: '/tender/:id',
      element: <TenderClarificationLog tender={tenderFixture('t-1', { userId: 'u-owner' })} isOwner open />,
      me: userFixture(),
      answer: (call) => {
        if (call.method === 'GET' && call.path === '/api/tenders/t-1/clarifications') {
          return json(200, {
            success: true,
            data: [
              entry({}),
              entry({ id: 'e-2', number: 2, reference: 'CL-002', kind: 'clarification', withProvider: 'Eve Drones', canPublish: true, messages: [] }),
              entry({ id: 'e-3', number: 3, reference: 'CL-003', kind: 'notice', published: true, canPublish: false, messages: [] }),
            ],
          });
        }
        if (call.method === 'POST' && call.path === '/api/tenders/t-1/clarifications/e-1/replies') {
          return json(201, { success: true, message: 'Published to everyone taking part; the bidder who asked is not named.', data: entry({ published: true }) });
        }
        return undefined;
      },
    });
    expect(await screen.findByRole('heading', { name: 'CL-001' })).toBeInTheDocument();
    expect(screen.getByText('Private: Eve Drones')).toBeInTheDocument();
    expect(screen.getByText('Published to all')).toBeInTheDocument();
    expect(screen.getAllByText(/01\/12\/2026 12:00 UK time/).length).toBeGreaterThan(0);
    // Too short: refused before any call.
    await userEvent.type(screen.getByLabelText('Reply to CL-001'), 'y');
    await userEvent.click(screen.getAllByRole('button', { name: 'Reply and publish to all' })[0]!);
    expect(await screen.findByText('Please write at least 2 characters')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Reply to CL-001'), 'es, it is.');
    await userEvent.click(screen.getAllByRole('button', { name: 'Reply and publish to all' })[0]!);
    // A warning first, with exactly what becomes visible: the earlier private message and the reply (decision 0558).
    const dialog = await screen.findByRole('dialog', { name: 'Publish CL-001 to everyone?' });
    expect(dialog).toHaveAccessibleDescription(/the earlier private messages included/);
    const shown = within(within(dialog).getByRole('list', { name: 'What becomes visible to everyone' })).getAllByRole('listitem');
    expect(shown.map((li) => li.textContent)).toEqual(['A bidder · 01/12/2026 12:00 UK timeIs the inverter room in scope?', 'The buyer · your replyyes, it is.']);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep it private' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.click(screen.getAllByRole('button', { name: 'Reply and publish to all' })[0]!);
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Publish the thread' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ message: 'yes, it is.', publish: true, confirmedMessages: 1 }));
    expect(screen.getByLabelText('Publish a clarification to everyone taking part')).toBeInTheDocument();
  });

  it('says when the log is empty, and offers a bidder the question form', async () => {
    renderWithApi({
      path: '/tender/t-1',
      route: '/tender/:id',
      element: <TenderClarificationLog tender={tenderFixture('t-1', { userId: 'someone-else' })} isOwner={false} open />,
      me: userFixture(),
      answer: (call) => (call.path === '/api/tenders/t-1/clarifications' ? json(200, { success: true, data: [] }) : undefined),
    });
    expect(await screen.findByText('Nothing in the clarification log yet.')).toBeInTheDocument();
    expect(screen.getByLabelText('Ask the buyer a question')).toBeInTheDocument();
  });

  it('shows the error with a retry', async () => {
    renderWithApi({
      path: '/tender/t-1',
      route: '/tender/:id',
      element: <TenderClarificationLog tender={tenderFixture('t-1')} isOwner={false} open={false} />,
      me: userFixture(),
      answer: () => json(500, { success: false, message: 'Something went wrong' }),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load the clarification log.');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});

describe('the contract card (decisions 0526, 0527)', () => {
  it('tells a bidder the standstill’s end in UK time and links its own letter', async () => {
    renderWithApi({
      path: '/tender/t-1',
      route: '/tender/:id',
      element: <TenderContractCard tender={tenderFixture('t-1', { stage: 'awarded', status: 'awarded', viewerRelation: 'responder' })} />,
      me: userFixture({ id: 'u-eve' }),
      answer: (call) =>
        call.path === '/api/tenders/t-1/contract'
          ? json(200, {
              success: true,
              data: {
                state: 'standstill',
                awardedAt: '2026-12-07T10:00:00.000Z',
                standstillDays: 10,
                standstillEndsAt: '2099-12-18T00:00:00.000Z',
                confirmedAt: null,
                canConfirm: false,
                letters: [{ responseId: 'r-eve', kind: 'regret', provider: 'Eve Drones' }],
              },
            })
          : undefined,
    });
    expect(await screen.findByText('Awarded – in standstill')).toBeInTheDocument();
    expect(screen.getByText(/ends at midnight at the end of 17 December 2099 \(UK time\)/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Regret letter: Eve Drones (PDF)' })).toHaveAttribute('href', '/api/tenders/t-1/letters/r-eve');
    expect(screen.queryByRole('button', { name: 'Confirm contract' })).toBeNull();
  });

  it('is not shown to the public', () => {
    const calls = renderWithApi({
      path: '/tender/t-1',
      route: '/tender/:id',
      element: <TenderContractCard tender={tenderFixture('t-1', { stage: 'awarded', viewerRelation: null })} />,
      me: null,
      answer: () => undefined,
    });
    expect(calls.filter((c) => c.path.endsWith('/contract'))).toEqual([]);
  });
});
