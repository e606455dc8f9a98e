import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { listAssetDurations } from '@solar/shared/contracts/routes';
import { INSIGHT_MESSAGES } from '@solar/shared/constants/asset-insights';
import { api, apiFor, type ApiQuery } from '../../../lib/api-client';
import { assetKeys } from './keys';

export type ListAssetDurationsParams = Omit<ApiQuery<typeof listAssetDurations>, 'format'>;

/** The Insights tab (docs/product/assets.md#insights): one chart's data, for the page's filters. */
export const listAssetDurationsOptions = (q: ListAssetDurationsParams) =>
  queryOptions({
    queryKey: assetKeys.insights('durations', q),
    queryFn: ({ client }) => apiFor(client).call(listAssetDurations, { query: q }, { fallback: INSIGHT_MESSAGES.failed }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

export const useListAssetDurations = (q: ListAssetDurationsParams) => useQuery(listAssetDurationsOptions(q));

/** What the chart shows, as a file: the same call with `format`. */
export const listAssetDurationsFile = (q: ListAssetDurationsParams, format: 'csv' | 'json') => api.url(listAssetDurations, { query: { ...q, format } });
