import { useEffect, useMemo, useRef, useState } from 'react';
import type { Map as MapLibreMap } from 'maplibre-gl';
import type { ProviderPoint } from '@solar/shared/contracts/providers';
import { DIRECTORY_MAP_ZOOM, MAP_TEXT as T, MAP_UK_CENTER } from '@solar/shared/constants/maps';
import { Switch } from '../../../components/ui/switch';
import { MapView } from '../../../lib/map';
import { ProviderLegend } from './provider-map-card';
import { ProviderClusters, pointsIn } from './provider-map-clusters';
import { FocusFlyer, ServiceAreas, ViewTracker, type View } from './provider-map-layers';
import { Markers } from './provider-map-markers';
import { ProviderPopup } from './provider-map-popup';
import { ProvidersInView } from './providers-in-view';

export interface ProviderMapProps {
  points: readonly ProviderPoint[];
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
 * The directory map (docs/product/providers.md#directory-map): clustered providers with the countrywide share, service
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
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,1fr)_18rem]">
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
      <ProvidersInView view={view} inView={inView} selectedId={selected?.id} onOpen={open} />
    </div>
  );
}
