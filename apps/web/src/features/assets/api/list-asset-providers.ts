import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { listAssetProviders } from '@solar/shared/contracts/routes';
import { apiFor } from '../../../lib/api-client';
import { retryUnless401 } from '../../../lib/query-client';
import { assetKeys } from './keys';

/** 'Providers serving this site' (docs/decisions/0198). */
export const assetProvidersOptions = (id: string, limit: number) =>
  queryOptions({
    queryKey: assetKeys.providers(id, limit),
    queryFn: ({ client }) => apiFor(client).call(listAssetProviders, { params: { id }, query: { limit } }),
    retry: retryUnless401(1),
    placeholderData: keepPreviousData,
  });

export const useAssetProviders = (id: string, limit: number, enabled = true) =>
  useQuery({ ...assetProvidersOptions(id, limit), enabled });
