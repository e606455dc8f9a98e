import { z } from 'zod';
import { defineContract } from './contract';
import { boundsParam } from './assets';
import { errors } from './common';
import { NEAREST_PLACES_DEFAULT, NEAREST_PLACES_MAX } from '../constants/maps';

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

/**
 * Place labels for the offline basemap's symbol layer (decision 0355); `priority` orders them when
 * they collide (0 is named first).
 */
export const mapPlace = z.object({ name: z.string(), kind: z.string(), lng: z.number(), lat: z.number(), priority: z.number().int() });
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

/** A settlement near a point, with its distance (decision 0358). */
export const nearPlace = z.object({ name: z.string(), kind: z.string(), lng: z.number(), lat: z.number(), distanceKm: z.number() });
export type NearPlace = z.infer<typeof nearPlace>;

const coordinate = (min: number, max: number, name: string) =>
  z.coerce.number({ message: `${name} must be a number from ${min} to ${max}` }).min(min, `${name} must be a number from ${min} to ${max}`).max(max, `${name} must be a number from ${min} to ${max}`);

export const listNearestPlaces = defineContract({
  method: 'GET',
  path: '/api/maps/places/nearest',
  access: 'public',
  source: 'project',
  summary: 'The settlements nearest a point, and the nearest town, with distances (context around an asset on the offline basemap)',
  query: z.object({
    lng: coordinate(-180, 180, 'lng'),
    lat: coordinate(-90, 90, 'lat'),
    limit: z.coerce
      .number()
      .int('limit must be a whole number from 1 to 10')
      .min(1, 'limit must be a whole number from 1 to 10')
      .max(NEAREST_PLACES_MAX, 'limit must be a whole number from 1 to 10')
      .default(NEAREST_PLACES_DEFAULT),
  }),
  response: { 200: z.array(nearPlace), 400: errors[400] },
});
