import { useMemo } from 'react';
import type { z } from 'zod';
import type { searchProvidersQuery } from '@solar/shared/contracts/providers';
import type { searchProviders } from '@solar/shared/contracts/routes';
import { DEFAULT_RADIUS_KM } from '@solar/shared/constants/providers';
import type { ApiQuery } from '../../../lib/api-client';
import { useQueryParams } from '../../../lib/use-query-params';

/**
 * The directory's filters: the search call's query (docs/product/providers.md#filters) with every value settled, so the
 * contract is the one declaration of the shape. Page size and mode are the screens' own, not the
 * address's. Read by hand, not by the schema: zod in the directory's first load would break its
 * budget (decision 0291), and a bad value in the address falls back rather than failing.
 */
export type DirectoryFilters = Required<Omit<z.output<typeof searchProvidersQuery>, 'pageSize' | 'mode'>>;

export type ListKey = { [K in keyof DirectoryFilters]: DirectoryFilters[K] extends string[] ? K : never }[keyof DirectoryFilters];

/** Every list filter of the contract, in address order (a missing or unknown key does not compile). */
const LISTS = { companies: true, services: true, types: true, technologies: true, scales: true, phases: true } satisfies Record<ListKey, true>;
const LIST_KEYS = Object.keys(LISTS) as ListKey[];

/** Toggle (docs/product/providers.md#filters): selecting an already selected item removes it; matching is case-insensitive. */
export function toggleItem(list: readonly string[], item: string): string[] {
  const value = item.trim();
  if (!value) return [...list];
  const exists = list.some((v) => v.toLowerCase() === value.toLowerCase());
  return exists ? list.filter((v) => v.toLowerCase() !== value.toLowerCase()) : [...list, value];
}

export function readFilters(params: URLSearchParams): DirectoryFilters {
  const radius = Number(params.get('radius'));
  const page = Number(params.get('page'));
  const lists = Object.fromEntries(LIST_KEYS.map((key) => [key, params.getAll(key)])) as Pick<DirectoryFilters, ListKey>;
  return {
    ...lists,
    location: params.get('location') ?? '',
    locationCenter: params.get('locationCenter') ?? '',
    radius: Number.isFinite(radius) && radius > 0 ? radius : DEFAULT_RADIUS_KM,
    sort: params.get('sort') === 'name' ? 'name' : 'default',
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/**
 * The filters as the search call's query: only what is set; the radius only with a location
 * (docs/product/providers.md#search).
 */
export function searchQuery(filters: DirectoryFilters): ApiQuery<typeof searchProviders> {
  return {
    ...Object.fromEntries(LIST_KEYS.map((key) => [key, filters[key]])),
    location: filters.location || undefined,
    locationCenter: filters.locationCenter || undefined,
    radius: filters.locationCenter || filters.location ? filters.radius : undefined,
    sort: filters.sort === 'name' ? 'name' : undefined,
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
  const [params, update] = useQueryParams();
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
    clearLocation: () => update({ location: null, locationCenter: null, radius: null, page: null }),
    setRadius: (radius: number) => update({ radius: String(radius) }),
    setSort: (sort: 'default' | 'name') => update({ sort: sort === 'name' ? 'name' : null }),
    setPage: (page: number) => update({ page: page > 1 ? String(page) : null }),
  };
}
