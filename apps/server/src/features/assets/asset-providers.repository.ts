import { inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { providers, type ProviderRow } from '../../db/schema/index';
import { haversineKmSql, SqlParams } from '../../db/sql-helpers';

/**
 * Queries of 'Providers serving this site' (docs/decisions/0198): the providers table, read-only;
 * the directory's own search functions are not used or changed.
 */

export interface ServingFilter {
  lat: number;
  lng: number;
  /** Lower-cased directory technologies, any of which matches; empty: no technology condition. */
  technologies: string[];
  /** Lower-cased directory phase; providers listing no phase pass; null: no phase condition. */
  phase: string | null;
}

export interface ServingRow {
  id: string;
  distance_km: number | null;
  countrywide: boolean;
  total: number;
}

/** The haversine distance in km (docs/product/geo.md#distance) from ($1, $2) to a provider. */
const HAVERSINE = haversineKmSql('$1', '$2', 'latitude', 'longitude');

/** Must equal the expression of providers_service_box_idx (migration 0012) for the index to apply. */
const SERVICE_BOX = 'earth_box(ll_to_earth(latitude, longitude), service_radius * 1003 + 100)';

/**
 * Two index-friendly branches: countrywide providers (partial index providers_countrywide_idx) and
 * local providers whose service-area box contains the site (GiST providers_service_box_idx, a
 * bounding-box prefilter), then the exact haversine distance against each provider's own radius.
 */
export function servingQuery(f: ServingFilter, offset: number, limit: number): { text: string; params: unknown[] } {
  const params = new SqlParams();
  params.add(f.lat);
  params.add(f.lng);
  const p = params.add;
  const match: string[] = [];
  if (f.technologies.length > 0) match.push(`providers_lower_array(technologies) && ${p(f.technologies)}::text[]`);
  if (f.phase) match.push(`(cardinality(phase) = 0 OR providers_lower_array(phase) @> ARRAY[${p(f.phase)}]::text[])`);
  const and = match.map((m) => ` AND ${m}`).join('');
  const text = `WITH candidates AS (
       SELECT id, claim_approved, completeness, business_name, true AS countrywide,
         CASE WHEN latitude IS NULL OR longitude IS NULL THEN NULL ELSE ${HAVERSINE} END AS distance_km
       FROM providers WHERE service_radius = -1${and}
       UNION ALL
       SELECT id, claim_approved, completeness, business_name, false AS countrywide, ${HAVERSINE} AS distance_km
       FROM providers
       WHERE service_radius > 0 AND latitude IS NOT NULL AND longitude IS NOT NULL
         AND ${SERVICE_BOX} @> ll_to_earth($1, $2)
         AND ${HAVERSINE} <= service_radius${and}
     )
     SELECT id, distance_km, countrywide, count(*) OVER ()::int AS total FROM candidates
     ORDER BY claim_approved DESC, countrywide ASC, distance_km ASC NULLS LAST, completeness DESC, lower(business_name) ASC, id ASC
     LIMIT ${p(limit)} OFFSET ${p(offset)}`;
  return { text, params: params.values };
}

/** One page of serving providers' ids, each row carrying the total (a window count). */
export function listServingProviderIds(
  database: Database,
  f: ServingFilter,
  offset: number,
  limit: number,
): Promise<ServingRow[]> {
  const q = servingQuery(f, offset, limit);
  return database.query<ServingRow>(q.text, q.params);
}

export async function countServingProviders(database: Database, f: ServingFilter): Promise<number> {
  const rows = await listServingProviderIds(database, f, 0, 1);
  return rows[0]?.total ?? 0;
}

/** Provider rows in the order of `ids` (ids no longer present are left out). */
export async function listProvidersByIds(database: Database, ids: string[]): Promise<ProviderRow[]> {
  if (ids.length === 0) return [];
  const rows = await database.db.select().from(providers).where(inArray(providers.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((r): r is ProviderRow => Boolean(r));
}
