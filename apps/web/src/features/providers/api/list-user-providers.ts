import { queryOptions, useQuery } from '@tanstack/react-query';
import { listUserProviders } from '@solar/shared/contracts/routes';
import { apiFor } from '../../../lib/api-client';
import { retryUnless401 } from '../../../lib/query-client';
import { providerKeys } from './keys';

/** The user's claims and owned profiles (docs/product/providers.md#calls). */
export const userProvidersOptions = (userId: string) =>
  queryOptions({
    queryKey: providerKeys.user(userId),
    queryFn: async ({ client }) => (await apiFor(client).call(listUserProviders, { params: { userId } })).data,
    staleTime: 0,
    retry: retryUnless401(2),
  });

export const useUserProviders = (userId: string) => useQuery(userProvidersOptions(userId));
