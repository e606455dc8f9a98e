import { useEffect } from 'react';
import type { ExpressionSpecification, GeoJSONSource, SymbolLayerSpecification } from 'maplibre-gl';
import type { MapPlace } from '@solar/shared/contracts/maps';
import { listMapPlaces } from '@solar/shared/contracts/routes';
import { api } from '../api-client';
import { LABEL_OBSTACLES_LAYER, PLACE_LABELS_LAYER } from './label-layers';
import { useMap } from './map-context';

/**
 * Where a label may sit (decision 0355), tried in order: centred on its place, then clear of a
 * marker standing on the place (the largest cluster is 56 px across), above, below or to a side.
 * Offsets are in ems of the label's size.
 */
const ANCHORS = ['center', [0, 0], 'top', [0, 2.2], 'bottom', [0, -2.2], 'left', [2.4, 0], 'right', [-2.4, 0]];

const isCity: ExpressionSpecification = ['==', ['get', 'kind'], 'City'];

export const placeLabelsLayer: SymbolLayerSpecification = {
  id: PLACE_LABELS_LAYER,
  type: 'symbol',
  source: PLACE_LABELS_LAYER,
  layout: {
    'text-field': ['get', 'name'],
    // No glyph files are served: MapLibre draws each glyph with the browser's fonts (Noto Sans where
    // installed, else the generic sans-serif; the weight is read from the name).
    'text-font': ['case', isCity, ['literal', ['Noto Sans Semibold']], ['literal', ['Noto Sans Regular']]],
    'text-size': ['case', isCity, 12, 11],
    'text-max-width': 9,
    'text-padding': 3,
    'text-allow-overlap': false,
    'text-ignore-placement': false,
    'text-variable-anchor-offset': ['literal', ANCHORS] as never,
    'symbol-sort-key': ['get', 'priority'],
  },
  paint: {
    'text-color': ['case', isCity, '#334155', '#475569'],
    'text-halo-color': 'rgba(255, 255, 255, 0.9)',
    'text-halo-width': 1.5,
  },
};

/**
 * Place names on the offline basemap (decision 0355): the gazetteer's places for the view, asked
 * for when the map stops moving, in a symbol layer under the obstacle layer.
 */
export function PlaceLabels({ attribution }: { attribution?: string }) {
  const { map } = useMap();
  useEffect(() => {
    map.addSource(PLACE_LABELS_LAYER, { type: 'geojson', data: { type: 'FeatureCollection', features: [] }, ...(attribution && { attribution }) });
    map.addLayer(placeLabelsLayer, map.getLayer(LABEL_OBSTACLES_LAYER) ? LABEL_OBSTACLES_LAYER : undefined);
    let controller: AbortController | undefined;
    const refresh = () => {
      controller?.abort();
      controller = new AbortController();
      const b = map.getBounds();
      const bounds = [b.getWest(), b.getSouth(), b.getEast(), b.getNorth()].map((v, i) => Math.max(i % 2 ? -90 : -180, Math.min(i % 2 ? 90 : 180, v)).toFixed(4)).join(',');
      api
        .raw(listMapPlaces, { query: { bounds, zoom: map.getZoom().toFixed(2) } }, { signal: controller.signal })
        .then((r) => (r.ok ? (r.json() as Promise<MapPlace[]>) : (r.body?.cancel().then(() => null) ?? null)))
        .then((places) => {
          if (!places) return;
          const source = map.getSource(PLACE_LABELS_LAYER) as GeoJSONSource | undefined;
          void source?.setData({
            type: 'FeatureCollection',
            features: places.map(({ lng, lat, ...properties }) => ({ type: 'Feature', properties, geometry: { type: 'Point', coordinates: [lng, lat] } })),
          });
        })
        .catch(() => {});
    };
    refresh();
    map.on('moveend', refresh);
    return () => {
      controller?.abort();
      map.off('moveend', refresh);
      try {
        if (map.getLayer(PLACE_LABELS_LAYER)) map.removeLayer(PLACE_LABELS_LAYER);
        if (map.getSource(PLACE_LABELS_LAYER)) map.removeSource(PLACE_LABELS_LAYER);
      } catch {
        // the map itself is already removed
      }
    };
  }, [map, attribution]);
  return null;
}
