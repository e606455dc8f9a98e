import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ASSET_HISTORY } from '@solar/shared/constants/assets';
import type { AssetChange } from '@solar/shared/contracts/assets';
import { AssetHistory, changeText } from './asset-history';
import { ProjectsTable } from './projects-table';

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
const change = (c: Partial<AssetChange>): AssetChange => ({ kind: 'status', before: null, after: null, release: 'repd-q2-jul-2026', changedAt: '2026-11-24T09:00:00.000Z', ...c });

afterEach(() => vi.unstubAllGlobals());

describe('asset history (decision 0396)', () => {
  it('lists each change as a sentence with its date and release, newest first as given', () => {
    render(
      <AssetHistory
        assetId={7}
        history={[
          change({ kind: 'status', before: 'Planning Permission Granted', after: 'Under Construction' }),
          change({ kind: 'capacity', before: '20', after: '30', changedAt: '2026-08-01T09:00:00.000Z', release: 'repd-q1-apr-2026' }),
          change({ kind: 'operator', before: 'Old Energy Ltd', after: 'Fixture Energy Ltd', changedAt: '2026-08-01T09:00:00.000Z' }),
        ]}
      />,
    );
    const section = screen.getByRole('region', { name: ASSET_HISTORY.heading });
    const items = within(section).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      '24/11/2026Status: Planning Permission Granted → Under Construction (repd-q2-jul-2026)',
      '01/08/2026Capacity: 20 MW → 30 MW (repd-q1-apr-2026)',
      '01/08/2026Operator: Old Energy Ltd → Fixture Energy Ltd (repd-q2-jul-2026)',
    ]);
  });

  it('says so when nothing changed, and names additions and removals', () => {
    render(<AssetHistory assetId={8} history={[]} />);
    expect(screen.getByText(ASSET_HISTORY.empty)).toBeInTheDocument();
    expect(changeText(change({ kind: 'added', after: 'Planning Permission Granted' }))).toBe('Added to REPD (Planning Permission Granted)');
    expect(changeText(change({ kind: 'removed', before: 'Operational' }))).toBe('Removed from REPD');
    expect(changeText(change({ kind: 'operator', before: null, after: 'New Ltd' }))).toBe('Operator: none → New Ltd');
  });
});

describe("projects table: 'changed since' in the address (decisions 0352, 0396)", () => {
  const renderTable = (entry: string) => {
    const fetch = vi.fn(async (_url: string) => json({ data: [], total: 0 }));
    vi.stubGlobal('fetch', fetch);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const router = createMemoryRouter([{ path: '*', element: <ProjectsTable onOpen={() => {}} /> }], { initialEntries: [entry] });
    render(
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    const projectCalls = () => fetch.mock.calls.map(([url]) => url).filter((u) => u.startsWith('/api/assets/tenders'));
    return { router, projectCalls };
  };

  it('reads the date from the address, asks the API with it, and writes a new one back', async () => {
    const { router, projectCalls } = renderTable('/asset-intel?changedSince=2026-11-01');
    const input = screen.getByLabelText(ASSET_HISTORY.changedSinceLabel);
    expect(input).toHaveValue('2026-11-01');
    expect(input).toHaveAccessibleDescription(ASSET_HISTORY.changedSinceHint);
    await vi.waitFor(() => expect(projectCalls().at(-1)).toContain('changedSince=2026-11-01'));
    await userEvent.clear(input);
    await userEvent.type(input, '2026-11-20');
    await vi.waitFor(() => expect(router.state.location.search).toBe('?changedSince=2026-11-20'));
    await vi.waitFor(() => expect(projectCalls().at(-1)).toContain('changedSince=2026-11-20'));
    await userEvent.clear(input);
    await vi.waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('drops a date the API would refuse from the address, keeping the rest, and never sends it', async () => {
    const { router, projectCalls } = renderTable('/asset-intel?changedSince=24%2F11%2F2026&tab=x');
    await vi.waitFor(() => expect(router.state.location.search).toBe('?tab=x'));
    expect(screen.getByLabelText(ASSET_HISTORY.changedSinceLabel)).toHaveValue('');
    await vi.waitFor(() => expect(projectCalls().length).toBeGreaterThan(0));
    expect(projectCalls().every((u) => !u.includes('changedSince'))).toBe(true);
  });
});
