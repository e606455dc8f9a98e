import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Toaster } from '../../../components/ui/toaster';
import { SearchPartsPage } from './search-parts-page';

function renderPage() {
  const router = createMemoryRouter([{ path: '*', element: <><SearchPartsPage /><Toaster /></> }], { initialEntries: ['/search-parts'] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const jsonResponse = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
});

describe('SearchPartsPage', () => {
  it("says 'Please select a product' and sends nothing without a product", async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Search Parts' }));
    expect(await screen.findByText('Please select a product')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('filters products by substring, sends the request and renders the cited answer', async () => {
    const user = userEvent.setup();
    const fetch = vi.fn(async () => jsonResponse(200, { success: true, data: { content: '## Solar Panels\n\n**400 W** [1]', citations: ['/parts/abc-123456'] } }));
    vi.stubGlobal('fetch', fetch);
    renderPage();
    await user.type(screen.getByRole('combobox', { name: 'Product' }), 'HYBRID');
    await user.click(await screen.findByRole('option', { name: 'Hybrid Inverters' }));
    await user.type(screen.getByRole('combobox', { name: 'Product' }), 'zzzz');
    expect(screen.getByText(/Add “zzzz”/)).toBeInTheDocument();
    await user.clear(screen.getByRole('combobox', { name: 'Product' }));
    await user.type(screen.getByRole('combobox', { name: 'Brands (optional)' }), 'Growatt');
    await user.click(await screen.findByRole('option', { name: 'Growatt' }));
    await user.type(screen.getByLabelText('Quantity (optional)'), '3');
    await user.click(screen.getByRole('button', { name: 'Search Parts' }));
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/parts/search');
    expect(JSON.parse(String(init.body))).toEqual({ product: 'Hybrid Inverters', providers: ['Growatt'], quantity: 3, location: '', additionalSpecs: '' });
    expect(await screen.findByRole('heading', { name: 'Solar Panels' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Source 1' })).toHaveAttribute('href', '#citation-1');
    expect(screen.getByRole('link', { name: '/parts/abc-123456' })).toHaveAttribute('href', '/parts/abc-123456');
  });

  it("shows the server's message in a 'Search Error' toast, or 'Failed to search for parts'", async () => {
    const user = userEvent.setup();
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(429, { success: false, message: 'Too many requests. Please try again in 30 seconds.' })));
    renderPage();
    await user.type(screen.getByRole('combobox', { name: 'Product' }), 'Solar Panels');
    await user.click(await screen.findByRole('option', { name: 'Solar Panels' }));
    await user.click(screen.getByRole('button', { name: 'Search Parts' }));
    expect(await screen.findByText('Search Error')).toBeInTheDocument();
    expect(screen.getByText('Too many requests. Please try again in 30 seconds.')).toBeInTheDocument();

    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    await user.click(screen.getByRole('button', { name: 'Search Parts' }));
    await waitFor(() => expect(screen.getAllByText('Failed to search for parts').length).toBeGreaterThan(0));
  });

  it("a failure without a message says 'Failed to search for parts', not 'An error occurred' (decision 0353)", async () => {
    const user = userEvent.setup();
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(500, { success: false })));
    renderPage();
    await user.type(screen.getByRole('combobox', { name: 'Product' }), 'Solar Panels');
    await user.click(await screen.findByRole('option', { name: 'Solar Panels' }));
    await user.click(screen.getByRole('button', { name: 'Search Parts' }));
    expect(await screen.findByText('Search Error')).toBeInTheDocument();
    expect(screen.getAllByText('Failed to search for parts').length).toBeGreaterThan(0);
    expect(screen.queryByText('An error occurred')).toBeNull();
  });
});
