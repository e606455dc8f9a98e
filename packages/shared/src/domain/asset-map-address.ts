import { AGE_SLIDER, ASSET_DEVELOPMENT_STATUSES, ASSET_REGIONS, ASSET_TECHNOLOGY_TYPES, CAPACITY_SLIDER } from '../constants/assets';

/**
 * The asset map's address (/asset-intel's Overview filters, docs/product/assets.md#overview-filters)
 * as filters, the filters as the address and as the coordinates call's query (decision 0541). One
 * reading for the server's render of the page (the Insights tab's prefetch), the page itself and
 * the map's calls. Only values that differ from the defaults are written, so a filtered view can
 * be shared and survives a reload (issue 9); lists are repeated keys. Hand-written rather than
 * the contract's schema, so zod stays out of the page's first load (decision 0291); a test proves
 * what is sent always passes `assetMapQuery` (decision 0352).
 */

/** The Overview filter panel's state: slider pairs and lists as the panel edits them. */
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

export const DEFAULT_ASSET_FILTERS: AssetFilters = {
  operators: [],
  siteName: '',
  capacity: [CAPACITY_SLIDER.min, CAPACITY_SLIDER.max],
  statuses: [],
  technologies: [],
  regions: [],
  age: [AGE_SLIDER.min, AGE_SLIDER.max],
  includeUnknownAge: true,
};

/** The address's filter keys. */
export const ASSET_FILTER_KEYS = ['operator', 'site', 'minCapacity', 'maxCapacity', 'status', 'technology', 'region', 'minAge', 'maxAge', 'unknownAge'] as const;
export type AssetFilterKey = (typeof ASSET_FILTER_KEYS)[number];
type AddressValue = string | string[] | null;

/** The map call's limits (`assetMapQuery`): items of at most 200 characters, at most 50 of them; longer ones are dropped, not cut (decision 0352). */
const TEXT_MAX = 200;
const LIST_MAX = 50;

const list = (params: URLSearchParams, key: AssetFilterKey, allowed?: readonly string[]) =>
  [...new Set(params.getAll(key).map((v) => v.trim()))].filter((v) => v && v.length <= TEXT_MAX && (!allowed || allowed.includes(v))).slice(0, LIST_MAX);

function range(params: URLSearchParams, minKey: AssetFilterKey, maxKey: AssetFilterKey, bounds: { min: number; max: number }): [number, number] {
  const read = (key: AssetFilterKey, fallback: number) => {
    const raw = params.get(key);
    const n = raw === null || raw.trim() === '' ? NaN : Math.round(Number(raw));
    return Number.isFinite(n) ? Math.min(bounds.max, Math.max(bounds.min, n)) : fallback;
  };
  const lo = read(minKey, bounds.min);
  const hi = read(maxKey, bounds.max);
  return lo <= hi ? [lo, hi] : [hi, lo];
}

/**
 * The filters of any Overview address: list values the map does not know are dropped, ranges
 * clamped to the sliders and put in order, anything else takes its default.
 */
export function assetFiltersOf(params: URLSearchParams): AssetFilters {
  const site = params.get('site') ?? '';
  return {
    operators: list(params, 'operator'),
    siteName: site.trim().length <= TEXT_MAX ? site : '',
    capacity: range(params, 'minCapacity', 'maxCapacity', CAPACITY_SLIDER),
    statuses: list(params, 'status', ASSET_DEVELOPMENT_STATUSES),
    technologies: list(params, 'technology', ASSET_TECHNOLOGY_TYPES),
    regions: list(params, 'region', ASSET_REGIONS),
    age: range(params, 'minAge', 'maxAge', AGE_SLIDER),
    includeUnknownAge: params.get('unknownAge') !== 'exclude',
  };
}

/** The filters as the address's keys: only what differs from the defaults (null removes a key). */
export function assetFiltersAddress(f: AssetFilters): Record<AssetFilterKey, AddressValue> {
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

/** Whether the address's filter keys are exactly those of `f`, i.e. nothing in it was refused. */
export function isAssetFiltersAddress(params: URLSearchParams, f: AssetFilters): boolean {
  return Object.entries(assetFiltersAddress(f)).every(([key, value]) => {
    const want = value === null ? [] : Array.isArray(value) ? value : [value];
    const have = params.getAll(key);
    return have.length === want.length && have.every((v, i) => v === want[i]);
  });
}

/** The coordinates call's query (`assetMapQuery`'s input) without the map's view. */
export interface AssetMapFilterQuery {
  operators: string[];
  siteNameSearch?: string;
  minCapacity?: number;
  maxCapacity?: number;
  developmentStatus: string[];
  technologyTypes: string[];
  regions: string[];
  minAge?: number;
  maxAge?: number;
  includeUnknownAge: 'true' | 'false';
}

/** Filters → the map call's query; a slider at its top end means "and above" (100+ MW, 20+ years). */
export function assetMapQueryOf(f: AssetFilters): AssetMapFilterQuery {
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
