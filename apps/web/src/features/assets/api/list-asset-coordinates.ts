import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AssetFeatureCollection, AssetMapQueryInput } from '@solar/shared/contracts/assets';
import { getJson, toQueryString } from '../../../lib/api-client';
import { assetKeys } from './keys';

export type AssetMapParams = Omit<AssetMapQueryInput, 'bounds'> & { bounds?: string };

export const assetCoordinatesOptions = (q: AssetMapParams) =>
  queryOptions({
    queryKey: assetKeys.coordinates(q),
    queryFn: () => getJson<AssetFeatureCollection>(`/api/assets/coordinates${toQueryString(q as Record<string, string | number | boolean | string[] | undefined>)}`),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

export const useAssetCoordinates = (q: AssetMapParams) => useQuery(assetCoordinatesOptions(q));
