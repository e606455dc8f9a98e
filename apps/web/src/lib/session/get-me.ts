import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '@solar/shared/contracts/accounts';
import { getMe } from '@solar/shared/contracts/routes';
import { QUERY } from '@solar/shared/constants/ui';
import { apiFor } from '../api-client';
import { retryUnless401 } from '../query-client';

/** The session's query keys: signing in, out and settings changes write the current user here. */
export const sessionKeys = {
  me: ['auth', 'me'] as const,
};

/**
 * The signed-in user, or null: a 401 means signed out, not an error; other failures are logged and
 * treated as no user (docs/product/accounts.md#current-user). Fresh for 30 s with 1 retry. Every
 * feature reads it, so it lives here rather than in accounts.
 */
export const meQueryOptions = queryOptions({
  queryKey: sessionKeys.me,
  queryFn: async ({ client }): Promise<CurrentUser | null> => {
    try {
      const body = await apiFor(client).call(getMe, {}, { on401: 'null' });
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
