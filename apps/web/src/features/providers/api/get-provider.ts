import { queryOptions, useQuery } from '@tanstack/react-query';
import { getProvider } from '@solar/shared/contracts/routes';
import { PROVIDER_MESSAGES as M } from '@solar/shared/constants/providers';
import { QUERY } from '@solar/shared/constants/ui';
import { ApiError, apiFor } from '../../../lib/api-client';
import { providerKeys } from './keys';

/** One provider by id or slug: always stale, 3 retries (docs/product/providers.md#calls); 404 is not retried. */
export const providerOptions = (id: string) =>
  queryOptions({
    queryKey: providerKeys.detail(id),
    queryFn: async ({ client }) => {
      if (!id) throw new Error(M.noProviderId);
      try {
        return await apiFor(client).call(getProvider, { params: { id } });
      } catch (error) {
        if (error instanceof ApiError) throw error;
        throw new Error(M.fetchProviderFailed);
      }
    },
    staleTime: 0,
    retry: (count, error) =>
      !(error instanceof ApiError && (error.status === 404 || error.status === 401)) && count < QUERY.providerRetries,
    enabled: Boolean(id) && id !== 'new',
  });

export const useProvider = (id: string) => useQuery(providerOptions(id));

export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;
