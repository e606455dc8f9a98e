import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getAssetCoordinates } from '@solar/shared/contracts/routes';
import { apiFor, type ApiQuery } from '../../../lib/api-client';
import { assetKeys } from './keys';

export type AssetMapParams = ApiQuery<typeof getAssetCoordinates>;

export const assetCoordinatesOptions = (q: AssetMapParams) =>
  queryOptions({
    queryKey: assetKeys.coordinates(q),
    queryFn: ({ client }) => apiFor(client).call(getAssetCoordinates, { query: q }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

export const useAssetCoordinates = (q: AssetMapParams) => useQuery(assetCoordinatesOptions(q));
