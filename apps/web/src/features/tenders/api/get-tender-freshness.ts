import { queryOptions, useQuery } from '@tanstack/react-query';
import { getTenderFreshness } from '@solar/shared/contracts/routes';
import { apiFor } from '../../../lib/api-client';
import { tenderKeys } from './keys';

/** Where the board's notices come from and when they were last updated (decision 0393). */
export const tenderFreshnessQueryOptions = () =>
  queryOptions({
    queryKey: tenderKeys.freshness,
    queryFn: async ({ client }) => (await apiFor(client).call(getTenderFreshness, {})).data,
    staleTime: 60_000,
  });

export const useTenderFreshness = () => useQuery(tenderFreshnessQueryOptions());
