import { queryOptions, useQuery } from '@tanstack/react-query';
import { getAsset } from '@solar/shared/contracts/routes';
import { apiFor } from '../../../lib/api-client';
import { retryUnless401 } from '../../../lib/query-client';
import { assetKeys } from './keys';

export const assetOptions = (id: string) =>
  queryOptions({
    queryKey: assetKeys.detail(id),
    queryFn: ({ client }) => apiFor(client).call(getAsset, { params: { id } }),
    retry: retryUnless401(1),
  });

export const useAsset = (id: string, enabled = true) => useQuery({ ...assetOptions(id), enabled });
