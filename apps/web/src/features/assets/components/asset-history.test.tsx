import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ASSET_HISTORY } from '@solar/shared/constants/assets';
import type { AssetChange } from '@solar/shared/contracts/assets';
import { AssetHistory, changeText } from './asset-history';
import { firstProjectsPage } from '../pages/asset-intel-page.handle';
import { ProjectsTable } from './projects-table';

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
const change = (c: Partial<AssetChange>): AssetChange => ({ kind: 'status', before: null, after: null, release: 'repd-q2-jul-2026', changedAt: '2026-11-24T09:00:00.000Z', ...c });

afterEach(() => vi.unstubAllGlobals());

/** The source record the history note reads (GET /api/assets/source). */
const sourceRecord = (over: Record<string, unknown> = {}) => ({
  name: 'Renewable Energy Planning Database',
  publisher: 'DESNZ',
  attribution: 'Contains public sector information',
  release: 'repd-q4-jan-2025',
  importedAt: '2026-11-20T08:00:00.000Z',
  newestRecord: null,
  assets: 11985,
  automatic: false,
  checkedAt: null,
  historySince: null,
  lastImport: null,
  ...over,
});
const withClient = (ui: React.ReactElement, source = sourceRecord()) => {
  vi.stubGlobal('fetch', vi.fn(async () => json(source)));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
};

describe('asset history (decision 0396)', () => {
  it('lists each change as a sentence with its date and release, newest first as given', () => {
    withClient(
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
    withClient(<AssetHistory assetId={8} history={[]} />);
    expect(screen.getByText(ASSET_HISTORY.empty)).toBeInTheDocument();
    expect(changeText(change({ kind: 'added', after: 'Planning Permission Granted' }))).toBe('Added to REPD (Planning Permission Granted)');
    expect(changeText(change({ kind: 'removed', before: 'Operational' }))).toBe('Removed from REPD');
    expect(changeText(change({ kind: 'operator', before: null, after: 'New Ltd' }))).toBe('Operator: none → New Ltd');
  });
});

describe('while one REPD release is loaded (issue 28 item 6)', () => {
  it('says history starts with the next release, when it is expected, and whether this site fetches it', async () => {
    withClient(<AssetHistory assetId={9} history={[]} />);
    expect(await screen.findByTestId('history-starts-note')).toHaveTextContent(
      'History starts with the next REPD release: only the January 2025 release is loaded here, so nothing has changed yet. Releases come out each quarter; the next one was expected in April 2025. This site imports it once an administrator switches on the REPD release check.',
    );
  });

  it('says nothing more once a second release recorded changes', async () => {
    withClient(<AssetHistory assetId={10} history={[]} />, sourceRecord({ historySince: '2026-11-24T09:00:00Z', automatic: true }));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('history-starts-note')).toBeNull();
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
    return { router, projectCalls, client };
  };

  it.each([
    '/asset-intel?tab=projects&projectRegion=Wales&projectPhase=Under%20Construction&applicant=%20RWE%20&changedSince=2026-11-01',
    `/asset-intel?tab=projects&projectRegion=Atlantis&projectTechnology=Battery&applicant=${'x'.repeat(201)}&changedSince=2025-02-29`,
    '/asset-intel?tab=projects&projectRegion=&projectRegion=Wales&applicant=%20%20',
  ])('the server render prefetches exactly the first page the table asks for (decision 0590): %s', async (entry) => {
    const { projectCalls, client } = renderTable(entry);
    await vi.waitFor(() => expect(projectCalls().length).toBeGreaterThan(0));
    const prefetched = firstProjectsPage(new URL(entry, 'http://x').searchParams);
    await vi.waitFor(() => expect(client.getQueryData(prefetched.queryKey)).toEqual({ data: [], total: 0 }));
    expect(projectCalls()).toHaveLength(1);
  });

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
