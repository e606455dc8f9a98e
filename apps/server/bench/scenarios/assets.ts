import type { Scenario } from '../scenario';

const BOUNDS = ['-12,49,2,61', '-3.5,50,0.5,52.5', '-2.5,53,-1,54', '-4.5,55.5,-2.5,56.5', '-6.5,54,-5.5,55'];
const TECH = ['Solar Photovoltaics', 'Battery', 'Wind Onshore'];
const REGIONS = ['South West', 'Eastern', 'Scotland', 'Yorkshire and Humber', 'Wales'];
const CAPACITY_THRESHOLDS = [1, 3, 5, 7.5, 12, 20, 35, 50, 80, 150];
const SORTS = ['siteName', 'installedCapacity', 'planningSubmissionDate', 'region'];

/** Asset intelligence reads: map points within rotating bounds and the projects table (issue 9). */
export const assetsBenchScenarios: Scenario[] = [
  {
    name: 'assets/coordinates (map, rotating)',
    requests: Array.from({ length: 100 }, (_, i) => {
      const q = new URLSearchParams({ bounds: BOUNDS[i % BOUNDS.length]!, zoom: String(5 + (i % 8)) });
      if (i % 2) q.append('technologyTypes', TECH[i % TECH.length]!);
      if (i % 3 === 0) q.set('minCapacity', String(i % 20));
      return { path: `/api/assets/coordinates?${q}` };
    }),
  },
  {
    // First-time UK-wide views with a capacity range (issue 16, decision 0411): levels 5 to 8,
    // thresholds on band edges and inside bands, alone and with a technology.
    name: 'assets/coordinates (UK, capacity)',
    requests: Array.from({ length: 40 }, (_, i) => {
      const q = new URLSearchParams({ bounds: BOUNDS[0]!, zoom: String(5 + Math.floor(i / 10)) });
      q.set('minCapacity', String(CAPACITY_THRESHOLDS[i % CAPACITY_THRESHOLDS.length]));
      if (i % 4 === 3) q.set('maxCapacity', '60');
      if (i % 3) q.append('technologyTypes', TECH[i % TECH.length]!);
      return { path: `/api/assets/coordinates?${q}` };
    }),
  },
  {
    name: 'assets/tenders (projects table)',
    requests: Array.from({ length: 100 }, (_, i) => {
      const q = new URLSearchParams({
        offset: String((i % 5) * 25),
        limit: '25',
        sortBy: SORTS[i % SORTS.length]!,
        sortDirection: i % 2 ? 'asc' : 'desc',
      });
      if (i % 3 === 0) q.set('region', REGIONS[i % REGIONS.length]!);
      if (i % 4 === 1) q.set('technology', TECH[i % TECH.length]!);
      return { path: `/api/assets/tenders?${q}` };
    }),
  },
  {
    // The Insights tab (issue 32, decision 0490): each chart's answer, without filters and with the
    // Overview's filters in turn (technology, region, status, capacity range, age).
    name: 'assets/insights (tab, rotating filters)',
    requests: Array.from({ length: 120 }, (_, i) => {
      const charts = ['breakdown?by=technology', 'breakdown?by=region', 'breakdown?by=status', 'pipeline?', 'durations?by=technology', 'quarters?', 'releases?', 'largest?'];
      const [chart, rest] = charts[i % charts.length]!.split('?') as [string, string];
      const q = new URLSearchParams(rest);
      const variant = Math.floor(i / charts.length) % 5;
      if (variant === 1) q.append('technologyTypes', TECH[i % TECH.length]!);
      if (variant === 2) q.append('regions', REGIONS[i % REGIONS.length]!);
      if (variant === 3) q.append('developmentStatus', 'Operational');
      if (variant === 4) {
        q.set('minCapacity', String(CAPACITY_THRESHOLDS[i % CAPACITY_THRESHOLDS.length]));
        q.set('maxAge', '10');
      }
      return { path: `/api/assets/insights/${chart}?${q}` };
    }),
  },
];
