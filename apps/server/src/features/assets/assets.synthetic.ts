import type { Database } from '../../db/client';
import { isoDay } from '../../db/sql-helpers';
import { refreshAssetMapCells } from './assets.repository';
import { refreshAssetInsights } from './asset-insights.repository';

/**
 * Synthetic assets for load tests (issue 9: the map at 1,000,000 assets; docs/decisions/0316).
 * Rows are marked twice so they can never pass for REPD: `source = 'synthetic'` and a `SYN-`
 * reference ('SYN-0000001' …), site names ending "(synthetic)". Remove them with
 * `DELETE FROM assets WHERE source = 'synthetic'`.
 *
 * Generation is set-based (INSERT … SELECT over generate_series, one statement per batch) and
 * deterministic: every column is a hash of the row number, so row n is the same on every run and
 * on PGlite and PostgreSQL alike. Runs are idempotent up to the target: rows 1..target exist
 * afterwards, whatever already existed (ON CONFLICT on repd_ref_id skips them).
 */
export const SYNTHETIC_SOURCE = 'synthetic';
export const SYNTHETIC_PREFIX = 'SYN-';

/** Land boxes per region (west, south, east, north) with weights near REPD's regional spread. */
const REGION_BOXES: Array<[region: string, country: string, weight: number, box: [number, number, number, number]]> = [
  ['South West', 'England', 18, [-4.3, 50.45, -2.2, 51.05]],
  ['South East', 'England', 12, [-1.6, 50.9, 0.9, 51.45]],
  ['Eastern', 'England', 14, [-0.3, 51.8, 1.5, 52.85]],
  ['East Midlands', 'England', 9, [-1.8, 52.5, 0.0, 53.4]],
  ['West Midlands', 'England', 7, [-2.8, 52.05, -1.5, 52.95]],
  ['Yorkshire and Humber', 'England', 8, [-2.0, 53.4, -0.4, 54.3]],
  ['North West', 'England', 6, [-2.9, 53.35, -2.1, 54.4]],
  ['North East', 'England', 3, [-2.2, 54.55, -1.4, 55.3]],
  ['London', 'England', 3, [-0.45, 51.35, 0.2, 51.65]],
  ['Wales', 'Wales', 8, [-4.0, 51.7, -3.0, 53.15]],
  ['Scotland', 'Scotland', 12, [-4.6, 55.2, -2.2, 57.3]],
];

/** Technology and status mixes (weights), roughly REPD's: mostly solar and batteries. */
const TECHNOLOGIES: Array<[string, number]> = [
  ['Solar Photovoltaics', 52],
  ['Battery', 20],
  ['Wind Onshore', 12],
  ['Anaerobic Digestion', 4],
  ['Small Hydro', 3],
  ['Biomass (dedicated)', 3],
  ['Landfill Gas', 2],
  ['EfW Incineration', 2],
  ['Advanced Conversion Technologies', 1],
  ['Hydrogen', 1],
];
const STATUSES: Array<[string, number]> = [
  ['Operational', 34],
  ['Planning Application Submitted', 14],
  ['Planning Permission Granted', 16],
  ['Under Construction', 5],
  ['Secretary of State - Granted', 1],
  ['Planning Permission Refused', 9],
  ['Appeal Lodged', 2],
  ['Planning Application Withdrawn', 6],
  ['Planning Permission Expired', 6],
  ['Abandoned', 5],
  ['Decommissioned', 2],
];

const text = (s: string) => `'${s.replace(/'/g, "''")}'`;

/** A VALUES list with cumulative weights in [0, 1): rows (lo, hi, ...values). */
function weighted<T extends unknown[]>(rows: Array<[number, ...T]>, render: (row: T) => string): string {
  const total = rows.reduce((s, [w]) => s + w, 0);
  let acc = 0;
  return rows
    .map(([w, ...rest]) => {
      const lo = acc / total;
      acc += w;
      const hi = acc === total ? 1.0000001 : acc / total;
      return `(${lo}::float8, ${hi}::float8, ${render(rest as T)})`;
    })
    .join(', ');
}

/** A uniform number in [0, 1) from row n and a stream k (hashint8extended is in PostgreSQL 11+). */
const u = (k: number) => `((hashint8extended(g.n, ${k}) & 2147483647)::float8 / 2147483648.0)`;

function insertSql(): string {
  const regions = weighted(
    REGION_BOXES.map(([region, country, weight, box]) => [weight, region, country, box] as [number, string, string, number[]]),
    ([region, country, [w, s, e, n]]) => `${text(region)}, ${text(country)}, ${w}::float8, ${s}::float8, ${e}::float8, ${n}::float8`,
  );
  const techs = weighted(TECHNOLOGIES.map(([t, w]) => [w, t] as [number, string]), ([t]) => text(t));
  const statuses = weighted(STATUSES.map(([t, w]) => [w, t] as [number, string]), ([t]) => text(t));
  return `
    WITH g AS (SELECT n::bigint AS n FROM generate_series($1::bigint, $2::bigint) AS n),
    r AS (SELECT g.n, ${u(1)} AS ur, ${u(2)} AS ux, ${u(3)} AS uy, ${u(4)} AS ut, ${u(5)} AS us, ${u(6)} AS uc, ${u(7)} AS ud,
      ${u(8)} AS u_decision, ${u(9)} AS u_start, ${u(10)} AS u_build FROM g),
    regions(lo, hi, region, country, w, s, e, n) AS (VALUES ${regions}),
    techs(lo, hi, name) AS (VALUES ${techs}),
    statuses(lo, hi, name) AS (VALUES ${statuses}),
    gen AS (
      SELECT r.n, rg.region, rg.country, t.name AS technology, st.name AS status,
        round((rg.w + r.ux * (rg.e - rg.w))::numeric, 5)::float8 AS longitude,
        round((rg.s + r.uy * (rg.n - rg.s))::numeric, 5)::float8 AS latitude,
        -- Log-uniform 0.05–250 MW: many small sites, a few large ones.
        round((0.05 * power(5000.0, r.uc))::numeric, 2)::float8 AS capacity,
        (date '2004-01-01' + (r.ud * 8000)::int) AS updated,
        -- Stage durations spread as REPD's are (decision 0490): a decision in 2–60 months, mostly
        -- under a year and a half; construction starting 1–36 months after the grant; 2–24 months to build.
        (60 + power(r.u_decision, 2) * 1750)::int AS decision_days,
        (30 + power(r.u_start, 1.5) * 1050)::int AS start_days,
        (60 + r.u_build * 670)::int AS build_days
      FROM r
      JOIN regions rg ON r.ur >= rg.lo AND r.ur < rg.hi
      JOIN techs t ON r.ut >= t.lo AND r.ut < t.hi
      JOIN statuses st ON r.us >= st.lo AND r.us < st.hi
    )
    INSERT INTO assets (repd_ref_id, site_name, technology_type, installed_capacity, development_status,
      record_last_updated, address, region, country, latitude, longitude, repd_operator,
      planning_application_ref, planning_submission_date, planning_granted_date, under_construction_date, operational_date,
      source, source_release, content_hash)
    SELECT '${SYNTHETIC_PREFIX}' || lpad(n::text, 7, '0'),
      'Synthetic ' || technology || ' site ' || n || ' (synthetic)',
      technology, capacity, status, updated,
      'Generated location, ' || region, region, country, latitude, longitude,
      'Synthetic Operator ' || lpad((n % 5000)::text, 4, '0'),
      'SYN/' || n,
      -- Dated back from the record's last update, the latest stage the project reached.
      updated - CASE WHEN status IN ('Operational', 'Decommissioned') THEN build_days + start_days + decision_days
        WHEN status = 'Under Construction' THEN start_days + decision_days
        WHEN status IN ('Planning Application Submitted', 'Appeal Lodged') THEN 0
        ELSE decision_days END,
      CASE WHEN status IN ('Operational', 'Decommissioned') THEN updated - build_days - start_days
        WHEN status = 'Under Construction' THEN updated - start_days
        WHEN status IN ('Planning Permission Granted', 'Secretary of State - Granted', 'Planning Permission Expired') THEN updated END,
      CASE WHEN status IN ('Operational', 'Decommissioned') THEN updated - build_days WHEN status = 'Under Construction' THEN updated END,
      CASE WHEN status IN ('Operational', 'Decommissioned') THEN updated END,
      '${SYNTHETIC_SOURCE}', 'synthetic', md5('synthetic-' || n)
    FROM gen
    ON CONFLICT (repd_ref_id) DO NOTHING`;
}

export interface SyntheticResult {
  inserted: number;
  synthetic: number;
  total: number;
  ms: number;
}

/** Ensures synthetic rows 1..target exist, `batch` rows per statement, then refreshes planner statistics. */
export async function seedSyntheticAssets(database: Database, target: number, opts: { batch?: number; log?: (line: string) => void } = {}): Promise<SyntheticResult> {
  if (!Number.isInteger(target) || target < 0) throw new Error('--assets must be a whole number');
  const batch = opts.batch ?? 50_000;
  const started = Date.now();
  const count = async () =>
    (await database.query<{ n: number }>(`SELECT count(*)::int AS n FROM assets WHERE source = $1`, [SYNTHETIC_SOURCE]))[0]?.n ?? 0;
  const before = await count();
  const sql = insertSql();
  if (before < target) {
    // Rows are numbered, so a complete prefix can be skipped; gaps (none expected) are filled by ON CONFLICT.
    const [row] = await database.query<{ n: number | null }>(
      `SELECT max(substr(repd_ref_id, ${SYNTHETIC_PREFIX.length + 1})::int) AS n FROM assets WHERE source = $1 AND repd_ref_id LIKE '${SYNTHETIC_PREFIX}%'`,
      [SYNTHETIC_SOURCE],
    );
    const from = row?.n !== null && row?.n === before ? before + 1 : 1;
    for (let lo = from; lo <= target; lo += batch) {
      const hi = Math.min(target, lo + batch - 1);
      await database.query(sql, [lo, hi]);
      opts.log?.(`  synthetic assets ${lo}–${hi} (${Math.round((Date.now() - started) / 1000)} s)`);
    }
    // Planner statistics after a bulk load (PGlite has no autovacuum; docs/decisions/0300).
    await database.exec('ANALYZE assets');
  }
  await refreshAssetMapCells(database);
  await refreshAssetInsights(database, isoDay(new Date()));
  const synthetic = await count();
  const [all] = await database.query<{ n: number }>('SELECT count(*)::int AS n FROM assets');
  return { inserted: synthetic - before, synthetic, total: all?.n ?? 0, ms: Date.now() - started };
}
