import { inArray } from 'drizzle-orm';
import { ASSET_MESSAGES, providerPhaseForStatus, providerTechnologiesForAsset } from '@solar/shared/constants/assets';
import type { AssetProvidersResponse } from '@solar/shared/contracts/assets';
import { EARTH_RADIUS_KM } from '@solar/shared/domain/geo';
import type { Database } from '../../db/client';
import { providers, type ProviderRow } from '../../db/schema/index';
import type { AppContext } from '../../plugins/context';
import { AppError } from '../../platform/errors';
import { toProviderSummary } from '../providers/providers.mapper';

/**
 * 'Providers serving this site' (issue 9, docs/decisions/0198): directory providers whose service
 * area covers an asset (directory §5: countrywide, or haversine distance ≤ service radius) and that
 * serve its technology and phase. Queries the providers table read-only; the directory's own search
 * functions are not used or changed.
 */

type Ctx = Pick<AppContext, 'database'>;

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

/** The haversine distance in km (Earth radius 6371 km, directory §9) from ($1, $2) to a provider. */
const HAVERSINE = `2 * ${EARTH_RADIUS_KM} * asin(least(1, sqrt(
    power(sin(radians(latitude - $1) / 2), 2)
    + cos(radians($1)) * cos(radians(latitude)) * power(sin(radians(longitude - $2) / 2), 2))))`;

/** Must equal the expression of providers_service_box_idx (migration 0012) for the index to apply. */
const SERVICE_BOX = 'earth_box(ll_to_earth(latitude, longitude), service_radius * 1003 + 100)';

/**
 * Two index-friendly branches: countrywide providers (partial index providers_countrywide_idx) and
 * local providers whose service-area box contains the site (GiST providers_service_box_idx, a
 * bounding-box prefilter), then the exact haversine distance against each provider's own radius.
 */
export function servingQuery(f: ServingFilter, offset: number, limit: number): { text: string; params: unknown[] } {
  const params: unknown[] = [f.lat, f.lng];
  const p = (value: unknown) => `$${params.push(value)}`;
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
  return { text, params };
}

export function listServingProviderIds(
  database: Database,
  f: ServingFilter,
  offset: number,
  limit: number,
): Promise<ServingRow[]> {
  const q = servingQuery(f, offset, limit);
  return database.query<ServingRow>(q.text, q.params);
}

async function countServing(database: Database, f: ServingFilter): Promise<number> {
  const rows = await listServingProviderIds(database, f, 0, 1);
  return rows[0]?.total ?? 0;
}

async function rowsByIds(database: Database, ids: string[]): Promise<ProviderRow[]> {
  if (ids.length === 0) return [];
  const rows = await database.db.select().from(providers).where(inArray(providers.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((r): r is ProviderRow => Boolean(r));
}

/** GET /api/assets/:id/providers. Unknown ids are 404; an asset without coordinates has none. */
export async function listAssetProviders(
  ctx: Ctx,
  idText: string,
  offset: number,
  limit: number,
): Promise<AssetProvidersResponse> {
  const id = /^\d{1,15}$/.test(idText) ? Number(idText) : NaN;
  const [asset] = Number.isSafeInteger(id)
    ? await ctx.database.query<{
        latitude: number | null;
        longitude: number | null;
        technology_type: string | null;
        development_status: string | null;
      }>('SELECT latitude, longitude, technology_type, development_status FROM assets WHERE id = $1', [id])
    : [];
  if (!asset) throw new AppError('NOT_FOUND', ASSET_MESSAGES.assetNotFound);
  const technologies = [...providerTechnologiesForAsset(asset.technology_type)];
  const phase = providerPhaseForStatus(asset.development_status);
  const empty = { data: [], total: 0, technologies, phase };
  if (asset.latitude === null || asset.longitude === null) return empty;
  const filter: ServingFilter = {
    lat: asset.latitude,
    lng: asset.longitude,
    technologies: technologies.map((t) => t.toLowerCase()),
    phase: phase?.toLowerCase() ?? null,
  };
  const page = await listServingProviderIds(ctx.database, filter, offset, limit);
  // A page past the end carries no window count: count separately so `total` stays right.
  const total = page[0]?.total ?? (offset > 0 ? await countServing(ctx.database, filter) : 0);
  const rows = await rowsByIds(
    ctx.database,
    page.map((r) => r.id),
  );
  const byId = new Map(page.map((r) => [r.id, r]));
  return {
    data: rows.map((row) => {
      const hit = byId.get(row.id)!;
      return {
        provider: toProviderSummary(row),
        distanceKm: hit.distance_km === null ? null : Math.round(hit.distance_km * 10) / 10,
        countrywide: hit.countrywide,
      };
    }),
    total,
    technologies,
    phase,
  };
}
