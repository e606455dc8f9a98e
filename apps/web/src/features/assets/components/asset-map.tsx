import { useEffect, useMemo, useRef, useState } from 'react';
import type { GeoJSONSource, Map as MapLibreMap, Popup } from 'maplibre-gl';
import { ASSET_MAP, ASSET_MESSAGES, DEFAULT_TECHNOLOGY_COLOUR, REGION_PRESETS, TECHNOLOGY_COLOURS, TECHNOLOGY_LEGEND } from '@solar/shared/constants/assets';
import type { AssetFeatureCollection, AssetPointProperties } from '@solar/shared/contracts/assets';
import { MapView, useMap } from '../../../lib/map';
import { useAssetCoordinates } from '../api/list-asset-coordinates';
import { toMapParams, type AssetFilters } from '../state/asset-filters';

type Feature = AssetFeatureCollection['features'][number];
type PointFeature = Feature & { properties: AssetPointProperties };
const isPoint = (f: Feature): f is PointFeature => !('cluster' in f.properties);

export interface AssetPick {
  id: number;
  title: string;
}

const capacityText = (mw: number | null) => (mw === null ? ASSET_MESSAGES.notAvailable : Number(mw.toFixed(1)).toString());

/** Circle colour by technology (docs/product/assets.md#asset-map) and radius 2–8 px by capacity 0–100 MW. */
const colourExpression = ['match', ['get', 'technologyType'], ...Object.entries(TECHNOLOGY_COLOURS).flat(), DEFAULT_TECHNOLOGY_COLOUR];
const radiusExpression = ['interpolate', ['linear'], ['min', ['coalesce', ['get', 'capacity'], 0], ASSET_MAP.circleCapacityMax], 0, ASSET_MAP.circleMinPx, ASSET_MAP.circleCapacityMax, ASSET_MAP.circleMaxPx];

interface Handle {
  open(feature: PointFeature): void;
}

/** The GeoJSON source, circle layers, popups, edge pan and region flights, inside <MapView>. */
function AssetLayer({
  data,
  regions,
  handle,
  onViewDetails,
  onMove,
}: {
  data: AssetFeatureCollection | undefined;
  regions: string[];
  handle: React.RefObject<Handle | null>;
  onViewDetails(pick: AssetPick): void;
  onMove(map: MapLibreMap): void;
}) {
  const { map, maplibre } = useMap();
  const popup = useRef<Popup | null>(null);
  const callbacks = useRef({ onViewDetails, onMove });
  useEffect(() => {
    callbacks.current = { onViewDetails, onMove };
  });

  useEffect(() => {
    map.addSource('assets', { type: 'geojson', data: { type: 'FeatureCollection', features: [] } });
    map.addLayer({
      id: 'asset-clusters',
      type: 'circle',
      source: 'assets',
      filter: ['has', 'cluster'],
      paint: { 'circle-color': '#1e40af', 'circle-opacity': 0.75, 'circle-radius': ['interpolate', ['linear'], ['get', 'point_count'], 2, 10, 500, 24], 'circle-stroke-color': '#fff', 'circle-stroke-width': 1.5 },
    });
    map.addLayer({
      id: 'asset-points',
      type: 'circle',
      source: 'assets',
      filter: ['!', ['has', 'cluster']],
      paint: { 'circle-color': colourExpression as never, 'circle-radius': radiusExpression as never, 'circle-stroke-color': '#ffffff', 'circle-stroke-width': 0.6, 'circle-opacity': 0.9 },
    });

    const open = (f: PointFeature) => {
      const p = f.properties;
      const lngLat = f.geometry.coordinates;
      const root = document.createElement('div');
      root.className = 'grid gap-1 p-1 text-sm';
      const title = document.createElement('h3');
      title.className = 'font-semibold text-slate-900';
      title.textContent = p.title;
      const capacity = document.createElement('p');
      capacity.textContent = ASSET_MESSAGES.capacity(capacityText(p.capacity));
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'mt-1 rounded-md bg-primary px-3 py-1.5 text-xs font-medium text-white hover:bg-primary-hover';
      button.textContent = ASSET_MESSAGES.viewDetails;
      button.addEventListener('click', () => callbacks.current.onViewDetails({ id: p.id, title: p.title }));
      root.append(title, capacity, button);
      popup.current?.remove();
      popup.current = new maplibre.Popup({ closeButton: true, maxWidth: '260px', focusAfterOpen: true }).setLngLat(lngLat).setDOMContent(root).addTo(map);
      // docs/product/assets.md#asset-map: pan when the point is within 50 px of an edge.
      const point = map.project(lngLat);
      const { clientWidth: w, clientHeight: h } = map.getContainer();
      const m = ASSET_MAP.edgeMarginPx;
      if (point.x < m || point.y < m || point.x > w - m || point.y > h - m) map.panTo(lngLat, { duration: ASSET_MAP.edgePanMs });
    };
    handle.current = { open };

    const onPoint = (e: { features?: Array<{ properties: Record<string, unknown>; geometry: unknown }> }) => {
      const f = e.features?.[0];
      if (!f) return;
      const props = f.properties as unknown as AssetPointProperties;
      const coords = (f.geometry as { coordinates: [number, number] }).coordinates;
      open({ type: 'Feature', geometry: { type: 'Point', coordinates: [coords[0], coords[1]] }, properties: props });
    };
    const onCluster = (e: { features?: Array<{ properties: Record<string, unknown>; geometry: unknown }> }) => {
      const f = e.features?.[0];
      if (!f) return;
      const coords = (f.geometry as { coordinates: [number, number] }).coordinates;
      map.easeTo({ center: coords, zoom: Number(f.properties.expansion_zoom) || map.getZoom() + 2 });
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
      handle.current = null;
      popup.current?.remove();
      map.off('click', 'asset-points', onPoint);
      map.off('click', 'asset-clusters', onCluster);
      map.off('moveend', moved);
      for (const layer of ['asset-points', 'asset-clusters']) {
        map.off('mouseenter', layer, pointer);
        map.off('mouseleave', layer, unpointer);
      }
    };
  }, [map, maplibre, handle]);

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

function Legend() {
  return (
    <div className="absolute bottom-8 left-2 z-10 rounded-md border border-border bg-white/95 p-2 text-xs shadow" aria-label="Technology legend" role="group">
      <p className="mb-1 font-semibold">Technology</p>
      <ul className="grid gap-1">
        {TECHNOLOGY_LEGEND.map((row) => (
          <li key={row.label} className="flex items-center gap-2">
            <span aria-hidden className="inline-block h-3 w-3 rounded-full" style={{ backgroundColor: row.colour }} />
            {row.label}
          </li>
        ))}
      </ul>
    </div>
  );
}

const LIST_SIZE = 50;

/** The asset map with its keyboard list of what it shows (docs/product/assets.md#asset-map). */
export function AssetMap({ filters, onViewDetails, resetSignal }: { filters: AssetFilters; onViewDetails(pick: AssetPick): void; resetSignal: number }) {
  const params = useMemo(() => toMapParams(filters), [filters]);
  const [viewport, setViewport] = useState<{ bounds: [number, number, number, number]; zoom: number } | null>(null);
  const [clustered, setClustered] = useState(false);
  const query = useAssetCoordinates(
    clustered && viewport ? { ...params, bounds: viewport.bounds.map((v) => v.toFixed(4)).join(','), zoom: Math.round(viewport.zoom) } : params,
  );
  const data = query.data;
  useEffect(() => {
    if (data?.clustered) setClustered(true);
  }, [data]);
  const handle = useRef<Handle | null>(null);
  const mapRef = useRef<MapLibreMap | null>(null);

  useEffect(() => {
    if (resetSignal && mapRef.current) mapRef.current.flyTo({ center: ASSET_MAP.center, zoom: ASSET_MAP.zoom, duration: ASSET_MAP.flyMs });
  }, [resetSignal]);

  const inView = useMemo(() => {
    if (!data || !viewport) return { items: [] as PointFeature[], count: 0 };
    const [w, s, e, n] = viewport.bounds;
    const visible = data.features.filter(isPoint).filter((f) => {
      const [x, y] = f.geometry.coordinates;
      return x >= w && x <= e && y >= s && y <= n;
    });
    visible.sort((a, b) => (b.properties.capacity ?? -1) - (a.properties.capacity ?? -1));
    return { items: visible.slice(0, LIST_SIZE), count: visible.length };
  }, [data, viewport]);

  return (
    <div className="grid grid-cols-1 gap-4">
      <MapView
        label="Map of UK renewable energy assets"
        center={ASSET_MAP.center}
        zoom={ASSET_MAP.zoom}
        minZoom={ASSET_MAP.minZoom}
        maxZoom={ASSET_MAP.maxZoom}
        maxBounds={ASSET_MAP.maxBounds}
        loadingText={ASSET_MESSAGES.loadingMap}
        className="h-[480px] md:h-[800px]"
        onLoad={({ map }) => (mapRef.current = map)}
      >
        <AssetLayer
          data={data}
          regions={filters.regions}
          handle={handle}
          onViewDetails={onViewDetails}
          onMove={(map) => {
            const b = map.getBounds();
            setViewport({ bounds: [b.getWest(), b.getSouth(), b.getEast(), b.getNorth()], zoom: map.getZoom() });
          }}
        />
        <Legend />
        {query.isFetching && (
          <div role="status" className="absolute top-2 left-1/2 z-10 -translate-x-1/2 rounded-full bg-white/95 px-3 py-1 text-xs font-medium text-slate-700 shadow">
            {ASSET_MESSAGES.loadingAssets}
          </div>
        )}
      </MapView>
      {query.isError && <p role="alert" className="text-sm text-red-800">Failed to load assets. Please try again.</p>}
      <section aria-labelledby="assets-in-view" className="rounded-lg border border-border p-4">
        <h2 id="assets-in-view" className="text-base font-semibold">
          Assets in view
        </h2>
        <p className="mt-1 text-xs text-slate-600">
          {data ? `${inView.count.toLocaleString('en-GB')} in view${inView.count > LIST_SIZE ? `; the ${LIST_SIZE} largest by capacity are listed` : ''}. Choose one to open it on the map.` : 'Loading…'}
        </p>
        {inView.items.length > 0 && (
          <ul className="mt-3 grid grid-cols-1 gap-1 sm:grid-cols-2 lg:grid-cols-3">
            {inView.items.map((f) => (
              <li key={f.properties.id}>
                <button type="button" className="w-full truncate rounded px-2 py-1 text-left text-sm hover:bg-muted" onClick={() => handle.current?.open(f)}>
                  <span className="font-medium">{f.properties.title}</span>
                  <span className="text-slate-600"> · {capacityText(f.properties.capacity)} MW</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
