import { useMemo } from 'react';
import { DEFAULT_RADIUS_KM } from '@solar/shared/constants/providers';
import { useQueryParams } from '../../../lib/use-query-params';

export interface DirectoryFilters {
  companies: string[];
  services: string[];
  types: string[];
  technologies: string[];
  scales: string[];
  phases: string[];
  location: string;
  locationCenter: string;
  radius: number;
  sort: 'default' | 'name';
  page: number;
}

export type ListKey = 'companies' | 'services' | 'types' | 'technologies' | 'scales' | 'phases';

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
  return {
    companies: params.getAll('companies'),
    services: params.getAll('services'),
    types: params.getAll('types'),
    technologies: params.getAll('technologies'),
    scales: params.getAll('scales'),
    phases: params.getAll('phases'),
    location: params.get('location') ?? '',
    locationCenter: params.get('locationCenter') ?? '',
    radius: Number.isFinite(radius) && radius > 0 ? radius : DEFAULT_RADIUS_KM,
    sort: params.get('sort') === 'name' ? 'name' : 'default',
    page: Number.isInteger(page) && page > 1 ? page : 1,
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
