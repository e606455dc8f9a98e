import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Tender } from '@solar/shared/contracts/tenders';
import { ApiError, getJson } from '../../../lib/api-client';
import { tenderKeys } from './keys';

/** `GET /api/tenders/{id}` → `{ data }`; a private tender the caller may not see is a 404 (not retried). */
export const tenderQueryOptions = (id: string) =>
  queryOptions({
    queryKey: tenderKeys.detail(id),
    queryFn: async () => (await getJson<{ data: Tender }>(`/api/tenders/${encodeURIComponent(id)}`)).data,
    retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 1,
    staleTime: 30_000,
  });

export const useTender = (id: string) => useQuery(tenderQueryOptions(id));
