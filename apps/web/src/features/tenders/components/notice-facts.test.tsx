import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { Tender } from '@solar/shared/contracts/tenders';
import { TenderCard } from './tender-card';
import { TenderDetailPage } from '../pages/tender-detail-page';
import { tenderFixture } from '../test/tender-fixture';
import { json, renderWithApi, userFixture } from '../test/render-with-api';

const notice = (over: Partial<NonNullable<Tender['notice']>> = {}): Tender['notice'] => ({
  stage: 'interest',
  noticeType: 'UK4',
  deadlineKind: 'interest',
  aboveThreshold: true,
  sources: [
    { id: 'find-a-tender', label: 'Find a Tender', ocid: 'ocds-h6vhtk-0a0004', url: 'https://www.find-tender.service.gov.uk/Notice/070001-2026' },
    { id: 'sell2wales', label: 'Sell2Wales', ocid: 'ocds-kuma6s-900001', url: 'https://www.sell2wales.gov.wales/search/show/search_view.aspx?ID=900001' },
  ],
  awards: [],
  buyerIds: ['GB-PPON-PCAR-5555-WALE'],
  matchedBecause: 'CPV 09332000 (solar installation)',
  ...over,
});

afterEach(() => vi.unstubAllGlobals());

describe('an imported notice on the board and its page (issue 29, decisions 0460–0462)', () => {
  it('the card shows the stage, the threshold, the kind of deadline, both sources and why it matched', () => {
    const tender = tenderFixture('t-1', { closingDate: '2026-06-22T00:00:00.000Z', notice: notice() });
    render(<RouterProvider router={createMemoryRouter([{ path: '*', element: <TenderCard tender={tender} fromPage={1} board={new URLSearchParams()} /> }])} />);
    expect(screen.getByText('Open for interest')).toBeInTheDocument();
    expect(screen.getByText('Above threshold')).toBeInTheDocument();
    expect(screen.getByText(/Expressions of interest by 22\/06\/2026/)).toBeInTheDocument();
    expect(screen.getByText(/From Find a Tender and Sell2Wales\./)).toBeInTheDocument();
    expect(screen.getByText(/Why it matched: CPV 09332000 \(solar installation\)\./)).toBeInTheDocument();
  });

  it('a pipeline notice says it has no deadline yet; a tender listed here shows none of this', () => {
    const pipeline = tenderFixture('t-2', { closingDate: null, notice: notice({ stage: 'pipeline', deadlineKind: null, aboveThreshold: false }) });
    const listed = tenderFixture('t-3', { source: 'Solar Manager', notice: null });
    render(
      <RouterProvider
        router={createMemoryRouter([
          {
            path: '*',
            element: (
              <>
                <TenderCard tender={pipeline} fromPage={1} board={new URLSearchParams()} />
                <TenderCard tender={listed} fromPage={1} board={new URLSearchParams()} />
              </>
            ),
          },
        ])}
      />,
    );
    expect(screen.getByText('Pipeline')).toBeInTheDocument();
    expect(screen.getByText('Below threshold')).toBeInTheDocument();
    expect(screen.getByText(/No deadline yet/)).toBeInTheDocument();
    expect(screen.getAllByText(/Why it matched/)).toHaveLength(1);
  });

  it("the detail page lists the sources and awards; an admin's 'Not relevant' asks first, then takes it off the board", async () => {
    const tender = tenderFixture('t-4', {
      closingDate: null,
      status: 'closed',
      notice: notice({
        stage: 'changed',
        noticeType: 'UK10',
        deadlineKind: null,
        awards: [{ id: '1', status: 'active', value: 60000, date: '2026-06-10T00:00:00.000Z', lotIds: ['1'], suppliers: [{ name: 'Sunrise Solar Ltd', ids: ['GB-COH-07654321', 'GB-PPON-PSUN-1111-AAAA'] }] }],
      }),
    });
    const calls = renderWithApi({
      path: '/tender/t-4',
      route: '/tender/:id',
      element: <TenderDetailPage />,
      me: userFixture({ is_admin: true }),
      answer: (call) =>
        call.path === '/api/tenders/t-4'
          ? json(200, { data: tender })
          : call.path === '/api/admin/tenders/t-4/not-relevant'
            ? json(200, { success: true, data: { id: 't-4', title: tender.title, ocids: ['ocds-h6vhtk-0a0004'] } })
            : call.path === '/api/tenders/saved'
              ? json(200, { success: true, data: [] })
              : undefined,
    });
    const card = (await screen.findByRole('heading', { name: 'Notice' })).closest('div')!;
    expect(card).toHaveTextContent('Contract changed: The buyer has published a change to the awarded contract.');
    expect(card).toHaveTextContent('UK10 contract change notice');
    expect(card).toHaveTextContent('Lot 1: Sunrise Solar Ltd (GB-COH-07654321, GB-PPON-PSUN-1111-AAAA)');
    expect(within(card).getByRole('link', { name: /Sell2Wales/ })).toHaveAttribute('href', expect.stringContaining('sell2wales.gov.wales'));
    await userEvent.click(await within(card).findByRole('button', { name: 'Not relevant' }));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.click(within(card).getByRole('button', { name: 'Take it off the board' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/api/admin/tenders/t-4/not-relevant')).toBe(true));
  });

  it('a visitor sees no admin action', async () => {
    renderWithApi({
      path: '/tender/t-5',
      route: '/tender/:id',
      element: <TenderDetailPage />,
      me: null,
      answer: (call) => (call.path === '/api/tenders/t-5' ? json(200, { data: tenderFixture('t-5', { notice: notice() }) }) : undefined),
    });
    await screen.findByRole('heading', { name: 'Notice' });
    expect(screen.queryByRole('button', { name: 'Not relevant' })).toBeNull();
  });
});
