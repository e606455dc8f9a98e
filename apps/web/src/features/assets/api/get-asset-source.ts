import { queryOptions, useQuery } from '@tanstack/react-query';
import { getAssetSource } from '@solar/shared/contracts/routes';
import { apiFor } from '../../../lib/api-client';
import { assetKeys } from './keys';

export const assetSourceOptions = queryOptions({
  queryKey: assetKeys.source,
  queryFn: ({ client }) => apiFor(client).call(getAssetSource),
  staleTime: 3_600_000,
});

export const useAssetSource = () => useQuery(assetSourceOptions);
