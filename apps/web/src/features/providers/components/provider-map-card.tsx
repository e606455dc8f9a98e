import { useEffect } from 'react';
import type { GeoJSONSource } from 'maplibre-gl';
import type { ProviderSummary } from '@solar/shared/contracts/providers';
import {
  COUNTRYWIDE_PROVIDER_COLOUR,
  LOCAL_PROVIDER_COLOUR,
  MAP_TEXT as T,
  MAP_UK_CENTER,
  PROFILE_MAP_INITIAL_ZOOM,
  PROFILE_MAP_POSITION_ZOOM,
  SERVICE_AREA_FILL,
  SERVICE_AREA_OPACITY,
} from '@solar/shared/constants/maps';
import { PROVIDER_MESSAGES as M, hasKnownLocation } from '@solar/shared/constants/providers';
import { hasServiceArea, serviceAreaFeature } from '@solar/shared/domain/service-area';
import { Card } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';
import { MapMarker, MapView, useMap } from '../../../lib/map';
import { ProviderLegend } from './provider-legend';
import { useProviderPosition } from './provider-position';

export { ProviderLegend } from './provider-legend';
export { useProviderPosition } from './provider-position';

type Position = [lng: number, lat: number];

/** The service-area circle of the profile map (64 points, blue at 0.2 opacity). */
function ServiceAreaCircle({ position, radius }: { position: Position; radius: number }) {
  const { map } = useMap();
  useEffect(() => {
    const id = 'profile-service-area';
    const data = { type: 'FeatureCollection' as const, features: [serviceAreaFeature(position, radius)] };
    const existing = map.getSource(id) as GeoJSONSource | undefined;
    if (existing) void existing.setData(data);
    else {
      map.addSource(id, { type: 'geojson', data });
      map.addLayer({
        id: `${id}-fill`,
        type: 'fill',
        source: id,
        paint: { 'fill-color': SERVICE_AREA_FILL, 'fill-opacity': SERVICE_AREA_OPACITY },
      });
      map.addLayer({
        id: `${id}-line`,
        type: 'line',
        source: id,
        paint: { 'line-color': SERVICE_AREA_FILL, 'line-width': 1.5, 'line-opacity': 0.7 },
      });
    }
  }, [map, position, radius]);
  return null;
}

/** Zoom 12 once the position is known (it may arrive after the map, from geocoding). */
function FlyToPosition({ position }: { position: Position }) {
  const { map } = useMap();
  const [lng, lat] = position;
  useEffect(() => {
    const c = map.getCenter();
    if (
      Math.abs(c.lng - lng) < 1e-6 &&
      Math.abs(c.lat - lat) < 1e-6 &&
      Math.abs(map.getZoom() - PROFILE_MAP_POSITION_ZOOM) < 1e-6
    )
      return;
    map.flyTo({ center: [lng, lat], zoom: PROFILE_MAP_POSITION_ZOOM });
  }, [map, lng, lat]);
  return null;
}

export interface ProviderMapCardProps {
  provider: Pick<ProviderSummary, 'businessName' | 'coordinates' | 'location' | 'serviceRadius'>;
  /** The card variant is 300 px high, the page variant 400 px (docs/product/providers.md#profile-map). */
  variant?: 'page' | 'card';
  className?: string;
}

/**
 * The profile map card (docs/product/providers.md#profile-map): hidden when the location is unknown; a marker labelled with
 * the provider's name, its service-area circle, a navigation control and the 'Provider Types'
 * legend; the UK at zoom 5 until the position is known, then zoom 12.
 */
export function ProviderMapCard({ provider, variant = 'page', className }: ProviderMapCardProps) {
  const { position, status } = useProviderPosition(provider);
  if (!hasKnownLocation(provider.location)) return null;
  const name = provider.businessName || M.unclaimedName;
  const countrywide = provider.serviceRadius === -1;
  return (
    <Card className={cn('overflow-hidden', className)} data-testid="provider-map-card">
      <h2 className="px-6 pt-5 pb-3 text-lg font-semibold">Location Map</h2>
      <div className="px-4 pb-4">
        <MapView
          label={T.profileMapLabel(name)}
          center={position ?? MAP_UK_CENTER}
          zoom={position ? PROFILE_MAP_POSITION_ZOOM : PROFILE_MAP_INITIAL_ZOOM}
          className={variant === 'card' ? 'h-[300px]' : 'h-[400px]'}
        >
          {position && (
            <>
              {hasServiceArea(provider.serviceRadius) && (
                <ServiceAreaCircle position={position} radius={provider.serviceRadius} />
              )}
              <FlyToPosition position={position} />
              <MapMarker lngLat={position} anchor="bottom" obstacle>
                <span className="flex flex-col items-center">
                  <span className="mb-1 max-w-48 truncate rounded bg-white/95 px-2 py-0.5 text-xs font-semibold text-slate-900 shadow">
                    {name}
                  </span>
                  <span
                    aria-hidden
                    className="block h-4 w-4 rounded-full border-2 border-white shadow"
                    style={{ backgroundColor: countrywide ? COUNTRYWIDE_PROVIDER_COLOUR : LOCAL_PROVIDER_COLOUR }}
                  />
                </span>
              </MapMarker>
            </>
          )}
          <ProviderLegend title={T.providerTypes} className="absolute top-2 left-2 z-10" />
          {status === 'missing' && (
            <div
              role="alert"
              className="absolute inset-x-2 bottom-8 z-10 rounded-md border border-border bg-white/95 px-3 py-2 text-sm shadow"
            >
              <p className="font-medium text-red-800">{T.coordinatesMissing}</p>
              {!provider.coordinates && <p className="text-xs text-slate-700">{T.geocodingFailed}</p>}
            </div>
          )}
        </MapView>
      </div>
    </Card>
  );
}
