import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ProviderPoint } from '@solar/shared/contracts/providers';
import { QUERY } from '@solar/shared/constants/ui';
import { apiFor } from '../../../lib/api-client';
import { checkListShape } from '../../../lib/provider-list';
import { retryUnless401 } from '../../../lib/query-client';
import { searchQuery, type DirectoryFilters } from '../state/directory-filters';
import { providerKeys } from './keys';
import { fetchProviderList } from './search-providers';

/** The map view's query: the directory filters (every selected service must match) with mode=map. */
export const pointsQuery = (filters: DirectoryFilters) => ({ ...searchQuery({ ...filters, sort: 'default', page: 1 }), mode: 'map' as const });

/** The compact points of every matching provider with a position (the search call with mode=map). */
export const searchProviderPointsOptions = (filters: DirectoryFilters) => {
  const query = pointsQuery(filters);
  return queryOptions({
    queryKey: providerKeys.search(query),
    queryFn: async ({ client }): Promise<ProviderPoint[]> => checkListShape<ProviderPoint>(await fetchProviderList(apiFor(client), query)).data,
    staleTime: QUERY.providersStaleTimeMs,
    retry: retryUnless401(QUERY.providersRetries),
    placeholderData: keepPreviousData,
  });
};

export const useSearchProviderPoints = (filters: DirectoryFilters) => useQuery(searchProviderPointsOptions(filters));
