import { PROJECT_PHASES, type ProjectSortKey } from '@solar/shared/constants/assets';
import type { Database } from '../../db/client';
import { containsPattern, isoDateColumn } from '../../db/sql-helpers';
import { countAssets, Where } from './assets.repository';

/** The projects table (docs/product/assets.md#projects-table, docs/product/assets.md#calls GET /api/assets/tenders). */

export interface ProjectFilter {
  operatorSearch?: string;
  region?: string;
  technology?: string;
  phase?: string;
  /** yyyy-mm-dd: only projects a REPD release changed from that day on (UTC; decision 0396). */
  changedSince?: string;
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
  // Read from asset_changes_changed_idx alone (migration 0020), then matched on the Ref ID's unique index.
  const since = f.changedSince;
  if (since) w.add((p) => `repd_ref_id IN (SELECT repd_ref_id FROM asset_changes WHERE changed_at >= ${p(`${since}T00:00:00Z`)}::timestamptz)`);
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

/** The last row of an export's batch: its sort value (as text) and id. */
export interface ProjectKey {
  value: string | null;
  id: number;
}

/** How a sort key's text is read back into its column type. */
const SORT_TYPES: Record<ProjectSortKey, string> = {
  siteName: 'text',
  developmentStatus: 'text',
  installedCapacity: 'float8',
  repdOperator: 'text',
  region: 'text',
  planningSubmissionDate: 'date',
  planningGrantedDate: 'date',
};

/**
 * The export's rows (decision 0491): the table's filters and order, read by keyset after `after`
 * (never OFFSET, so the thousandth batch costs what the first does). The order is the table's:
 * the column (nulls last), then id, both in the chosen direction.
 */
export function listProjectRowsAfter(
  database: Database,
  f: ProjectFilter,
  sort: { sortBy: ProjectSortKey; sortDirection: 'asc' | 'desc' },
  after: ProjectKey | null,
  limit: number,
) {
  const w = projectWhere(f);
  const dir = sort.sortDirection === 'asc' ? 'ASC' : 'DESC';
  const expr = SORT_COLUMNS[sort.sortBy];
  if (after) {
    const beyond = sort.sortDirection === 'asc' ? '>' : '<';
    const type = SORT_TYPES[sort.sortBy];
    w.add((p) =>
      after.value === null
        ? `(${expr} IS NULL AND id ${beyond} ${p(after.id)})`
        : `(${expr} ${beyond} ${p(after.value)}::${type} OR (${expr} = ${p(after.value)}::${type} AND id ${beyond} ${p(after.id)}) OR ${expr} IS NULL)`,
    );
  }
  return database.query<ProjectDbRow & { sort_key: string | null }>(
    `SELECT id::int AS id, site_name, development_status, installed_capacity, repd_operator, region, technology_type,
       ${isoDateColumn('planning_submission_date', 'planning_submission_date')},
       ${isoDateColumn('planning_granted_date', 'planning_granted_date')},
       duplicate_of_id IS NOT NULL AS possible_duplicate, (${expr})::text AS sort_key
     FROM assets ${w.sql}
     ORDER BY ${expr} ${dir} NULLS LAST, id ${dir}
     LIMIT ${Number(limit)}`,
    w.params,
  );
}
