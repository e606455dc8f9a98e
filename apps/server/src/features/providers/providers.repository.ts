import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { EARTH_RADIUS_KM } from '@solar/shared/domain/geo';
import {
  providerClaims,
  providerMediaFiles,
  providers,
  users,
  type ProviderClaimRow,
  type ProviderMediaFileRow,
  type ProviderRow,
} from '../../db/schema/index';
import type { Database, Db } from '../../db/client';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => UUID.test(value);

/** A profile by id or slug (docs/product/platform.md#routes: "id may be an id or a slug"). */
export async function findProvider(db: Db, idOrSlug: string): Promise<ProviderRow | undefined> {
  const where = isUuid(idOrSlug)
    ? or(eq(providers.id, idOrSlug), eq(providers.slug, idOrSlug))
    : eq(providers.slug, idOrSlug.toLowerCase());
  const [row] = await db.select().from(providers).where(where).limit(1);
  return row;
}

export async function findProviderByName(db: Db, name: string) {
  const [row] = await db
    .select({ id: providers.id, slug: providers.slug, businessName: providers.businessName })
    .from(providers)
    .where(sql`lower(trim(${providers.businessName})) = lower(trim(${name}))`)
    .limit(1);
  return row;
}

export async function slugsStartingWith(db: Db, base: string): Promise<Set<string>> {
  const rows = await db
    .select({ slug: providers.slug })
    .from(providers)
    .where(sql`${providers.slug} = ${base} OR ${providers.slug} LIKE ${`${base}-%`}`);
  return new Set(rows.map((r) => r.slug));
}

export async function ownerName(db: Db, userId: string | null): Promise<string | null> {
  if (!userId) return null;
  const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId));
  return row?.name ?? null;
}

export function listMedia(db: Db, providerId: string): Promise<ProviderMediaFileRow[]> {
  return db
    .select()
    .from(providerMediaFiles)
    .where(eq(providerMediaFiles.providerId, providerId))
    .orderBy(desc(providerMediaFiles.createdAt), asc(providerMediaFiles.id));
}

export function listClaimsOfProvider(db: Db, providerId: string) {
  return db
    .select({ claim: providerClaims, userName: users.name })
    .from(providerClaims)
    .innerJoin(users, eq(users.id, providerClaims.userId))
    .where(eq(providerClaims.providerId, providerId))
    .orderBy(desc(providerClaims.createdAt));
}

export function listClaimsOfUser(db: Db, userId: string) {
  return db
    .select({ claim: providerClaims, providerSlug: providers.slug, providerName: providers.businessName })
    .from(providerClaims)
    .innerJoin(providers, eq(providers.id, providerClaims.providerId))
    .where(eq(providerClaims.userId, userId))
    .orderBy(desc(providerClaims.createdAt));
}

export function listProvidersOfUser(db: Db, userId: string): Promise<ProviderRow[]> {
  return db
    .select()
    .from(providers)
    .where(eq(providers.userId, userId))
    .orderBy(asc(sql`lower(${providers.businessName})`));
}

export async function pendingClaim(db: Db, providerId: string, userId: string): Promise<ProviderClaimRow | undefined> {
  const [row] = await db
    .select()
    .from(providerClaims)
    .where(
      and(
        eq(providerClaims.providerId, providerId),
        eq(providerClaims.userId, userId),
        eq(providerClaims.status, 'pending'),
      ),
    );
  return row;
}

/** Rows by id, returned in the order of `ids`. */
export async function providersByIds(db: Db, ids: string[]): Promise<ProviderRow[]> {
  if (ids.length === 0) return [];
  const rows = await db.select().from(providers).where(inArray(providers.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((r): r is ProviderRow => Boolean(r));
}

// ---------------------------------------------------------------------------------------------
// Directory search in SQL (docs/product/providers.md#search; decision 0144).
// ---------------------------------------------------------------------------------------------

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

const escapeLike = (value: string) => value.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);

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
function whereOf(filters: SearchFilters, params: unknown[]): string {
  const p = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const clauses: string[] = [];
  if (filters.companies.length > 0) {
    clauses.push(
      `(${filters.companies.map((c) => `lower(business_name) LIKE ${p(`%${escapeLike(c)}%`)}`).join(' OR ')})`,
    );
  }
  if (filters.services.length > 0) {
    const joiner = filters.servicesMatch === 'all' ? ' AND ' : ' OR ';
    // chr(31) separates items in the indexed text, so a query never spans two services.
    clauses.push(
      `(${filters.services.map((s) => `providers_join_lower(services) LIKE ${p(`%${escapeLike(s.replace(/[\u0000-\u001f]/g, ''))}%`)}`).join(joiner)})`,
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
      AND 2 * ${EARTH_RADIUS_KM} * asin(least(1, sqrt(
        power(sin(radians(latitude - ${la}) / 2), 2)
        + cos(radians(${la})) * cos(radians(latitude)) * power(sin(radians(longitude - ${lo}) / 2), 2)
      ))) <= ${r}))`);
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
  const params: unknown[] = [];
  const where = whereOf(filters, params);
  // One scan: the page and the total together (a window count); a second query only when the
  // page lies past the end and so carries no total.
  const rows = await database.query<{ id: string; total: number }>(
    `SELECT id, count(*) OVER ()::int AS total FROM providers ${where}
     ORDER BY ${ORDER[sort]} LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`,
    params,
  );
  if (rows.length > 0) return { ids: rows.map((r) => r.id), total: rows[0]!.total };
  if (page === 1) return { ids: [], total: 0 };
  const [count] = await database.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM providers ${where}`,
    params,
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
  const params: unknown[] = [];
  const where = whereOf(filters, params);
  const positioned = `${where ? `${where} AND` : 'WHERE'} latitude IS NOT NULL AND longitude IS NOT NULL`;
  // One JSON array of arrays instead of a row per point: PGlite decodes one text value far faster
  // than tens of thousands of rows (docs/decisions/0300). Positions rounded to 5 decimals (~1 m).
  const [row] = await database.query<{ points: string }>(
    `SELECT coalesce(json_agg(json_build_array(id, slug, business_name, round(latitude::numeric, 5),
       round(longitude::numeric, 5), service_radius) ORDER BY ${ORDER.default}), '[]')::text AS points
     FROM (SELECT * FROM providers ${positioned} ORDER BY ${ORDER.default} LIMIT ${cap}) AS matched`,
    params,
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

/** GET /api/providers and /public: server order, bounded. */
export function listProvidersPage(db: Db, page: number, limit: number): Promise<ProviderRow[]> {
  return db
    .select()
    .from(providers)
    .orderBy(
      desc(providers.claimApproved),
      desc(providers.completeness),
      asc(sql`lower(${providers.businessName})`),
      asc(providers.id),
    )
    .limit(limit)
    .offset((page - 1) * limit);
}

/**
 * Profiles worth a search result: the opposite of `isThinProfile` (packages/shared/src/domain/seo.ts),
 * which marks the rest `noindex`. A test checks the two agree on every profile.
 */
const INDEXABLE_SQL = `(p.claimed OR coalesce(cardinality(p.services), 0) > 0 OR btrim(coalesce(p.description, '')) <> '')`;

/** The sitemap's blocks of indexable profiles (in id order, `size` a block) and each block's last change. */
export function sitemapProviderBlocks(database: Database, size: number) {
  return database.query<{ block: number; lastmod: string }>(
    `SELECT block::int AS block, to_char(max(updated_at) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS lastmod
       FROM (SELECT (row_number() OVER (ORDER BY p.id) - 1) / $1 + 1 AS block, p.updated_at FROM providers p WHERE ${INDEXABLE_SQL}) b
      GROUP BY block ORDER BY block`,
    [size],
  );
}

/** One block of indexable profiles: the address part (slug, else id) and the last change. */
export function listSitemapProviders(database: Database, block: number, size: number) {
  return database.query<{ id: string; slug: string | null; lastmod: string }>(
    `SELECT p.id, p.slug, to_char(p.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS lastmod
       FROM providers p WHERE ${INDEXABLE_SQL} ORDER BY p.id OFFSET $1 LIMIT $2`,
    [(block - 1) * size, size],
  );
}
