import { useEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import type { GeoJSONSource, MapMouseEvent, Map as MapLibreMap } from 'maplibre-gl';
import type { ProviderPoint } from '@solar/shared/contracts/providers';
import {
  COUNTRYWIDE_PROVIDER_COLOUR,
  DIRECTORY_MAP_ZOOM,
  LOCAL_PROVIDER_COLOUR,
  LOCATION_CHOSEN_ZOOM,
  MAP_TEXT as T,
  MAP_UK_CENTER,
  PROVIDERS_IN_VIEW_LIST_MAX,
  SERVICE_AREA_FILL,
  SERVICE_AREA_MAX_CIRCLES,
  SERVICE_AREA_OPACITY,
} from '@solar/shared/constants/maps';
import { PROVIDER_MESSAGES as M } from '@solar/shared/constants/providers';
import { hasServiceArea, serviceAreaBounds, serviceAreaFeature } from '@solar/shared/domain/service-area';
import { Switch } from '../../../components/ui/switch';
import { MapMarker, MapView, useMap } from '../../../lib/map';
import { useProvider } from '../api/get-provider';
import { ProviderCard } from '../../../components/provider-card';
import { ProviderLegend } from './provider-map-card';
import { ProviderClusters, pointsIn, type Bbox, type MapItem } from './provider-map-clusters';

interface View {
  bbox: Bbox;
  zoom: number;
}

export interface ProviderMapProps {
  points: readonly ProviderPoint[];
  /** A chosen location suggestion: the map flies there at zoom 10 whenever `seq` changes. */
  focus?: { center: [number, number]; seq: number } | null;
  /** Initial camera (read once): the address's location centre at zoom 10, else the UK view. */
  initialCenter?: [number, number];
  initialZoom?: number;
  currentUserId?: string | null;
}

const SOURCE = 'provider-service-areas';

/** Reports the visible box and zoom whenever the map stops moving. */
function ViewTracker({ onChange }: { onChange(view: View): void }) {
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
 * Service-area circles (directory §9: 64 points, blue fill at 0.2 opacity; none for countrywide).
 * Only circles that reach the view are built, nearest first, at most 1,500 (decision 0271).
 */
function ServiceAreas({
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
    map.addLayer({
      id: `${SOURCE}-fill`,
      type: 'fill',
      source: SOURCE,
      paint: { 'fill-color': SERVICE_AREA_FILL, 'fill-opacity': SERVICE_AREA_OPACITY },
    });
    map.addLayer({
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
    void source.setData({
      type: 'FeatureCollection',
      features: reaching.map((p) => serviceAreaFeature(p.position, p.radius as number, { id: p.id })),
    });
    onDrawn(reaching.length);
  }, [map, points, visible, view, onDrawn]);
  return null;
}

/** A cluster as a donut: the orange arc is the share of countrywide providers (directory §9). */
export function ClusterDonut({ count, countrywide, share }: { count: number; countrywide: number; share: number }) {
  const size = Math.round(34 + Math.min(22, Math.log10(Math.max(1, count)) * 8));
  const r = size / 2 - 4;
  const circumference = 2 * Math.PI * r;
  return (
    <svg
      width={size}
      height={size}
      viewBox={`0 0 ${size} ${size}`}
      aria-hidden
      data-share={share.toFixed(3)}
      data-countrywide={countrywide}
    >
      <circle cx={size / 2} cy={size / 2} r={r} fill="white" stroke={LOCAL_PROVIDER_COLOUR} strokeWidth={6} />
      {share > 0 && (
        <circle
          cx={size / 2}
          cy={size / 2}
          r={r}
          fill="none"
          stroke={COUNTRYWIDE_PROVIDER_COLOUR}
          strokeWidth={6}
          strokeDasharray={`${share * circumference} ${circumference}`}
          transform={`rotate(-90 ${size / 2} ${size / 2})`}
        />
      )}
      <text
        x="50%"
        y="50%"
        dominantBaseline="central"
        textAnchor="middle"
        fontSize={count >= 1000 ? 10 : 12}
        fontWeight={600}
        fill="#0f172a"
      >
        {count >= 10_000 ? `${Math.round(count / 1000)}k` : count.toLocaleString('en-GB')}
      </text>
    </svg>
  );
}

/** Clusters and single providers as HTML markers (buttons, so they work from the keyboard too). */
function Markers({
  clusters,
  view,
  onOpen,
}: {
  clusters: ProviderClusters;
  view: View | null;
  onOpen(point: ProviderPoint): void;
}) {
  const { map } = useMap();
  const items: MapItem[] = useMemo(() => (view ? clusters.itemsIn(view.bbox, view.zoom) : []), [clusters, view]);
  return (
    <>
      {items.map((item) =>
        item.kind === 'cluster' ? (
          <MapMarker key={`c-${item.id}`} lngLat={item.position}>
            <button
              type="button"
              data-testid="provider-cluster"
              aria-label={`Cluster of ${item.count.toLocaleString('en-GB')} providers, ${item.countrywide.toLocaleString('en-GB')} countrywide`}
              className="block cursor-pointer rounded-full focus-visible:outline-2 focus-visible:outline-offset-2"
              onClick={() => map.easeTo({ center: item.position, zoom: clusters.expansionZoom(item.id) })}
            >
              <ClusterDonut count={item.count} countrywide={item.countrywide} share={item.share} />
            </button>
          </MapMarker>
        ) : (
          <MapMarker key={`p-${item.point.id}`} lngLat={item.position}>
            <button
              type="button"
              data-testid="provider-point"
              aria-label={item.point.businessName || M.unclaimedName}
              title={item.point.businessName || M.unclaimedName}
              className="block h-4 w-4 cursor-pointer rounded-full border-2 border-white shadow focus-visible:outline-2 focus-visible:outline-offset-2"
              style={{ backgroundColor: item.point.countrywide ? COUNTRYWIDE_PROVIDER_COLOUR : LOCAL_PROVIDER_COLOUR }}
              onClick={() => onOpen(item.point)}
            />
          </MapMarker>
        ),
      )}
    </>
  );
}

/** The directory's card for a point, loaded when its popup opens. */
function PopupCard({ point, currentUserId }: { point: ProviderPoint; currentUserId?: string | null }) {
  const query = useProvider(point.slug || point.id);
  if (query.isPending) {
    return (
      <p role="status" className="w-64 p-2 text-sm">
        {point.businessName || M.unclaimedName}… loading
      </p>
    );
  }
  if (query.isError) {
    return (
      <p role="alert" className="w-64 p-2 text-sm text-destructive">
        {(query.error as Error | null)?.message || M.fetchProviderFailed}
      </p>
    );
  }
  return (
    <div className="w-[17rem] max-w-full text-left">
      <ProviderCard provider={query.data} currentUserId={currentUserId} />
    </div>
  );
}

/** The popup card of the chosen provider (directory §2); closing it clears the choice. */
function ProviderPopup({
  point,
  onClose,
  currentUserId,
}: {
  point: ProviderPoint;
  onClose(): void;
  currentUserId?: string | null;
}) {
  const { map, maplibre } = useMap();
  const [element] = useState(() => document.createElement('div'));
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  });
  useEffect(() => {
    const popup = new maplibre.Popup({
      maxWidth: '300px',
      offset: 12,
      focusAfterOpen: true,
      closeOnClick: false,
      className: 'provider-map-popup',
    })
      .setLngLat(point.position)
      .setDOMContent(element)
      .addTo(map);
    const onPopupClose = () => close.current();
    popup.on('close', onPopupClose);
    // A click on the map closes the card, but not the marker click that opened it (markers sit inside the map).
    const onMapClick = (event: MapMouseEvent) => {
      const target = event.originalEvent.target;
      if (target instanceof Element && target.closest('.maplibregl-marker, .maplibregl-popup')) return;
      close.current();
    };
    map.on('click', onMapClick);
    return () => {
      map.off('click', onMapClick);
      popup.off('close', onPopupClose);
      popup.remove();
    };
  }, [map, maplibre, element, point]);
  return createPortal(<PopupCard point={point} currentUserId={currentUserId} />, element);
}

/** Flies to a chosen location at zoom 10 (directory §9). */
function FocusFlyer({ focus }: { focus: ProviderMapProps['focus'] }) {
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

function MapTools({
  showAreas,
  onShowAreas,
  drawn,
}: {
  showAreas: boolean;
  onShowAreas(on: boolean): void;
  drawn: number;
}) {
  return (
    <>
      <div
        className="absolute top-2 left-2 z-10 flex items-center gap-2 rounded-md border border-border bg-white/95 px-3 py-2 text-sm shadow"
        data-service-areas={drawn}
      >
        <Switch id="show-service-areas" checked={showAreas} onCheckedChange={onShowAreas} />
        <label htmlFor="show-service-areas" className="font-medium">
          {T.showServiceAreas}
        </label>
      </div>
      <ProviderLegend className="absolute top-14 left-2 z-10" />
    </>
  );
}

/**
 * The directory map (directory §2, §9): clustered providers with the countrywide share, service
 * areas on a switch, the legend, popup cards, and beside it a keyboard list of the providers in
 * view that stays in step with the map (decision 0272).
 */
export function ProviderMap({
  points,
  focus,
  initialCenter = MAP_UK_CENTER,
  initialZoom = DIRECTORY_MAP_ZOOM,
  currentUserId,
}: ProviderMapProps) {
  const [showAreas, setShowAreas] = useState(false);
  const [drawn, setDrawn] = useState(0);
  const [view, setView] = useState<View | null>(null);
  const [selected, setSelected] = useState<ProviderPoint | null>(null);
  const mapRef = useRef<MapLibreMap | null>(null);
  const clusters = useMemo(() => new ProviderClusters(points), [points]);
  const inView = useMemo(() => (view ? pointsIn(points, view.bbox) : []), [points, view]);

  // A popup of a provider no longer in the results closes.
  useEffect(() => {
    if (selected && !points.some((p) => p.id === selected.id)) setSelected(null);
  }, [points, selected]);

  const open = (point: ProviderPoint) => {
    setSelected(point);
    mapRef.current?.flyTo({ center: point.position, zoom: mapRef.current.getZoom() });
  };

  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_18rem]">
      <MapView
        label={T.directoryMapLabel}
        center={initialCenter}
        zoom={initialZoom}
        className="h-[480px] lg:h-[640px]"
        onLoad={({ map }) => (mapRef.current = map)}
      >
        <ViewTracker onChange={setView} />
        <ServiceAreas points={points} visible={showAreas} view={view} onDrawn={setDrawn} />
        <Markers clusters={clusters} view={view} onOpen={open} />
        {selected && <ProviderPopup point={selected} onClose={() => setSelected(null)} currentUserId={currentUserId} />}
        <FocusFlyer focus={focus} />
        <MapTools showAreas={showAreas} onShowAreas={setShowAreas} drawn={drawn} />
      </MapView>
      <section
        aria-labelledby="providers-in-view"
        className="rounded-lg border border-border p-4 lg:max-h-[640px] lg:overflow-y-auto"
      >
        <h2 id="providers-in-view" className="text-base font-semibold">
          {T.providersInView}
        </h2>
        <p className="mt-1 text-xs text-slate-600" aria-live="polite">
          {view
            ? `${inView.length.toLocaleString('en-GB')} in view${inView.length > PROVIDERS_IN_VIEW_LIST_MAX ? `; the first ${PROVIDERS_IN_VIEW_LIST_MAX} are listed` : ''}. Choose one to open it on the map.`
            : 'Loading…'}
        </p>
        {inView.length > 0 && (
          <ul className="mt-3 grid gap-1">
            {inView.slice(0, PROVIDERS_IN_VIEW_LIST_MAX).map((p) => (
              <li key={p.id}>
                <button
                  type="button"
                  aria-pressed={selected?.id === p.id}
                  className="flex w-full items-center gap-2 rounded px-2 py-1 text-left text-sm hover:bg-muted aria-pressed:bg-primary/10"
                  onClick={() => open(p)}
                >
                  <span
                    aria-hidden
                    className="inline-block h-2.5 w-2.5 shrink-0 rounded-full"
                    style={{ backgroundColor: p.countrywide ? COUNTRYWIDE_PROVIDER_COLOUR : LOCAL_PROVIDER_COLOUR }}
                  />
                  <span className="min-w-0 flex-1 truncate font-medium">{p.businessName || M.unclaimedName}</span>
                  <span className="shrink-0 text-xs text-slate-600">
                    {p.countrywide ? 'Countrywide' : hasServiceArea(p.radius) ? `${p.radius} km` : ''}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
