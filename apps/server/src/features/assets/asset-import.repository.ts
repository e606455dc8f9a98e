import { sql, type SQL } from 'drizzle-orm';
import { DUPLICATE_DISTANCE_KM } from '@solar/shared/constants/assets';
import type { Database } from '../../db/client';
import { haversineKmSql, isoDateColumn, isoTimestampColumn, rowsOf } from '../../db/sql-helpers';
import type { ProjectChange, StoredProject } from './repd-changes';
import type { RepdRecord, RepdRejection } from './repd-parse';

/** Writes of the REPD import (decision 0190; duplicates: issue 9) and the latest import's summary. */

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

/**
 * Rows a statement: each column travels as one array parameter (`unnest($1::text[], …)`), so a
 * statement has 35 parameters whatever its row count, and the driver and the planner no longer
 * handle 14,000 placeholders per 400 rows (docs/benchmarks/ci-time.md).
 */
const BATCH = 2000;

/** The SQL array type each column's values are sent as, and the cast from it to the column's type. */
const arrayType = (column: string) => (DATE_COLUMNS.has(column) ? 'date' : DOUBLE_COLUMNS.has(column) ? 'float8' : 'text');

/** `unnest($1::text[], …) AS u(c1, …)`; a jsonb column travels as text (JSON inside array literals stays unambiguous). */
const unnestSql = (columns: Array<{ name: string; type: string; values: unknown[] }>): SQL =>
  sql`unnest(${sql.join(
    columns.map((c) => sql`${sql.param(c.values)}::${sql.raw(c.type)}[]`),
    sql`, `,
  )}) AS u(${sql.raw(columns.map((c) => c.name).join(', '))})`;

type Tx = Parameters<Parameters<Database['db']['transaction']>[0]>[0];

export interface WholeRelease {
  /** Ref IDs the release no longer lists. */
  removed: string[];
  changes: ProjectChange[];
  /** More writes that must commit with the release (the data source's cursor and counts). */
  inTransaction?: (tx: Tx) => Promise<void>;
}

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
  /** A whole release (the REPD job, decision 0396): rows it no longer lists are deleted and its change report stored, in the same transaction. */
  whole?: WholeRelease,
): Promise<UpsertCounts> {
  return database.db.transaction(async (tx) => {
    if (whole?.removed.length) {
      await tx.execute(
        sql`DELETE FROM assets WHERE source = 'REPD' AND repd_ref_id IN (SELECT jsonb_array_elements_text(${JSON.stringify(whole.removed)}::jsonb))`,
      );
    }
    let inserted = 0;
    let updated = 0;
    const columnList = sql.raw(RECORD_COLUMNS.map(([, c]) => c).join(', ') + ', source_release, imported_at, updated_at');
    const updates = sql.raw(
      [...RECORD_COLUMNS.filter(([, c]) => c !== 'repd_ref_id').map(([, c]) => `${c} = excluded.${c}`), 'source_release = excluded.source_release', 'updated_at = excluded.updated_at'].join(', '),
    );
    const selectList = sql.raw(RECORD_COLUMNS.map(([, c]) => (c === 'extra' ? 'u.extra::jsonb' : `u.${c}`)).join(', '));
    const now = meta.now.toISOString();
    for (let i = 0; i < records.length; i += BATCH) {
      const batch = records.slice(i, i + BATCH);
      const columns = RECORD_COLUMNS.map(([key, column]) => ({
        name: column,
        type: column === 'extra' ? 'text' : arrayType(column),
        values: batch.map((r) => (column === 'extra' ? JSON.stringify(r[key]) : r[key])),
      }));
      const result = await tx.execute<{ inserted: boolean }>(sql`
        INSERT INTO assets (${columnList})
        SELECT ${selectList}, ${meta.release}::text, ${now}::timestamptz, ${now}::timestamptz FROM ${unnestSql(columns)}
        ON CONFLICT (repd_ref_id) DO UPDATE SET ${updates}
        WHERE assets.content_hash IS DISTINCT FROM excluded.content_hash
        RETURNING (xmax = 0) AS inserted`);
      for (const row of rowsOf<{ inserted: boolean }>(result)) {
        if (row.inserted) inserted++;
        else updated++;
      }
    }
    await tx.execute(flagDuplicatesSql());
    for (let i = 0; whole && i < whole.changes.length; i += BATCH) {
      const batch = whole.changes.slice(i, i + BATCH);
      const column = (name: string, values: unknown[]) => ({ name, type: 'text', values });
      await tx.execute(sql`
        INSERT INTO asset_changes (repd_ref_id, site_name, kind, before_value, after_value, release, changed_at)
        SELECT u.repd_ref_id, u.site_name, u.kind, u.before_value, u.after_value, ${meta.release}::text, ${now}::timestamptz
        FROM ${unnestSql([
          column('repd_ref_id', batch.map((c) => c.repdRefId)),
          column('site_name', batch.map((c) => c.siteName)),
          column('kind', batch.map((c) => c.kind)),
          column('before_value', batch.map((c) => c.before)),
          column('after_value', batch.map((c) => c.after)),
        ])}`);
    }
    await whole?.inTransaction?.(tx);
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
        AND ${sql.raw(haversineKmSql('a.latitude', 'a.longitude', 'b.latitude', 'b.longitude'))} <= ${DUPLICATE_DISTANCE_KM}
      WHERE a.latitude IS NOT NULL
      GROUP BY a.id
    )
    UPDATE assets SET duplicate_of_id = pairs.original
    FROM (SELECT t.id, p.original FROM assets t LEFT JOIN pairs p ON p.id = t.id) AS pairs
    WHERE assets.id = pairs.id AND assets.duplicate_of_id IS DISTINCT FROM pairs.original`;
}

/** The stored REPD projects a release is compared with (synthetic demo rows are not REPD's). */
export function listStoredProjects(database: Database) {
  return database.query<StoredProject>(`SELECT repd_ref_id, site_name, development_status, installed_capacity, repd_operator FROM assets WHERE source = 'REPD'`);
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
