import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ProviderSummary } from '@solar/shared/contracts/providers';
import { PROVIDER_MESSAGES as M } from '@solar/shared/constants/providers';
import { QUERY } from '@solar/shared/constants/ui';
import { ApiError, getJson, toQueryString } from '../../../lib/api-client';
import { retryUnless401 } from '../../../lib/query-client';
import type { DirectoryFilters } from '../components/directory-filters-state';
import { providerKeys } from './keys';

export interface ProviderPage {
  data: ProviderSummary[];
  pagination: { page: number; pages: number; total: number };
}

/** The directory's address parameters as the search call's query (repeated keys for lists). */
export function searchQueryString(filters: DirectoryFilters, extra: Record<string, string | number> = {}): string {
  return toQueryString({
    companies: filters.companies,
    services: filters.services,
    types: filters.types,
    technologies: filters.technologies,
    scales: filters.scales,
    phases: filters.phases,
    location: filters.location,
    locationCenter: filters.locationCenter,
    radius: filters.locationCenter || filters.location ? filters.radius : undefined,
    sort: filters.sort === 'name' ? 'name' : undefined,
    page: filters.page > 1 ? filters.page : undefined,
    ...extra,
  });
}

/** A list response must carry success and a data array (docs/product/providers.md#directory), else 'Invalid provider data format'. */
export function checkListShape<T = ProviderSummary>(
  body: unknown,
): { data: T[]; pagination: ProviderPage['pagination'] } {
  const b = body as { success?: unknown; data?: unknown; pagination?: ProviderPage['pagination'] } | null;
  if (!b || typeof b !== 'object' || b.success !== true || !Array.isArray(b.data)) throw new Error(M.invalidFormat);
  return { data: b.data as T[], pagination: b.pagination ?? { page: 1, pages: 1, total: b.data.length } };
}

/**
 * The public provider list (docs/product/providers.md#calls): an answer in an invalid format gives an empty list, not
 * an error. Used by the list-a-tender page's provider list, the spec's reader of the public list.
 */
export function publicListShape(body: unknown): ProviderPage {
  try {
    return checkListShape(body);
  } catch {
    return { data: [], pagination: { page: 1, pages: 1, total: 0 } };
  }
}

/** The directory's list reads: the server's message, or 'Failed to fetch providers' when no answer came. */
export async function fetchProviderList(url: string): Promise<unknown> {
  try {
    return await getJson<unknown>(url);
  } catch (error) {
    throw error instanceof ApiError && error.message ? error : new Error(M.fetchProvidersFailed);
  }
}

export const searchProvidersOptions = (filters: DirectoryFilters) => {
  const qs = searchQueryString(filters);
  return queryOptions({
    queryKey: providerKeys.search(qs),
    queryFn: async () => {
      return checkListShape(await fetchProviderList(`/api/providers/search${qs}`));
    },
    staleTime: QUERY.providersStaleTimeMs,
    retry: retryUnless401(QUERY.providersRetries),
    placeholderData: keepPreviousData,
  });
};

export const useSearchProviders = (filters: DirectoryFilters) => useQuery(searchProvidersOptions(filters));
