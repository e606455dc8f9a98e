import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { parse } from 'csv-parse/sync';
import { feature } from 'topojson-client';
import type { Topology } from 'topojson-specification';
import type { MapPlace } from '@solar/shared/contracts/maps';
import { dataDir } from '../../paths';

/**
 * The offline basemap (issue 5): UK outline, nations and regions from data/geo (OGL, attribution
 * kept) as GeoJSON sources, and place labels from the gazetteer served for HTML markers. No glyphs
 * or sprites exist offline, so the style has no symbol layers (docs/decisions/0196).
 */
export const BOUNDARY_ATTRIBUTION =
  'Boundaries: contains OS, ONS, NRS and LPS data © Crown copyright and database right 2016 (OGL v3.0)';
export const PLACES_ATTRIBUTION = 'Places: contains OS data © Crown copyright 2017; GeoNames (CC BY 4.0)';

let layers: Record<string, string> | undefined;

/** GeoJSON text of each layer, built once from the TopoJSON. */
export function basemapLayers(): Record<string, string> {
  if (!layers) {
    const topology = JSON.parse(gunzipSync(readFileSync(path.join(dataDir, 'geo/uk-geo.topojson.gz'))).toString('utf8')) as Topology;
    layers = Object.fromEntries(
      ['uk', 'nations', 'regions'].map((name) => [`${name}.geojson`, JSON.stringify(feature(topology, topology.objects[name]!))]),
    );
  }
  return layers;
}

/** The style: sea background, land fill, region and nation lines. Source URLs are same-origin paths. */
export function basemapStyle() {
  const source = (name: string) => ({ type: 'geojson', data: `/api/maps/geo/${name}.geojson`, attribution: BOUNDARY_ATTRIBUTION });
  return {
    version: 8,
    name: 'Solar Marketplace offline UK basemap',
    sources: { uk: source('uk'), nations: { ...source('nations'), attribution: undefined }, regions: { ...source('regions'), attribution: undefined } },
    layers: [
      { id: 'sea', type: 'background', paint: { 'background-color': '#dbeafe' } },
      // Land is a soft sage, clearly apart from the sea and the page at every zoom (at 15 it is all
      // there is to see: no streets offline); regions darken it slightly from zoom 9.
      { id: 'land', type: 'fill', source: 'uk', paint: { 'fill-color': '#e7efdb' } },
      { id: 'regions-fill', type: 'fill', source: 'regions', paint: { 'fill-color': '#dbe6cb', 'fill-opacity': ['interpolate', ['linear'], ['zoom'], 5, 0, 9, 0.5] } },
      { id: 'region-lines', type: 'line', source: 'regions', paint: { 'line-color': '#94a3b8', 'line-width': 0.8, 'line-dasharray': [3, 2] } },
      { id: 'nation-lines', type: 'line', source: 'nations', paint: { 'line-color': '#64748b', 'line-width': 1.2 } },
      { id: 'coast', type: 'line', source: 'uk', paint: { 'line-color': '#60a5fa', 'line-width': ['interpolate', ['linear'], ['zoom'], 4, 0.8, 12, 2] } },
    ],
  };
}

interface Place extends MapPlace {
  rank: number;
}
const RANK: Record<string, number> = { City: 5, Town: 4, Village: 3, 'Suburban Area': 2, Hamlet: 1, 'Other Settlement': 0 };
let places: Place[] | undefined;

function loadPlaces(): Place[] {
  if (places) return places;
  const read = (file: string) => parse(gunzipSync(readFileSync(path.join(dataDir, 'gazetteer', file))), { columns: true }) as Array<Record<string, string>>;
  const gb = read('gb-populated-places.csv.gz').map((r) => ({
    name: r.name2 && r.name2_lang === 'eng' ? r.name2 : r.name!,
    kind: r.local_type!,
    lng: Number(r.lon),
    lat: Number(r.lat),
    rank: RANK[r.local_type!] ?? 0,
  }));
  // OS Open Names has no Northern Ireland: its towns come from GeoNames.
  const ni = read('geonames-gb-cities1000.csv.gz')
    .filter((r) => r.admin1_code === 'NIR')
    .map((r) => ({ name: r.name!, kind: 'Town', lng: Number(r.lon), lat: Number(r.lat), rank: 4 }));
  places = [...gb, ...ni].filter((p) => Number.isFinite(p.lng) && Number.isFinite(p.lat)).sort((a, b) => b.rank - a.rank);
  return places;
}

/** Smallest class shown at a zoom: cities from the UK view, towns from 7, villages from 10, hamlets from 13. */
const minRank = (zoom: number) => (zoom < 7 ? 5 : zoom < 10 ? 4 : zoom < 13 ? 3 : 1);
export const PLACES_LIMIT = 150;

export function placesIn(bounds: [number, number, number, number], zoom: number): MapPlace[] {
  const [w, s, e, n] = bounds;
  const min = minRank(zoom);
  const out: MapPlace[] = [];
  for (const p of loadPlaces()) {
    if (p.rank < min) break;
    if (p.lng >= w && p.lng <= e && p.lat >= s && p.lat <= n) {
      out.push({ name: p.name, kind: p.kind, lng: p.lng, lat: p.lat });
      if (out.length >= PLACES_LIMIT) break;
    }
  }
  return out;
}
