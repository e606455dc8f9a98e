import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ProviderPoint } from '@solar/shared/contracts/providers';
import { QUERY } from '@solar/shared/constants/ui';
import { retryUnless401 } from '../../../lib/query-client';
import type { DirectoryFilters } from '../components/directory-filters-state';
import { providerKeys } from './keys';
import { checkListShape, fetchProviderList, searchQueryString } from './search-providers';

/** The map view's query: the directory filters (every selected service must match) with mode=map. */
export const pointsQueryString = (filters: DirectoryFilters) =>
  searchQueryString({ ...filters, sort: 'default', page: 1 }, { mode: 'map' });

/** The compact points of every matching provider with a position (GET /api/providers/search?mode=map). */
export const searchProviderPointsOptions = (filters: DirectoryFilters) => {
  const qs = pointsQueryString(filters);
  return queryOptions({
    queryKey: providerKeys.search(qs),
    queryFn: async (): Promise<ProviderPoint[]> => {
      return checkListShape<ProviderPoint>(await fetchProviderList(`/api/providers/search${qs}`)).data;
    },
    staleTime: QUERY.providersStaleTimeMs,
    retry: retryUnless401(QUERY.providersRetries),
    placeholderData: keepPreviousData,
  });
};

export const useSearchProviderPoints = (filters: DirectoryFilters) => useQuery(searchProviderPointsOptions(filters));
