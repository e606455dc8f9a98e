import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { GEOCODE_MAX_LIMIT, PLACE_SEARCH_TYPES } from '@solar/shared/constants/geo';
import type { GeoFeature, GeoType } from '@solar/shared/contracts/geo';
import { dataDir } from '../../paths';
import { buildIndex, type GazetteerFiles } from './gazetteer-index';
import { createSearch, type SearchOptions } from './gazetteer-search';

export type { GeoFeature, GeoType };

/**
 * The in-memory UK gazetteer behind `GET /api/geocode` (docs/decisions/0121-gazetteer-geocoder.md).
 * Built once from the bundled open data in data/gazetteer: OS Open Names populated places (both
 * name columns), approximate postcode districts and the GeoNames towns of Northern Ireland.
 * The lookup tables are in gazetteer-tables.ts, the index in gazetteer-index.ts, ranking and the
 * typo scan in gazetteer-search.ts.
 */
export interface Gazetteer {
  search(query: string, options?: SearchOptions): GeoFeature[];
  readonly size: { entries: number; keys: number };
}

export function buildGazetteer(files: GazetteerFiles): Gazetteer {
  const index = buildIndex(files);
  return { search: createSearch(index), size: { entries: index.entries.length, keys: index.keys.length } };
}

let shared: Gazetteer | null = null;

/** Loads the bundled gazetteer once (call at start so the first request is not the one that pays). */
export function loadGazetteer(dir = join(dataDir, 'gazetteer')): Gazetteer {
  if (shared) return shared;
  const read = (file: string) => gunzipSync(readFileSync(join(dir, file))).toString('utf8');
  shared = buildGazetteer({
    places: read('gb-populated-places.csv.gz'),
    postcodes: read('gb-postcode-districts-approx.csv.gz'),
    geonames: read('geonames-gb-cities1000.csv.gz'),
  });
  return shared;
}

/**
 * UK location suggestions for `query` (at most 5; empty input gives none), as `GET /api/geocode`
 * answers them. Features that turn a typed location into a point use `placeFor`.
 */
export function geocode(query: string, options: { types?: string[]; limit?: number } = {}): GeoFeature[] {
  return loadGazetteer().search(query, options);
}

/**
 * The point of a location as the location inputs offer it (decision 0367): the suggestions for
 * `location` with the inputs' own arguments (`PLACE_SEARCH_TYPES`, at most 5), then the one the
 * user chose (`center`, as the suggestion gave it) or, for text typed without choosing, the first
 * suggestion. A point that is not among the suggestions is not taken on trust.
 */
export function placeFor(location: string, center?: readonly [number, number]): GeoFeature | undefined {
  const features = geocode(location.trim(), { types: [...PLACE_SEARCH_TYPES], limit: GEOCODE_MAX_LIMIT });
  const chosen = center && features.find((f) => Math.abs(f.center[0] - center[0]) < 1e-6 && Math.abs(f.center[1] - center[1]) < 1e-6);
  return chosen || features[0];
}
