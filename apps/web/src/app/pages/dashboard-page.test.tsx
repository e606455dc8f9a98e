import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { UserType } from '@solar/shared/constants/accounts';
import { DashboardPage } from './dashboard-page';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The account dashboard of a user of `type` who owns no business profile and has filed no claim. */
function renderDashboard(type: UserType) {
  const me = { id: 'u1', name: 'Ada', email: 'ada@acme-solar.co.uk', company: 'Acme Solar', type, is_admin: false, createdAt: '2026-11-01T09:00:00.000Z' };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const path = new URL(url, 'http://x').pathname;
      if (path === '/api/auth/me') return json(200, { success: true, data: me });
      if (path === '/api/providers/user/u1') return json(200, { success: true, data: { providers: [], claims: [] } });
      if (path === '/api/tenders/mine') return json(200, { success: true, data: { own: [], invitations: [], responses: [], saved: [], alerts: { enabled: false, hasProviderProfile: false } } });
      return json(200, { success: true, data: [], pagination: { page: 1, pages: 1, total: 0 } });
    }),
  );
  const router = createMemoryRouter([{ path: '/dashboard', element: <DashboardPage /> }], { initialEntries: ['/dashboard'] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

afterEach(() => vi.unstubAllGlobals());

describe('each account type sees what applies to it (decision 0354)', () => {
  it('a representative: their account and what they can do, no business-profile content, alerts or invitations', async () => {
    renderDashboard('representative');
    expect(await screen.findByRole('heading', { name: 'Your account' })).toBeInTheDocument();
    expect(screen.getByText('Asset Representative')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'List a Tender' })).toHaveAttribute('href', '/list-a-tender');
    expect(screen.queryByText('Active Business Profiles')).toBeNull();
    expect(screen.queryByText('Previous Claims')).toBeNull();

    await userEvent.click(screen.getByRole('tab', { name: 'Tenders' }));
    expect(await screen.findByRole('heading', { name: 'My Tenders' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Saved Tenders' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'New tender alerts' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Invitations' })).toBeNull();
  });

  it('a provider: business profiles, alerts and invitations', async () => {
    renderDashboard('provider');
    expect(await screen.findByRole('heading', { name: 'Active Business Profiles' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Your account' })).toBeNull();
    await userEvent.click(screen.getByRole('tab', { name: 'Tenders' }));
    expect(await screen.findByRole('heading', { name: 'New tender alerts' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Invitations' })).toBeInTheDocument();
  });

  it("a link to another tab opens it while the dashboard is showing (a notification's '/dashboard?tab=searches')", async () => {
    const router = renderDashboard('provider');
    expect(await screen.findByRole('tab', { name: 'Manage Profile', selected: true })).toBeInTheDocument();
    await act(() => router.navigate('/dashboard?tab=searches&search=s1'));
    expect(await screen.findByRole('tab', { name: 'Saved searches', selected: true })).toBeInTheDocument();
    // Choosing a tab writes it to the address.
    await userEvent.click(screen.getByRole('tab', { name: 'Quotes' }));
    expect(router.state.location.search).toBe('?tab=quotes&search=s1');
    expect(screen.getByRole('tab', { name: 'Quotes', selected: true })).toBeInTheDocument();
  });
});
