import { EARTH_RADIUS_KM } from '@solar/shared/domain/geo';
import type { Database } from '../../db/client';
import { containsPattern, haversineKmSql, SqlParams } from '../../db/sql-helpers';

/** The directory search in SQL (docs/product/providers.md#search; decisions 0144, 0300). */

export interface SearchFilters {
  companies: string[];
  services: string[];
  /** `all` in the map view, `any` in the list view. */
  servicesMatch: 'any' | 'all';
  /** Lower-cased stored types that match (filter types expanded with their create-form aliases). */
  types: string[];
  technologies: string[];
  scales: string[];
  phases: string[];
  near: { lat: number; lng: number; radiusKm: number } | null;
}

export type SearchSort = 'default' | 'name';

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

/** Builds the WHERE clause with positional parameters. */
function whereOf(filters: SearchFilters, params: SqlParams): string {
  const p = params.add;
  const clauses: string[] = [];
  if (filters.companies.length > 0) {
    clauses.push(
      `(${filters.companies.map((c) => `lower(business_name) LIKE ${p(containsPattern(c.toLowerCase()))}`).join(' OR ')})`,
    );
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
  if (filters.near) {
    const { lat, lng, radiusKm } = filters.near;
    const la = p(lat);
    const lo = p(lng);
    const r = p(radiusKm);
    // A latitude/longitude box that contains the search circle (btree providers_lat_lng_idx,
    // migration 0011), then the exact haversine distance on the few rows inside it.
    const box = boundingBox(lat, lng, radiusKm);
    const lngRange = box.west === null ? '' : `AND longitude BETWEEN ${p(box.west)} AND ${p(box.east)}`;
    clauses.push(`(service_radius = -1 OR (
      latitude IS NOT NULL AND longitude IS NOT NULL AND service_radius > 0
      AND latitude BETWEEN ${p(box.south)} AND ${p(box.north)} ${lngRange}
      AND ${haversineKmSql(la, lo, 'latitude', 'longitude')} <= ${r}))`);
  }
  return clauses.length > 0 ? `WHERE ${clauses.join(' AND ')}` : '';
}

const ORDER: Record<SearchSort, string> = {
  default: 'claim_approved DESC, completeness DESC, lower(business_name) ASC, id ASC',
  name: 'lower(business_name) ASC, id ASC',
};

export async function searchProviderIds(
  database: Database,
  filters: SearchFilters,
  sort: SearchSort,
  page: number,
  pageSize: number,
): Promise<{ ids: string[]; total: number }> {
  const params = new SqlParams();
  const where = whereOf(filters, params);
  // One scan: the page and the total together (a window count); a second query only when the
  // page lies past the end and so carries no total.
  const rows = await database.query<{ id: string; total: number }>(
    `SELECT id, count(*) OVER ()::int AS total FROM providers ${where}
     ORDER BY ${ORDER[sort]} LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`,
    params.values,
  );
  if (rows.length > 0) return { ids: rows.map((r) => r.id), total: rows[0]!.total };
  if (page === 1) return { ids: [], total: 0 };
  const [count] = await database.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM providers ${where}`,
    params.values,
  );
  return { ids: [], total: count?.total ?? 0 };
}

export interface PointRow {
  id: string;
  slug: string;
  business_name: string;
  latitude: number;
  longitude: number;
  service_radius: number | null;
}

/** Map view: every matching provider with a position (no pages; at most `cap`). */
export async function searchProviderPoints(
  database: Database,
  filters: SearchFilters,
  cap: number,
): Promise<PointRow[]> {
  const params = new SqlParams();
  const where = whereOf(filters, params);
  const positioned = `${where ? `${where} AND` : 'WHERE'} latitude IS NOT NULL AND longitude IS NOT NULL`;
  // One JSON array of arrays instead of a row per point: PGlite decodes one text value far faster
  // than tens of thousands of rows (docs/decisions/0300). Positions rounded to 5 decimals (~1 m).
  const [row] = await database.query<{ points: string }>(
    `SELECT coalesce(json_agg(json_build_array(id, slug, business_name, round(latitude::numeric, 5),
       round(longitude::numeric, 5), service_radius) ORDER BY ${ORDER.default}), '[]')::text AS points
     FROM (SELECT * FROM providers ${positioned} ORDER BY ${ORDER.default} LIMIT ${cap}) AS matched`,
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
