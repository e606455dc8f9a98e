import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { GEOCODE_MAX_LIMIT } from '@solar/shared/constants/geo';
import type { GeoFeature, GeocodeResponse } from '@solar/shared/contracts/geo';
import { geocode } from '@solar/shared/contracts/routes';
import { api } from '../api-client';
import { geoKeys } from './keys';

export type { GeoFeature };

/** A chosen location suggestion (docs/product/geo.md#location-suggestions): place_name and center [longitude, latitude]. */
export interface LocationSelection {
  place_name: string;
  center: [number, number];
}

export interface GeocodeOptions {
  types?: readonly string[];
  limit?: number;
  signal?: AbortSignal;
}

/**
 * UK location suggestions from the gazetteer (at most 5; 1 for a profile location). Empty
 * input asks nothing and gives none. A failure is logged as 'Geocoding failed: status' and gives no
 * suggestions (docs/product/geo.md#location-suggestions), so callers never see an error state.
 */
export async function fetchGeocode(
  query: string,
  { types = [], limit = GEOCODE_MAX_LIMIT, signal }: GeocodeOptions = {},
): Promise<GeoFeature[]> {
  const q = query.trim();
  if (!q) return [];
  let response: Response;
  try {
    response = await api.raw(geocode, { query: { q, types: [...types], limit } }, { signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    console.error(`Geocoding failed: ${error instanceof Error ? error.message : 'network error'}`);
    return [];
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    console.error(`Geocoding failed: ${response.status}`);
    return [];
  }
  try {
    const body = (await response.json()) as GeocodeResponse;
    return Array.isArray(body?.features) ? body.features.slice(0, limit) : [];
  } catch {
    console.error('Geocoding failed: invalid response');
    return [];
  }
}

/** Suggestions for an already debounced query; the previous list stays while the next loads. */
export function useGeocode(query: string, options: { types?: readonly string[]; limit?: number } = {}) {
  const q = query.trim();
  const types = options.types ?? [];
  const limit = options.limit ?? GEOCODE_MAX_LIMIT;
  const result = useQuery({
    queryKey: geoKeys.geocode(q, types, limit),
    queryFn: ({ signal }) => fetchGeocode(q, { types, limit, signal }),
    enabled: q.length > 0,
    staleTime: 5 * 60_000,
    retry: false,
    placeholderData: keepPreviousData,
  });
  return {
    features: q ? (result.data ?? []) : [],
    isFetching: q.length > 0 && result.isFetching,
    isFetched: result.isFetched && !result.isPlaceholderData,
  };
}
