import { createContext, useContext } from 'react';
import type { Map as MapLibreMap } from 'maplibre-gl';
import type { LabelObstacles } from './label-layers';
import type { MapLibreModule } from './load-maplibre';

export interface MapContextValue {
  map: MapLibreMap;
  maplibre: MapLibreModule;
  /** Boxes place labels give way to (markers register theirs with `obstacle`; decision 0355). */
  obstacles: LabelObstacles;
}

export const MapContext = createContext<MapContextValue | null>(null);

/** The loaded map and the MapLibre module, for children of <MapView> (rendered only once loaded). */
export function useMap(): MapContextValue {
  const value = useContext(MapContext);
  if (!value) throw new Error('useMap must be used inside <MapView>');
  return value;
}
