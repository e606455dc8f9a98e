import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { parse } from 'csv-parse/sync';
import { feature } from 'topojson-client';
import type { Topology } from 'topojson-specification';
import { PLACE_LABEL_CELL_PX, PLACE_LABEL_MIN_ZOOM, PLACE_LABELS_MAX } from '@solar/shared/constants/maps';
import type { MapPlace, NearPlace } from '@solar/shared/contracts/maps';
import { haversineKm } from '@solar/shared/domain/geo';
import { dataDir } from '../../paths';

/**
 * The offline basemap (issue 5): UK outline, nations and regions from data/geo (OGL, attribution
 * kept) as GeoJSON sources, and place labels from the gazetteer, which the browser draws as a
 * symbol layer with glyphs of its own fonts (docs/decisions/0196, 0355).
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
    // The web app names places and says "no street detail" only on this style, not on a hosted one.
    metadata: { 'solar:offline-basemap': true, 'solar:places-attribution': PLACES_ATTRIBUTION },
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

interface Place {
  name: string;
  kind: PlaceKind | 'Other Settlement';
  lng: number;
  lat: number;
  /** Mercator x and y in 0..1, for the grid thinning. */
  x: number;
  y: number;
}
type PlaceKind = keyof typeof PLACE_LABEL_MIN_ZOOM;
const CLASS_ORDER: ReadonlyArray<Place['kind']> = ['City', 'Town', 'Village', 'Suburban Area', 'Hamlet', 'Other Settlement'];

/**
 * Cities in the order they are named when there is room for few (decision 0355): capitals, then the
 * largest and the ones that mark the corners of the country. The gazetteer has no population, and
 * OS Open Names names the City of London and Westminster as cities of their own. Others follow in
 * file order.
 */
const CITY_PROMINENCE = [
  'London', 'Birmingham', 'Manchester', 'Glasgow', 'Edinburgh', 'Cardiff', 'Belfast', 'Leeds', 'Liverpool',
  'Newcastle upon Tyne', 'Bristol', 'Sheffield', 'Aberdeen', 'Inverness', 'Plymouth', 'Nottingham', 'Southampton',
  'Norwich', 'Kingston upon Hull', 'Swansea', 'Leicester', 'Dundee', 'Derry', 'Exeter', 'Brighton and Hove',
  'Coventry', 'Stoke-on-Trent', 'Carlisle', 'York', 'Cambridge', 'Oxford', 'Portsmouth', 'Derby', 'Bradford',
  'Perth', 'Stirling', 'Lincoln', 'Peterborough', 'Gloucester', 'Preston', 'Sunderland', 'Wolverhampton',
];
/** GeoNames has every Northern Ireland place as a town: these have city status. */
const NI_CITIES = new Set(['Belfast', 'Derry', 'Lisburn', 'Newry', 'Armagh', 'Bangor']);

let places: Place[] | undefined;

const mercator = (lng: number, lat: number) => {
  const s = Math.sin((Math.max(-85, Math.min(85, lat)) * Math.PI) / 180);
  return { x: (lng + 180) / 360, y: 0.5 - Math.log((1 + s) / (1 - s)) / (4 * Math.PI) };
};

/** Every place, most important first: by class, cities by prominence; the index is the label priority. */
function loadPlaces(): Place[] {
  if (places) return places;
  const read = (file: string) => parse(gunzipSync(readFileSync(path.join(dataDir, 'gazetteer', file))), { columns: true }) as Array<Record<string, string>>;
  const gb = read('gb-populated-places.csv.gz').map((r) => ({
    name: r.name2 && r.name2_lang === 'eng' ? r.name2 : r.name!,
    kind: r.local_type as Place['kind'],
    lng: Number(r.lon),
    lat: Number(r.lat),
  }));
  // OS Open Names has no Northern Ireland: its towns come from GeoNames (not its county boroughs).
  const ni = read('geonames-gb-cities1000.csv.gz')
    .filter((r) => r.admin1_code === 'NIR' && !/County Borough$/.test(r.name!))
    .map((r) => ({ name: r.name!, kind: (NI_CITIES.has(r.name!) ? 'City' : 'Town') as Place['kind'], lng: Number(r.lon), lat: Number(r.lat) }));
  const order = (p: { name: string; kind: Place['kind'] }) => {
    const cls = CLASS_ORDER.indexOf(p.kind);
    const prominence = p.kind === 'City' ? CITY_PROMINENCE.indexOf(p.name) : -1;
    return (cls < 0 ? CLASS_ORDER.length : cls) * 1000 + (prominence < 0 ? 999 : prominence);
  };
  places = [...gb, ...ni]
    .filter((p) => Number.isFinite(p.lng) && Number.isFinite(p.lat))
    .map((p, i) => ({ ...p, ...mercator(p.lng, p.lat), order: order(p), i }))
    .sort((a, b) => a.order - b.order || a.i - b.i)
    .map(({ order: _order, i: _i, ...p }) => p);
  return places;
}

const minZoom = (kind: Place['kind']) => (kind === 'Other Settlement' ? Infinity : PLACE_LABEL_MIN_ZOOM[kind]);

/**
 * The labels for a view (decision 0355): the classes named at this zoom, most important first, at
 * most one per 64 px cell so that the 150 spread over the view instead of filling its first rows.
 */
export function placesIn(bounds: [number, number, number, number], zoom: number): MapPlace[] {
  const [w, s, e, n] = bounds;
  const cellsPerWorld = (512 * 2 ** zoom) / PLACE_LABEL_CELL_PX;
  const taken = new Set<string>();
  const out: MapPlace[] = [];
  const all = loadPlaces();
  for (let priority = 0; priority < all.length; priority++) {
    const p = all[priority]!;
    if (minZoom(p.kind) > zoom) continue;
    if (p.lng < w || p.lng > e || p.lat < s || p.lat > n) continue;
    const cell = `${Math.floor(p.x * cellsPerWorld)}:${Math.floor(p.y * cellsPerWorld)}`;
    if (taken.has(cell)) continue;
    taken.add(cell);
    out.push({ name: p.name, kind: p.kind, lng: p.lng, lat: p.lat, priority });
    if (out.length >= PLACE_LABELS_MAX) break;
  }
  return out;
}

/**
 * The settlements nearest a point (decision 0358), and the nearest town or city when none of those
 * is one, nearest first, with their distance in km (haversine, one decimal).
 */
export function nearestPlaces(lng: number, lat: number, limit: number): NearPlace[] {
  const here = { lng, lat };
  const scored = loadPlaces()
    .filter((p) => p.kind !== 'Other Settlement')
    .map((p) => ({ p, km: haversineKm(here, p) }))
    .sort((a, b) => a.km - b.km);
  const chosen = scored.slice(0, limit);
  if (!chosen.some(({ p }) => p.kind === 'City' || p.kind === 'Town')) {
    const town = scored.find(({ p }) => p.kind === 'City' || p.kind === 'Town');
    if (town) chosen.push(town);
  }
  return chosen.map(({ p, km }) => ({ name: p.name, kind: p.kind, lng: p.lng, lat: p.lat, distanceKm: Math.round(km * 10) / 10 }));
}
