import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ALERT_MESSAGES as M } from '@solar/shared/constants/alerts';
import type { SavedSearch } from '@solar/shared/contracts/alerts';
import { SavedSearchesTab } from './saved-searches-tab';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
afterEach(() => vi.unstubAllGlobals());

const search: SavedSearch = {
  id: '00000000-0000-4000-8000-00000000000a',
  name: 'Solar near Bristol',
  kind: 'tenders',
  criteria: { keywords: 'solar', cpv: [], regions: [], stages: ['open'], sources: [], myProfiles: false, location: 'Bristol', lat: 51.45, lng: -2.59, radiusKm: 50 },
  frequency: 'daily',
  hour: 8,
  weekday: 1,
  paused: false,
  createdAt: '2026-11-20T09:00:00.000Z',
  nextDigestAt: '2026-11-28T08:00:00.000Z',
  lastMailedAt: null,
  matches: 1,
  unmailed: 1,
  lastMatchAt: '2026-11-27T09:00:00.000Z',
};

/** Issue 30: Dashboard 'Saved searches': see the last matches, pause, delete (decision 0471). */
describe('the Saved searches tab', () => {
  it('lists each search with its schedule; shows its last matches; pauses and deletes it', async () => {
    let searches = [search];
    const calls: Array<[string, string, unknown]> = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string, init?: RequestInit) => {
        const url = new URL(String(input), 'http://localhost');
        const method = init?.method ?? 'GET';
        calls.push([method, url.pathname, init?.body ? JSON.parse(String(init.body)) : undefined]);
        if (url.pathname === '/api/tenders/watched') return json({ success: true, data: [] });
        if (url.pathname.endsWith('/matches'))
          return json({
            success: true,
            data: [{ itemType: 'tender', itemId: 't1', change: 'new', title: 'Roof PV for schools', detail: 'Bristol City Council, Bristol', link: '/tender/t1', matchedAt: '2026-11-27T09:00:00.000Z', mailedAt: null }],
          });
        if (method === 'PATCH') {
          searches = searches.map((s) => ({ ...s, paused: true }));
          return json({ success: true, data: searches[0] });
        }
        if (method === 'DELETE') {
          searches = [];
          return json({ success: true, message: 'Deleted' });
        }
        return json({ success: true, data: searches });
      }),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <RouterProvider router={createMemoryRouter([{ path: '*', element: <SavedSearchesTab /> }], { initialEntries: ['/dashboard?tab=searches'] })} />
      </QueryClientProvider>,
    );
    const user = userEvent.setup();
    const card = await screen.findByRole('listitem', { name: 'Solar near Bristol' });
    expect(card).toHaveTextContent('Daily at 08:00');
    expect(card).toHaveTextContent('1 match so far');
    expect(within(card).getByRole('link', { name: M.open })).toHaveAttribute('href', expect.stringMatching(/^\/explore-tenders\?keywords=solar&location=Bristol/));

    await user.click(within(card).getByRole('button', { name: M.matchesTitle }));
    expect(await within(card).findByRole('link', { name: 'Roof PV for schools' })).toHaveAttribute('href', '/tender/t1');

    await user.click(within(card).getByRole('button', { name: `${M.pause} Solar near Bristol` }));
    expect(await within(card).findByText(M.paused)).toBeInTheDocument();
    expect(calls).toContainEqual(['PATCH', `/api/saved-searches/${search.id}`, { kind: 'tenders', paused: true }]);

    await user.click(within(card).getByRole('button', { name: `${M.delete} Solar near Bristol` }));
    const confirm = await screen.findByRole('dialog', { name: M.delete });
    expect(confirm).toHaveTextContent(M.confirmDelete('Solar near Bristol'));
    await user.click(within(confirm).getByRole('button', { name: M.delete }));
    expect(await screen.findByText(M.empty)).toBeInTheDocument();
    await waitFor(() => expect(calls.some(([m, p]) => m === 'DELETE' && p === `/api/saved-searches/${search.id}`)).toBe(true));
  });
});
