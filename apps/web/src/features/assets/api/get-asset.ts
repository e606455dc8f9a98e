import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AssetDetail } from '@solar/shared/contracts/assets';
import { getJson } from '../../../lib/api-client';
import { retryUnless401 } from '../../../lib/query-client';
import { assetKeys } from './keys';

export const assetOptions = (id: string) =>
  queryOptions({
    queryKey: assetKeys.detail(id),
    queryFn: () => getJson<AssetDetail>(`/api/assets/${encodeURIComponent(id)}`),
    retry: retryUnless401(1),
  });

export const useAsset = (id: string, enabled = true) => useQuery({ ...assetOptions(id), enabled });
