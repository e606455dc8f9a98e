import { useQuery } from '@tanstack/react-query';
import type { ProviderSummary } from '@solar/shared/contracts/providers';
import { MAP_TEXT as T, PROFILE_GEOCODE_PAUSE_MS, PROFILE_GEOCODE_RETRIES } from '@solar/shared/constants/maps';
import { hasKnownLocation } from '@solar/shared/constants/providers';
import { fetchGeocode } from '../../../lib/geo/geocode';
import { providerKeys } from '../api/keys';

type Position = [lng: number, lat: number];

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The location geocoded with the gazetteer (limit 1), retried 3 times with a 1 s pause (docs/product/providers.md#profile-map). */
async function geocodeLocation(location: string, signal?: AbortSignal): Promise<Position | null> {
  for (let attempt = 0; attempt <= PROFILE_GEOCODE_RETRIES; attempt++) {
    if (attempt > 0) await pause(PROFILE_GEOCODE_PAUSE_MS);
    if (signal?.aborted) return null;
    const [hit] = await fetchGeocode(location, { limit: 1, signal });
    if (hit) return hit.center;
  }
  console.error(T.geocodingFailed);
  return null;
}

/**
 * The provider's position: its coordinates, else its location geocoded. `status` is 'resolving'
 * while geocoding, 'missing' when neither gives one.
 */
export function useProviderPosition(provider: Pick<ProviderSummary, 'coordinates' | 'location'>) {
  const direct: Position | null = provider.coordinates ? [provider.coordinates.lng, provider.coordinates.lat] : null;
  const location = provider.location.trim();
  const geocoded = useQuery({
    queryKey: [...providerKeys.all, 'position', location],
    queryFn: ({ signal }) => geocodeLocation(location, signal),
    enabled: !direct && hasKnownLocation(location),
    staleTime: Infinity,
    retry: false,
  });
  if (direct) return { position: direct, status: 'known' as const };
  if (geocoded.data) return { position: geocoded.data, status: 'known' as const };
  if (geocoded.isFetching || geocoded.isPending)
    return { position: null, status: hasKnownLocation(location) ? ('resolving' as const) : ('missing' as const) };
  return { position: null, status: 'missing' as const };
}
