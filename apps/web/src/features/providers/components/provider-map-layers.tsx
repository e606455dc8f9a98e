import { useEffect, useRef } from 'react';
import type { GeoJSONSource } from 'maplibre-gl';
import type { ProviderPoint } from '@solar/shared/contracts/providers';
import { LOCATION_CHOSEN_ZOOM, SERVICE_AREA_FILL, SERVICE_AREA_FILL_MAX, SERVICE_AREA_MAX_CIRCLES, SERVICE_AREA_OPACITY } from '@solar/shared/constants/maps';
import { hasServiceArea, serviceAreaBounds, serviceAreaFeature } from '@solar/shared/domain/service-area';
import { addLayerBelowLabels, useMap } from '../../../lib/map';
import type { Bbox } from './provider-map-clusters';

/** The directory map's behaviour inside MapLibre: what is in view, service areas, flying to a place. */

export interface View {
  bbox: Bbox;
  zoom: number;
}

const SOURCE = 'provider-service-areas';

/** Reports the visible box and zoom whenever the map stops moving. */
export function ViewTracker({ onChange }: { onChange(view: View): void }) {
  const { map } = useMap();
  const callback = useRef(onChange);
  useEffect(() => {
    callback.current = onChange;
  });
  useEffect(() => {
    const report = () => {
      const b = map.getBounds();
      callback.current({ bbox: [b.getWest(), b.getSouth(), b.getEast(), b.getNorth()], zoom: map.getZoom() });
    };
    report();
    map.on('moveend', report);
    return () => {
      map.off('moveend', report);
    };
  }, [map]);
  return null;
}

/**
 * Service-area circles (docs/product/providers.md#service-areas: 64 points, blue fill at 0.2 opacity; none for countrywide).
 * Only circles that reach the view are built, nearest first, at most 500 (decision 0271). Above 40
 * they are outlines without fill: stacked fills paint the whole country solid blue (decision 0357).
 */
export function ServiceAreas({
  points,
  visible,
  view,
  onDrawn,
}: {
  points: readonly ProviderPoint[];
  visible: boolean;
  view: View | null;
  onDrawn(count: number): void;
}) {
  const { map } = useMap();
  useEffect(() => {
    map.addSource(SOURCE, { type: 'geojson', data: { type: 'FeatureCollection', features: [] } });
    addLayerBelowLabels(map, {
      id: `${SOURCE}-fill`,
      type: 'fill',
      source: SOURCE,
      paint: { 'fill-color': SERVICE_AREA_FILL, 'fill-opacity': SERVICE_AREA_OPACITY },
    });
    addLayerBelowLabels(map, {
      id: `${SOURCE}-line`,
      type: 'line',
      source: SOURCE,
      paint: { 'line-color': SERVICE_AREA_FILL, 'line-width': 1, 'line-opacity': 0.6 },
    });
    return () => {
      try {
        for (const id of [`${SOURCE}-line`, `${SOURCE}-fill`]) if (map.getLayer(id)) map.removeLayer(id);
        if (map.getSource(SOURCE)) map.removeSource(SOURCE);
      } catch {
        // the map itself is already removed
      }
    };
  }, [map]);

  useEffect(() => {
    const source = map.getSource(SOURCE) as GeoJSONSource | undefined;
    if (!source) return;
    if (!visible || !view) {
      void source.setData({ type: 'FeatureCollection', features: [] });
      onDrawn(0);
      return;
    }
    const [w, s, e, n] = view.bbox;
    const cx = (w + e) / 2;
    const cy = (s + n) / 2;
    const reaching = points.filter((p) => {
      if (p.countrywide || !hasServiceArea(p.radius)) return false;
      const [bw, bs, be, bn] = serviceAreaBounds(p.position, p.radius);
      return be >= w && bw <= e && bn >= s && bs <= n;
    });
    if (reaching.length > SERVICE_AREA_MAX_CIRCLES) {
      const d = (p: ProviderPoint) => (p.position[0] - cx) ** 2 + (p.position[1] - cy) ** 2;
      reaching.sort((a, b) => d(a) - d(b));
      reaching.length = SERVICE_AREA_MAX_CIRCLES;
    }
    const outlines = reaching.length > SERVICE_AREA_FILL_MAX;
    map.setPaintProperty(`${SOURCE}-fill`, 'fill-opacity', outlines ? 0 : SERVICE_AREA_OPACITY);
    map.setPaintProperty(`${SOURCE}-line`, 'line-opacity', outlines ? 0.45 : 0.6);
    void source.setData({
      type: 'FeatureCollection',
      features: reaching.map((p) => serviceAreaFeature(p.position, p.radius as number, { id: p.id })),
    });
    onDrawn(reaching.length);
  }, [map, points, visible, view, onDrawn]);
  return null;
}

/** Flies to a chosen location at zoom 10 (docs/product/providers.md#directory-map). */
export function FocusFlyer({ focus }: { focus?: { center: [number, number]; seq: number } | null }) {
  const { map } = useMap();
  const seq = focus?.seq;
  const center = useRef(focus?.center);
  center.current = focus?.center;
  useEffect(() => {
    if (seq === undefined || !center.current) return;
    map.flyTo({ center: center.current, zoom: LOCATION_CHOSEN_ZOOM });
  }, [map, seq]);
  return null;
}
