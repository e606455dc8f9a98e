import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { LngLatBoundsLike, Map as MapLibreMap } from 'maplibre-gl';
import { MAP_TEXT } from '@solar/shared/constants/maps';
import { cn } from '../cn';
import { fetchStyle } from './fetch-style';
import { LabelObstacles } from './label-layers';
import { loadMaplibre, type MapLibreModule } from './load-maplibre';
import { MapContext, type MapContextValue } from './map-context';
import { DEFAULT_MAP_STYLE_URL, MAP_MESSAGES } from './map-messages';
import { OfflineNote } from './offline-note';
import { PlaceLabels } from './place-labels';

export type MapStatus = 'loading' | 'ready' | 'failed';

export interface MapViewProps {
  /** Style URL; defaults to the project's offline basemap (the `getMapStyle` route). */
  style?: string;
  center?: [lng: number, lat: number];
  zoom?: number;
  /** Fit these bounds initially instead of center/zoom: [[west, south], [east, north]]. */
  bounds?: LngLatBoundsLike;
  /** Panning limits. */
  maxBounds?: LngLatBoundsLike;
  minZoom?: number;
  maxZoom?: number;
  pitch?: number;
  /** Zoom buttons (top right). Default true. */
  navigation?: boolean;
  /** Place names from the `listMapPlaces` route (offline basemap only). Default true. */
  placeLabels?: boolean;
  /** Called once the style has loaded, with the map and the MapLibre module. */
  onLoad?: (value: MapContextValue) => void;
  /** Called as the map starts loading, has loaded, or has failed (to load MapLibre or the style). */
  onStatusChange?: (status: MapStatus) => void;
  /** Overlay text while loading (default 'Loading map...'). */
  loadingText?: string;
  /** Accessible name of the map region. */
  label: string;
  /** id of the map region, for a skip link. */
  id?: string;
  className?: string;
  /** Layers, markers, legends and tools: rendered only once the map has loaded (issue 5). */
  children?: ReactNode;
}

type State =
  | { status: 'loading' }
  | { status: 'ready'; value: MapContextValue; offline: boolean; placesAttribution?: string }
  | { status: 'failed' }
  | { status: 'style-error'; message: string };

/** The element carrying the map instance, for journeys and debugging (README). */
type MapElement = HTMLDivElement & { maplibreMap?: MapLibreMap };

/**
 * The one map wrapper of the web kit (docs/decisions/0197). MapLibre is loaded lazily; its tools
 * stay hidden until the style has loaded; failures show 'Failed to load map' or
 * 'Error loading map style: {message}' with 'Try again'. Props are read once at mount: move the map
 * through `useMap()` / `onLoad`.
 */
export function MapView({
  style = DEFAULT_MAP_STYLE_URL,
  center = [-2.5, 54],
  zoom = 4.8,
  bounds,
  maxBounds,
  minZoom,
  maxZoom,
  pitch,
  navigation = true,
  placeLabels = true,
  onLoad,
  onStatusChange,
  loadingText = MAP_MESSAGES.loading,
  label,
  id,
  className,
  children,
}: MapViewProps) {
  const container = useRef<MapElement>(null);
  const [state, setState] = useState<State>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const initial = useRef({ style, center, zoom, bounds, maxBounds, minZoom, maxZoom, pitch, navigation, onLoad });
  const statusCallback = useRef(onStatusChange);
  useEffect(() => {
    statusCallback.current = onStatusChange;
  });
  const status: MapStatus = state.status === 'ready' ? 'ready' : state.status === 'loading' ? 'loading' : 'failed';
  useEffect(() => {
    statusCallback.current?.(status);
  }, [status]);

  useEffect(() => {
    let map: MapLibreMap | undefined;
    let obstacles: LabelObstacles | undefined;
    let resizeObserver: ResizeObserver | undefined;
    let cancelled = false;
    const o = initial.current;
    const element = container.current;
    void (async () => {
      let maplibre: MapLibreModule;
      try {
        maplibre = await loadMaplibre();
      } catch (error) {
        console.error('Failed to load map', error);
        if (!cancelled) setState({ status: 'failed' });
        return;
      }
      let styleJson;
      try {
        styleJson = await fetchStyle(o.style);
      } catch (error) {
        if (!cancelled) setState({ status: 'style-error', message: (error as Error).message });
        return;
      }
      if (cancelled || !element) return;
      const metadata = (styleJson.metadata ?? {}) as Record<string, unknown>;
      const offline = metadata['solar:offline-basemap'] === true;
      const placesAttribution = typeof metadata['solar:places-attribution'] === 'string' ? metadata['solar:places-attribution'] : undefined;
      try {
        map = new maplibre.Map({
          container: element,
          style: styleJson,
          center: o.center,
          zoom: o.zoom,
          ...(o.bounds && { bounds: o.bounds }),
          ...(o.maxBounds && { maxBounds: o.maxBounds }),
          ...(o.minZoom !== undefined && { minZoom: o.minZoom }),
          ...(o.maxZoom !== undefined && { maxZoom: o.maxZoom }),
          ...(o.pitch !== undefined && { pitch: o.pitch }),
          attributionControl: { compact: true },
        });
      } catch (error) {
        console.error('Failed to load map', error);
        setState({ status: 'failed' });
        return;
      }
      element.maplibreMap = map;
      // Keep the drawing buffer the size of its box. MapLibre tracks resizes itself, but a box that
      // is laid out after the map is created (grid cells, tabs, late CSS) could leave the canvas at
      // its first width, drawing the centre (the asset marker) off to one side. Compare and resize.
      const fit = () => {
        if (!map || cancelled || element.clientWidth === 0 || element.clientHeight === 0) return;
        const canvas = map.getCanvas();
        if (Math.abs(canvas.clientWidth - element.clientWidth) > 1 || Math.abs(canvas.clientHeight - element.clientHeight) > 1) map.resize();
      };
      resizeObserver = new ResizeObserver(fit);
      resizeObserver.observe(element);
      let loaded = false;
      map.on('error', (event) => {
        if (!loaded && !cancelled) setState({ status: 'style-error', message: event.error?.message ?? 'unknown error' });
        else console.error('Map error', event.error);
      });
      map.on('load', () => {
        if (cancelled || !map) return;
        loaded = true;
        fit();
        // A narrow map starts with its attribution folded into the (i) button, as MapLibre folds it
        // after the first drag: open, it covered a third of a phone's map (issue 19).
        element.querySelector('.maplibregl-ctrl-attrib.maplibregl-compact')?.classList.remove('maplibregl-compact-show');
        if (o.navigation) map.addControl(new maplibre.NavigationControl({ showCompass: o.pitch !== undefined }), 'top-right');
        obstacles = new LabelObstacles(map);
        const value = { map, maplibre, obstacles };
        setState({ status: 'ready', value, offline, placesAttribution });
        o.onLoad?.(value);
      });
    })();
    return () => {
      cancelled = true;
      resizeObserver?.disconnect();
      obstacles?.destroy();
      map?.remove();
      if (element) delete element.maplibreMap;
    };
  }, [attempt]);

  const failed = state.status === 'failed' || state.status === 'style-error';
  const overlay =
    state.status === 'loading' ? loadingText : state.status === 'failed' ? MAP_MESSAGES.failed : state.status === 'style-error' ? MAP_MESSAGES.styleError(state.message) : null;

  return (
    <div
      className={cn(
        'relative overflow-hidden rounded-lg border border-border bg-blue-50',
        // The canvas is clipped by its box, so its own focus outline would not show (issue 19).
        'has-[.maplibregl-canvas:focus-visible]:ring-2 has-[.maplibregl-canvas:focus-visible]:ring-primary has-[.maplibregl-canvas:focus-visible]:ring-offset-2',
        className,
      )}
    >
      <div ref={container} id={id} role="region" aria-label={label} className="h-full w-full" />
      {overlay && (
        <div
          role={state.status === 'loading' ? 'status' : 'alert'}
          className={cn(
            'absolute inset-0 z-10 flex flex-col items-center justify-center gap-3 p-4 text-center text-sm',
            state.status === 'loading' ? 'bg-white/70 text-slate-700' : 'bg-white/90 font-medium text-red-800',
          )}
        >
          <p>{overlay}</p>
          {failed && (
            <button
              type="button"
              className="rounded-md border border-border bg-white px-3 py-1.5 text-sm font-medium text-slate-900 shadow-sm hover:bg-muted"
              onClick={() => {
                setState({ status: 'loading' });
                setAttempt((n) => n + 1);
              }}
            >
              {MAP_TEXT.mapRetry}
            </button>
          )}
        </div>
      )}
      {state.status === 'ready' && (
        <MapContext.Provider value={state.value}>
          {state.offline && placeLabels && <PlaceLabels attribution={state.placesAttribution} />}
          {state.offline && <OfflineNote />}
          {children}
        </MapContext.Provider>
      )}
    </div>
  );
}
