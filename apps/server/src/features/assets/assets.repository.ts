import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { containsPattern, isoDateColumn, isoTimestampColumn, prefixPattern, rowsOf, SqlParams } from '../../db/sql-helpers';
import { DUPLICATE_DISTANCE_KM, PROJECT_PHASES, type ProjectSortKey } from '@solar/shared/constants/assets';
import type { RepdRecord, RepdRejection } from './repd-parse';

/** Queries only (docs/style.md#layout: repository). Every filter, sort and page is done here in SQL. */

const RECORD_COLUMNS: Array<[keyof RepdRecord, string]> = [
  ['repdRefId', 'repd_ref_id'],
  ['oldRefId', 'old_ref_id'],
  ['siteName', 'site_name'],
  ['technologyType', 'technology_type'],
  ['storageType', 'storage_type'],
  ['installedCapacity', 'installed_capacity'],
  ['mountingType', 'mounting_type'],
  ['developmentStatus', 'development_status'],
  ['developmentStatusShort', 'development_status_short'],
  ['recordLastUpdated', 'record_last_updated'],
  ['solarSiteAreaSqm', 'solar_site_area_sqm'],
  ['siteAreaAcres', 'site_area_acres'],
  ['address', 'address'],
  ['county', 'county'],
  ['region', 'region'],
  ['country', 'country'],
  ['postCode', 'post_code'],
  ['easting', 'easting'],
  ['northing', 'northing'],
  ['latitude', 'latitude'],
  ['longitude', 'longitude'],
  ['repdOperator', 'repd_operator'],
  ['planningAuthority', 'planning_authority'],
  ['planningApplicationRef', 'planning_application_ref'],
  ['appealReference', 'appeal_reference'],
  ['planningSubmissionDate', 'planning_submission_date'],
  ['planningGrantedDate', 'planning_granted_date'],
  ['sosGrantedDate', 'sos_granted_date'],
  ['underConstructionDate', 'under_construction_date'],
  ['operationalDate', 'operational_date'],
  ['extra', 'extra'],
  ['contentHash', 'content_hash'],
];
const DATE_COLUMNS = new Set(['record_last_updated', 'planning_submission_date', 'planning_granted_date', 'sos_granted_date', 'under_construction_date', 'operational_date']);
const DOUBLE_COLUMNS = new Set(['installed_capacity', 'solar_site_area_sqm', 'site_area_acres', 'easting', 'northing', 'latitude', 'longitude']);

const BATCH = 400;

export interface UpsertCounts {
  inserted: number;
  updated: number;
}

/**
 * Inserts or updates records by REPD Ref ID in one transaction (never a partial import). A row
 * whose content hash is unchanged is not touched, so a second run of the same file changes nothing.
 */
export async function upsertAssets(
  database: Database,
  records: RepdRecord[],
  meta: { release: string; fileName: string; sha256: string; read: number; rejections: RepdRejection[]; newestRecord: string | null; startedAt: Date; now: Date },
): Promise<UpsertCounts> {
  return database.db.transaction(async (tx) => {
    let inserted = 0;
    let updated = 0;
    const columnList = sql.raw(RECORD_COLUMNS.map(([, c]) => c).join(', ') + ', source_release, imported_at, updated_at');
    const updates = sql.raw(
      [...RECORD_COLUMNS.filter(([, c]) => c !== 'repd_ref_id').map(([, c]) => `${c} = excluded.${c}`), 'source_release = excluded.source_release', 'updated_at = excluded.updated_at'].join(', '),
    );
    for (let i = 0; i < records.length; i += BATCH) {
      const rows = records.slice(i, i + BATCH).map((r) => {
        const values = RECORD_COLUMNS.map(([key, column]) => {
          const v = r[key];
          if (column === 'extra') return sql`${JSON.stringify(v)}::jsonb`;
          if (DATE_COLUMNS.has(column)) return sql`${v}::date`;
          if (DOUBLE_COLUMNS.has(column)) return sql`${v}::double precision`;
          return sql`${v}::text`;
        });
        values.push(sql`${meta.release}::text`, sql`${meta.now.toISOString()}::timestamptz`, sql`${meta.now.toISOString()}::timestamptz`);
        return sql`(${sql.join(values, sql`, `)})`;
      });
      const result = await tx.execute<{ inserted: boolean }>(sql`
        INSERT INTO assets (${columnList}) VALUES ${sql.join(rows, sql`, `)}
        ON CONFLICT (repd_ref_id) DO UPDATE SET ${updates}
        WHERE assets.content_hash IS DISTINCT FROM excluded.content_hash
        RETURNING (xmax = 0) AS inserted`);
      for (const row of rowsOf<{ inserted: boolean }>(result)) {
        if (row.inserted) inserted++;
        else updated++;
      }
    }
    await tx.execute(flagDuplicatesSql());
    await tx.execute(sql`
      INSERT INTO asset_imports (file_name, release, sha256, rows_read, rows_inserted, rows_updated, rows_unchanged, rows_rejected, rejections, newest_record, started_at, finished_at)
      VALUES (${meta.fileName}, ${meta.release}, ${meta.sha256}, ${meta.read}, ${inserted}, ${updated}, ${records.length - inserted - updated},
        ${meta.rejections.length}, ${JSON.stringify(meta.rejections.slice(0, 500))}::jsonb, ${meta.newestRecord}::date,
        ${meta.startedAt.toISOString()}::timestamptz, ${meta.now.toISOString()}::timestamptz)`);
    return { inserted, updated };
  });
}

/**
 * Probable duplicates (issue 9): same site name, operator (case-insensitive) and technology within
 * DUPLICATE_DISTANCE_KM (a battery co-located with a solar farm of the same name is not one). The later record points at the earliest one; neither is hidden.
 */
function flagDuplicatesSql(): SQL {
  const degLat = DUPLICATE_DISTANCE_KM / 111;
  return sql`
    WITH pairs AS (
      SELECT a.id, min(b.id) AS original
      FROM assets a
      JOIN assets b ON b.id < a.id
        AND lower(b.site_name) = lower(a.site_name)
        AND lower(coalesce(b.repd_operator, '')) = lower(coalesce(a.repd_operator, ''))
        AND b.technology_type IS NOT DISTINCT FROM a.technology_type
        AND b.latitude IS NOT NULL
        AND abs(b.latitude - a.latitude) < ${degLat}
        AND 2 * 6371 * asin(sqrt(power(sin(radians(b.latitude - a.latitude) / 2), 2)
          + cos(radians(a.latitude)) * cos(radians(b.latitude)) * power(sin(radians(b.longitude - a.longitude) / 2), 2))) <= ${DUPLICATE_DISTANCE_KM}
      WHERE a.latitude IS NOT NULL
      GROUP BY a.id
    )
    UPDATE assets SET duplicate_of_id = pairs.original
    FROM (SELECT t.id, p.original FROM assets t LEFT JOIN pairs p ON p.id = t.id) AS pairs
    WHERE assets.id = pairs.id AND assets.duplicate_of_id IS DISTINCT FROM pairs.original`;
}

// ---------------------------------------------------------------------------------------------
// Reads

/** A parameterised WHERE clause under construction. */
export class Where {
  readonly parts: string[] = [];
  private readonly placeholders = new SqlParams();
  get params(): unknown[] {
    return this.placeholders.values;
  }
  add(fragment: (p: (value: unknown) => string) => string) {
    this.parts.push(fragment(this.placeholders.add));
    return this;
  }
  get sql() {
    return this.parts.length ? `WHERE ${this.parts.join(' AND ')}` : '';
  }
}

/** Filters of the map (docs/product/assets.md#calls), already validated; ages are in whole years since recordLastUpdated. */
export interface AssetFilter {
  bounds: [number, number, number, number];
  minCapacity?: number;
  maxCapacity?: number;
  minAge?: number;
  maxAge?: number;
  includeUnknownAge: boolean;
  regions: string[];
  technologyTypes: string[];
  developmentStatus: string[];
  operators: string[];
  siteNameSearch?: string;
  /** Today (yyyy-mm-dd) from the server clock, so ages are testable. */
  today: string;
}

export function assetWhere(f: AssetFilter): Where {
  const w = new Where();
  const [west, south, east, north] = f.bounds;
  // Plain ranges rather than `point <@ box`: PostgreSQL estimates a box at a fixed 0.1 % of the rows,
  // so a UK-wide view was read through the GiST index; with the btree indexes of migration 0013 the
  // planner sees how much a view holds and scans the table for wide views (docs/decisions/0317).
  w.add((p) => `latitude BETWEEN ${p(south)}::float8 AND ${p(north)}::float8 AND longitude BETWEEN ${p(west)}::float8 AND ${p(east)}::float8`);
  if (f.minCapacity !== undefined && f.minCapacity > 0) w.add((p) => `installed_capacity >= ${p(f.minCapacity)}::float8`);
  if (f.maxCapacity !== undefined) w.add((p) => `installed_capacity <= ${p(f.maxCapacity)}::float8`);
  if (f.minAge !== undefined || f.maxAge !== undefined || !f.includeUnknownAge) {
    const known: string[] = [];
    const w2 = w;
    const today = (p: (v: unknown) => string) => `${p(f.today)}::date`;
    w2.add((p) => {
      // Age in whole years: at least minAge → updated on or before today − minAge years;
      // at most maxAge → updated after today − (maxAge + 1) years.
      if (f.minAge !== undefined && f.minAge > 0) known.push(`record_last_updated <= ${today(p)} - make_interval(years => ${p(f.minAge)}::int)`);
      if (f.maxAge !== undefined) known.push(`record_last_updated > ${today(p)} - make_interval(years => ${p(f.maxAge + 1)}::int)`);
      const knownSql = known.length ? known.join(' AND ') : 'record_last_updated IS NOT NULL';
      return f.includeUnknownAge ? `((${knownSql}) OR record_last_updated IS NULL)` : `(${knownSql})`;
    });
  }
  if (f.regions.length) w.add((p) => `region = ANY(${p(f.regions)}::text[])`);
  if (f.technologyTypes.length) w.add((p) => `technology_type = ANY(${p(f.technologyTypes)}::text[])`);
  if (f.developmentStatus.length) w.add((p) => `development_status = ANY(${p(f.developmentStatus)}::text[])`);
  if (f.operators.length) w.add((p) => `repd_operator = ANY(${p(f.operators)}::text[])`);
  const site = f.siteNameSearch;
  if (site) w.add((p) => `site_name ILIKE ${p(containsPattern(site))}`);
  return w;
}

/** Assets matching `w`; all of them without it. */
export async function countAssets(database: Database, w: Where = new Where()): Promise<number> {
  const [row] = await database.query<{ n: number }>(`SELECT count(*)::int AS n FROM assets ${w.sql}`, w.params);
  return row?.n ?? 0;
}

/**
 * The map's point features when at most `limit` assets match, smallest capacity first (drawn under
 * larger ones), as the comma-joined JSON text of their stored features (migration 0013); `null`
 * when more match. The probe stops at `limit + 1` rows, and the features are only gathered when
 * the answer is points (docs/decisions/0317).
 */
export async function listAssetFeatures(database: Database, w: Where, limit: number): Promise<{ n: number; features: string | null }> {
  const cap = Number(limit);
  const [row] = await database.query<{ n: number; features: string | null }>(
    `WITH probe AS (SELECT count(*)::int AS n FROM (SELECT 1 FROM assets ${w.sql} LIMIT ${cap + 1}) AS matched)
     SELECT n, CASE WHEN n <= ${cap} THEN (
       SELECT coalesce(string_agg(map_feature, ',' ORDER BY installed_capacity ASC NULLS FIRST, id), '') FROM assets ${w.sql}
     ) END AS features
     FROM probe`,
    w.params,
  );
  return { n: row?.n ?? 0, features: row?.features ?? null };
}

export interface ClusterRow {
  n: number;
  capacity: number;
  longitude: number;
  latitude: number;
  single_id: number | null;
}

/** Grid clusters of `cell` degrees: one row per occupied cell. */
export function listAssetClusters(database: Database, w: Where, cell: number) {
  const c = `$${w.params.length + 1}::float8`;
  return database.query<ClusterRow>(
    `SELECT count(*)::int AS n, coalesce(sum(installed_capacity), 0)::float8 AS capacity, avg(longitude)::float8 AS longitude,
       avg(latitude)::float8 AS latitude, CASE WHEN count(*) = 1 THEN min(id)::int END AS single_id
     FROM assets ${w.sql} GROUP BY floor(longitude / ${c}), floor(latitude / ${c})`,
    [...w.params, cell],
  );
}

/** The stored point features of these assets, as comma-joined JSON text. */
export async function listAssetFeaturesByIds(database: Database, ids: number[]): Promise<string> {
  const [row] = await database.query<{ features: string }>(
    `SELECT coalesce(string_agg(map_feature, ',' ORDER BY installed_capacity ASC NULLS FIRST, id), '') AS features
     FROM assets WHERE id = ANY($1::bigint[]) AND map_feature IS NOT NULL`,
    [ids],
  );
  return row?.features ?? '';
}

export function listOperators(database: Database, search: string | undefined, limit: number) {
  if (!search) {
    return database.query<{ name: string }>(
      `SELECT repd_operator AS name FROM assets WHERE repd_operator IS NOT NULL GROUP BY repd_operator ORDER BY count(*) DESC, repd_operator LIMIT $1`,
      [limit],
    );
  }
  return database.query<{ name: string }>(
    `SELECT repd_operator AS name FROM assets WHERE repd_operator ILIKE $1 GROUP BY repd_operator
     ORDER BY (lower(repd_operator) LIKE lower($2)) DESC, count(*) DESC, repd_operator LIMIT $3`,
    [containsPattern(search), prefixPattern(search), limit],
  );
}

export function listSites(database: Database, search: string, limit: number) {
  return database.query<{ id: number; site_name: string; region: string | null }>(
    `SELECT id::int AS id, site_name, region FROM assets WHERE site_name ILIKE $1
     ORDER BY (lower(site_name) LIKE lower($2)) DESC, site_name, id LIMIT $3`,
    [containsPattern(search), prefixPattern(search), limit],
  );
}

/** Where an asset is and what it is, for 'Providers serving this site'. */
export async function getAssetSite(database: Database, id: number) {
  const [row] = await database.query<{
    latitude: number | null;
    longitude: number | null;
    technology_type: string | null;
    development_status: string | null;
  }>('SELECT latitude, longitude, technology_type, development_status FROM assets WHERE id = $1', [id]);
  return row;
}

export interface AssetDetailRow {
  id: number;
  repd_ref_id: string;
  site_name: string;
  technology_type: string | null;
  development_status: string | null;
  development_status_short: string | null;
  installed_capacity: number | null;
  mounting_type: string | null;
  record_last_updated: string | null;
  site_area_acres: number | null;
  address: string | null;
  county: string | null;
  region: string | null;
  country: string | null;
  post_code: string | null;
  latitude: number | null;
  longitude: number | null;
  repd_operator: string | null;
  storage_type: string | null;
  planning_authority: string | null;
  planning_application_ref: string | null;
  appeal_reference: string | null;
  planning_submission_date: string | null;
  planning_granted_date: string | null;
  under_construction_date: string | null;
  operational_date: string | null;
  source: string;
  source_release: string | null;
  imported_at: string;
  dup_id: number | null;
  dup_site_name: string | null;
  dup_ref_id: string | null;
}

const d = (column: string) => isoDateColumn(`a.${column}`, column);

export async function getAssetRow(database: Database, id: number): Promise<AssetDetailRow | undefined> {
  const [row] = await database.query<AssetDetailRow>(
    `SELECT a.id::int AS id, a.repd_ref_id, a.site_name, a.technology_type, a.development_status, a.development_status_short,
       a.installed_capacity, a.mounting_type, ${d('record_last_updated')}, a.site_area_acres, a.address, a.county, a.region, a.country,
       a.post_code, a.latitude, a.longitude, a.repd_operator, a.storage_type, a.planning_authority, a.planning_application_ref,
       a.appeal_reference, ${d('planning_submission_date')}, ${d('planning_granted_date')}, ${d('under_construction_date')},
       ${d('operational_date')}, a.source, a.source_release, ${isoTimestampColumn('a.imported_at', 'imported_at')},
       dup.id::int AS dup_id, dup.site_name AS dup_site_name, dup.repd_ref_id AS dup_ref_id
     FROM assets a LEFT JOIN assets dup ON dup.id = a.duplicate_of_id
     WHERE a.id = $1`,
    [id],
  );
  return row;
}

// ---------------------------------------------------------------------------------------------
// Projects table (docs/product/assets.md#projects-table, docs/product/assets.md#calls GET /api/assets/tenders)

export interface ProjectFilter {
  operatorSearch?: string;
  region?: string;
  technology?: string;
  phase?: string;
}

/** Sort keys are allow-listed to column expressions; never user text in SQL. */
const SORT_COLUMNS: Record<ProjectSortKey, string> = {
  siteName: 'lower(site_name)',
  developmentStatus: 'development_status',
  installedCapacity: 'installed_capacity',
  repdOperator: 'lower(repd_operator)',
  region: 'region',
  planningSubmissionDate: 'planning_submission_date',
  planningGrantedDate: 'planning_granted_date',
};

/** The base set as literals (constants, quoted) so the partial indexes of migrations 0006 and 0011 apply. */
const PROJECT_PHASES_SQL = `development_status IN (${PROJECT_PHASES.map((phase) => `'${phase.replace(/'/g, "''")}'`).join(', ')})`;

export function projectWhere(f: ProjectFilter): Where {
  const w = new Where();
  w.add(() => PROJECT_PHASES_SQL);
  if (f.phase) w.add((p) => `development_status = ${p(f.phase)}`);
  if (f.region) w.add((p) => `region = ${p(f.region)}`);
  if (f.technology) w.add((p) => `technology_type = ${p(f.technology)}`);
  const operator = f.operatorSearch;
  if (operator) w.add((p) => `repd_operator ILIKE ${p(containsPattern(operator))}`);
  return w;
}

export interface ProjectDbRow {
  id: number;
  site_name: string;
  development_status: string | null;
  installed_capacity: number | null;
  repd_operator: string | null;
  region: string | null;
  technology_type: string | null;
  planning_submission_date: string | null;
  planning_granted_date: string | null;
  possible_duplicate: boolean;
}

export function listProjectRows(database: Database, w: Where, sort: { sortBy: ProjectSortKey; sortDirection: 'asc' | 'desc' }, offset: number, limit: number) {
  const dir = sort.sortDirection === 'asc' ? 'ASC' : 'DESC';
  return database.query<ProjectDbRow>(
    `SELECT id::int AS id, site_name, development_status, installed_capacity, repd_operator, region, technology_type,
       ${isoDateColumn('planning_submission_date', 'planning_submission_date')},
       ${isoDateColumn('planning_granted_date', 'planning_granted_date')},
       duplicate_of_id IS NOT NULL AS possible_duplicate
     FROM assets ${w.sql}
     ORDER BY ${SORT_COLUMNS[sort.sortBy]} ${dir} NULLS LAST, id ${dir}
     LIMIT ${Number(limit)} OFFSET ${Number(offset)}`,
    w.params,
  );
}

/**
 * One page of the projects table with the filtered total (a window count: one scan). A page past
 * the end carries no rows, so only then is the total counted separately.
 */
export async function listProjectPage(
  database: Database,
  w: Where,
  sort: { sortBy: ProjectSortKey; sortDirection: 'asc' | 'desc' },
  offset: number,
  limit: number,
): Promise<{ rows: ProjectDbRow[]; total: number }> {
  const dir = sort.sortDirection === 'asc' ? 'ASC' : 'DESC';
  const rows = await database.query<ProjectDbRow & { total: number }>(
    `SELECT id::int AS id, site_name, development_status, installed_capacity, repd_operator, region, technology_type,
       ${isoDateColumn('planning_submission_date', 'planning_submission_date')},
       ${isoDateColumn('planning_granted_date', 'planning_granted_date')},
       duplicate_of_id IS NOT NULL AS possible_duplicate, count(*) OVER ()::int AS total
     FROM assets ${w.sql}
     ORDER BY ${SORT_COLUMNS[sort.sortBy]} ${dir} NULLS LAST, id ${dir}
     LIMIT ${Number(limit)} OFFSET ${Number(offset)}`,
    w.params,
  );
  if (rows.length > 0) return { rows: rows.map(({ total: _total, ...row }) => row), total: rows[0]!.total };
  return { rows: [], total: offset === 0 ? 0 : await countAssets(database, w) };
}

export interface ImportRow {
  release: string | null;
  finished_at: string;
  newest_record: string | null;
  rows_read: number;
  rows_inserted: number;
  rows_updated: number;
  rows_unchanged: number;
  rows_rejected: number;
}

export async function latestImport(database: Database): Promise<ImportRow | undefined> {
  const [row] = await database.query<ImportRow>(
    `SELECT release, ${isoTimestampColumn('finished_at', 'finished_at')},
       ${isoDateColumn('newest_record', 'newest_record')}, rows_read, rows_inserted, rows_updated, rows_unchanged, rows_rejected
     FROM asset_imports ORDER BY finished_at DESC, id DESC LIMIT 1`,
  );
  return row;
}
