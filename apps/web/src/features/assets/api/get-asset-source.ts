import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AssetSourceRecord } from '@solar/shared/contracts/assets';
import { getJson } from '../../../lib/api-client';
import { assetKeys } from './keys';

export const assetSourceOptions = queryOptions({
  queryKey: assetKeys.source,
  queryFn: () => getJson<AssetSourceRecord>('/api/assets/source'),
  staleTime: 3_600_000,
});

export const useAssetSource = () => useQuery(assetSourceOptions);
