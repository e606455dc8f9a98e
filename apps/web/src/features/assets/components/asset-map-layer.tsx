import { useEffect, useRef } from 'react';
import type { GeoJSONSource, Map as MapLibreMap, MapLayerMouseEvent } from 'maplibre-gl';
import { ASSET_MAP, DEFAULT_TECHNOLOGY_COLOUR, REGION_PRESETS, TECHNOLOGY_COLOURS } from '@solar/shared/constants/assets';
import type { AssetFeatureCollection } from '@solar/shared/contracts/assets';
import { addLayerBelowLabels, useMap } from '../../../lib/map';

/** Circle colour by technology (docs/product/assets.md#asset-map) and radius 2–8 px by capacity 0–100 MW. */
const colourExpression = ['match', ['get', 'technologyType'], ...Object.entries(TECHNOLOGY_COLOURS).flat(), DEFAULT_TECHNOLOGY_COLOUR];
const radiusExpression = ['interpolate', ['linear'], ['min', ['coalesce', ['get', 'capacity'], 0], ASSET_MAP.circleCapacityMax], 0, ASSET_MAP.circleMinPx, ASSET_MAP.circleCapacityMax, ASSET_MAP.circleMaxPx];

/**
 * The asset source and its circle layers inside <MapView>: a click on points reports every asset
 * under the pointer (two at one spot are both there; decision 0356), a click on a cluster zooms in,
 * and choosing exactly one region flies to it.
 */
export function AssetLayer({
  data,
  regions,
  onPick,
  onMove,
}: {
  data: AssetFeatureCollection | undefined;
  regions: string[];
  onPick(ids: number[], lngLat: [number, number]): void;
  onMove(map: MapLibreMap): void;
}) {
  const { map } = useMap();
  const callbacks = useRef({ onPick, onMove });
  useEffect(() => {
    callbacks.current = { onPick, onMove };
  });

  useEffect(() => {
    map.addSource('assets', { type: 'geojson', data: { type: 'FeatureCollection', features: [] } });
    addLayerBelowLabels(map, {
      id: 'asset-clusters',
      type: 'circle',
      source: 'assets',
      filter: ['has', 'cluster'],
      paint: { 'circle-color': '#1e40af', 'circle-opacity': 0.75, 'circle-radius': ['interpolate', ['linear'], ['get', 'point_count'], 2, 10, 500, 24], 'circle-stroke-color': '#fff', 'circle-stroke-width': 1.5 },
    });
    addLayerBelowLabels(map, {
      id: 'asset-points',
      type: 'circle',
      source: 'assets',
      filter: ['!', ['has', 'cluster']],
      // Larger capacities drawn over smaller ones; the answer comes in no particular order (decision 0583).
      layout: { 'circle-sort-key': ['coalesce', ['get', 'capacity'], -1] },
      paint: { 'circle-color': colourExpression as never, 'circle-radius': radiusExpression as never, 'circle-stroke-color': '#ffffff', 'circle-stroke-width': 0.6, 'circle-opacity': 0.9 },
    });

    const onPoint = (e: MapLayerMouseEvent) => {
      const features = e.features ?? [];
      const ids = [...new Set(features.map((f) => Number(f.properties.id)).filter(Number.isFinite))];
      const first = features[0]?.geometry;
      if (!ids.length || first?.type !== 'Point') return;
      callbacks.current.onPick(ids, [first.coordinates[0]!, first.coordinates[1]!]);
    };
    const onCluster = (e: MapLayerMouseEvent) => {
      const f = e.features?.[0];
      if (f?.geometry.type !== 'Point') return;
      map.easeTo({ center: [f.geometry.coordinates[0]!, f.geometry.coordinates[1]!], zoom: Number(f.properties.expansion_zoom) || map.getZoom() + 2 });
    };
    const pointer = () => (map.getCanvas().style.cursor = 'pointer');
    const unpointer = () => (map.getCanvas().style.cursor = '');
    const moved = () => callbacks.current.onMove(map);
    map.on('click', 'asset-points', onPoint);
    map.on('click', 'asset-clusters', onCluster);
    for (const layer of ['asset-points', 'asset-clusters']) {
      map.on('mouseenter', layer, pointer);
      map.on('mouseleave', layer, unpointer);
    }
    map.on('moveend', moved);
    moved();
    return () => {
      map.off('click', 'asset-points', onPoint);
      map.off('click', 'asset-clusters', onCluster);
      map.off('moveend', moved);
      for (const layer of ['asset-points', 'asset-clusters']) {
        map.off('mouseenter', layer, pointer);
        map.off('mouseleave', layer, unpointer);
      }
    };
  }, [map]);

  useEffect(() => {
    void (map.getSource('assets') as GeoJSONSource | undefined)?.setData((data ?? { type: 'FeatureCollection', features: [] }) as never);
  }, [map, data]);

  // docs/product/assets.md#regions: exactly one region flies to its preset; none returns to the UK view.
  const regionKey = regions.join('|');
  const firstRun = useRef(true);
  useEffect(() => {
    if (firstRun.current) {
      firstRun.current = false;
      if (!regionKey) return;
    }
    const list = regionKey ? regionKey.split('|') : [];
    const preset = list.length === 1 ? REGION_PRESETS[list[0] as keyof typeof REGION_PRESETS] : undefined;
    if (preset) map.flyTo({ center: preset.center, zoom: preset.zoom, duration: ASSET_MAP.flyMs });
    else if (list.length === 0) map.flyTo({ center: ASSET_MAP.center, zoom: ASSET_MAP.zoom, duration: ASSET_MAP.flyMs });
  }, [map, regionKey]);
  return null;
}
