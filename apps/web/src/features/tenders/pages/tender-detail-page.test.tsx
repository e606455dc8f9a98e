import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { TENDER_MESSAGES } from '@solar/shared/constants/tenders';
import type { CurrentUser } from '@solar/shared/contracts/accounts';
import { TenderDetailPage } from './tender-detail-page';
import { tenderFixture } from '../test/tender-fixture';
import { json as answerJson, renderWithApi, userFixture, type ApiCall } from '../test/render-with-api';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The evaluation plan's two reads (issue 27 part B), empty: one shape answers both. */
const emptyPlan = (call: ApiCall) => (/\/(criteria|pricing-schedule)$/.test(call.path) ? answerJson(200, { success: true, data: { criteria: [], items: [], editable: false } }) : undefined);
/** A tender part's empty answer: a list, or the documents with their addenda (decision 0525). */
const emptyPart = (path: string) => (path.endsWith('/addenda') ? { documents: [], addenda: [] } : []);

function renderDetail(path: string, answer: () => Response) {
  const fetch = vi.fn(async (url: string) => (url.startsWith('/api/auth/me') ? json(401, { success: false, message: 'Not signed in' }) : answer()));
  vi.stubGlobal('fetch', fetch);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={createMemoryRouter([{ path: '/tender/:id', element: <TenderDetailPage /> }], { initialEntries: [path] })} />
    </QueryClientProvider>,
  );
  return fetch;
}

afterEach(() => vi.unstubAllGlobals());

describe('a tender that does not exist (decision 0354)', () => {
  it("says 'Tender not found' with the way back to the board it came from, and no Retry", async () => {
    renderDetail('/tender/00000000-0000-4000-8000-000000000000?fromPage=3&limit=20&status=all', () => json(404, { success: false, message: 'Tender not found' }));
    expect(await screen.findByRole('heading', { level: 1, name: TENDER_MESSAGES.notFound })).toBeInTheDocument();
    expect(screen.queryByText(TENDER_MESSAGES.loadOneError)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    const ways = screen.getByRole('navigation', { name: 'Where to go from here' });
    expect(within(ways).getByRole('link', { name: 'Back to Tenders' })).toHaveAttribute('href', '/explore-tenders?page=3&status=all&limit=20');
    expect(within(ways).getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });

  it("a real load failure keeps 'Error Loading Tender' and a Retry that asks again", async () => {
    const fetch = renderDetail('/tender/t-1?fromPage=2', () => json(503, { success: false, message: 'Service unavailable' }));
    // A 5xx is retried once before the card shows.
    expect(await screen.findByRole('heading', { name: TENDER_MESSAGES.loadOneError }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Tenders' })).toHaveAttribute('href', '/explore-tenders?page=2');
    const asked = fetch.mock.calls.filter(([url]) => url.startsWith('/api/tenders/')).length;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await vi.waitFor(() => expect(fetch.mock.calls.filter(([url]) => url.startsWith('/api/tenders/')).length).toBeGreaterThan(asked));
  });
});

describe('the owner’s own tender (decision 0407)', () => {
  const own = tenderFixture('t-own', { source: 'Solar Manager', userId: 'u-owner', organisationName: null, title: 'Clean 12 MW at Avonmouth', closingDate: '2027-01-10T17:00:00.000Z' });
  const events = [
    { id: 'e1', kind: 'published', actor: { name: 'Olive Owner' }, reason: null, changes: {}, createdAt: '2026-11-22T09:00:00.000Z' },
    {
      id: 'e2',
      kind: 'edited',
      actor: { name: 'Olive Owner' },
      reason: null,
      changes: { title: { from: 'Clean 10 MW', to: 'Clean 12 MW at Avonmouth' }, valueMaximum: { from: null, to: 15000 } },
      createdAt: '2026-11-23T10:30:00.000Z',
    },
    { id: 'e3', kind: 'cancelled', actor: { name: 'Olive Owner' }, reason: 'The site has been sold.', changes: {}, createdAt: '2026-11-24T08:00:00.000Z' },
  ];
  const answer = (call: ApiCall) => {
    if (call.path === '/api/tenders/t-own') return answerJson(200, { success: true, data: own });
    if (call.path === '/api/tenders/t-own/events') return answerJson(200, { success: true, data: events });
    if (emptyPlan(call)) return emptyPlan(call);
    if (call.path.startsWith('/api/tenders/t-own/') || call.path === '/api/tenders/saved') return answerJson(200, { success: true, data: emptyPart(call.path) });
    return undefined;
  };
  const renderAs = (me: CurrentUser) => renderWithApi({ path: '/tender/t-own', route: '/tender/:id', element: <TenderDetailPage />, me, answer });

  it('shows the owner panel in place of Contact About Tender and Save', async () => {
    renderAs(userFixture());
    expect(await screen.findByRole('heading', { name: 'Manage your tender' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Contact About Tender' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save Tender' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save for Later' })).toBeNull();
  });

  it('another signed-in user still sees Contact and Save, and no History', async () => {
    renderAs(userFixture({ id: 'u-other', name: 'Pat Provider' }));
    expect(await screen.findByRole('button', { name: 'Contact About Tender' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save Tender' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Manage your tender' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'History' })).toBeNull();
  });

  it('the History lists state changes and edits, newest first, readably', async () => {
    renderAs(userFixture());
    const history = (await screen.findByRole('heading', { name: 'History' })).parentElement!;
    const items = await within(history).findAllByRole('listitem', {}, { timeout: 5000 });
    const entries = items.filter((li) => li.querySelector('time'));
    expect(entries.map((li) => li.firstChild!.textContent)).toEqual([
      expect.stringMatching(/^Cancelled24\/11\/2026 \d\d:00 UK time · Olive Owner$/),
      expect.stringMatching(/^Brief edited23\/11\/2026 \d\d:30 UK time · Olive Owner$/),
      expect.stringMatching(/^Published22\/11\/2026/),
    ]);
    expect(within(history).getByText('Reason: The site has been sold.')).toBeInTheDocument();
    expect(within(history).getByText('Title: Clean 10 MW → Clean 12 MW at Avonmouth')).toBeInTheDocument();
    expect(within(history).getByText('Budget up to: (none) → £15,000')).toBeInTheDocument();
  });
});

describe('each party sees its own outcome first (issue 27 defects 2 and 7)', () => {
  const listed = { source: 'Solar Manager' as const, userId: 'u-owner', organisationName: 'Avon Energy Ltd', title: 'Survey 12 MW at Avonmouth' };
  const show = (tender: ReturnType<typeof tenderFixture>, me: CurrentUser) =>
    renderWithApi({
      path: `/tender/${tender.id}`,
      route: '/tender/:id',
      element: <TenderDetailPage />,
      me,
      answer: (call: ApiCall) => (call.path === `/api/tenders/${tender.id}` ? answerJson(200, { success: true, data: tender }) : (emptyPlan(call) ?? answerJson(200, { success: true, data: emptyPart(call.path) }))),
    });

  it('a draft is a Draft to its owner, never a green Open, and not yet published', async () => {
    show(tenderFixture('t-d', { ...listed, stage: 'draft', viewerRelation: 'manager' }), userFixture());
    await screen.findByRole('heading', { level: 1, name: 'Survey 12 MW at Avonmouth' });
    expect(screen.getAllByText('Draft').length).toBeGreaterThan(0);
    expect(screen.queryByText('Open')).toBeNull();
    expect(screen.getByText('Not yet: this is a draft')).toBeInTheDocument();
  });

  it('the winner reads "You won this tender" at the top, not "Tender Closed"', async () => {
    const awarded = tenderFixture('t-w', { ...listed, stage: 'awarded', status: 'awarded', viewerRelation: 'winner', award: { supplier: 'Dana Thermal', value: 495000, date: '2026-12-03' } });
    show(awarded, userFixture({ id: 'u-dana', name: 'Dana', type: 'provider' }));
    expect(await screen.findByText('You won this tender')).toBeInTheDocument();
    expect(screen.getByText('Won')).toBeInTheDocument();
    expect(screen.queryByText(TENDER_MESSAGES.closed)).toBeNull();
  });

  it('another responder reads that theirs was unsuccessful, and who won', async () => {
    const awarded = tenderFixture('t-l', { ...listed, stage: 'awarded', status: 'awarded', viewerRelation: 'responder', award: { supplier: 'Dana Thermal', value: null, date: '2026-12-03' } });
    show(awarded, userFixture({ id: 'u-eve', name: 'Eve', type: 'provider' }));
    expect(await screen.findByText('Your response was unsuccessful')).toBeInTheDocument();
    expect(screen.getByText('The buyer awarded this tender to Dana Thermal.')).toBeInTheDocument();
  });

  it('the public sees Closed, and that a cancelled tender was cancelled', async () => {
    show(tenderFixture('t-c', { ...listed, stage: 'cancelled', status: 'closed' }), null as unknown as CurrentUser);
    expect(await screen.findByText(TENDER_MESSAGES.closed)).toBeInTheDocument();
    expect(screen.getByText('The buyer cancelled this tender before it closed.')).toBeInTheDocument();
  });
});

describe('UK time whatever the browser’s zone (issue 27 defect 4)', () => {
  const before = process.env.TZ;
  afterEach(() => {
    process.env.TZ = before;
  });

  it('with the browser on New York time, the panel reads 12:00 UK time and Extend starts at 12:00, sending 12:00 UK time', async () => {
    process.env.TZ = 'America/New_York';
    expect(new Date('2026-12-02T12:00:00Z').getTimezoneOffset()).toBe(300);
    const own = tenderFixture('t-ny', { source: 'Solar Manager', userId: 'u-owner', viewerRelation: 'manager', title: 'Survey 12 MW', closingDate: '2099-12-02T12:00:00.000Z' });
    const calls = renderWithApi({
      path: '/tender/t-ny',
      route: '/tender/:id',
      element: <TenderDetailPage />,
      me: userFixture(),
      answer: (call) =>
        call.path === '/api/tenders/t-ny'
          ? answerJson(200, { success: true, data: own })
          : call.method === 'POST'
            ? answerJson(200, { success: true, message: 'Extended', data: own })
            : (emptyPlan(call) ?? answerJson(200, { success: true, data: emptyPart(call.path) })),
    });
    // In UK time with a countdown (decision 0514): on the panel and in the details.
    await vi.waitFor(() => expect(screen.getAllByText('02/12/2099 12:00 UK time').map((el) => el.parentElement?.textContent)).toContain('Closes 02/12/2099 12:00 UK time'));
    await userEvent.click(screen.getByRole('button', { name: /Extend/ }));
    const input = await screen.findByLabelText('New closing date and time (UK time)');
    expect(input).toHaveValue('2099-12-02T12:00');
    await userEvent.clear(input);
    await userEvent.type(input, '2099-12-09T12:00');
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Extend the closing date' })).getByRole('button', { name: /Extend/ }));
    await vi.waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ closingDate: '2099-12-09T12:00:00.000Z' }));
  });
});
