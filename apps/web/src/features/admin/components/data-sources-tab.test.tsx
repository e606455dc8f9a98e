import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { DataSourceStatus } from '@solar/shared/contracts/admin';
import { DataSourcesTab } from './data-sources-tab';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const source = (over: Partial<DataSourceStatus>): DataSourceStatus => ({
  id: 'find-a-tender',
  label: 'Find a Tender',
  enabled: true,
  lastRunAt: '2026-11-24T09:00:00.000Z',
  lastSuccessAt: '2026-11-24T09:00:00.000Z',
  lastErrorAt: null,
  lastError: null,
  nextRunAt: '2026-11-24T09:30:00.000Z',
  backoffUntil: null,
  runRequestedAt: null,
  totals: { read: 1200, kept: 40, dropped: 1159, invalid: 1, errors: 0 },
  lastRun: { read: 100, kept: 3, dropped: 97, invalid: 0 },
  ...over,
});

afterEach(() => vi.unstubAllGlobals());

describe('the Data sources tab (decision 0393)', () => {
  it('shows each source with its counts, says why one fails, and runs a configured one', async () => {
    const fetch = vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'POST') return json(200, { success: true, data: source({ runRequestedAt: '2026-11-24T09:05:00.000Z' }) });
      return json(200, {
        success: true,
        data: [
          source({}),
          source({ id: 'contracts-finder', label: 'Contracts Finder', lastError: 'HTTP 403: rate limited', lastErrorAt: '2026-11-24T09:01:00.000Z', backoffUntil: '2999-01-01T00:00:00.000Z' }),
          source({ id: 'repd', label: 'Renewable Energy Planning Database', enabled: false, lastRunAt: null, lastSuccessAt: null, nextRunAt: null }),
        ],
      });
    });
    vi.stubGlobal('fetch', fetch);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <RouterProvider router={createMemoryRouter([{ path: '*', element: <DataSourcesTab /> }])} />
      </QueryClientProvider>,
    );
    const fts = await screen.findByRole('listitem', { name: 'Find a Tender' });
    expect(fts).toHaveTextContent('Up to date');
    expect(fts).toHaveTextContent('1,200 items read, 40 kept, 1,159 dropped as not relevant, 1 unreadable, 0 failed runs');
    const cf = screen.getByRole('listitem', { name: 'Contracts Finder' });
    expect(cf).toHaveTextContent('Failing');
    expect(cf).toHaveTextContent('HTTP 403: rate limited (the source asked us to wait until');
    const repd = screen.getByRole('listitem', { name: 'Renewable Energy Planning Database' });
    expect(within(repd).getByRole('button', { name: 'Run now' })).toBeDisabled();

    await userEvent.click(within(fts).getByRole('button', { name: 'Run now' }));
    await waitFor(() => expect(fetch.mock.calls.some(([url, init]) => init?.method === 'POST' && String(url).endsWith('/api/admin/data-sources/find-a-tender/run'))).toBe(true));
  });
});
