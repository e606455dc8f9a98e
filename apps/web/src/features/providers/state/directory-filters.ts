import { useEffect, useMemo } from 'react';
import { DEFAULT_RADIUS_KM, implicitDirectorySort, type DirectorySort } from '@solar/shared/constants/providers';
import {
  cleanDirectoryAddress,
  DIRECTORY_LIST_KEYS as LIST_KEYS,
  directoryFiltersOf,
  isLocated,
  type DirectoryFilters,
  type DirectoryListKey as ListKey,
} from '@solar/shared/domain/directory-address';
import { changedBy } from '../../../lib/clean-params';
import { useQueryParams } from '../../../lib/use-query-params';

/**
 * The directory's filters in the address: read by `directoryFiltersOf` (packages/shared, decision
 * 0541), the one reading the server's render, this page and the map share; here the screens'
 * own parts (toggling, counting, links) and the hook that writes the address.
 */

/** Toggle (docs/product/providers.md#filters): selecting an already selected item removes it; matching is case-insensitive. */
export function toggleItem(list: readonly string[], item: string): string[] {
  const value = item.trim();
  if (!value) return [...list];
  const exists = list.some((v) => v.toLowerCase() === value.toLowerCase());
  return exists ? list.filter((v) => v.toLowerCase() !== value.toLowerCase()) : [...list, value];
}

/** How many filters are set, for the small-screen 'Filters' button (decision 0350). */
export function activeFilterCount(filters: DirectoryFilters, withScales = false): number {
  const lists = LIST_KEYS.filter((key) => withScales || key !== 'scales').reduce(
    (n, key) => n + filters[key].length,
    0,
  );
  return lists + (filters.location ? 1 : 0);
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
  const params = useMemo(() => cleanDirectoryAddress(rawParams), [rawParams]);
  useEffect(() => {
    if (changedBy(params, rawParams)) replaceParams(params);
  }, [params, rawParams, replaceParams]);
  const filters = useMemo(() => directoryFiltersOf(params), [params]);
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
    setSort: (sort: DirectorySort) => update({ sort: sort === implicitDirectorySort(isLocated(filters)) ? null : sort }),
    setPage: (page: number) => update({ page: page > 1 ? String(page) : null }),
  };
}
