import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ASSET_MESSAGES } from '@solar/shared/constants/assets';
import { AssetDetailView } from './asset-detail';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const me = { success: true, data: { id: 'u1', name: 'Ada', email: 'ada@acme-solar.co.uk', company: 'Acme', type: 'representative', is_admin: false, createdAt: '' } };

/** Signed in; the asset call answers `asset`. */
function renderDetail(asset: () => Response) {
  const fetch = vi.fn(async (url: string) => (url.startsWith('/api/auth/me') ? json(200, me) : asset()));
  vi.stubGlobal('fetch', fetch);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={createMemoryRouter([{ path: '*', element: <AssetDetailView id="999999" headingLevel="h1" /> }], { initialEntries: ['/asset-intel/999999'] })} />
    </QueryClientProvider>,
  );
  return fetch;
}

afterEach(() => vi.unstubAllGlobals());

describe('asset detail: not found is not a load failure (decision 0354)', () => {
  it("an unknown id says 'Asset not found' with the way back, and offers no Retry", async () => {
    renderDetail(() => json(404, { success: false, message: 'Asset not found' }));
    expect(await screen.findByRole('heading', { level: 1, name: ASSET_MESSAGES.assetNotFound })).toBeInTheDocument();
    const ways = screen.getByRole('navigation', { name: 'Where to go from here' });
    expect(within(ways).getByRole('link', { name: 'Back to asset intelligence' })).toHaveAttribute('href', '/asset-intel');
    expect(within(ways).getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(screen.queryByText(ASSET_MESSAGES.loadAssetFailed)).toBeNull();
  });

  it("a failure without a message says 'Failed to load asset details' / 'Failed to fetch asset' (decision 0353), and Retry asks again", async () => {
    const fetch = renderDetail(() => json(500, { success: false }));
    // The asset call retries once (a second later) before it reports the failure.
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert).toHaveTextContent(ASSET_MESSAGES.loadAssetFailed);
    expect(alert).toHaveTextContent(ASSET_MESSAGES.fetchAssetFailed);
    expect(alert).not.toHaveTextContent('An error occurred');
    const calls = fetch.mock.calls.filter(([url]) => url.startsWith('/api/assets/')).length;
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await vi.waitFor(() => expect(fetch.mock.calls.filter(([url]) => url.startsWith('/api/assets/')).length).toBe(calls + 1));
  });
});
