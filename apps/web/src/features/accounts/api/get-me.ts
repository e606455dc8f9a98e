import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '@solar/shared/contracts/accounts';
import { QUERY } from '@solar/shared/constants/ui';
import { getJson } from '../../../lib/api-client';
import { retryUnless401 } from '../../../lib/query-client';
import { accountKeys } from './keys';

/**
 * The signed-in user, or null: a 401 means signed out, not an error; other failures are logged and
 * treated as no user (docs/product/accounts.md#current-user). Fresh for 30 s with 1 retry.
 */
export const meQueryOptions = queryOptions({
  queryKey: accountKeys.me,
  queryFn: async (): Promise<CurrentUser | null> => {
    try {
      const body = await getJson<{ success: boolean; data: CurrentUser } | null>('/api/auth/me', { on401: 'null' });
      return body?.data ?? null;
    } catch (error) {
      console.error('Failed to fetch user data', error);
      return null;
    }
  },
  staleTime: QUERY.meStaleTimeMs,
  retry: retryUnless401(QUERY.meRetries),
});

export const useMe = () => useQuery(meQueryOptions);
