import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SupplierSuggestion } from '@solar/shared/contracts/trust';
import { SupplierMatchesTab } from './trust-tabs';

const suggestion = (supplierName: string, candidates: SupplierSuggestion['candidates']): SupplierSuggestion => ({
  tenderId: '6f1c2f0e-0000-4000-8000-000000000001',
  tenderTitle: 'Solar PV operation and maintenance',
  buyerName: 'Northfield Borough Council',
  awardedOn: '2026-11-20T00:00:00.000Z',
  value: 180000,
  supplierName,
  supplierId: null,
  candidates,
});

afterEach(() => vi.unstubAllGlobals());

describe('Award suppliers (issue 31)', () => {
  it('says what a confirmed match and a profile made from an award did, with the way to the profile', async () => {
    let open = [
      suggestion('Kestrel Solar Ltd', [{ id: 'p-1', slug: 'kestrel-solar', name: 'Kestrel Solar Ltd', similarity: 1 }]),
      suggestion('Harrier PV Ltd', []),
    ];
    const calls: Array<{ url: string; body: unknown }> = [];
    const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (init?.method === 'POST') {
          const body = JSON.parse(String(init.body)) as { supplierName: string };
          calls.push({ url, body });
          open = open.filter((s) => s.supplierName !== body.supplierName);
          return url.endsWith('/supplier-profiles')
            ? json(201, { success: true, data: { id: 'p-2', slug: 'harrier-pv-ltd', name: 'Harrier PV Ltd' } })
            : json(200, { success: true, data: { ok: true } });
        }
        return json(200, { success: true, data: open, pagination: { page: 1, pages: 1, total: open.length } });
      }),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <RouterProvider router={createMemoryRouter([{ path: '*', element: <SupplierMatchesTab /> }])} />
      </QueryClientProvider>,
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Confirm match' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Match confirmed: the award to Kestrel Solar Ltd is listed on Kestrel Solar Ltd');
    expect(screen.getByRole('link', { name: 'Kestrel Solar Ltd' })).toHaveAttribute('href', '/providers/kestrel-solar');

    await user.click(await screen.findByRole('button', { name: 'Make an unclaimed profile from this award' }));
    expect(await screen.findByText('Every award supplier is matched by an identifier or decided.')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Unclaimed profile made from the award: Harrier PV Ltd');
    expect(screen.getByRole('link', { name: 'Harrier PV Ltd' })).toHaveAttribute('href', '/providers/harrier-pv-ltd');
    expect(calls.map((c) => c.url.replace(/^.*\/api/, '/api'))).toEqual(['/api/admin/supplier-matches', '/api/admin/supplier-profiles']);
  });
});
