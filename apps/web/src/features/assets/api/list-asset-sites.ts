import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { assetSiteSuggestion } from '@solar/shared/contracts/assets';
import { getJson, toQueryString } from '../../../lib/api-client';
import { assetKeys } from './keys';

export type AssetSiteSuggestion = z.infer<typeof assetSiteSuggestion>;

export const assetSitesOptions = (search: string) =>
  queryOptions({
    queryKey: assetKeys.sites(search),
    queryFn: () => getJson<AssetSiteSuggestion[]>(`/api/assets/sites${toQueryString({ search })}`),
    staleTime: 300_000,
  });

export const useAssetSites = (search: string) => useQuery({ ...assetSitesOptions(search), enabled: search.trim().length > 1 });
