import { AGE_SLIDER, CAPACITY_SLIDER } from '@solar/shared/constants/assets';
import type { AssetMapParams } from '../api/list-asset-coordinates';

/**
 * The Overview filter panel's state (docs/product/assets.md#overview-filters): slider pairs and
 * lists as the panel edits them, turned into the coordinates call's query (typed by the contract)
 * by `toMapParams`.
 */
export interface AssetFilters {
  operators: string[];
  siteName: string;
  capacity: [number, number];
  statuses: string[];
  technologies: string[];
  regions: string[];
  age: [number, number];
  includeUnknownAge: boolean;
}

export const DEFAULT_FILTERS: AssetFilters = {
  operators: [],
  siteName: '',
  capacity: [CAPACITY_SLIDER.min, CAPACITY_SLIDER.max],
  statuses: [],
  technologies: [],
  regions: [],
  age: [AGE_SLIDER.min, AGE_SLIDER.max],
  includeUnknownAge: true,
};

/** Filters → query parameters; a slider at its top end means "and above" (100+ MW, 20+ years). */
export function toMapParams(f: AssetFilters): AssetMapParams {
  return {
    operators: f.operators,
    siteNameSearch: f.siteName.trim() || undefined,
    minCapacity: f.capacity[0] > CAPACITY_SLIDER.min ? f.capacity[0] : undefined,
    maxCapacity: f.capacity[1] < CAPACITY_SLIDER.max ? f.capacity[1] : undefined,
    developmentStatus: f.statuses,
    technologyTypes: f.technologies,
    regions: f.regions,
    minAge: f.age[0] > AGE_SLIDER.min ? f.age[0] : undefined,
    maxAge: f.age[1] < AGE_SLIDER.max ? f.age[1] : undefined,
    includeUnknownAge: f.includeUnknownAge ? 'true' : 'false',
  };
}

/** The Insights tab's query (decision 0490): the Overview's filters, every asset (no view). */
export const toInsightsParams = (f: AssetFilters): Omit<AssetMapParams, 'bounds' | 'zoom'> => toMapParams(f);

/**
 * The Overview filters in the address (issue 9): only values that differ from the defaults are
 * written, so a filtered view can be shared and survives a reload. Lists are repeated keys.
 */
export const FILTER_PARAM_KEYS = [
  'operator',
  'site',
  'minCapacity',
  'maxCapacity',
  'status',
  'technology',
  'region',
  'minAge',
  'maxAge',
  'unknownAge',
] as const;
type ParamValue = string | string[] | null;

/** The map call's limits (`assetMapQuery`): items of at most 200 characters, at most 50 of them; longer ones are dropped, not cut (decision 0352). */
const TEXT_MAX = 200;
const LIST_MAX = 50;

const list = (params: URLSearchParams, key: string, allowed?: readonly string[]) =>
  [...new Set(params.getAll(key).map((v) => v.trim()))]
    .filter((v) => v && v.length <= TEXT_MAX && (!allowed || allowed.includes(v)))
    .slice(0, LIST_MAX);

function range(
  params: URLSearchParams,
  minKey: string,
  maxKey: string,
  bounds: { min: number; max: number },
): [number, number] {
  const read = (key: string, fallback: number) => {
    const raw = params.get(key);
    const n = raw === null || raw.trim() === '' ? NaN : Math.round(Number(raw));
    return Number.isFinite(n) ? Math.min(bounds.max, Math.max(bounds.min, n)) : fallback;
  };
  const lo = read(minKey, bounds.min);
  const hi = read(maxKey, bounds.max);
  return lo <= hi ? [lo, hi] : [hi, lo];
}

export function filtersFromParams(
  params: URLSearchParams,
  options: { statuses: readonly string[]; technologies: readonly string[]; regions: readonly string[] },
): AssetFilters {
  return {
    operators: list(params, 'operator'),
    siteName: (params.get('site') ?? '').trim().length <= TEXT_MAX ? (params.get('site') ?? '') : '',
    capacity: range(params, 'minCapacity', 'maxCapacity', CAPACITY_SLIDER),
    statuses: list(params, 'status', options.statuses),
    technologies: list(params, 'technology', options.technologies),
    regions: list(params, 'region', options.regions),
    age: range(params, 'minAge', 'maxAge', AGE_SLIDER),
    includeUnknownAge: params.get('unknownAge') !== 'exclude',
  };
}

/** Whether the address's filter parameters are exactly those of `f`, i.e. nothing in it was refused. */
export function sameFilterParams(params: URLSearchParams, f: AssetFilters): boolean {
  return Object.entries(filtersToParams(f)).every(([key, value]) => {
    const want = value === null ? [] : Array.isArray(value) ? value : [value];
    const have = params.getAll(key);
    return have.length === want.length && have.every((v, i) => v === want[i]);
  });
}

/** How many filters differ from the defaults, for the small-screen 'Filters' button (decision 0350). */
export function activeAssetFilters(f: AssetFilters): number {
  const moved = (range: [number, number], bounds: { min: number; max: number }) => (range[0] !== bounds.min || range[1] !== bounds.max ? 1 : 0);
  return (
    f.operators.length +
    (f.siteName ? 1 : 0) +
    moved(f.capacity, CAPACITY_SLIDER) +
    f.statuses.length +
    f.technologies.length +
    f.regions.length +
    moved(f.age, AGE_SLIDER) +
    (f.includeUnknownAge ? 0 : 1)
  );
}

export function filtersToParams(f: AssetFilters): Record<(typeof FILTER_PARAM_KEYS)[number], ParamValue> {
  const end = (value: number, fallback: number) => (value === fallback ? null : String(value));
  return {
    operator: f.operators,
    site: f.siteName || null,
    minCapacity: end(f.capacity[0], CAPACITY_SLIDER.min),
    maxCapacity: end(f.capacity[1], CAPACITY_SLIDER.max),
    status: f.statuses,
    technology: f.technologies,
    region: f.regions,
    minAge: end(f.age[0], AGE_SLIDER.min),
    maxAge: end(f.age[1], AGE_SLIDER.max),
    unknownAge: f.includeUnknownAge ? null : 'exclude',
  };
}
