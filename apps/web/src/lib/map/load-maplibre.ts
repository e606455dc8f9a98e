import type * as MapLibre from 'maplibre-gl';

export type MapLibreModule = typeof MapLibre;

let loading: Promise<MapLibreModule> | undefined;

/**
 * Loads MapLibre on demand, so it is never in the first-load bundle of pages without a map. The
 * worker is a same-origin module file (`?url`), allowed by the CSP's worker-src 'self'.
 */
export function loadMaplibre(): Promise<MapLibreModule> {
  loading ??= Promise.all([
    import('maplibre-gl'),
    import('maplibre-gl/dist/maplibre-gl-worker.mjs?url'),
    import('maplibre-gl/dist/maplibre-gl.css'),
  ]).then(([maplibregl, worker]) => {
    maplibregl.setWorkerUrl(worker.default);
    return maplibregl;
  });
  loading.catch(() => {
    loading = undefined; // a later mount may retry
  });
  return loading;
}
