import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getAssetPipeline } from '@solar/shared/contracts/routes';
import { INSIGHT_MESSAGES } from '@solar/shared/constants/asset-insights';
import { api, apiFor, type ApiQuery } from '../../../lib/api-client';
import { assetKeys } from './keys';

export type GetAssetPipelineParams = Omit<ApiQuery<typeof getAssetPipeline>, 'format'>;

/** The Insights tab (docs/product/assets.md#insights): one chart's data, for the page's filters. */
export const getAssetPipelineOptions = (q: GetAssetPipelineParams) =>
  queryOptions({
    queryKey: assetKeys.insights('pipeline', q),
    queryFn: ({ client }) => apiFor(client).call(getAssetPipeline, { query: q }, { fallback: INSIGHT_MESSAGES.failed }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

export const useGetAssetPipeline = (q: GetAssetPipelineParams) => useQuery(getAssetPipelineOptions(q));

/** What the chart shows, as a file: the same call with `format`. */
export const getAssetPipelineFile = (q: GetAssetPipelineParams, format: 'csv' | 'json') => api.url(getAssetPipeline, { query: { ...q, format } });
