import { queryOptions, useQuery } from '@tanstack/react-query';
import { getTender } from '@solar/shared/contracts/routes';
import { ApiError, apiFor } from '../../../lib/api-client';
import { tenderKeys } from './keys';

/** One tender; a private tender the caller may not see is a 404 (not retried). */
export const tenderQueryOptions = (id: string) =>
  queryOptions({
    queryKey: tenderKeys.detail(id),
    queryFn: async ({ client }) => (await apiFor(client).call(getTender, { params: { id } })).data,
    retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 1,
    staleTime: 30_000,
  });

export const useTender = (id: string) => useQuery(tenderQueryOptions(id));

/** No such tender, or one the caller may not see (docs/product/tenders.md#tender-detail): not a load failure, so no Retry. */
export const isTenderNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;
