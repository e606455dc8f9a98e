import { useEffect, useMemo, useRef, useState } from 'react';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { ASSET_MAP, ASSET_MESSAGES, TECHNOLOGY_LEGEND } from '@solar/shared/constants/assets';
import type { AssetFeatureCollection, AssetPointProperties } from '@solar/shared/contracts/assets';
import { MapPopup, MapView, type MapStatus } from '../../../lib/map';
import { useAssetCoordinates } from '../api/list-asset-coordinates';
import { toMapParams, type AssetFilters } from '../state/asset-filters';
import { AssetLayer } from './asset-map-layer';
import { AssetPopupContent } from './asset-map-popup';
import { ASSETS_IN_VIEW_LIST_MAX, AssetsInView } from './assets-in-view';

type Feature = AssetFeatureCollection['features'][number];
type PointFeature = Feature & { properties: AssetPointProperties };
const isPoint = (f: Feature): f is PointFeature => !('cluster' in f.properties);
const bySize = (a: AssetPointProperties, b: AssetPointProperties) => (b.capacity ?? -1) - (a.capacity ?? -1);

export interface AssetPick {
  id: number;
  title: string;
}

/** The map region's id, for the page's skip link. */
export const ASSET_MAP_ID = 'asset-map';

function Legend() {
  return (
    <div className="absolute top-2 left-2 z-10 rounded-md border border-border bg-white/95 p-2 text-xs shadow" aria-label="Technology legend" role="group">
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

interface Popup {
  lngLat: [number, number];
  assets: AssetPointProperties[];
}

/**
 * The asset map with its keyboard list of what it shows (docs/product/assets.md#asset-map). A site
 * chosen in 'Search by Site Name' (`focusSite`, a new `seq` each time) is flown to and opened.
 */
export function AssetMap({
  filters,
  onViewDetails,
  resetSignal,
  focusSite,
  onSiteFocused,
}: {
  filters: AssetFilters;
  onViewDetails(pick: AssetPick): void;
  resetSignal: number;
  focusSite?: { name: string; seq: number } | null;
  /** The chosen site has been shown (or found missing): the page forgets it, so a return to Overview does not fly again. */
  onSiteFocused?(): void;
}) {
  const params = useMemo(() => toMapParams(filters), [filters]);
  const [viewport, setViewport] = useState<{ bounds: [number, number, number, number]; zoom: number } | null>(null);
  const [clustered, setClustered] = useState(false);
  const [mapStatus, setMapStatus] = useState<MapStatus>('loading');
  const [popup, setPopup] = useState<Popup | null>(null);
  const [siteMissing, setSiteMissing] = useState<string | null>(null);
  const query = useAssetCoordinates(
    clustered && viewport ? { ...params, bounds: viewport.bounds.map((v) => v.toFixed(4)).join(','), zoom: Math.round(viewport.zoom) } : params,
  );
  const data = query.data;
  useEffect(() => {
    if (data?.clustered) setClustered(true);
  }, [data]);
  const mapRef = useRef<MapLibreMap | null>(null);
  const points = useMemo(() => (data ? data.features.filter(isPoint) : []), [data]);
  const byId = useMemo(() => new Map(points.map((f) => [f.properties.id, f])), [points]);

  useEffect(() => {
    if (resetSignal && mapRef.current) mapRef.current.flyTo({ center: ASSET_MAP.center, zoom: ASSET_MAP.zoom, duration: ASSET_MAP.flyMs });
  }, [resetSignal]);

  /** Opens the popup of the assets at a spot; docs/product/assets.md#asset-map: pans when it is within 50 px of an edge. */
  const openAt = (assets: AssetPointProperties[], lngLat: [number, number], pan = true) => {
    setPopup({ lngLat, assets });
    const map = mapRef.current;
    if (!map || !pan) return;
    const point = map.project(lngLat);
    const { clientWidth: w, clientHeight: h } = map.getContainer();
    const m = ASSET_MAP.edgeMarginPx;
    if (point.x < m || point.y < m || point.x > w - m || point.y > h - m) map.panTo(lngLat, { duration: ASSET_MAP.edgePanMs });
  };
  /** One asset, with any others at exactly the same spot (decision 0356), the chosen one first. */
  const openAsset = (feature: PointFeature, pan = true) => {
    const [x, y] = feature.geometry.coordinates;
    const others = points.filter((f) => f !== feature && f.geometry.coordinates[0] === x && f.geometry.coordinates[1] === y).map((f) => f.properties);
    openAt([feature.properties, ...others.sort(bySize)], [x, y], pan);
  };

  // A site chosen by name: once the answer for the new filter is in, fly to it and open it.
  const handledSeq = useRef(0);
  const ready = mapStatus === 'ready' && Boolean(data) && !query.isFetching && !query.isPlaceholderData;
  const latest = useRef({ openAsset, onSiteFocused });
  useEffect(() => {
    latest.current = { openAsset, onSiteFocused };
  });
  useEffect(() => {
    const map = mapRef.current;
    if (!focusSite || focusSite.seq === handledSeq.current || !ready || !map) return;
    handledSeq.current = focusSite.seq;
    latest.current.onSiteFocused?.();
    const name = focusSite.name.trim().toLowerCase();
    const [match] = points.filter((f) => f.properties.title.trim().toLowerCase() === name).sort((a, b) => bySize(a.properties, b.properties));
    setSiteMissing(match ? null : focusSite.name);
    if (!match) return;
    map.flyTo({ center: match.geometry.coordinates, zoom: Math.max(map.getZoom(), ASSET_MAP.siteZoom), duration: ASSET_MAP.flyMs });
    latest.current.openAsset(match, false);
  }, [focusSite, ready, points]);
  useEffect(() => setSiteMissing(null), [params]);

  const inView = useMemo(() => {
    if (!viewport) return { items: [...points].map((f) => f.properties).sort(bySize).slice(0, ASSETS_IN_VIEW_LIST_MAX), count: points.length };
    const [w, s, e, n] = viewport.bounds;
    const visible = points
      .filter((f) => {
        const [x, y] = f.geometry.coordinates;
        return x >= w && x <= e && y >= s && y <= n;
      })
      .map((f) => f.properties)
      .sort(bySize);
    return { items: visible.slice(0, ASSETS_IN_VIEW_LIST_MAX), count: visible.length };
  }, [points, viewport]);

  const viewDetails = (a: AssetPointProperties) => onViewDetails({ id: a.id, title: a.title });

  return (
    <div className="grid grid-cols-1 gap-4">
      <MapView
        id={ASSET_MAP_ID}
        label="Map of UK renewable energy assets"
        center={ASSET_MAP.center}
        zoom={ASSET_MAP.zoom}
        minZoom={ASSET_MAP.minZoom}
        maxZoom={ASSET_MAP.maxZoom}
        maxBounds={ASSET_MAP.maxBounds}
        loadingText={ASSET_MESSAGES.loadingMap}
        className="h-[480px] md:h-[800px]"
        onLoad={({ map }) => (mapRef.current = map)}
        onStatusChange={setMapStatus}
      >
        <AssetLayer
          data={data}
          regions={filters.regions}
          onPick={(ids, lngLat) => {
            const assets = ids.flatMap((id) => byId.get(id)?.properties ?? []).sort(bySize);
            if (assets.length) openAt(assets, lngLat);
          }}
          onMove={(map) => {
            const b = map.getBounds();
            setViewport({ bounds: [b.getWest(), b.getSouth(), b.getEast(), b.getNorth()], zoom: map.getZoom() });
          }}
        />
        <Legend />
        {popup && (
          <MapPopup key={`${popup.lngLat.join(',')}:${popup.assets.map((a) => a.id).join(',')}`} lngLat={popup.lngLat} maxWidth="260px" offset={8} onClose={() => setPopup((p) => (p === popup ? null : p))}>
            <AssetPopupContent assets={popup.assets} onViewDetails={viewDetails} />
          </MapPopup>
        )}
        {query.isFetching && (
          <div role="status" className="absolute top-2 left-1/2 z-10 -translate-x-1/2 rounded-full bg-white/95 px-3 py-1 text-xs font-medium text-slate-700 shadow">
            {ASSET_MESSAGES.loadingAssets}
          </div>
        )}
      </MapView>
      {query.isError && <p role="alert" className="text-sm text-red-800">Failed to load assets. Please try again.</p>}
      {siteMissing && (
        <p role="status" className="text-sm text-slate-700">
          {ASSET_MESSAGES.siteNotShown(siteMissing)}
        </p>
      )}
      <AssetsInView
        items={inView.items}
        count={inView.count}
        loading={!data || (mapStatus !== 'failed' && !viewport)}
        mapStatus={mapStatus}
        onOpen={(a) => {
          const f = byId.get(a.id);
          if (f) openAsset(f);
        }}
        onViewDetails={viewDetails}
      />
    </div>
  );
}
