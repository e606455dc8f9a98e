import { APPLICANT_TYPES } from '@solar/shared/constants/providers';
import { EARTH_RADIUS_KM } from '@solar/shared/domain/geo';
import type { Bounds } from '@solar/shared/domain/map-grid';
import type { Database } from '../../db/client';
import { gridClusters, type GridCellRow } from '../../db/grid-clusters';
import type { ProviderRow } from '../../db/schema/index';
import { containsPattern, haversineKmSql, prefixPattern, SqlParams } from '../../db/sql-helpers';
import { providerColumns, toProviderRow } from './provider-rows';

/** The directory search in SQL (docs/product/providers.md#search; decisions 0144, 0300). */

export interface SearchFilters {
  /** Each typed company name, as typed (lower case) and as its words (`companyNameTokens`); a name matches any one of them. */
  companies: Array<{ text: string; tokens: string[] }>;
  services: string[];
  /** `all` in the map view, `any` in the list view. */
  servicesMatch: 'any' | 'all';
  /** Lower-cased stored types that match (filter types expanded with their create-form aliases). */
  types: string[];
  technologies: string[];
  scales: string[];
  phases: string[];
  /** Accreditation schemes that must all be verified and in date (decision 0482; GIN providers_verified_accreditations_idx). */
  accreditations: string[];
  near: { lat: number; lng: number; radiusKm: number } | null;
}

export type SearchSort = 'default' | 'name' | 'distance';

const APPLICANTS = APPLICANT_TYPES.map((t) => t.toLowerCase());

/**
 * The smallest latitude/longitude box holding every point within `radiusKm` (haversine, R = 6371
 * km) of the centre, widened by a hair so rounding never drops an edge point. `west` is null when
 * the circle reaches a pole or crosses the antimeridian (no longitude bound then).
 */
export function boundingBox(lat: number, lng: number, radiusKm: number) {
  const degrees = 180 / Math.PI;
  const angular = radiusKm / EARTH_RADIUS_KM;
  const margin = 1e-6;
  const south = Math.max(-90, lat - angular * degrees - margin);
  const north = Math.min(90, lat + angular * degrees + margin);
  const cosLat = Math.cos(lat / degrees);
  if (angular >= Math.PI / 2 || Math.sin(angular) >= cosLat) return { south, north, west: null, east: null };
  const half = Math.asin(Math.sin(angular) / cosLat) * degrees + margin;
  if (lng - half < -180 || lng + half > 180) return { south, north, west: null, east: null };
  return { south, north, west: lng - half, east: lng + half };
}

/** Each word of a typed company name inside the name's key (`companyNameTokens`, decision 0503). */
const nameHas = (tokens: readonly string[], p: SqlParams['add']) =>
  tokens.map((t) => `provider_name_key(business_name) LIKE ${p(containsPattern(t))}`).join(' AND ');

/** Builds the WHERE clause with positional parameters. */
function whereOf(filters: SearchFilters, params: SqlParams): string {
  const p = params.add;
  const clauses: string[] = [];
  if (filters.companies.length > 0) {
    // Any typed name matches when it is in the name as typed (the spec's substring rule, wildcards
    // literal) or each of its words is in the name's key (decision 0503; trigram index
    // providers_name_key_trgm_idx, migration 0110).
    const named = filters.companies.map(({ text, tokens }) => {
      const literal = `lower(business_name) LIKE ${p(containsPattern(text))}`;
      return tokens.length > 0 ? `(${literal} OR (${nameHas(tokens, p)}))` : `(${literal})`;
    });
    clauses.push(`(${named.join(' OR ')})`);
  }
  if (filters.services.length > 0) {
    const joiner = filters.servicesMatch === 'all' ? ' AND ' : ' OR ';
    // chr(31) separates items in the indexed text, so a query never spans two services.
    clauses.push(
      `(${filters.services.map((s) => `providers_join_lower(services) LIKE ${p(containsPattern(s.replace(/[\u0000-\u001f]/g, '').toLowerCase()))}`).join(joiner)})`,
    );
  }
  if (filters.types.length > 0) clauses.push(`lower(type) = ANY(${p(filters.types)}::text[])`);
  if (filters.technologies.length > 0)
    clauses.push(`providers_lower_array(technologies) @> ${p(filters.technologies)}::text[]`);
  if (filters.scales.length > 0) clauses.push(`providers_lower_array(scale) @> ${p(filters.scales)}::text[]`);
  if (filters.phases.length > 0) clauses.push(`providers_lower_array(phase) @> ${p(filters.phases)}::text[]`);
  if (filters.accreditations.length > 0) clauses.push(`verified_accreditations @> ${p(filters.accreditations)}::text[]`);
  if (filters.near) {
    const { lat, lng, radiusKm } = filters.near;
    const la = p(lat);
    const lo = p(lng);
    const r = p(radiusKm);
    // A latitude/longitude box that contains the search circle (btree providers_lat_lng_idx,
    // migrations 0011 and 0017), then the exact haversine distance on the few rows inside it. A local
    // provider needs a radius; a planning applicant has none and is found where it is based (decision 0360).
    const box = boundingBox(lat, lng, radiusKm);
    const lngRange = box.west === null ? '' : `AND longitude BETWEEN ${p(box.west)} AND ${p(box.east)}`;
    clauses.push(`(service_radius = -1 OR (
      latitude IS NOT NULL AND longitude IS NOT NULL
      AND latitude BETWEEN ${p(box.south)} AND ${p(box.north)} ${lngRange}
      AND (service_radius > 0 OR (coalesce(service_radius, 0) = 0 AND lower(type) = ANY(${p(APPLICANTS)}::text[])))
      AND ${haversineKmSql(la, lo, 'latitude', 'longitude')} <= ${r}))`);
  }
  return clauses.length > 0 ? `WHERE ${clauses.join(' AND ')}` : '';
}

const DEFAULT_ORDER = 'claim_approved DESC, completeness DESC, lower(business_name) ASC, id ASC';
const ORDER: Record<SearchSort, string> = {
  default: DEFAULT_ORDER,
  name: 'lower(business_name) ASC, id ASC',
  // Nearest first (decision 0361): providers without coordinates (countrywide ones) last.
  distance: `distance_km ASC NULLS LAST, ${DEFAULT_ORDER}`,
};

export interface SearchHit {
  id: string;
  /** km from the searched point to where the provider is based, one decimal; null without a location or coordinates. */
  distanceKm: number | null;
}

/** The km column (one decimal; null without a point or coordinates) and the ORDER BY of a search, its point added to `params`. */
function distanceAndOrder(filters: SearchFilters, sort: SearchSort, params: SqlParams): { distance: string; order: string } {
  const near = filters.near;
  const distance = near
    ? `CASE WHEN latitude IS NULL OR longitude IS NULL THEN NULL
        ELSE round(${haversineKmSql(params.add(near.lat), params.add(near.lng), 'latitude', 'longitude')}::numeric, 1)::float8 END`
    : 'NULL::float8';
  // Nearest first needs a point; without one it is the default order.
  return { distance, order: ORDER[sort === 'distance' && !near ? 'default' : sort] };
}

export async function searchProviderIds(
  database: Database,
  filters: SearchFilters,
  sort: SearchSort,
  page: number,
  pageSize: number,
): Promise<{ hits: SearchHit[]; total: number }> {
  const params = new SqlParams();
  const where = whereOf(filters, params);
  const whereValues = [...params.values];
  const { distance, order } = distanceAndOrder(filters, sort, params);
  // One scan: the page and the total together (a window count); a second query only when the
  // page lies past the end and so carries no total. The distance is computed only for the rows the
  // box and the filters let through.
  const rows = await database.query<{ id: string; distance_km: number | null; total: number }>(
    `SELECT id, ${distance} AS distance_km, count(*) OVER ()::int AS total FROM providers ${where}
     ORDER BY ${order} LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`,
    params.values,
  );
  if (rows.length > 0) return { hits: rows.map((r) => ({ id: r.id, distanceKm: r.distance_km })), total: rows[0]!.total };
  if (page === 1) return { hits: [], total: 0 };
  const [count] = await database.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM providers ${where}`,
    whereValues,
  );
  return { hits: [], total: count?.total ?? 0 };
}

/** The page's provider columns (made once: decision 0627). */
const PAGE_COLUMNS = providerColumns('p');

/** The page's rows by id (PGlite's second statement), read raw. */
const ROWS_BY_IDS = `SELECT ${PAGE_COLUMNS} FROM providers p WHERE p.id = ANY($1::uuid[])`;

/**
 * A list page with its rows (decision 0627). On PostgreSQL one statement: the page's ids, distances
 * and the total as `searchProviderIds` finds them (narrow rows: the window count holds every match),
 * then the page's full rows joined by id and sorted again in the page's order (a page's few rows),
 * and the total alone when the page lies past the end. On PGlite that statement cost more CPU than
 * two simple ones (measured in-process: docs/benchmarks/cold-path.md), so there it is
 * `searchProviderIds`, then the rows by id; both read the rows raw (`provider-rows.ts`).
 */
export async function searchProviderPage(
  database: Database,
  filters: SearchFilters,
  sort: SearchSort,
  page: number,
  pageSize: number,
): Promise<{ rows: Array<{ row: ProviderRow; distanceKm: number | null }>; total: number }> {
  if (database.kind === 'pglite') {
    const { hits, total } = await searchProviderIds(database, filters, sort, page, pageSize);
    if (hits.length === 0) return { rows: [], total };
    const raw = await database.query<Record<string, unknown>>(ROWS_BY_IDS, [hits.map((h) => h.id)]);
    const byId = new Map(raw.map((r) => [r.id as string, r]));
    return {
      rows: hits.flatMap((h) => {
        const r = byId.get(h.id);
        return r ? [{ row: toProviderRow(r), distanceKm: h.distanceKm }] : [];
      }),
      total,
    };
  }
  const params = new SqlParams();
  const where = whereOf(filters, params);
  const { distance, order } = distanceAndOrder(filters, sort, params);
  // A page past the end carries no total: then the one row is all nulls but the total, counted by a
  // subquery PostgreSQL runs only when the page is empty (an InitPlan is run when first needed).
  const rows = await database.query<Record<string, unknown> & { distance_km: number | null; total: number }>(
    `SELECT ${PAGE_COLUMNS}, hit.distance_km, coalesce(hit.total, (SELECT count(*)::int FROM providers ${where})) AS total
     FROM (SELECT 1) AS one LEFT JOIN (
       (SELECT id, ${distance} AS distance_km, count(*) OVER ()::int AS total FROM providers ${where}
        ORDER BY ${order} LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}) AS hit
       JOIN providers p USING (id)) ON true
     ORDER BY ${order}`,
    params.values,
  );
  const found = rows.filter((r) => r.id !== null);
  return { rows: found.map((r) => ({ row: toProviderRow(r), distanceKm: r.distance_km })), total: rows[0]?.total ?? 0 };
}

export interface PointRow {
  id: string;
  slug: string;
  business_name: string;
  latitude: number;
  longitude: number;
  service_radius: number | null;
}

/** The map's rows: matches with a position, inside `bounds` when given (btree providers_lat_lng_idx). */
function mapWhere(filters: SearchFilters, params: SqlParams, bounds: Bounds | null): string {
  const where = whereOf(filters, params);
  const p = params.add;
  const inView = bounds
    ? ` AND latitude BETWEEN ${p(bounds[1])}::float8 AND ${p(bounds[3])}::float8 AND longitude BETWEEN ${p(bounds[0])}::float8 AND ${p(bounds[2])}::float8`
    : '';
  return `${where ? `${where} AND` : 'WHERE'} latitude IS NOT NULL AND longitude IS NOT NULL${inView}`;
}

/** How many matches have a position (in `bounds` when given), counting no further than `cap` when given. */
export async function countProviderPoints(database: Database, filters: SearchFilters, bounds: Bounds | null, cap?: number): Promise<number> {
  const params = new SqlParams();
  const where = mapWhere(filters, params, bounds);
  const limit = cap === undefined ? '' : `LIMIT ${Math.floor(cap)}`;
  const [row] = await database.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM (SELECT 1 FROM providers ${where} ${limit}) AS matched`,
    params.values,
  );
  return row?.n ?? 0;
}

export interface ProviderCellRow extends GridCellRow {
  countrywide: number;
  /** `[slug, business_name, service_radius]` of a cell's only provider, as JSON text; null for a cluster. */
  single: string | null;
}

/** The matches in `bounds` as grid cells of `cell` degrees (decision 0387), a lone provider's fields with its cell. */
export function listProviderCells(database: Database, filters: SearchFilters, bounds: Bounds, cell: number): Promise<ProviderCellRow[]> {
  const params = new SqlParams();
  const where = mapWhere(filters, params, bounds);
  return gridClusters<Omit<ProviderCellRow, keyof GridCellRow>>(database, {
    from: 'providers',
    where,
    params: params.values,
    cell,
    extra: `count(*) FILTER (WHERE service_radius = -1)::int AS countrywide,
      CASE WHEN count(*) = 1 THEN json_build_array(min(slug), min(business_name), min(service_radius))::text END AS single`,
  });
}

/** Map view: every matching provider with a position, in `bounds` when given (no pages; at most `cap`). */
export async function searchProviderPoints(
  database: Database,
  filters: SearchFilters,
  cap: number,
  bounds: Bounds | null = null,
): Promise<PointRow[]> {
  const params = new SqlParams();
  const positioned = mapWhere(filters, params, bounds);
  // One JSON array of arrays instead of a row per point: PGlite decodes one text value far faster
  // than tens of thousands of rows (docs/decisions/0300). Positions rounded to 5 decimals (~1 m).
  // Only the columns the map shows, numbered in the default order as they are read (migration 0040's
  // covering index gives that order without a sort), so the aggregate orders by an integer.
  const [row] = await database.query<{ points: string }>(
    `SELECT coalesce(json_agg(json_build_array(id, slug, business_name, round(latitude::numeric, 5),
       round(longitude::numeric, 5), service_radius) ORDER BY position), '[]')::text AS points
     FROM (SELECT id, slug, business_name, latitude, longitude, service_radius,
             row_number() OVER (ORDER BY ${DEFAULT_ORDER}) AS position
           FROM providers ${positioned} ORDER BY ${DEFAULT_ORDER} LIMIT ${cap}) AS matched`,
    params.values,
  );
  type Tuple = [string, string, string, number, number, number | null];
  return (JSON.parse(row?.points ?? '[]') as Tuple[]).map((t) => ({
    id: t[0],
    slug: t[1],
    business_name: t[2],
    latitude: t[3],
    longitude: t[4],
    service_radius: t[5],
  }));
}

/**
 * Company-name suggestions (decision 0503): names holding every typed word; first those starting
 * with the typed words in order, then those whose words start with them, then the closest by
 * trigram similarity, then A–Z.
 */
export async function listProviderNames(database: Database, tokens: readonly string[], limit: number): Promise<string[]> {
  const params = new SqlParams();
  const p = params.add;
  const phrase = tokens.join(' ');
  const key = 'provider_name_key(business_name)';
  const wordStarts = tokens.map((t) => `(' ' || ${key}) LIKE ${p(containsPattern(` ${t}`))}`).join(' AND ');
  const rows = await database.query<{ business_name: string }>(
    `SELECT business_name FROM providers WHERE ${nameHas(tokens, p)}
     ORDER BY ${key} LIKE ${p(prefixPattern(phrase))} DESC, (${wordStarts}) DESC,
       similarity(${key}, ${p(phrase)}) DESC, lower(business_name), id
     LIMIT ${Math.floor(limit)}`,
    params.values,
  );
  return rows.map((r) => r.business_name);
}
