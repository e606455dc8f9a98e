import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { ASSET_REGIONS, ASSET_TECHNOLOGY_TYPES } from '@solar/shared/constants/assets';
import { DIRECTORY_SORTS, PHASES, PROVIDER_FILTER_TYPES, TECHNOLOGIES } from '@solar/shared/constants/providers';
import { TENDER_PAGE_SIZES, TENDER_SORT_FIELDS, TENDER_STATUS_FILTERS } from '@solar/shared/constants/tenders';
import { repoRoot } from '../../src/paths';
import type { BenchRequest, Scenario } from '../scenario';
import { benchWrites, interleave } from './mixed';

type Get = (path: string) => Promise<unknown>;

/**
 * Issue 26: traffic as a public marketplace gets it, where most requests are addresses the server has
 * not answered before (crawlers, link previews, map users). Every draw is random (seeded, so two runs
 * send the same requests): directory searches centred on any of the gazetteer's ~42,000 places, every
 * profile as API answer and as rendered page, the asset map panned anywhere at zoom 6–12, any asset
 * record (signed in), the tender board by service and place, directory pages rendered for a place,
 * and signed-in reads beside them. The bench prints the share of first-time addresses.
 */

/** A small seeded generator (mulberry32): the same run sends the same requests. */
export function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)]!;
  const some = <T>(items: readonly T[], most: number): T[] => {
    const n = int(most + 1);
    return [...new Set(Array.from({ length: n }, () => pick(items)))];
  };
  return { next, int, pick, some, chance: (p: number) => next() < p };
}

export interface Place {
  name: string;
  lat: number;
  lng: number;
}

let gazetteer: Place[] | null = null;

/** Every populated place of the bundled gazetteer (data/gazetteer, ~42,000), as the directory's location box names them. */
export function places(): Place[] {
  if (gazetteer) return gazetteer;
  const text = gunzipSync(readFileSync(path.join(repoRoot, 'data/gazetteer/gb-populated-places.csv.gz'))).toString('utf8');
  const [head = '', ...lines] = text.split('\n');
  const cols = head.split(',');
  const at = (name: string) => cols.indexOf(name);
  const [name, lat, lon, county] = [at('name'), at('lat'), at('lon'), at('county_unitary')];
  gazetteer = lines
    .map((line) => line.split(','))
    .filter((c) => c.length >= cols.length && Number.isFinite(Number(c[lat])) && Number.isFinite(Number(c[lon])))
    .map((c) => ({ name: c[county] ? `${c[name]}, ${c[county]}` : c[name]!, lat: Number(c[lat]), lng: Number(c[lon]) }));
  return gazetteer;
}

/** Every id (and slug) the server lists, page by page. */
/** Every provider (or the first `limit`: a short list needs no more, and paging through all is slow on a busy machine). */
async function allProviders(get: Get, limit = Infinity): Promise<Array<{ id: string; slug: string }>> {
  const out: Array<{ id: string; slug: string }> = [];
  for (let page = 1; out.length < limit; page++) {
    const answer = (await get(`/api/providers/search?page=${page}&pageSize=60`)) as { data: Array<{ id: string; slug: string | null }>; pagination: { pages: number } };
    out.push(...answer.data.map((p) => ({ id: p.id, slug: p.slug || p.id })));
    if (page >= answer.pagination.pages) break;
  }
  return out;
}

async function allAssetIds(get: Get, limit = Infinity): Promise<number[]> {
  const out: number[] = [];
  for (let offset = 0; out.length < limit; offset += 100) {
    const answer = (await get(`/api/assets/tenders?offset=${offset}&limit=100`)) as { data: Array<{ id: number }>; total: number };
    out.push(...answer.data.map((a) => a.id));
    if (offset + 100 >= answer.total || answer.data.length === 0) break;
  }
  return out;
}

async function allTenderIds(get: Get): Promise<string[]> {
  const answer = (await get('/api/tenders/public?status=all&limit=50')) as { data: Array<{ id: string }>; pagination: { pages: number } };
  const ids = answer.data.map((t) => t.id);
  for (let page = 2; page <= Math.min(answer.pagination.pages, 40); page++)
    ids.push(...((await get(`/api/tenders/public?status=all&limit=50&page=${page}`)) as { data: Array<{ id: string }> }).data.map((t) => t.id));
  return ids;
}

const RADII = [10, 25, 50, 100, 200, 300];

/** The map's view around a place at a zoom, as the asset map sends it (4 decimals, whole zoom; a 1280 × 800 window). */
export function viewAround(place: Place, zoom: number, jitter = 0) {
  const width = (360 * (1280 / 256)) / 2 ** zoom;
  const height = width * 0.62 * Math.cos((place.lat * Math.PI) / 180);
  const lng = place.lng + jitter * width;
  const lat = place.lat + jitter * height;
  return [lng - width / 2, lat - height / 2, lng + width / 2, lat + height / 2].map((v) => v.toFixed(4)).join(',');
}

/** A directory search as the web app sends it: services, types, technologies, a place and radius, a sort and a page. */
export function directoryQuery(r: ReturnType<typeof random>, place: Place | null, services: readonly string[], radii: readonly number[] = RADII) {
  const q = new URLSearchParams();
  for (const s of r.some(services, r.chance(0.5) ? 1 : 2)) q.append('services', s);
  if (r.chance(0.2)) for (const t of r.some(PROVIDER_FILTER_TYPES, 1)) q.append('types', t);
  if (r.chance(0.2)) for (const t of r.some(TECHNOLOGIES, 2)) q.append('technologies', t);
  if (r.chance(0.1)) q.append('phases', r.pick(PHASES));
  if (place) {
    q.set('location', place.name);
    q.set('locationCenter', `${place.lng.toFixed(4)},${place.lat.toFixed(4)}`);
    q.set('radius', String(r.pick(radii)));
  }
  const sort = r.pick(DIRECTORY_SORTS);
  if (sort !== 'default') q.set('sort', sort);
  const page = r.chance(0.7) ? 1 : 2 + r.int(3);
  if (page > 1) q.set('page', String(page));
  return q;
}

/** A board search: a service, sometimes a place and radius, a status, a sort and a page. */
export function boardQuery(r: ReturnType<typeof random>, place: Place | null, services: readonly string[], radii: readonly number[] = RADII) {
  const q = new URLSearchParams();
  if (r.chance(0.8)) q.set('service', r.pick(services));
  if (place) {
    q.set('location', place.name);
    q.set('lat', place.lat.toFixed(4));
    q.set('lng', place.lng.toFixed(4));
    q.set('radius', String(r.pick(radii)));
  }
  q.set('status', r.pick(TENDER_STATUS_FILTERS));
  q.set('sortBy', r.pick(TENDER_SORT_FIELDS));
  q.set('sortOrder', r.chance(0.5) ? 'desc' : 'asc');
  q.set('limit', String(r.pick(TENDER_PAGE_SIZES)));
  q.set('page', String(1 + (r.chance(0.7) ? 0 : r.int(3))));
  return q;
}

export async function servicesOf(get: Get): Promise<string[]> {
  const answer = (await get('/api/services')) as { data?: Array<{ name: string } | string> } | Array<{ name: string } | string>;
  const list = Array.isArray(answer) ? answer : (answer.data ?? []);
  const names = list.map((s) => (typeof s === 'string' ? s : s.name)).filter(Boolean);
  return names.length ? names : ['Operations & Maintenance', 'Panel Cleaning', 'Drone Surveys', 'Security & CCTV'];
}

/** How many requests the long-tail list holds (more than a run sends, so nearly every address is new). */
const LONG_TAIL_REQUESTS = Number(process.env.BENCH_LONG_TAIL_REQUESTS ?? 60_000);

export const longTailScenario: Scenario = {
  name: 'long tail',
  fresh: true,
  requests: async (get) => {
    const r = random(Number(process.env.BENCH_SEED ?? 26));
    const gaz = places();
    const n = LONG_TAIL_REQUESTS;
    // Half as many again as a list of n draws from them (weights below: profiles 12 %, assets 7 %), so none repeats.
    const [providers, assets, tenders, services] = await Promise.all([allProviders(get, 0.18 * n), allAssetIds(get, 0.11 * n), allTenderIds(get), servicesOf(get)]);
    const draw = (count: number, make: (i: number) => BenchRequest) => Array.from({ length: count }, (_, i) => make(i));
    // Profiles and assets in a shuffled order each, so each is asked once before any again.
    const shuffled = <T>(items: T[]) => items.map((v) => [r.next(), v] as const).sort((a, b) => a[0] - b[0]).map(([, v]) => v);
    const profileOrder = shuffled(providers);
    const pageOrder = shuffled(providers);
    const assetOrder = shuffled(assets);
    const place = () => r.pick(gaz);
    return interleave(
      [
        { weight: 20, requests: draw(n, () => ({ path: `/api/providers/search?${directoryQuery(r, r.chance(0.9) ? place() : null, services)}` })) },
        { weight: 8, requests: draw(n, () => ({ path: `/providers?${directoryQuery(r, place(), services)}` })) },
        { weight: 12, requests: profileOrder.map((p) => ({ path: `/api/providers/${p.id}` })) },
        { weight: 10, requests: pageOrder.map((p) => ({ path: `/providers/${encodeURIComponent(p.slug)}` })) },
        {
          weight: 15,
          requests: draw(n, () => {
            // One zoom for the window and the parameter, as the map sends its view (they were drawn apart).
            const zoom = 6 + r.int(7);
            const q = new URLSearchParams({ bounds: viewAround(place(), zoom, r.next() - 0.5), zoom: String(zoom) });
            if (r.chance(0.4)) q.append('technologyTypes', r.pick(ASSET_TECHNOLOGY_TYPES));
            if (r.chance(0.2)) q.set('minCapacity', String(r.pick([1, 5, 10, 50])));
            return { path: `/api/assets/coordinates?${q}` };
          }),
        },
        { weight: 7, requests: assetOrder.map((id, i) => ({ path: `/api/assets/${id}`, viewer: i })) },
        { weight: 8, requests: draw(n, () => ({ path: `/api/tenders/public?${boardQuery(r, r.chance(0.6) ? place() : null, services)}` })) },
        { weight: 3, requests: shuffled(tenders).map((id, i) => ({ path: i % 2 ? `/api/tenders/${id}` : `/tender/${id}` })) },
        {
          weight: 5,
          requests: draw(n, () => {
            const q = new URLSearchParams({ offset: String(25 * r.int(20)), limit: '25', sortBy: r.pick(['siteName', 'installedCapacity', 'planningSubmissionDate', 'region']), sortDirection: r.chance(0.5) ? 'asc' : 'desc' });
            if (r.chance(0.5)) q.set('region', r.pick(ASSET_REGIONS));
            if (r.chance(0.4)) q.set('technology', r.pick(ASSET_TECHNOLOGY_TYPES));
            return { path: `/api/assets/tenders?${q}` };
          }),
        },
        {
          // Signed-in reads, spread over the bench's viewer accounts (these repeat: each viewer's own lists).
          weight: 12,
          requests: draw(600, (i) => ({ path: ['/api/auth/me', '/api/tenders/saved', '/api/tenders/mine'][i % 3]!, viewer: Math.floor(i / 3) })),
        },
      ],
      n,
    );
  },
  writes: benchWrites,
};

/** Towns the varied mix searches around (as issue 26 measured it: 15 towns × 4 radii). */
const TOWNS: Place[] = [
  { name: 'Bristol, City of Bristol', lat: 51.4545, lng: -2.5879 },
  { name: 'Leeds, West Yorkshire', lat: 53.8008, lng: -1.5491 },
  { name: 'Norwich, Norfolk', lat: 52.6309, lng: 1.2974 },
  { name: 'Inverness, Highland', lat: 57.4778, lng: -4.2247 },
  { name: 'Belfast, Northern Ireland', lat: 54.5973, lng: -5.9301 },
  { name: 'Cardiff, Cardiff', lat: 51.4816, lng: -3.1791 },
  { name: 'Exeter, Devon', lat: 50.7184, lng: -3.5339 },
  { name: 'Manchester, Greater Manchester', lat: 53.4808, lng: -2.2426 },
  { name: 'Birmingham, West Midlands', lat: 52.4862, lng: -1.8904 },
  { name: 'Newcastle upon Tyne, Tyne and Wear', lat: 54.9783, lng: -1.6178 },
  { name: 'Cambridge, Cambridgeshire', lat: 52.2053, lng: 0.1218 },
  { name: 'Southampton, Southampton', lat: 50.9097, lng: -1.4044 },
  { name: 'Glasgow, Glasgow City', lat: 55.8642, lng: -4.2518 },
  { name: 'Lincoln, Lincolnshire', lat: 53.2307, lng: -0.5406 },
  { name: 'Aberystwyth, Ceredigion', lat: 52.4153, lng: -4.0829 },
];
const TOWN_RADII = [25, 50, 100, 200];
const MAP_ZOOMS = [6, 7, 8, 9, 10, 11, 12];

/**
 * Issue 26's "mixed traffic with filters varied as users vary them": the weights of the repeat-heavy
 * mix (mixed.ts), but every filter drawn from the whole option lists and combined (any service,
 * 15 towns × 4 radii, types, technologies, pages and sorts), every profile, asset maps at 7 zooms
 * around the 15 towns. Some addresses repeat, most of the space is large.
 */
export const variedMixScenario: Scenario = {
  name: 'varied traffic',
  fresh: true,
  requests: async (get) => {
    const r = random(Number(process.env.BENCH_SEED ?? 16));
    const [providers, tenders, services] = await Promise.all([allProviders(get), allTenderIds(get), servicesOf(get)]);
    const n = 20_000;
    const draw = (make: () => BenchRequest) => Array.from({ length: n }, make);
    const town = () => r.pick(TOWNS);
    return interleave(
      [
        { weight: 20, requests: draw(() => ({ path: `/api/providers/search?${directoryQuery(r, r.chance(0.7) ? town() : null, services, TOWN_RADII)}` })) },
        {
          weight: 10,
          requests: draw(() => {
            const q = directoryQuery(r, r.chance(0.7) ? town() : null, services, TOWN_RADII);
            q.delete('page');
            q.delete('sort');
            q.set('mode', 'map');
            return { path: `/api/providers/search?${q}` };
          }),
        },
        { weight: 15, requests: draw(() => ({ path: `/api/providers/${r.pick(providers).id}` })) },
        { weight: 15, requests: draw(() => ({ path: `/api/tenders/public?${boardQuery(r, r.chance(0.5) ? town() : null, services, TOWN_RADII)}` })) },
        { weight: 10, requests: draw(() => ({ path: `/api/tenders/${r.pick(tenders)}` })) },
        {
          weight: 8,
          requests: draw(() => {
            const zoom = r.pick(MAP_ZOOMS);
            const q = new URLSearchParams({ bounds: viewAround(town(), zoom), zoom: String(zoom) });
            if (r.chance(0.4)) q.append('technologyTypes', r.pick(ASSET_TECHNOLOGY_TYPES));
            return { path: `/api/assets/coordinates?${q}` };
          }),
        },
        {
          weight: 8,
          requests: draw(() => {
            const q = new URLSearchParams({ offset: String(25 * r.int(5)), limit: '25', sortBy: r.pick(['siteName', 'installedCapacity', 'planningSubmissionDate', 'region']), sortDirection: r.chance(0.5) ? 'asc' : 'desc' });
            if (r.chance(0.5)) q.set('region', r.pick(ASSET_REGIONS));
            if (r.chance(0.4)) q.set('technology', r.pick(ASSET_TECHNOLOGY_TYPES));
            return { path: `/api/assets/tenders?${q}` };
          }),
        },
        { weight: 10, requests: Array.from({ length: 150 }, (_, i) => ({ path: ['/api/auth/me', '/api/tenders/saved', '/api/tenders/mine'][i % 3]!, viewer: Math.floor(i / 3) })) },
        { weight: 4, requests: ['/api/admin/users', '/api/admin/claims', '/api/admin/waiting', '/api/admin/audit-log'].map((path) => ({ path, as: 'admin' as const })) },
      ],
      n,
    );
  },
  writes: benchWrites,
};
