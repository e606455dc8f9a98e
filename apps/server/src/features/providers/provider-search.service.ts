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
import { COMPANY_NAME_SUGGESTIONS, DEFAULT_RADIUS_KM, implicitDirectorySort, typesMatching } from '@solar/shared/constants/providers';
import { companyNameTokens } from '@solar/shared/domain/company-name';
import { parseLngLat } from '@solar/shared/domain/directory-address';
import type { AppContext } from '../../plugins/context';
import { placeFor } from '../geo/gazetteer';
import { toProviderSummary } from './providers.mapper';
import {
  countProviderPoints,
  listProviderCells,
  listProviderNames as listNames,
  searchProviderPage,
  searchProviderPoints,
  type PointRow,
  type SearchFilters,
} from './provider-search.repository';

type Ctx = Pick<AppContext, 'database'>;
type SearchInput = z.output<typeof searchProvidersQuery>;

const lowerAll = (items: string[]) => [...new Set(items.map((i) => i.trim().toLowerCase()).filter(Boolean))];
const trimAll = (items: string[]) => [...new Set(items.map((i) => i.trim()).filter(Boolean))];

/** GET /api/providers/search: a list page, or the map's answer (`mode=map`). */
export async function searchProviders(ctx: Ctx, query: SearchInput) {
  if (query.mode === 'map') return mapSearch(ctx, searchFilters(query), query);
  return { success: true as const, ...(await runSearch(ctx, searchFilters(query), query)) };
}

export function searchFilters(query: SearchInput): SearchFilters {
  const point = parseLngLat(query.locationCenter);
  let center = point && { lng: point[0], lat: point[1] };
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
  const { rows, total } = await searchProviderPage(ctx.database, filters, sort, query.page, query.pageSize);
  return {
    data: rows.map(({ row, distanceKm }) => ({ ...toProviderSummary(row), distanceKm })),
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

/** A map answer in the contract's shape. */
const mapAnswer = (data: ProviderPoint[], total: number, clustered: boolean, clusters: ProviderCluster[] = []) => ({
  success: true as const,
  data,
  pagination: { page: 1, pages: 1, total },
  clustered,
  ...(clustered && { clusters }),
});

/**
 * The map answer (decision 0387). While at most DIRECTORY_MAP_POINT_LIMIT providers with a position
 * match, it is every one of them whatever the view (the browser clusters them, decision 0270). Above,
 * it is the view's: every point in it when it holds few enough, else grid clusters of about 40 px at
 * the whole zoom (as the asset map's, decision 0194); without a view, the default one's.
 */
async function mapSearch(ctx: Ctx, filters: SearchFilters, query: SearchInput) {
  const db = ctx.database;
  const matching = await countProviderPoints(db, filters, null, DIRECTORY_MAP_POINT_LIMIT + 1);
  const few = matching <= DIRECTORY_MAP_POINT_LIMIT;
  if (few && !query.bounds) {
    const points = (await searchProviderPoints(db, filters, DIRECTORY_MAP_POINT_LIMIT)).map(toPoint);
    return mapAnswer(points, points.length, false);
  }
  const total = few ? matching : await countProviderPoints(db, filters, null);
  const zoom = Math.floor(query.bounds ? (query.zoom ?? DIRECTORY_MAP_ZOOM) : DIRECTORY_MAP_ZOOM);
  return viewAnswer(db, filters, total, snapViewBounds(query.bounds ?? DIRECTORY_MAP_DEFAULT_BOUNDS, zoom), zoom, few);
}

/**
 * The view's answer: its points when it holds few enough (or when `fewInAll`: a client still sending
 * its view after the filters came to match few), else its grid clusters and the providers alone in a cell.
 */
async function viewAnswer(db: Ctx['database'], filters: SearchFilters, total: number, bounds: Bounds, zoom: number, fewInAll = false) {
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
