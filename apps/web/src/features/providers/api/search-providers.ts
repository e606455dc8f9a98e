import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { searchProviders } from '@solar/shared/contracts/routes';
import type { ProviderSearchResult } from '@solar/shared/contracts/providers';
import { PROVIDER_MESSAGES as M } from '@solar/shared/constants/providers';
import { QUERY } from '@solar/shared/constants/ui';
import { ApiError, apiFor, type ApiClient, type ApiQuery } from '../../../lib/api-client';
import { checkListShape } from '../../../lib/provider-list';
import { retryUnless401 } from '../../../lib/query-client';
import { directorySearchQuery, type DirectoryFilters } from '@solar/shared/domain/directory-address';
import { providerKeys } from './keys';

/** The directory's list reads: the server's message, or 'Failed to fetch providers' when it gave none (decision 0353). */
export async function fetchProviderList(client: ApiClient, query: ApiQuery<typeof searchProviders>): Promise<unknown> {
  try {
    return await client.call(searchProviders, { query }, { fallback: M.fetchProvidersFailed });
  } catch (error) {
    throw error instanceof ApiError && error.message ? error : new Error(M.fetchProvidersFailed);
  }
}

export const searchProvidersOptions = (filters: DirectoryFilters) => {
  const query = directorySearchQuery(filters);
  return queryOptions({
    queryKey: providerKeys.search(query),
    queryFn: async ({ client }) => checkListShape<ProviderSearchResult>(await fetchProviderList(apiFor(client), query)),
    staleTime: QUERY.providersStaleTimeMs,
    retry: retryUnless401(QUERY.providersRetries),
    placeholderData: keepPreviousData,
  });
};

export const useSearchProviders = (filters: DirectoryFilters) => useQuery(searchProvidersOptions(filters));
