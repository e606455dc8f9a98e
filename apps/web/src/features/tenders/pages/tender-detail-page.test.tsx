import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { TENDER_MESSAGES } from '@solar/shared/constants/tenders';
import { TenderDetailPage } from './tender-detail-page';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

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
