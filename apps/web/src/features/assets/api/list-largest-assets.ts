import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { listLargestAssets } from '@solar/shared/contracts/routes';
import { INSIGHT_MESSAGES } from '@solar/shared/constants/asset-insights';
import { api, apiFor, type ApiQuery } from '../../../lib/api-client';
import { assetKeys } from './keys';

export type ListLargestAssetsParams = Omit<ApiQuery<typeof listLargestAssets>, 'format'>;

/** The Insights tab (docs/product/assets.md#insights): one chart's data, for the page's filters. */
export const listLargestAssetsOptions = (q: ListLargestAssetsParams) =>
  queryOptions({
    queryKey: assetKeys.insights('largest', q),
    queryFn: ({ client }) => apiFor(client).call(listLargestAssets, { query: q }, { fallback: INSIGHT_MESSAGES.failed }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

export const useListLargestAssets = (q: ListLargestAssetsParams) => useQuery(listLargestAssetsOptions(q));

/** What the chart shows, as a file: the same call with `format`. */
export const listLargestAssetsFile = (q: ListLargestAssetsParams, format: 'csv' | 'json') => api.url(listLargestAssets, { query: { ...q, format } });
