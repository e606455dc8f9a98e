import { z } from 'zod';
import { GEOCODE_MAX_LIMIT } from '../constants/geo';
import { defineContract } from './contract';
import { errors } from './common';

/** The place types a caller may ask for (docs/product/geo.md#geocode; mapping in docs/decisions/0121). */
export const GEO_TYPES = ['place', 'locality', 'neighborhood', 'address', 'postcode', 'region'] as const;
export type GeoType = (typeof GEO_TYPES)[number];

export { GEOCODE_MAX_LIMIT };

/** A location suggestion (docs/product/geo.md#location-suggestions): place_name and center as [longitude, latitude]. */
export const geoFeature = z.object({
  place_name: z.string(),
  center: z.tuple([z.number(), z.number()]),
  place_type: z.array(z.enum(GEO_TYPES)),
});
export type GeoFeature = z.infer<typeof geoFeature>;

/** A chosen suggestion's `center`, [longitude, latitude], sent back so the server keeps that point (decision 0367). */
const NOT_A_PLACE = 'The chosen place is not valid. Choose it again from the suggestions.';
export const lngLat = z.tuple(
  [z.number({ error: NOT_A_PLACE }).min(-180).max(180), z.number({ error: NOT_A_PLACE }).min(-90).max(90)],
  { error: NOT_A_PLACE },
);

/** `types` may be comma-joined (`place,locality`, the maps-service style) or repeated keys. */
const typesParam = z.preprocess(
  (v) => {
    if (v === undefined || v === '') return undefined;
    const list = (Array.isArray(v) ? v : [v]).flatMap((item) => (typeof item === 'string' ? item.split(',') : [item]));
    return list.map((item) => (typeof item === 'string' ? item.trim() : item)).filter((item) => item !== '');
  },
  z
    .array(z.enum(GEO_TYPES, { error: 'types must be place, locality, neighborhood, address, postcode or region' }))
    .max(5)
    .optional(),
);

export const geocodeQuery = z.object({
  q: z
    .string({ error: 'q must be a single text value' })
    .max(200, 'q must be at most 200 characters')
    .optional()
    .default(''),
  types: typesParam,
  limit: z.coerce
    .number({ error: 'limit must be a whole number from 1 to 5' })
    .int('limit must be a whole number from 1 to 5')
    .min(1, 'limit must be a whole number from 1 to 5')
    .max(GEOCODE_MAX_LIMIT, 'limit must be a whole number from 1 to 5')
    .optional(),
});
export type GeocodeQuery = z.input<typeof geocodeQuery>;

export const geocodeResponse = z.object({ features: z.array(geoFeature) });
export type GeocodeResponse = z.infer<typeof geocodeResponse>;

export const geocode = defineContract({
  method: 'GET',
  path: '/api/geocode',
  access: 'public',
  source: 'directory §7',
  summary: 'UK location suggestions from the bundled gazetteer (at most 5; empty input gives none)',
  query: geocodeQuery,
  response: { 200: geocodeResponse, 400: errors[400], 429: errors[429] },
});

export const servicesResponse = z.object({ services: z.array(z.string()) });
export type ServicesResponse = z.infer<typeof servicesResponse>;

export const listServices = defineContract({
  method: 'GET',
  path: '/api/services',
  access: 'public',
  source: 'accounts §7',
  summary: 'The canonical list of solar services',
  response: { 200: servicesResponse },
});
