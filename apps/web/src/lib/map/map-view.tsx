import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { LngLatBoundsLike, Map as MapLibreMap } from 'maplibre-gl';
import { cn } from '../cn';
import { fetchStyle } from './fetch-style';
import { loadMaplibre, type MapLibreModule } from './load-maplibre';
import { MapContext, type MapContextValue } from './map-context';
import { DEFAULT_MAP_STYLE_URL, MAP_MESSAGES } from './map-messages';
import { PlaceLabels } from './place-labels';

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
  /** Place names as HTML markers from the `listMapPlaces` route (offline basemap only). Default true. */
  placeLabels?: boolean;
  /** Called once the style has loaded, with the map and the MapLibre module. */
  onLoad?: (value: MapContextValue) => void;
  /** Overlay text while loading (default 'Loading map...'). */
  loadingText?: string;
  /** Accessible name of the map region. */
  label: string;
  className?: string;
  /** Layers, markers, legends and tools: rendered only once the map has loaded (issue 5). */
  children?: ReactNode;
}

type State = { status: 'loading' } | { status: 'ready'; value: MapContextValue } | { status: 'failed' } | { status: 'style-error'; message: string };

/**
 * The one map wrapper of the web kit (docs/decisions/0197). MapLibre is loaded lazily; its tools
 * stay hidden until the style has loaded; failures show 'Failed to load map' or
 * 'Error loading map style: {message}'. Props are read once at mount: move the map through
 * `useMap()` / `onLoad`.
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
  loadingText = MAP_MESSAGES.loading,
  label,
  className,
  children,
}: MapViewProps) {
  const container = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<State>({ status: 'loading' });
  const initial = useRef({ style, center, zoom, bounds, maxBounds, minZoom, maxZoom, pitch, navigation, onLoad });

  useEffect(() => {
    let map: MapLibreMap | undefined;
    let resizeObserver: ResizeObserver | undefined;
    let cancelled = false;
    const o = initial.current;
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
      if (cancelled || !container.current) return;
      try {
        map = new maplibre.Map({
          container: container.current,
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
      // Keep the drawing buffer the size of its box. MapLibre tracks resizes itself, but a box that
      // is laid out after the map is created (grid cells, tabs, late CSS) could leave the canvas at
      // its first width, drawing the centre (the asset marker) off to one side. Compare and resize.
      const fit = () => {
        const box = container.current;
        if (!map || cancelled || !box || box.clientWidth === 0 || box.clientHeight === 0) return;
        const canvas = map.getCanvas();
        if (Math.abs(canvas.clientWidth - box.clientWidth) > 1 || Math.abs(canvas.clientHeight - box.clientHeight) > 1) map.resize();
      };
      resizeObserver = new ResizeObserver(fit);
      resizeObserver.observe(container.current);
      let loaded = false;
      map.on('error', (event) => {
        if (!loaded && !cancelled) setState({ status: 'style-error', message: event.error?.message ?? 'unknown error' });
        else console.error('Map error', event.error);
      });
      map.on('load', () => {
        if (cancelled || !map) return;
        loaded = true;
        fit();
        if (o.navigation) map.addControl(new maplibre.NavigationControl({ showCompass: o.pitch !== undefined }), 'top-right');
        const value = { map, maplibre };
        setState({ status: 'ready', value });
        o.onLoad?.(value);
      });
    })();
    return () => {
      cancelled = true;
      resizeObserver?.disconnect();
      map?.remove();
    };
  }, []);

  const overlay =
    state.status === 'loading' ? loadingText : state.status === 'failed' ? MAP_MESSAGES.failed : state.status === 'style-error' ? MAP_MESSAGES.styleError(state.message) : null;

  return (
    <div className={cn('relative overflow-hidden rounded-lg border border-border bg-blue-50', className)}>
      <div ref={container} role="region" aria-label={label} className="h-full w-full" />
      {overlay && (
        <div
          role={state.status === 'loading' ? 'status' : 'alert'}
          className={cn('absolute inset-0 z-10 flex items-center justify-center p-4 text-center text-sm', state.status === 'loading' ? 'bg-white/70 text-slate-700' : 'bg-white/90 font-medium text-red-800')}
        >
          {overlay}
        </div>
      )}
      {state.status === 'ready' && (
        <MapContext.Provider value={state.value}>
          {placeLabels && style === DEFAULT_MAP_STYLE_URL && <PlaceLabels />}
          {children}
        </MapContext.Provider>
      )}
    </div>
  );
}
