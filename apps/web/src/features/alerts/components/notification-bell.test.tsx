import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ALERT_MESSAGES as M } from '@solar/shared/constants/alerts';
import type { Notification } from '@solar/shared/contracts/alerts';
import { NotificationBell } from './notification-bell';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
afterEach(() => vi.unstubAllGlobals());

const items: Notification[] = [
  { id: '00000000-0000-4000-8000-000000000001', kind: 'watched-change', title: '"Roof PV for schools" changed', body: 'The closing date moved to 12/12/2026.', link: '/tender/t1', createdAt: '2026-11-27T09:00:00.000Z', read: false },
  { id: '00000000-0000-4000-8000-000000000002', kind: 'alert-match', title: '2 new matches for "Solar near Bristol"', body: null, link: '/dashboard?tab=searches', createdAt: '2026-11-26T09:00:00.000Z', read: true },
];

/** Issue 30: the header's bell, its unread count, the list, and marking read (decision 0473). */
describe('the notification bell', () => {
  it('shows the unread count; opens the newest; following one marks it read and goes to its page', async () => {
    let unread = 1;
    const posts: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (String(url).endsWith('/api/notifications/unread')) return json({ success: true, data: { unread } });
        if (String(url).endsWith('/api/notifications/read')) {
          posts.push(JSON.parse(String(init?.body)));
          unread = 0;
          return json({ success: true, data: { unread } });
        }
        return json({ success: true, data: { items: items.map((n) => ({ ...n, read: n.read || unread === 0 })), unread } });
      }),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
    const router = createMemoryRouter(
      [
        { path: '/', element: <NotificationBell /> },
        { path: '/tender/:id', element: <p>Tender page</p> },
      ],
      { initialEntries: ['/'] },
    );
    render(
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    const bell = await screen.findByRole('button', { name: M.bellLabel(1) });
    expect(bell).toHaveAttribute('aria-expanded', 'false');
    const user = userEvent.setup();
    await user.click(bell);
    const change = await screen.findByRole('link', { name: /Roof PV for schools/ });
    expect(change).toHaveTextContent('(unread)');
    expect(screen.getByRole('link', { name: /Solar near Bristol/ })).not.toHaveTextContent('(unread)');
    await user.click(change);
    expect(await screen.findByText('Tender page')).toBeInTheDocument();
    await waitFor(() => expect(posts).toEqual([{ ids: [items[0]!.id] }]));
  });

  it('says when there is nothing yet', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => json({ success: true, data: String(url).endsWith('/unread') ? { unread: 0 } : { items: [], unread: 0 } })),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <RouterProvider router={createMemoryRouter([{ path: '*', element: <NotificationBell /> }])} />
      </QueryClientProvider>,
    );
    await userEvent.setup().click(await screen.findByRole('button', { name: M.bellLabel(0) }));
    expect(await screen.findByText(M.notificationsEmpty)).toBeInTheDocument();
  });
});
