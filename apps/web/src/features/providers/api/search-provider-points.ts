import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ProviderPoint } from '@solar/shared/contracts/providers';
import { PROVIDER_MESSAGES as M } from '@solar/shared/constants/providers';
import { QUERY } from '@solar/shared/constants/ui';
import { getJson } from '../../../lib/api-client';
import { retryUnless401 } from '../../../lib/query-client';
import type { DirectoryFilters } from '../components/directory-filters-state';
import { providerKeys } from './keys';
import { searchQueryString } from './search-providers';

/** The map view's query: the directory filters (every selected service must match) with mode=map. */
export const pointsQueryString = (filters: DirectoryFilters) =>
  searchQueryString({ ...filters, sort: 'default', page: 1 }, { mode: 'map' });

/** The compact points of every matching provider with a position (GET /api/providers/search?mode=map). */
export const searchProviderPointsOptions = (filters: DirectoryFilters) => {
  const qs = pointsQueryString(filters);
  return queryOptions({
    queryKey: providerKeys.search(qs),
    queryFn: async (): Promise<ProviderPoint[]> => {
      let body: unknown;
      try {
        body = await getJson<unknown>(`/api/providers/search${qs}`);
      } catch (error) {
        throw error instanceof Error && error.message ? error : new Error(M.fetchProvidersFailed);
      }
      const b = body as { success?: unknown; data?: unknown } | null;
      if (!b || b.success !== true || !Array.isArray(b.data)) throw new Error(M.invalidFormat);
      return b.data as ProviderPoint[];
    },
    staleTime: QUERY.providersStaleTimeMs,
    retry: retryUnless401(QUERY.providersRetries),
    placeholderData: keepPreviousData,
  });
};

export const useSearchProviderPoints = (filters: DirectoryFilters) => useQuery(searchProviderPointsOptions(filters));
