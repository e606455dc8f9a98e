import type { z } from 'zod';
import type { ProviderCluster, ProviderPoint, ProviderSearchResult, searchProvidersQuery } from '@solar/shared/contracts/providers';
import {
  CLUSTER_EXPANSION_ZOOM_CAP,
  DIRECTORY_MAP_DEFAULT_BOUNDS,
  DIRECTORY_MAP_MAX_CELLS,
  DIRECTORY_MAP_POINT_LIMIT,
  DIRECTORY_MAP_ZOOM,
  SERVER_CLUSTER_ZOOM_STEP,
} from '@solar/shared/constants/maps';
import { gridCellDegrees, snapViewBounds, type Bounds } from '@solar/shared/domain/map-grid';
import { searchProviders as searchProvidersContract } from '@solar/shared/contracts/providers';
import { COMPANY_NAME_SUGGESTIONS, DEFAULT_RADIUS_KM, implicitDirectorySort, typesMatching } from '@solar/shared/constants/providers';
import { companyNameTokens } from '@solar/shared/domain/company-name';
import { parseCoordinate } from '@solar/shared/domain/geo';
import { cacheKey, createReadCache, encodeResponse, type CachedJson, type CachedText } from '../../platform/read-cache';
import type { AppContext } from '../../plugins/context';
import { placeFor } from '../geo/gazetteer';
import { toProviderSummary } from './providers.mapper';
import { providersByIds } from './providers.repository';
import {
  countProviderPoints,
  listProviderCells,
  listProviderNames as listNames,
  searchProviderIds,
  searchProviderPoints,
  type PointRow,
  type SearchFilters,
} from './provider-search.repository';

type Ctx = Pick<AppContext, 'database'>;
type SearchInput = z.output<typeof searchProvidersQuery>;

const lowerAll = (items: string[]) => [...new Set(items.map((i) => i.trim().toLowerCase()).filter(Boolean))];
const trimAll = (items: string[]) => [...new Set(items.map((i) => i.trim()).filter(Boolean))];

/** `lng,lat` from the address; invalid or out of range gives null. */
export function parseCenter(value: string | undefined): { lat: number; lng: number } | null {
  if (!value) return null;
  const [lngText, latText] = value.split(',');
  const lng = parseCoordinate(lngText);
  const lat = parseCoordinate(latText);
  if (lng === null || lat === null || Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  return { lat, lng };
}

/**
 * Identical searches are answered from memory (at most 10 minutes; docs/decisions/0300) until a
 * write may change them (docs/decisions/0384): any change of which providers match or of their order
 * ('providers:set'; a map answer shows only such columns), or any change of a provider a list page
 * shows. Bounded at 2,000 answers or 64 MB per database (a 50,000-point map answer is ~6 MB).
 */
const searchCache = createReadCache(['providers:set'], { maxEntries: 2_000, maxBytes: 64 * 1024 * 1024, ttlMs: 10 * 60_000 });

/** GET /api/providers/search as the JSON of its 200 response (cached; see searchCache). */
export async function searchProvidersJson(ctx: Ctx, query: SearchInput): Promise<CachedJson> {
  if (query.mode === 'map') return mapJson(ctx, searchFilters(query), query);
  // Keyed by the parsed query, so a hit does not geocode: the same query always gives the same filters.
  return searchCache(ctx.database, cacheKey(query), async () => {
    const answer = await runSearch(ctx, searchFilters(query), query);
    return {
      text: encodeResponse(searchProvidersContract.response[200], { success: true, ...answer }),
      tags: ['providers:set', ...answer.data.map((provider) => `providers:${provider.id}`)],
    };
  });
}

function searchFilters(query: SearchInput): SearchFilters {
  let center = parseCenter(query.locationCenter);
  // An address with a location but no centre (typed by hand) is geocoded with the gazetteer.
  if (!center && query.location?.trim()) {
    const hit = placeFor(query.location);
    if (hit) center = { lng: hit.center[0], lat: hit.center[1] };
  }
  return {
    companies: query.companies.map((c) => ({ text: c.trim().toLowerCase(), tokens: companyNameTokens(c) })).filter((c) => c.text.length > 0),
    services: trimAll(query.services),
    servicesMatch: query.mode === 'map' ? 'all' : 'any',
    types: typesMatching(query.types),
    technologies: lowerAll(query.technologies),
    scales: lowerAll(query.scales),
    phases: lowerAll(query.phases),
    accreditations: lowerAll(query.accreditations),
    near: center ? { ...center, radiusKm: query.radius ?? DEFAULT_RADIUS_KM } : null,
  };
}

async function runSearch(
  ctx: Ctx,
  filters: SearchFilters,
  query: SearchInput,
): Promise<{ data: ProviderSearchResult[]; pagination: { page: number; pages: number; total: number } }> {
  const sort = query.sort ?? implicitDirectorySort(filters.near !== null);
  const { hits, total } = await searchProviderIds(ctx.database, filters, sort, query.page, query.pageSize);
  const rows = await providersByIds(
    ctx.database.db,
    hits.map((h) => h.id),
  );
  const distances = new Map(hits.map((h) => [h.id, h.distanceKm]));
  return {
    data: rows.map((row) => ({ ...toProviderSummary(row), distanceKm: distances.get(row.id) ?? null })),
    pagination: { page: query.page, pages: Math.max(1, Math.ceil(total / query.pageSize)), total },
  };
}

/** Company-name suggestions for the directory search (decision 0503): none until a word is typed. */
export async function listProviderNames(ctx: Ctx, q: string): Promise<string[]> {
  const tokens = companyNameTokens(q);
  return tokens.length === 0 ? [] : listNames(ctx.database, tokens, COMPANY_NAME_SUGGESTIONS);
}

/** Map positions to 5 decimals (about a metre): enough for a pin, a fifth of the bytes. */
const round5 = (value: number) => Math.round(value * 1e5) / 1e5;

const toPoint = (r: PointRow): ProviderPoint => ({
  id: r.id,
  slug: r.slug,
  businessName: r.business_name,
  position: [round5(r.longitude), round5(r.latitude)],
  radius: r.service_radius,
  countrywide: r.service_radius === -1,
});

/** A map answer in the contract's shape (checked by encodeResponse). */
const mapAnswer = (data: ProviderPoint[], total: number, clustered: boolean, clusters: ProviderCluster[] = []) =>
  encodeResponse(searchProvidersContract.response[200], {
    success: true,
    data,
    pagination: { page: 1, pages: 1, total },
    clustered,
    ...(clustered && { clusters }),
  });

const TOTAL_AT = Buffer.from('"pagination":{"page":1,"pages":1,"total":');
const UNCLUSTERED_END = Buffer.from('"clustered":false}');

/**
 * The match count of a cached map answer, and whether it was clustered, read from its bytes (the
 * encoded keys come in the contract's order; a name's quotes are escaped, so it cannot match).
 */
function answerFacts(json: CachedText): { clustered: boolean; total: number } {
  const at = json.bytes.indexOf(TOTAL_AT) + TOTAL_AT.length;
  const total = Number(/^\d+/.exec(json.bytes.subarray(at, at + 16).toString())?.[0]);
  return { clustered: !json.bytes.subarray(-UNCLUSTERED_END.length).equals(UNCLUSTERED_END), total };
}

/**
 * The map answer (decision 0387). While at most DIRECTORY_MAP_POINT_LIMIT providers with a position
 * match, it is every one of them whatever the view (the browser clusters them, decision 0270), kept
 * once per filter set. Above, it is the view's: every point in it when it holds few enough, else
 * grid clusters of about 40 px at the whole zoom (as the asset map's, decision 0194), kept per
 * filter set, snapped bounds and zoom; without a view, the default one's, kept with the filters.
 * A request is one cache look-up.
 */
async function mapJson(ctx: Ctx, filters: SearchFilters, query: SearchInput): Promise<CachedJson> {
  const db = ctx.database;
  const whole = () =>
    searchCache(db, cacheKey({ filters, mode: 'map' }), async () => {
      const n = await countProviderPoints(db, filters, null, DIRECTORY_MAP_POINT_LIMIT + 1);
      if (n <= DIRECTORY_MAP_POINT_LIMIT) {
        const points = (await searchProviderPoints(db, filters, DIRECTORY_MAP_POINT_LIMIT)).map(toPoint);
        return mapAnswer(points, points.length, false);
      }
      const zoom = Math.floor(DIRECTORY_MAP_ZOOM);
      const total = await countProviderPoints(db, filters, null);
      return viewAnswer(db, filters, total, snapViewBounds(DIRECTORY_MAP_DEFAULT_BOUNDS, zoom), zoom);
    });
  if (!query.bounds) return whole();
  const zoom = Math.floor(query.zoom ?? DIRECTORY_MAP_ZOOM);
  const bounds = snapViewBounds(query.bounds, zoom);
  return searchCache(db, cacheKey({ filters, mode: 'map', bounds, zoom }), async () => {
    const facts = answerFacts((await whole()).text);
    return viewAnswer(db, filters, facts.total, bounds, zoom, !facts.clustered);
  });
}

/**
 * The view's answer: its points when it holds few enough (or when `fewInAll`: a client still sending
 * its view after the filters came to match few), else its grid clusters and the providers alone in a cell.
 */
async function viewAnswer(db: Ctx['database'], filters: SearchFilters, total: number, bounds: Bounds, zoom: number, fewInAll = false): Promise<string> {
  const inView = fewInAll ? 0 : await countProviderPoints(db, filters, bounds, DIRECTORY_MAP_POINT_LIMIT + 1);
  if (inView <= DIRECTORY_MAP_POINT_LIMIT) {
    return mapAnswer((await searchProviderPoints(db, filters, DIRECTORY_MAP_POINT_LIMIT, bounds)).map(toPoint), total, true);
  }
  const cells = await listProviderCells(db, filters, bounds, gridCellDegrees(zoom, bounds, DIRECTORY_MAP_MAX_CELLS));
  const expansionZoom = Math.min(zoom + SERVER_CLUSTER_ZOOM_STEP, CLUSTER_EXPANSION_ZOOM_CAP);
  const points: ProviderPoint[] = [];
  const clusters: ProviderCluster[] = [];
  for (const c of cells) {
    if (c.single !== null && c.single_id !== null) {
      const [slug, name, radius] = JSON.parse(c.single) as [string, string, number | null];
      points.push(toPoint({ id: c.single_id, slug, business_name: name, latitude: c.latitude, longitude: c.longitude, service_radius: radius }));
    } else {
      clusters.push({ position: [round5(c.longitude), round5(c.latitude)], count: c.n, countrywide: c.countrywide, expansionZoom });
    }
  }
  return mapAnswer(points, total, true, clusters);
}
