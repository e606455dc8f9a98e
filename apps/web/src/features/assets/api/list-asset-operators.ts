import { queryOptions, useQuery } from '@tanstack/react-query';
import { listAssetOperators } from '@solar/shared/contracts/routes';
import { apiFor } from '../../../lib/api-client';
import { assetKeys } from './keys';

export const assetOperatorsOptions = (search: string) =>
  queryOptions({
    queryKey: assetKeys.operators(search),
    queryFn: ({ client }) => apiFor(client).call(listAssetOperators, { query: { search } }),
    staleTime: 300_000,
  });

export const useAssetOperators = (search: string, enabled = true) => useQuery({ ...assetOperatorsOptions(search), enabled });
