import { useEffect, useState } from 'react';
import type { MapPlace } from '@solar/shared/contracts/maps';
import { listMapPlaces } from '@solar/shared/contracts/routes';
import { api } from '../api-client';
import { useMap } from './map-context';
import { MapMarker } from './map-marker';

/**
 * Place names for the offline basemap as HTML markers (no glyph files exist offline, so MapLibre
 * symbol text cannot be used). Refreshed when the map stops moving.
 */
export function PlaceLabels() {
  const { map } = useMap();
  const [places, setPlaces] = useState<MapPlace[]>([]);
  useEffect(() => {
    let controller: AbortController | undefined;
    const refresh = () => {
      controller?.abort();
      controller = new AbortController();
      const b = map.getBounds();
      const bounds = [b.getWest(), b.getSouth(), b.getEast(), b.getNorth()].map((v, i) => Math.max(i % 2 ? -90 : -180, Math.min(i % 2 ? 90 : 180, v)).toFixed(4)).join(',');
      api
        .raw(listMapPlaces, { query: { bounds, zoom: map.getZoom().toFixed(2) } }, { signal: controller.signal })
        .then((r) => (r.ok ? (r.json() as Promise<MapPlace[]>) : r.body?.cancel().then(() => []) ?? []))
        .then(setPlaces)
        .catch(() => {});
    };
    refresh();
    map.on('moveend', refresh);
    return () => {
      controller?.abort();
      map.off('moveend', refresh);
    };
  }, [map]);
  return (
    <>
      {places.map((p) => (
        <MapMarker key={`${p.name}-${p.lng}-${p.lat}`} lngLat={[p.lng, p.lat]} className="pointer-events-none">
          <span aria-hidden className={p.kind === 'City' ? 'text-xs font-semibold text-slate-700 [text-shadow:0_0_3px_white]' : 'text-[11px] text-slate-600 [text-shadow:0_0_3px_white]'}>
            {p.name}
          </span>
        </MapMarker>
      ))}
    </>
  );
}
