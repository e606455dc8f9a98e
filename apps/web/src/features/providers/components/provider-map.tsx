import { useEffect, useMemo, useRef, useState } from 'react';
import type { Map as MapLibreMap } from 'maplibre-gl';
import type { ProviderCluster, ProviderPoint } from '@solar/shared/contracts/providers';
import { DIRECTORY_MAP_ZOOM, MAP_TEXT as T, MAP_UK_CENTER, SERVICE_AREA_FILL_MAX } from '@solar/shared/constants/maps';
import { Switch } from '../../../components/ui/switch';
import { MapView, type MapStatus } from '../../../lib/map';
import { ProviderLegend } from './provider-map-card';
import { cellsIn, ProviderClusters, pointsIn } from './provider-map-clusters';
import { FocusFlyer, ServiceAreas, ViewTracker, type View } from './provider-map-layers';
import { Markers } from './provider-map-markers';
import { ProviderPopup, type PopupContent } from './provider-map-popup';
import { ProvidersInView } from './providers-in-view';

/** The map region's id, for the page's skip link. */
export const DIRECTORY_MAP_ID = 'directory-map';

export interface ProviderMapProps {
  points: readonly ProviderPoint[];
  /** At scale, the server's clusters of the view (decision 0387); `points` are then the providers standing apart. */
  cells?: readonly ProviderCluster[];
  /** Told the box and zoom each time the map stops moving (the page asks the server for that view at scale). */
  onViewChange?(view: View): void;
  /** A chosen location suggestion: the map flies there at zoom 10 whenever `seq` changes. */
  focus?: { center: [number, number]; seq: number } | null;
  /** Initial camera (read once): the address's location centre at zoom 10, else the UK view. */
  initialCenter?: [number, number];
  initialZoom?: number;
  currentUserId?: string | null;
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
    <div className="absolute top-2 left-2 z-10 grid max-w-[calc(100%-4rem)] justify-items-start gap-2">
      <div className="rounded-md border border-border bg-white/95 px-3 py-2 text-sm shadow" data-service-areas={drawn}>
        <div className="flex items-center gap-2">
          <Switch id="show-service-areas" checked={showAreas} onCheckedChange={onShowAreas} />
          <label htmlFor="show-service-areas" className="font-medium">
            {T.showServiceAreas}
          </label>
        </div>
        {showAreas && drawn > SERVICE_AREA_FILL_MAX && (
          <p className="mt-1 max-w-56 text-xs text-slate-700" data-testid="service-area-outlines">
            {T.serviceAreaOutlines(drawn)}
          </p>
        )}
      </div>
      <ProviderLegend />
    </div>
  );
}

/**
 * The directory map (docs/product/providers.md#directory-map): clustered providers with the countrywide share, service
 * areas on a switch, the legend, popup cards, and beside it a keyboard list of the providers in
 * view that stays in step with the map (decision 0272).
 */
export function ProviderMap({
  points,
  cells,
  onViewChange,
  focus,
  initialCenter = MAP_UK_CENTER,
  initialZoom = DIRECTORY_MAP_ZOOM,
  currentUserId,
}: ProviderMapProps) {
  const [showAreas, setShowAreas] = useState(false);
  const [drawn, setDrawn] = useState(0);
  const [view, setView] = useState<View | null>(null);
  const [popup, setPopup] = useState<PopupContent | null>(null);
  const [mapStatus, setMapStatus] = useState<MapStatus>('loading');
  const mapRef = useRef<MapLibreMap | null>(null);
  const selected = popup?.kind === 'card' ? popup.point : null;
  const clusters = useMemo(() => new ProviderClusters(points), [points]);
  const inView = useMemo(() => (view ? pointsIn(points, view.bbox) : []), [points, view]);
  const clusteredInView = useMemo(
    () => (view && cells ? cellsIn(cells, view.bbox).reduce((n, c) => n + (c.kind === 'cell' ? c.count : 0), 0) : 0),
    [cells, view],
  );
  const viewChanged = (next: View) => {
    setView(next);
    onViewChange?.(next);
  };

  // A popup of providers no longer in the results closes.
  useEffect(() => {
    if (!popup) return;
    const shown = popup.kind === 'card' ? [popup.point] : popup.points;
    if (!shown.every((s) => points.some((p) => p.id === s.id))) setPopup(null);
  }, [points, popup]);

  const open = (point: ProviderPoint) => {
    setPopup({ kind: 'card', point });
    mapRef.current?.flyTo({ center: point.position, zoom: mapRef.current.getZoom() });
  };
  // Only the popup that is showing may clear itself: a marker click opens the next one in the same
  // event as the map click that closes the last (decision 0356).
  const closePopup = (closing: PopupContent) => setPopup((current) => (current === closing ? null : current));

  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,1fr)_18rem]">
      <MapView
        id={DIRECTORY_MAP_ID}
        label={T.directoryMapLabel}
        center={initialCenter}
        zoom={initialZoom}
        // On a phone the map fills most of the screen's height, not a fixed strip (issue 19).
        className="h-[65vh] min-h-80 lg:h-[640px]"
        onLoad={({ map }) => (mapRef.current = map)}
        onStatusChange={setMapStatus}
      >
        <ViewTracker onChange={viewChanged} />
        <ServiceAreas points={points} visible={showAreas} view={view} onDrawn={setDrawn} />
        <Markers clusters={clusters} cells={cells} view={view} onOpen={open} onOpenGroup={(position, group) => setPopup({ kind: 'group', position, points: group })} />
        {popup && (
          <ProviderPopup
            key={popup.kind === 'card' ? `card-${popup.point.id}` : `group-${popup.position.join(',')}`}
            content={popup}
            onClose={() => closePopup(popup)}
            onOpen={open}
            currentUserId={currentUserId}
          />
        )}
        <FocusFlyer focus={focus} />
        <MapTools showAreas={showAreas} onShowAreas={setShowAreas} drawn={drawn} />
      </MapView>
      <ProvidersInView
        view={view}
        inView={inView}
        clusteredInView={clusteredInView}
        all={points}
        mapStatus={mapStatus}
        selectedId={selected?.id}
        onOpen={open}
      />
    </div>
  );
}
