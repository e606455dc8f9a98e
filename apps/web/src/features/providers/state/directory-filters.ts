import { useEffect, useMemo } from 'react';
import type { z } from 'zod';
import type { searchProvidersQuery } from '@solar/shared/contracts/providers';
import type { searchProviders } from '@solar/shared/contracts/routes';
import {
  DEFAULT_RADIUS_KM,
  DIRECTORY_QUERY_LIMITS as LIMITS,
  DIRECTORY_SORTS,
  implicitDirectorySort,
  type DirectorySort,
} from '@solar/shared/constants/providers';
import type { ApiQuery } from '../../../lib/api-client';
import { changedBy } from '../../../lib/clean-params';
import { useQueryParams } from '../../../lib/use-query-params';

/**
 * The directory's filters: the search call's query (docs/product/providers.md#filters) with every value settled, so the
 * contract is the one declaration of the shape. Page size, mode and the map's view are the screens' own, not the
 * address's. The address is cleaned by hand, not by the schema: zod in the directory's first load
 * would break its budget (decision 0291); the limits are the contract's own
 * (`DIRECTORY_QUERY_LIMITS`) and a test proves what is sent always passes the schema (decision 0352).
 */
export type DirectoryFilters = Required<Omit<z.output<typeof searchProvidersQuery>, 'pageSize' | 'mode' | 'bounds' | 'zoom'>>;

export type ListKey = {
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
} satisfies Record<ListKey, true>;
const LIST_KEYS = Object.keys(LISTS) as ListKey[];

/** Toggle (docs/product/providers.md#filters): selecting an already selected item removes it; matching is case-insensitive. */
export function toggleItem(list: readonly string[], item: string): string[] {
  const value = item.trim();
  if (!value) return [...list];
  const exists = list.some((v) => v.toLowerCase() === value.toLowerCase());
  return exists ? list.filter((v) => v.toLowerCase() !== value.toLowerCase()) : [...list, value];
}

/** `lng,lat` from the address, or null. */
export function centerOf(value: string): [number, number] | null {
  const [lng, lat] = value.split(',').map(Number);
  return Number.isFinite(lng) &&
    Number.isFinite(lat) &&
    Math.abs(lat!) <= 90 &&
    Math.abs(lng!) <= 180 &&
    value.includes(',')
    ? [lng!, lat!]
    : null;
}

const number = (value: string) => (value.trim() === '' ? NaN : Number(value));

/** Whether one address value is one the search call takes; lists are cut to their length separately. */
const VALID: Record<string, (value: string) => boolean> = {
  ...Object.fromEntries(
    LIST_KEYS.map((key) => [key, (v: string) => v.trim() !== '' && v.length <= LIMITS.valueLength]),
  ),
  location: (v) => v.length <= LIMITS.locationLength,
  locationCenter: (v) => v.length <= LIMITS.locationCenterLength && centerOf(v) !== null,
  radius: (v) => number(v) > 0 && number(v) <= LIMITS.radiusMaxKm,
  sort: (v) => (DIRECTORY_SORTS as readonly string[]).includes(v),
  page: (v) => Number.isInteger(number(v)) && number(v) >= 1 && number(v) <= LIMITS.pageMax,
};

/**
 * The directory's address without what the search call would refuse (decision 0352): a value
 * outside its field's rule is dropped (so its default applies), a list keeps its first 20 good
 * items, a single value its first. Other parameters are left alone.
 */
export function cleanDirectoryParams(params: URLSearchParams): URLSearchParams {
  const out = new URLSearchParams();
  for (const [key, value] of params) {
    const valid = VALID[key];
    if (valid) {
      if (!valid(value)) continue;
      const limit = (LIST_KEYS as string[]).includes(key) ? LIMITS.listItems : 1;
      if (out.getAll(key).length >= limit) continue;
    }
    out.append(key, value);
  }
  return out;
}

const locatedIn = (params: URLSearchParams) => Boolean(params.get('locationCenter') || params.get('location'));

/**
 * The order the address asks for; without one, nearest first once a location is set (decision 0502).
 * 'Nearest first' needs a location (decision 0361); without one the default order applies.
 */
function sortOf(params: URLSearchParams): DirectorySort {
  const sort = params.get('sort');
  const nearby = locatedIn(params);
  if (sort === 'name' || (sort === 'default' && nearby)) return sort;
  return implicitDirectorySort(nearby);
}

/** The filters of a clean address (`cleanDirectoryParams`), every value settled. */
export function readFilters(params: URLSearchParams): DirectoryFilters {
  const radius = Number(params.get('radius'));
  const page = Number(params.get('page'));
  const lists = Object.fromEntries(LIST_KEYS.map((key) => [key, params.getAll(key)])) as Pick<
    DirectoryFilters,
    ListKey
  >;
  return {
    ...lists,
    location: params.get('location') ?? '',
    locationCenter: params.get('locationCenter') ?? '',
    radius: Number.isFinite(radius) && radius > 0 ? radius : DEFAULT_RADIUS_KM,
    sort: sortOf(params),
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** How many filters are set, for the small-screen 'Filters' button (decision 0350). */
export function activeFilterCount(filters: DirectoryFilters, withScales = false): number {
  const lists = LIST_KEYS.filter((key) => withScales || key !== 'scales').reduce(
    (n, key) => n + filters[key].length,
    0,
  );
  return lists + (filters.location ? 1 : 0);
}

/** Whether a location is set: the radius applies and nearest first is the order (decisions 0361, 0502). */
export const located = (filters: Pick<DirectoryFilters, 'location' | 'locationCenter'>) => Boolean(filters.locationCenter || filters.location);

/**
 * The filters as the search call's query: only what is set; the radius only with a location
 * (docs/product/providers.md#search).
 */
export function searchQuery(filters: DirectoryFilters): ApiQuery<typeof searchProviders> {
  return {
    ...Object.fromEntries(LIST_KEYS.map((key) => [key, filters[key]])),
    location: filters.location || undefined,
    locationCenter: filters.locationCenter || undefined,
    radius: located(filters) ? filters.radius : undefined,
    // Only an order other than the one the server takes when none is sent (decision 0502).
    sort: filters.sort === implicitDirectorySort(located(filters)) ? undefined : filters.sort,
    page: filters.page > 1 ? filters.page : undefined,
  };
}

/** Only the filters that are set, as query parameters for /providers/map (docs/product/providers.md#directory). */
export function mapLinkQuery(params: URLSearchParams): string {
  const out = new URLSearchParams();
  for (const key of [
    'companies',
    'services',
    'types',
    'technologies',
    'phases',
    'location',
    'locationCenter',
    'radius',
  ]) {
    for (const v of params.getAll(key)) if (v) out.append(key, v);
  }
  const text = out.toString();
  return text ? `?${text}` : '';
}

/**
 * Directory filters held in the address (replace, no history entries). A change of company,
 * service, type, technology, phase or location returns to page 1; radius does not (docs/product/providers.md#filters).
 */
export function useDirectoryFilters() {
  const [rawParams, update, replaceParams] = useQueryParams();
  const params = useMemo(() => cleanDirectoryParams(rawParams), [rawParams]);
  useEffect(() => {
    if (changedBy(params, rawParams)) replaceParams(params);
  }, [params, rawParams, replaceParams]);
  const filters = useMemo(() => readFilters(params), [params]);
  return {
    params,
    filters,
    toggle: (key: ListKey, item: string) => update({ [key]: toggleItem(filters[key], item), page: null }),
    setLocation: (location: string, center: [number, number]) =>
      update({
        location,
        locationCenter: `${center[0]},${center[1]}`,
        radius: params.get('radius') ?? String(DEFAULT_RADIUS_KM),
        page: null,
      }),
    // 'Nearest first' goes with the location; so does an explicit default order, which is the order without one.
    clearLocation: () =>
      update({
        location: null,
        locationCenter: null,
        radius: null,
        page: null,
        ...(filters.sort !== 'name' && { sort: null }),
      }),
    setRadius: (radius: number) => update({ radius: String(radius) }),
    setSort: (sort: DirectorySort) => update({ sort: sort === implicitDirectorySort(located(filters)) ? null : sort }),
    setPage: (page: number) => update({ page: page > 1 ? String(page) : null }),
  };
}
