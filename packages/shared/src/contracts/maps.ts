import { z } from 'zod';
import { defineContract } from './contract';
import { boundsParam } from './assets';
import { errors } from './common';

/** Offline basemap (issue 5): a MapLibre style drawing the UK from the bundled boundaries. */
export const MAP_LAYERS = ['uk', 'nations', 'regions'] as const;

export const getMapStyle = defineContract({
  method: 'GET',
  path: '/api/maps/style',
  access: 'public',
  source: 'project',
  summary: 'The MapLibre style of the offline basemap (redirects to MAP_STYLE_URL when configured)',
  response: { 200: z.unknown(), 302: z.unknown() },
  produces: 'application/json',
});

export const getMapLayer = defineContract({
  method: 'GET',
  path: '/api/maps/geo/:layer',
  access: 'public',
  source: 'project',
  summary: 'GeoJSON of a basemap layer (uk.geojson, nations.geojson, regions.geojson)',
  params: z.object({ layer: z.enum(MAP_LAYERS.map((l) => `${l}.geojson`) as [string, ...string[]]) }),
  response: { 200: z.unknown(), 400: errors[400] },
  produces: 'application/geo+json',
});

export const getMapOutline = defineContract({
  method: 'GET',
  path: '/api/maps/outline.svg',
  access: 'public',
  source: 'project',
  summary: 'The UK outline as a small SVG image: the static preview of a profile map until the map itself is wanted (decision 0373)',
  response: { 200: z.unknown() },
  produces: 'image/svg+xml',
});

/** Place labels drawn as HTML markers (no glyphs exist offline, so no MapLibre text layers). */
export const mapPlace = z.object({ name: z.string(), kind: z.string(), lng: z.number(), lat: z.number() });
export type MapPlace = z.infer<typeof mapPlace>;

export const listMapPlaces = defineContract({
  method: 'GET',
  path: '/api/maps/places',
  access: 'public',
  source: 'project',
  summary: 'The largest places inside bounds for the zoom (labels for the offline basemap)',
  query: z.object({ bounds: boundsParam, zoom: z.coerce.number().min(0).max(24) }),
  response: { 200: z.array(mapPlace), 400: errors[400] },
});
