import type { z } from 'zod';
import type { searchProvidersQuery } from '../contracts/providers';
import {
  DEFAULT_RADIUS_KM,
  DIRECTORY_QUERY_LIMITS as LIMITS,
  DIRECTORY_SORTS,
  implicitDirectorySort,
  type DirectorySort,
} from '../constants/providers';

/**
 * The directory's address (/providers and /providers/map) as filters, and the filters as the
 * search call's query (docs/product/providers.md#filters, decision 0541). One reading for the
 * server's render of the page (prefetch and head), the page itself and the map, so each asks for
 * the same query under the same key; the server's search reads a centre with `parseLngLat` too.
 * The address is cleaned by hand, not by the contract's schema: zod in the directory's first load
 * would break its budget (decision 0291); the limits are the contract's own
 * (`DIRECTORY_QUERY_LIMITS`) and a test proves what is sent always passes the schema (decision 0352).
 */

/** The search call's query with every value settled. Page size, mode and the map's view are the screens' own. */
export type DirectoryFilters = Required<Omit<z.output<typeof searchProvidersQuery>, 'pageSize' | 'mode' | 'bounds' | 'zoom'>>;

export type DirectoryListKey = {
  [K in keyof DirectoryFilters]: DirectoryFilters[K] extends string[] ? K : never;
}[keyof DirectoryFilters];

/** Every list filter of the contract, in address order (a missing or unknown key does not compile). */
const LISTS = {
  companies: true,
  services: true,
  types: true,
  technologies: true,
  scales: true,
  phases: true,
  accreditations: true,
} satisfies Record<DirectoryListKey, true>;
export const DIRECTORY_LIST_KEYS = Object.keys(LISTS) as DirectoryListKey[];

/** A number as JavaScript writes one (`-0.1`, `51.36`, `1e-7`): no blanks, hex or `Infinity`. */
const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$/i;

/**
 * A point written `lng,lat` (the directory's `locationCenter`), or null when it is not exactly two
 * decimal numbers within range. Both sides read a centre with this: the page to keep or drop it,
 * the server's search to measure from it.
 */
export function parseLngLat(value: string | null | undefined): [lng: number, lat: number] | null {
  if (!value) return null;
  const parts = value.split(',').map((part) => part.trim());
  if (parts.length !== 2 || !parts.every((part) => DECIMAL.test(part))) return null;
  const [lng, lat] = parts.map(Number) as [number, number];
  return Math.abs(lng) <= 180 && Math.abs(lat) <= 90 ? [lng, lat] : null;
}

const number = (value: string) => (value.trim() === '' ? NaN : Number(value));

/** Whether one address value is one the search call takes; lists are cut to their length separately. */
const VALID: Record<string, (value: string) => boolean> = {
  ...Object.fromEntries(DIRECTORY_LIST_KEYS.map((key) => [key, (v: string) => v.trim() !== '' && v.length <= LIMITS.valueLength])),
  location: (v) => v.length <= LIMITS.locationLength,
  locationCenter: (v) => v.length <= LIMITS.locationCenterLength && parseLngLat(v) !== null,
  radius: (v) => number(v) > 0 && number(v) <= LIMITS.radiusMaxKm,
  sort: (v) => (DIRECTORY_SORTS as readonly string[]).includes(v),
  page: (v) => Number.isInteger(number(v)) && number(v) >= 1 && number(v) <= LIMITS.pageMax,
};

/**
 * The directory's address without what the search call would refuse (decision 0352): a value
 * outside its field's rule is dropped (so its default applies), a list keeps its first 20 good
 * items, a single value its first. Other parameters are left alone. Cleaning a clean address
 * changes nothing.
 */
export function cleanDirectoryAddress(params: URLSearchParams): URLSearchParams {
  const out = new URLSearchParams();
  for (const [key, value] of params) {
    const valid = VALID[key];
    if (valid) {
      if (!valid(value)) continue;
      const limit = (DIRECTORY_LIST_KEYS as string[]).includes(key) ? LIMITS.listItems : 1;
      if (out.getAll(key).length >= limit) continue;
    }
    out.append(key, value);
  }
  return out;
}

/** Whether a location is set: the radius applies and nearest first is the order (decisions 0361, 0502). */
export const isLocated = (filters: Pick<DirectoryFilters, 'location' | 'locationCenter'>) => Boolean(filters.locationCenter || filters.location);

/**
 * The filters of any directory address, every value settled: the address is cleaned first
 * (`cleanDirectoryAddress`), so a value the search call would refuse takes its default.
 * Without a sort, nearest first once a location is set (decision 0502); 'Nearest first' needs a
 * location (decision 0361), and without one the default order applies.
 */
export function directoryFiltersOf(address: URLSearchParams): DirectoryFilters {
  const params = cleanDirectoryAddress(address);
  const lists = Object.fromEntries(DIRECTORY_LIST_KEYS.map((key) => [key, params.getAll(key)])) as Pick<DirectoryFilters, DirectoryListKey>;
  const located = isLocated({ location: params.get('location') ?? '', locationCenter: params.get('locationCenter') ?? '' });
  const asked = params.get('sort');
  return {
    ...lists,
    location: params.get('location') ?? '',
    locationCenter: params.get('locationCenter') ?? '',
    radius: params.has('radius') ? Number(params.get('radius')) : DEFAULT_RADIUS_KM,
    sort: asked === 'name' || (asked === 'default' && located) ? asked : implicitDirectorySort(located),
    page: params.has('page') ? Number(params.get('page')) : 1,
  };
}

/** The search call's query (`searchProvidersQuery`'s input) that a directory address makes. */
export type DirectorySearchQuery = Record<DirectoryListKey, string[]> & {
  location?: string;
  locationCenter?: string;
  radius?: number;
  sort?: DirectorySort;
  page?: number;
};

/**
 * The filters as the search call's query: only what is set; the radius only with a location
 * (docs/product/providers.md#search); the order only when it is not the one the server takes
 * when none is sent (decision 0502). Equal filters make equal queries, so equal cache keys.
 */
export function directorySearchQuery(filters: DirectoryFilters): DirectorySearchQuery {
  return {
    ...(Object.fromEntries(DIRECTORY_LIST_KEYS.map((key) => [key, filters[key]])) as Record<DirectoryListKey, string[]>),
    location: filters.location || undefined,
    locationCenter: filters.locationCenter || undefined,
    radius: isLocated(filters) ? filters.radius : undefined,
    sort: filters.sort === implicitDirectorySort(isLocated(filters)) ? undefined : filters.sort,
    page: filters.page > 1 ? filters.page : undefined,
  };
}
