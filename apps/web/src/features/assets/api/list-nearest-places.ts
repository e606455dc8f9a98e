import { queryOptions, useQuery } from '@tanstack/react-query';
import { listNearestPlaces } from '@solar/shared/contracts/routes';
import { apiFor } from '../../../lib/api-client';
import { assetKeys } from './keys';

/** The settlements nearest a site, for the asset detail map (decision 0358). */
export const nearestPlacesOptions = (lng: number, lat: number) =>
  queryOptions({
    queryKey: assetKeys.nearestPlaces(lng, lat),
    queryFn: ({ client }) => apiFor(client).call(listNearestPlaces, { query: { lng, lat } }),
    staleTime: Infinity,
  });

export const useNearestPlaces = (lng: number, lat: number) => useQuery(nearestPlacesOptions(lng, lat));
