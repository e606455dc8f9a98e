import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { INSIGHT_MESSAGES } from '@solar/shared/constants/asset-insights';
import { DEFAULT_FILTERS, type AssetFilters } from '../../state/asset-filters';
import { tabOfAddress } from '../../pages/asset-intel-page.handle';
import InsightsTab from './insights-tab';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const amount = (projects: number, capacityMw: number) => ({ projects, capacityMw });
const cell = (projects: number, medianMonths: number | null) => ({ projects, medianMonths });
const durations = (key: string | null, months: number | null) => ({
  key,
  transitions: { decision: cell(3, months), refusal: cell(0, null), start: cell(2, 14), build: cell(2, 8), total: cell(2, 30) },
});

/** Answers shaped as the contracts in packages/shared/src/contracts/asset-insights.ts give them. */
const ANSWERS: Record<string, unknown> = {
  breakdown: {
    data: [
      { key: 'Solar Photovoltaics', projects: 3, capacityMw: 85.5 },
      { key: 'Battery', projects: 1, capacityMw: 49.9 },
      { key: null, projects: 1, capacityMw: 0 },
    ],
    total: amount(5, 135.4),
  },
  pipeline: {
    data: [
      { stage: 'submitted', label: 'In planning', current: amount(1, 10), reached: amount(5, 135.4) },
      { stage: 'granted', label: 'Granted, awaiting construction', current: amount(1, 20), reached: amount(3, 90) },
      { stage: 'construction', label: 'Under construction', current: amount(1, 30), reached: amount(2, 70) },
      { stage: 'operational', label: 'Operational', current: amount(1, 40), reached: amount(1, 40) },
      { stage: 'refused', label: 'Refused', current: amount(1, 35.4), reached: null },
      { stage: 'withdrawn', label: 'Withdrawn or abandoned', current: amount(0, 0), reached: null },
      { stage: 'expired', label: 'Permission expired', current: amount(0, 0), reached: null },
      { stage: 'other', label: 'Other or unknown', current: amount(0, 0), reached: null },
    ],
  },
  durations: { data: [durations('Solar Photovoltaics', 7), durations('Battery', null)], all: durations('*', 6.5) },
  quarters: {
    data: [
      { quarter: '2024 Q1', events: { submitted: amount(2, 40), granted: amount(1, 20), construction: amount(0, 0), operational: amount(0, 0) } },
      { quarter: '2024 Q2', events: { submitted: amount(1, 10), granted: amount(1, 30), construction: amount(1, 30), operational: amount(1, 40) } },
    ],
  },
  releases: { data: [] },
  largest: {
    data: [
      { stage: 'operational', id: 41, siteName: 'Fixture Solar Farm', repdOperator: 'Fixture Energy Ltd', technologyType: 'Solar Photovoltaics', region: 'Wales', developmentStatus: 'Operational', capacityMw: 40 },
      { stage: 'submitted', id: 42, siteName: 'Fixture Battery', repdOperator: null, technologyType: 'Battery', region: 'Scotland', developmentStatus: 'Planning Application Submitted', capacityMw: 10 },
    ],
  },
};

const chartOf = (url: string) => new URL(url, 'http://x').pathname.split('/').at(-1)!;

function renderTab(filters: AssetFilters = DEFAULT_FILTERS, answer: (chart: string) => Response = (chart) => json(ANSWERS[chart])) {
  const fetch = vi.fn(async (url: string) => answer(chartOf(url)));
  vi.stubGlobal('fetch', fetch);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '*', element: <InsightsTab filters={filters} /> }], { initialEntries: ['/asset-intel?tab=insights'] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { fetch, calls: () => fetch.mock.calls.map(([url]) => url) };
}

const card = (name: string | RegExp) => screen.getByRole('region', { name });

afterEach(() => vi.unstubAllGlobals());

describe('the Insights tab (decision 0490)', () => {
  it('shows each chart with a table of every figure beside it, for screen readers and the keyboard', async () => {
    renderTab();
    const tech = await screen.findByRole('table', { name: 'Capacity and projects by technology' });
    expect(within(tech).getAllByRole('row').map((r) => r.textContent)).toEqual([
      'TechnologyProjectsCapacity (MW)',
      'Solar Photovoltaics385.5',
      'Battery149.9',
      'Unknown10.0',
    ]);
    // The chart is one image whose name and description say what it shows.
    const chart = within(card('Capacity and projects by technology')).getByRole('img');
    expect(chart).toHaveAccessibleName('Capacity and projects by technology (MW)');
    expect(chart).toHaveAccessibleDescription('Solar Photovoltaics: 85.5 MW; Battery: 49.9 MW; Unknown: 0.0 MW');
    // The table's scroll box is a named stop in the tab order.
    const box = screen.getByRole('region', { name: 'Table: Capacity and projects by technology' });
    expect(box).toHaveAttribute('tabindex', '0');

    const pipeline = await screen.findByRole('table', { name: INSIGHT_MESSAGES.pipelineTitle });
    expect(within(pipeline).getByRole('rowheader', { name: 'Refused' }).closest('tr')!.textContent).toBe('Refused––135.4');
    expect(within(card(INSIGHT_MESSAGES.pipelineTitle)).getByRole('img')).toHaveAccessibleDescription(/^In planning: 5 projects; Granted, awaiting construction: 3 projects/);

    const quarters = await screen.findByRole('table', { name: INSIGHT_MESSAGES.quartersTitle });
    // Newest quarter first; each event's count and its capacity, the capacity column named for its event.
    expect(within(quarters).getAllByRole('columnheader').map((h) => h.textContent)).toContain('Applications (MW)');
    expect(within(quarters).getAllByRole('row')[1]!.textContent).toBe('2024 Q2110.0130.0130.0140.0');

    const largest = await screen.findByRole('table', { name: 'Largest projects: Operational' });
    expect(within(largest).getByRole('link', { name: 'Fixture Solar Farm' })).toHaveAttribute('href', '/asset-intel/41');
  });

  it('asks for and downloads exactly what the filters select', async () => {
    const { calls } = renderTab({ ...DEFAULT_FILTERS, technologies: ['Battery'], regions: ['Wales'], capacity: [5, DEFAULT_FILTERS.capacity[1]] });
    await screen.findByRole('table', { name: 'Capacity and projects by region' });
    const breakdown = calls().filter((u) => u.startsWith('/api/assets/insights/breakdown'));
    expect(breakdown).toHaveLength(3);
    for (const u of calls()) {
      expect(u).toContain('technologyTypes=Battery');
      expect(u).toContain('regions=Wales');
      expect(u).toContain('minCapacity=5');
    }
    const csv = screen.getByRole('link', { name: `${INSIGHT_MESSAGES.downloadCsv}: Capacity and projects by region` });
    const href = new URL(csv.getAttribute('href')!, 'http://x');
    expect(href.pathname).toBe('/api/assets/insights/breakdown');
    expect(Object.fromEntries(href.searchParams)).toMatchObject({ by: 'region', format: 'csv', technologyTypes: 'Battery', regions: 'Wales', minCapacity: '5' });
    expect(screen.getByRole('link', { name: `Download JSON: ${INSIGHT_MESSAGES.quartersTitle}` }).getAttribute('href')).toContain('format=json');
  });

  it('switches the durations between technology and region, and between stages, with buttons that say which is on', async () => {
    const { calls } = renderTab();
    const durationsCard = card(INSIGHT_MESSAGES.durationsTitle);
    await within(durationsCard).findByRole('table');
    const chart = within(durationsCard).getByRole('img');
    expect(chart).toHaveAccessibleName(`${INSIGHT_MESSAGES.durationsTitle}: submission to permission`);
    expect(chart).toHaveAccessibleDescription('All projects: 6.5 (3)');
    await userEvent.click(within(durationsCard).getByRole('button', { name: 'Permission to construction' }));
    expect(within(durationsCard).getByRole('button', { name: 'Permission to construction' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(durationsCard).getByRole('img')).toHaveAccessibleName(`${INSIGHT_MESSAGES.durationsTitle}: permission to construction`);
    await userEvent.click(within(durationsCard).getByRole('button', { name: INSIGHT_MESSAGES.durationsBy.region }));
    await vi.waitFor(() => expect(calls().some((u) => u.startsWith('/api/assets/insights/durations') && u.includes('by=region'))).toBe(true));
  });

  it('says so when nothing matches, and when an answer fails, chart by chart, with a retry', async () => {
    let quartersDown = true;
    renderTab(DEFAULT_FILTERS, (chart) => {
      if (chart === 'quarters' && quartersDown) return json({ error: { code: 'internal', message: 'Something went wrong' } }, 500);
      if (chart === 'breakdown') return json({ data: [], total: amount(0, 0) });
      return json(ANSWERS[chart]);
    });
    const quarters = card(INSIGHT_MESSAGES.quartersTitle);
    expect(await within(quarters).findByText(INSIGHT_MESSAGES.failed)).toBeInTheDocument();
    expect(within(quarters).queryByRole('table')).toBeNull();
    expect(await within(card('Capacity and projects by region')).findByText(INSIGHT_MESSAGES.empty)).toBeInTheDocument();
    // The others still show.
    expect(await screen.findByRole('table', { name: INSIGHT_MESSAGES.pipelineTitle })).toBeInTheDocument();
    // No release imported over another yet: the note says why there is nothing.
    expect(within(card(INSIGHT_MESSAGES.releasesTitle)).getByText(INSIGHT_MESSAGES.releasesEmpty)).toBeInTheDocument();
    quartersDown = false;
    await userEvent.click(within(quarters).getByRole('button', { name: INSIGHT_MESSAGES.retry }));
    expect(await within(quarters).findByRole('table')).toBeInTheDocument();
  });

  it('shows a placeholder while the answers load', () => {
    renderTab(DEFAULT_FILTERS, () => new Promise<Response>(() => {}) as unknown as Response);
    expect(within(card(INSIGHT_MESSAGES.pipelineTitle)).getByText(INSIGHT_MESSAGES.loading)).toBeInTheDocument();
  });
});

describe('the tab in the address (decision 0490)', () => {
  it('opens the Insights and Projects tabs from ?tab=, anything else on the Overview', () => {
    expect(tabOfAddress(new URLSearchParams('tab=insights'))).toBe('insights');
    expect(tabOfAddress(new URLSearchParams('tab=projects'))).toBe('projects');
    expect(tabOfAddress(new URLSearchParams('tab=nope'))).toBe('overview');
    expect(tabOfAddress(new URLSearchParams(''))).toBe('overview');
  });
});
