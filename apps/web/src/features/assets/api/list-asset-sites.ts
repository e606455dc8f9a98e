import { queryOptions, useQuery } from '@tanstack/react-query';
import { listAssetSites } from '@solar/shared/contracts/routes';
import { apiFor, type ApiOutput } from '../../../lib/api-client';
import { assetKeys } from './keys';

export type AssetSiteSuggestion = ApiOutput<typeof listAssetSites>[number];

export const assetSitesOptions = (search: string) =>
  queryOptions({
    queryKey: assetKeys.sites(search),
    queryFn: ({ client }) => apiFor(client).call(listAssetSites, { query: { search } }),
    staleTime: 300_000,
  });

export const useAssetSites = (search: string) => useQuery({ ...assetSitesOptions(search), enabled: search.trim().length > 1 });
