import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProviderSummary, UserClaim } from '@solar/shared/contracts/providers';
import { getJson } from '../../../lib/api-client';
import { retryUnless401 } from '../../../lib/query-client';
import { providerKeys } from './keys';

/** GET /api/providers/user/{userId} (docs/product/providers.md#calls): the user's claims and owned profiles. */
export const userProvidersOptions = (userId: string) =>
  queryOptions({
    queryKey: providerKeys.user(userId),
    queryFn: () =>
      getJson<{ success: true; data: { claims: UserClaim[]; providers: ProviderSummary[] } }>(
        `/api/providers/user/${encodeURIComponent(userId)}`,
      ).then((b) => b.data),
    staleTime: 0,
    retry: retryUnless401(2),
  });

export const useUserProviders = (userId: string) => useQuery(userProvidersOptions(userId));
