import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { PAGING } from '@solar/shared/constants/ui';
import { ProvidersPage } from './providers-page';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function renderDirectory(path: string, answer: (query: URLSearchParams) => Response) {
  const fetch = vi.fn(async (url: string) => {
    const u = new URL(url, 'http://x');
    if (u.pathname === '/api/providers/search') return answer(u.searchParams);
    if (u.pathname === '/api/services') return json(200, { services: [] });
    return json(401, { success: false, message: 'Not signed in' });
  });
  vi.stubGlobal('fetch', fetch);
  const router = createMemoryRouter([{ path: '/providers', element: <ProvidersPage /> }], { initialEntries: [path] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  const searches = () => fetch.mock.calls.map(([url]) => new URL(url, 'http://x')).filter((u) => u.pathname === '/api/providers/search').map((u) => u.searchParams);
  return { router, searches };
}

const list = (total: number, page: number) => json(200, { success: true, data: [], pagination: { page, pages: Math.ceil(total / 9), total } });

afterEach(() => vi.unstubAllGlobals());

describe('the directory list (issue 19)', () => {
  it("a page past the end shows '3,787 providers' and the way to the last page, not 'No providers found' (decisions 0351, 0354)", async () => {
    renderDirectory('/providers?page=999&services=Panel+Cleaning', () => list(3787, 999));
    expect(await screen.findByRole('heading', { name: PAGING.pastTheEnd })).toBeInTheDocument();
    expect(screen.getByText('3,787 providers')).toBeInTheDocument();
    expect(screen.queryByText(/No providers found/)).toBeNull();
    expect(screen.getByRole('link', { name: PAGING.lastPage(421) })).toHaveAttribute('href', '/providers?page=421&services=Panel+Cleaning');
  });

  it("one provider is '1 provider'", async () => {
    renderDirectory('/providers', () => json(200, { success: true, data: [], pagination: { page: 1, pages: 1, total: 1 } }));
    expect(await screen.findByText('1 provider')).toBeInTheDocument();
  });

  it('garbage in every parameter of the address is dropped before the search, and the address is cleaned (decision 0352)', async () => {
    const long = 'x'.repeat(300);
    const { router, searches } = renderDirectory(
      `/providers?services=${long}&companies=&types=${long}&technologies=Solar+PV&location=${long}&locationCenter=abc&radius=-3&sort=sideways&page=-1`,
      () => json(200, { success: true, data: [], pagination: { page: 1, pages: 1, total: 0 } }),
    );
    await waitFor(() => expect(searches().length).toBeGreaterThan(0));
    expect(searches().map((q) => q.toString())).toEqual(['technologies=Solar+PV']);
    await waitFor(() => expect(router.state.location.search).toBe('?technologies=Solar+PV'));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
