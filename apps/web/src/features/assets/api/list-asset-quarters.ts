import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { listAssetQuarters } from '@solar/shared/contracts/routes';
import { INSIGHT_MESSAGES } from '@solar/shared/constants/asset-insights';
import { api, apiFor, type ApiQuery } from '../../../lib/api-client';
import { assetKeys } from './keys';

export type ListAssetQuartersParams = Omit<ApiQuery<typeof listAssetQuarters>, 'format'>;

/** The Insights tab (docs/product/assets.md#insights): one chart's data, for the page's filters. */
export const listAssetQuartersOptions = (q: ListAssetQuartersParams) =>
  queryOptions({
    queryKey: assetKeys.insights('quarters', q),
    queryFn: ({ client }) => apiFor(client).call(listAssetQuarters, { query: q }, { fallback: INSIGHT_MESSAGES.failed }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

export const useListAssetQuarters = (q: ListAssetQuartersParams) => useQuery(listAssetQuartersOptions(q));

/** What the chart shows, as a file: the same call with `format`. */
export const listAssetQuartersFile = (q: ListAssetQuartersParams, format: 'csv' | 'json') => api.url(listAssetQuarters, { query: { ...q, format } });
