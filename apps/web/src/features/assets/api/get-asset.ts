import { queryOptions, useQuery } from '@tanstack/react-query';
import { getAsset } from '@solar/shared/contracts/routes';
import { ASSET_MESSAGES } from '@solar/shared/constants/assets';
import { ApiError, apiFor } from '../../../lib/api-client';
import { retryUnless401 } from '../../../lib/query-client';
import { assetKeys } from './keys';

export const assetOptions = (id: string) =>
  queryOptions({
    queryKey: assetKeys.detail(id),
    queryFn: ({ client }) => apiFor(client).call(getAsset, { params: { id } }, { fallback: ASSET_MESSAGES.fetchAssetFailed }),
    retry: (failures, error) => !isAssetNotFound(error) && retryUnless401(1)(failures, error),
  });

/** An id no asset has (docs/product/assets.md#asset-detail): 'Asset not found', not a load failure. */
export const isAssetNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

export const useAsset = (id: string, enabled = true) => useQuery({ ...assetOptions(id), enabled });
