import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AssetProvidersResponse } from '@solar/shared/contracts/assets';
import { getJson } from '../../../lib/api-client';
import { retryUnless401 } from '../../../lib/query-client';
import { assetKeys } from './keys';

/** 'Providers serving this site' (GET /api/assets/:id/providers, docs/decisions/0198). */
export const assetProvidersOptions = (id: string, limit: number) =>
  queryOptions({
    queryKey: assetKeys.providers(id, limit),
    queryFn: () => getJson<AssetProvidersResponse>(`/api/assets/${encodeURIComponent(id)}/providers?limit=${limit}`),
    retry: retryUnless401(1),
    placeholderData: keepPreviousData,
  });

export const useAssetProviders = (id: string, limit: number, enabled = true) =>
  useQuery({ ...assetProvidersOptions(id, limit), enabled });
