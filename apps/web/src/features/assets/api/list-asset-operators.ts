import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson, toQueryString } from '../../../lib/api-client';
import { assetKeys } from './keys';

export const assetOperatorsOptions = (search: string) =>
  queryOptions({
    queryKey: assetKeys.operators(search),
    queryFn: () => getJson<string[]>(`/api/assets/operators${toQueryString({ search })}`),
    staleTime: 300_000,
  });

export const useAssetOperators = (search: string, enabled = true) => useQuery({ ...assetOperatorsOptions(search), enabled });
