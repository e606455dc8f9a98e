import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Tender } from '@solar/shared/contracts/tenders';
import { getJson } from '../../../lib/api-client';
import { retryUnless401 } from '../../../lib/query-client';
import { tenderKeys } from './keys';

/** `GET /api/tenders/{id}` → `{ data }`; a private tender the caller may not see is a 404. */
export const tenderQueryOptions = (id: string) =>
  queryOptions({
    queryKey: tenderKeys.detail(id),
    queryFn: async () => (await getJson<{ data: Tender }>(`/api/tenders/${encodeURIComponent(id)}`)).data,
    retry: retryUnless401(1),
    staleTime: 30_000,
  });

export const useTender = (id: string) => useQuery(tenderQueryOptions(id));
