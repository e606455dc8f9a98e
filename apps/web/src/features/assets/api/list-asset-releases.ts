import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { listAssetReleases } from '@solar/shared/contracts/routes';
import { INSIGHT_MESSAGES } from '@solar/shared/constants/asset-insights';
import { api, apiFor, type ApiQuery } from '../../../lib/api-client';
import { assetKeys } from './keys';

export type ListAssetReleasesParams = Omit<ApiQuery<typeof listAssetReleases>, 'format'>;

/** The Insights tab (docs/product/assets.md#insights): one chart's data, for the page's filters. */
export const listAssetReleasesOptions = (q: ListAssetReleasesParams) =>
  queryOptions({
    queryKey: assetKeys.insights('releases', q),
    queryFn: ({ client }) => apiFor(client).call(listAssetReleases, { query: q }, { fallback: INSIGHT_MESSAGES.failed }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

export const useListAssetReleases = (q: ListAssetReleasesParams) => useQuery(listAssetReleasesOptions(q));

/** What the chart shows, as a file: the same call with `format`. */
export const listAssetReleasesFile = (q: ListAssetReleasesParams, format: 'csv' | 'json') => api.url(listAssetReleases, { query: { ...q, format } });
