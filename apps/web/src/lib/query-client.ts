import { QueryClient } from '@tanstack/react-query';
import { QUERY } from '@solar/shared/constants/ui';
import { ApiError } from './api-client';

const is401 = (error: unknown) =>
  (error instanceof ApiError && error.status === 401) || (error instanceof Error && error.message.startsWith('401'));

/** Retries up to `max` times, never for a 401 (docs/product/platform.md#data-cache). */
export const retryUnless401 = (max: number) => (failureCount: number, error: unknown) => !is401(error) && failureCount < max;

/** Query-client defaults (docs/product/platform.md#data-cache): fresh 5 min, discarded after 10, 2 retries, no focus refetch. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: QUERY.staleTimeMs,
        gcTime: QUERY.gcTimeMs,
        retry: retryUnless401(QUERY.retries),
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
