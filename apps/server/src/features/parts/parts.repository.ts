import type { PartKind } from '@solar/shared/constants/parts';
import type { SpecFilter } from '@solar/shared/domain/parts';
import type { Database } from '../../db/client';
import { haversineKmSql, isoDateColumn, SqlParams } from '../../db/sql-helpers';

type Query = Pick<Database, 'query'>;

/**
 * Per-database read caches (decision 0211): the catalogue only changes on import (which clears its
 * entries), so lookups are kept 10 minutes; directory suppliers 30 seconds. Bounded, oldest evicted.
 */
const caches = new WeakMap<object, Map<string, { at: number; value: unknown }>>();
const CACHE_MAX = 1000;
export const CATALOGUE_TTL_MS = 10 * 60_000;
export const SUPPLIERS_TTL_MS = 30_000;

async function cached<T>(db: object, key: string, ttlMs: number, load: () => Promise<T>): Promise<T> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < ttlMs) return hit.value as T;
  const value = await load();
  cache.delete(key);
  cache.set(key, { at: Date.now(), value });
  if (cache.size > CACHE_MAX) cache.delete(cache.keys().next().value!);
  return value;
}

/** Forget the cached catalogue lookups of a database (after an import). */
export function clearCatalogueCache(db: object) {
  caches.delete(db);
}

/** The columns an answer and a product page use. */
export interface PartHit {
  id: string;
  kind: PartKind;
  manufacturer: string;
  model: string;
  technology: string | null;
  power_w: number | null;
  efficiency_pct: number | null;
  length_m: number | null;
  width_m: number | null;
  area_m2: number | null;
  cells: number | null;
  capacity_kwh: number | null;
  coupling: 'AC' | 'DC' | null;
  hybrid: boolean;
  bifacial: boolean;
  bipv: boolean;
  listed_on: string | null;
}

const HIT_FIELDS = `id, kind, manufacturer, model, technology, power_w, efficiency_pct, length_m, width_m, area_m2, cells,
  capacity_kwh, coupling, hybrid, bifacial, bipv`;
/** Read from the table: `listed_on` as yyyy-mm-dd text. */
const HIT_COLUMNS = `${HIT_FIELDS}, ${isoDateColumn('listed_on', 'listed_on')}`;
/** Read from a CTE whose `listed_on` is already text. */
const PLAIN_COLUMNS = `${HIT_FIELDS}, listed_on`;

const TECHNOLOGIES: Record<NonNullable<SpecFilter['technology']>, string[]> = {
  mono: ['Mono-c-Si'],
  multi: ['Multi-c-Si'],
  'thin-film': ['Thin Film', 'CdTe', 'CIGS'],
};

export interface SearchCriteria {
  kind: PartKind;
  /** Catalogue brand names (as resolved by `resolveBrands`). */
  brands: string[];
  filter: SpecFilter;
}

/** Counts stop here: '1,000+' is as useful as an exact figure and keeps the count cheap. */
export const COUNT_CAP = 1000;
/** Candidates read through the (kind, power) indexes before ranking. */
const POOL = 100;

/** The spec filters as SQL conditions (parameterised). */
function specConditions(p: SqlParams, kind: PartKind, f: SpecFilter): string[] {
  const out: string[] = [];
  if (f.minPowerW !== undefined) out.push(`power_w >= ${p.add(f.minPowerW)}`);
  if (f.maxPowerW !== undefined) out.push(`power_w <= ${p.add(f.maxPowerW)}`);
  if (f.minEfficiencyPct !== undefined) out.push(`efficiency_pct >= ${p.add(f.minEfficiencyPct)}`);
  if (f.technology && kind === 'module') out.push(`technology = ANY(${p.add(TECHNOLOGIES[f.technology])}::text[])`);
  if (f.bifacial !== undefined && kind === 'module') out.push(`bifacial = ${p.add(f.bifacial)}`);
  if (f.bipv !== undefined && kind === 'module') out.push(`bipv = ${p.add(f.bipv)}`);
  if (f.hybrid !== undefined && kind !== 'module') out.push(`hybrid = ${p.add(f.hybrid)}`);
  if (f.coupling && kind === 'battery') out.push(`coupling = ${p.add(f.coupling)}`);
  if (f.minCapacityKwh !== undefined && kind === 'battery') out.push(`capacity_kwh >= ${p.add(f.minCapacityKwh)}`);
  return out;
}

/**
 * The best matches, in SQL. Candidates come from the (kind, power) and (kind, brand, power)
 * indexes: the most powerful matches, or those nearest a bare target power ('410 W'). They are then
 * ranked: nearest the target first, else most efficient. With several brands each brand takes its
 * turn, so one prolific brand cannot crowd out the others; inverter variants that differ only by AC
 * voltage ('… [208V]', '… [240V]') count once.
 */
export function findParts(
  db: Query,
  criteria: SearchCriteria,
  options: { specs: boolean; brands: boolean; limit: number; nearPowerW?: number },
): Promise<{ hits: PartHit[]; total: number }> {
  const key = JSON.stringify(['parts', criteria.kind, [...criteria.brands].sort(), criteria.filter, options]);
  return cached(db, key, CATALOGUE_TTL_MS, () => queryParts(db, criteria, options));
}

async function queryParts(
  db: Query,
  criteria: SearchCriteria,
  options: { specs: boolean; brands: boolean; limit: number; nearPowerW?: number },
): Promise<{ hits: PartHit[]; total: number }> {
  const p = new SqlParams();
  const conditions = [`kind = ${p.add(criteria.kind)}`, ...(options.specs ? specConditions(p, criteria.kind, criteria.filter) : [])];
  const brands = options.brands ? criteria.brands.map((b) => b.toLowerCase()) : [];
  const near = options.nearPowerW ?? (options.specs ? criteria.filter.targetPowerW : undefined);
  const base = conditions.join(' AND ');
  let candidates: string;
  let rank = 'efficiency_pct DESC NULLS LAST, power_w DESC NULLS LAST, id';
  if (near !== undefined) {
    const target = p.add(near);
    const brand = brands.length ? ` AND lower(manufacturer) = ANY(${p.add(brands)}::text[])` : '';
    candidates = `(SELECT ${HIT_COLUMNS} FROM parts WHERE ${base}${brand} AND power_w >= ${target} ORDER BY power_w ASC LIMIT ${POOL})
      UNION ALL (SELECT ${HIT_COLUMNS} FROM parts WHERE ${base}${brand} AND power_w < ${target} ORDER BY power_w DESC LIMIT ${POOL})`;
    rank = `abs(power_w - ${target}) ASC, ${rank}`;
  } else if (brands.length) {
    candidates = `SELECT c.* FROM unnest(${p.add(brands)}::text[]) AS b(brand) CROSS JOIN LATERAL (
        SELECT ${HIT_COLUMNS} FROM parts WHERE ${base} AND lower(manufacturer) = b.brand ORDER BY power_w DESC LIMIT ${POOL}) c`;
  } else {
    candidates = `SELECT ${HIT_COLUMNS} FROM parts WHERE ${base} ORDER BY power_w DESC LIMIT ${POOL}`;
  }
  const variantKey = criteria.kind === 'inverter' ? `lower(manufacturer), regexp_replace(model, '\\s*\\[[^]]*\\]$', '')` : 'id';
  const turn = brands.length > 1 ? 'lower(manufacturer)' : 'kind';
  const limit = p.add(options.limit);
  const hits = await db.query<PartHit>(
    `WITH candidates AS (${candidates}),
     variants AS (SELECT *, row_number() OVER (PARTITION BY ${variantKey} ORDER BY ${rank}) AS variant FROM candidates),
     models AS (SELECT *, row_number() OVER (PARTITION BY ${turn} ORDER BY ${rank}) AS turn FROM variants WHERE variant = 1)
     SELECT ${PLAIN_COLUMNS} FROM models ORDER BY turn, ${rank} LIMIT ${limit}`,
    p.values,
  );
  // Every match is already in hand (modules and batteries have no voltage variants): no count needed.
  if (criteria.kind !== 'inverter' && hits.length < options.limit && !(brands.length && hits.length === 0)) return { hits, total: hits.length };
  const c = new SqlParams();
  const countConditions = [`kind = ${c.add(criteria.kind)}`, ...(options.specs ? specConditions(c, criteria.kind, criteria.filter) : [])];
  if (brands.length) countConditions.push(`lower(manufacturer) = ANY(${c.add(brands)}::text[])`);
  const [count] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM (SELECT 1 FROM parts WHERE ${countConditions.join(' AND ')} LIMIT ${COUNT_CAP}) s`,
    c.values,
  );
  return { hits, total: count?.n ?? 0 };
}

/** The catalogue's brands per kind (about 300 names). */
async function catalogueBrands(db: Query, kind: PartKind): Promise<string[]> {
  const byKind = await cached(db, 'brands', CATALOGUE_TTL_MS, async () => {
    const rows = await db.query<{ kind: PartKind; manufacturer: string }>('SELECT DISTINCT kind, manufacturer FROM parts');
    const map = new Map<PartKind, string[]>();
    for (const r of rows) map.set(r.kind, [...(map.get(r.kind) ?? []), r.manufacturer]);
    return map;
  });
  return byKind.get(kind) ?? [];
}

/**
 * Requested brands → catalogue brands: an exact (case-insensitive) name, else every catalogue brand
 * the request is a prefix of ('Trina' → 'Trina Solar'). Brands with neither are `missing`.
 */
export async function resolveBrands(db: Query, kind: PartKind, requested: string[]): Promise<{ resolved: string[]; missing: string[] }> {
  if (requested.length === 0) return { resolved: [], missing: [] };
  const known = await catalogueBrands(db, kind);
  const resolved = new Set<string>();
  const missing: string[] = [];
  for (const brand of requested) {
    const key = brand.toLowerCase();
    const exact = known.find((k) => k.toLowerCase() === key);
    const matches = exact ? [exact] : known.filter((k) => k.toLowerCase().startsWith(key));
    if (matches.length === 0) missing.push(brand);
    for (const m of matches) resolved.add(m);
  }
  return { resolved: [...resolved], missing };
}

/** Every column a product page shows. */
export interface PartRow extends PartHit {
  voc_v: number | null;
  vmp_v: number | null;
  ac_voltage_v: number | null;
  dc_voltage_max_v: number | null;
  mppt_low_v: number | null;
  mppt_high_v: number | null;
  source_file: string;
}

export async function getPartById(db: Query, id: string): Promise<PartRow | null> {
  const [row] = await db.query<PartRow>(
    `SELECT ${HIT_COLUMNS}, voc_v, vmp_v, ac_voltage_v, dc_voltage_max_v, mppt_low_v, mppt_high_v, source_file FROM parts WHERE id = $1`,
    [id],
  );
  return row ?? null;
}

export interface SupplierHit {
  slug: string;
  business_name: string;
  type: string;
  distance_km: number | null;
  countrywide: boolean;
}

/** Provider types and services that sell or fit parts (the directory's wholesalers and installers). */
export const SUPPLIER_TYPES = ['wholesaler', 'equipment manufacturer', 'installer', 'solar installer', 'epc', 'epc contractor'];
const WHOLESALER_TYPES = ['wholesaler', 'equipment manufacturer'];
// Services as the canonical list spells them (constants/services.ts), plus lower case: a plain
// array overlap, so no per-row function runs over the whole directory.
const SUPPLY_SERVICES = ['Spare Parts Supply', 'spare parts supply'];
export const SUPPLIER_SERVICES = [
  ...SUPPLY_SERVICES,
  ...['Solar Installation', 'Rooftop Solar Installation', 'Battery Storage Integration'].flatMap((s) => [s, s.toLowerCase()]),
];

/**
 * Suppliers from the provider directory whose service area covers a point: service_radius -1
 * (everywhere) or the haversine distance within the radius (km). Without a point, countrywide
 * suppliers only. Wholesalers come before installers, then the nearest.
 */
export function findSuppliers(db: Query, point: { lat: number; lng: number } | null, limit: number): Promise<SupplierHit[]> {
  const key = JSON.stringify(['suppliers', point && [point.lat.toFixed(4), point.lng.toFixed(4)], limit]);
  return cached(db, key, SUPPLIERS_TTL_MS, () => querySuppliers(db, point, limit));
}

async function querySuppliers(db: Query, point: { lat: number; lng: number } | null, limit: number): Promise<SupplierHit[]> {
  const params: unknown[] = [SUPPLIER_TYPES, SUPPLIER_SERVICES, limit, WHOLESALER_TYPES, SUPPLY_SERVICES];
  let distance = 'NULL::float8';
  let covers = 'service_radius = -1';
  if (point) {
    params.push(point.lat, point.lng);
    distance = `CASE WHEN latitude IS NULL OR longitude IS NULL THEN NULL ELSE ${haversineKmSql('$6', '$7', 'latitude', 'longitude')} END`;
    covers = 'countrywide OR (distance_km IS NOT NULL AND service_radius IS NOT NULL AND distance_km <= service_radius)';
  }
  return db.query<SupplierHit>(
    `SELECT slug, business_name, type, distance_km, countrywide FROM (
       SELECT slug, business_name, type, service_radius, claim_approved, completeness,
         service_radius = -1 AS countrywide,
         ${distance} AS distance_km,
         CASE WHEN lower(type) = ANY($4::text[]) OR services && $5::text[] THEN 0 ELSE 1 END AS rank
       FROM providers
       WHERE (lower(type) = ANY($1::text[]) OR services && $2::text[])${point ? '' : ' AND service_radius = -1'}
     ) s
     WHERE ${covers}
     ORDER BY rank, distance_km ASC NULLS LAST, claim_approved DESC, completeness DESC, lower(business_name)
     LIMIT $3`,
    params,
  );
}
