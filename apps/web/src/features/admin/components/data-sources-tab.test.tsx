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
  role: 'primary',
  roleNote: 'Every UK notice under the Procurement Act 2023, above and below threshold; about 6 requests a minute are allowed.',
  pacingMs: 10_000,
  offReason: null,
  howToSwitchOn: null,
  lastPause: null,
  startupImport: null,
  lastRunReasons: { 'not relevant to this market': 96, 'title cut to 300 characters': 1 },
  totals: { read: 1200, kept: 40, dropped: 1159, invalid: 1, merged: 0, errors: 0 },
  lastRun: { read: 100, kept: 2, dropped: 97, invalid: 0, merged: 1 },
  ...over,
});

afterEach(() => vi.unstubAllGlobals());

describe('the Data sources tab (decisions 0393 and 0463)', () => {
  it('shows each source with its role, pacing and counts, says why one fails or is off, and runs a configured one', async () => {
    const fetch = vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'POST') return json(200, { success: true, data: source({ runRequestedAt: '2026-11-24T09:05:00.000Z' }) });
      return json(200, {
        success: true,
        data: [
          source({}),
          source({ id: 'contracts-finder', label: 'Contracts Finder', lastError: 'HTTP 403: rate limited', lastErrorAt: '2026-11-24T09:01:00.000Z', backoffUntil: '2999-01-01T00:00:00.000Z' }),
          source({
            id: 'repd',
            label: 'Renewable Energy Planning Database',
            enabled: false,
            lastRunAt: null,
            lastSuccessAt: null,
            nextRunAt: null,
            offReason: 'Off: this deployment does not read Renewable Energy Planning Database.',
            howToSwitchOn: "To switch it on, set REPD_FEED_URL=https://www.gov.uk in the server's environment and restart the server.",
            startupImport: { at: '2026-11-20T08:00:00.000Z', what: 'the bundled release repd-q4-jan-2025', read: 11989, kept: 11985, dropped: 4 },
            totals: { read: 0, kept: 0, dropped: 0, invalid: 0, merged: 0, errors: 0 },
          }),
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
    expect(fts).toHaveTextContent('1,200 items read, 40 kept, 0 merged as duplicates, 1,159 dropped as not relevant, 1 unreadable, 0 failed runs');
    expect(fts).toHaveTextContent('Primary source');
    expect(fts).toHaveTextContent('At most one request every 10 s.');
    expect(fts).toHaveTextContent('Last run: 100 items read, 2 kept, 1 merged as duplicate, 97 dropped, 0 unreadable.');
    expect(within(fts).getByRole('list', { name: 'Find a Tender: why items were dropped or cut' })).toHaveTextContent('not relevant to this market: 96');
    const cf = screen.getByRole('listitem', { name: 'Contracts Finder' });
    expect(cf).toHaveTextContent('Failing');
    expect(cf).toHaveTextContent('HTTP 403: rate limited (the source asked us to wait until');
    const repd = screen.getByRole('listitem', { name: 'Renewable Energy Planning Database' });
    const runRepd = within(repd).getByRole('button', { name: 'Run now' });
    expect(runRepd).toBeDisabled();
    // Why it is off and how to switch it on, in words on the page (not only a tooltip), and no developer document.
    expect(repd).toHaveTextContent("Off: this deployment does not read Renewable Energy Planning Database. To switch it on, set REPD_FEED_URL=https://www.gov.uk in the server's environment and restart the server.");
    expect(runRepd).toHaveAccessibleDescription(/To switch it on, set REPD_FEED_URL/);
    expect(repd).toHaveTextContent('Imported at start-up 20/11/2026 08:00: the bundled release repd-q4-jan-2025, 11,989 items read, 11,985 kept, 4 dropped.');
    expect(document.body).not.toHaveTextContent('docs/operations.md');

    await userEvent.click(within(fts).getByRole('button', { name: 'Run now' }));
    await waitFor(() => expect(fetch.mock.calls.some(([url, init]) => init?.method === 'POST' && String(url).endsWith('/api/admin/data-sources/find-a-tender/run'))).toBe(true));
  });
});
