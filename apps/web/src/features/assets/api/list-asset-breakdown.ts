import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { listAssetBreakdown } from '@solar/shared/contracts/routes';
import { INSIGHT_MESSAGES } from '@solar/shared/constants/asset-insights';
import { api, apiFor, type ApiQuery } from '../../../lib/api-client';
import { assetKeys } from './keys';

export type ListAssetBreakdownParams = Omit<ApiQuery<typeof listAssetBreakdown>, 'format'>;

/** The Insights tab (docs/product/assets.md#insights): one chart's data, for the page's filters. */
export const listAssetBreakdownOptions = (q: ListAssetBreakdownParams) =>
  queryOptions({
    queryKey: assetKeys.insights('breakdown', q),
    queryFn: ({ client }) => apiFor(client).call(listAssetBreakdown, { query: q }, { fallback: INSIGHT_MESSAGES.failed }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

export const useListAssetBreakdown = (q: ListAssetBreakdownParams) => useQuery(listAssetBreakdownOptions(q));

/** What the chart shows, as a file: the same call with `format`. */
export const listAssetBreakdownFile = (q: ListAssetBreakdownParams, format: 'csv' | 'json') => api.url(listAssetBreakdown, { query: { ...q, format } });
