import type { FastifyReply } from 'fastify';
import { DEFAULT_PROJECT_SORT } from '@solar/shared/constants/assets';
import { EXPORT_BATCH_ROWS, type ExportFormat } from '@solar/shared/constants/exports';
import type { AssetMapQuery, ProjectsQuery } from '@solar/shared/contracts/assets';
import { isoDay } from '../../db/sql-helpers';
import type { UserRow } from '../../db/rows';
import type { AppContext } from '../../plugins/context';
import { keysetBatches, sendExport, type ExportColumn } from '../../platform/export';
import { countAssets, listAssetsAfter, assetWhere, type AssetExportRow } from './assets.repository';
import { toFilter } from './assets.service';
import { listProjectRowsAfter, projectWhere, type ProjectDbRow, type ProjectKey } from './asset-projects.repository';

type Ctx = Pick<AppContext, 'database' | 'clock' | 'env'>;

/**
 * Exports of asset intelligence (docs/product/exports.md, decision 0491): the projects table (the
 * spec's `tenders-yyyy-MM-dd.csv`, now also JSON) and the assets the map shows.
 */

const PROJECT_COLUMNS: ExportColumn<ProjectDbRow>[] = [
  { key: 'siteName', label: 'Site Name', kind: 'text', value: (r) => r.site_name },
  { key: 'developmentStatus', label: 'Status', kind: 'text', value: (r) => r.development_status },
  { key: 'installedCapacity', label: 'Capacity (MW)', kind: 'number', value: (r) => r.installed_capacity },
  { key: 'repdOperator', label: 'Planning Applicant', kind: 'text', value: (r) => r.repd_operator },
  { key: 'region', label: 'Region', kind: 'text', value: (r) => r.region },
  { key: 'planningSubmissionDate', label: 'Planning Submission Date', kind: 'date', value: (r) => r.planning_submission_date },
  { key: 'planningGrantedDate', label: 'Planning Permission Date', kind: 'date', value: (r) => r.planning_granted_date },
  { key: 'technologyType', label: 'Technology Type', kind: 'text', value: (r) => r.technology_type },
  { key: 'possibleDuplicate', label: 'Possible Duplicate', kind: 'boolean', value: (r) => r.possible_duplicate },
  { key: 'id', label: 'Asset ID', kind: 'integer', value: (r) => r.id },
];

/** GET /api/assets/tenders?export=true (or format=csv|json): the table's filters and sort, every page. */
export async function exportProjects(ctx: Ctx, reply: FastifyReply, q: ProjectsQuery, format: ExportFormat) {
  const sort = {
    sortBy: q.sortBy ?? DEFAULT_PROJECT_SORT.sortBy,
    sortDirection: q.sortDirection ?? (q.sortBy ? 'asc' : DEFAULT_PROJECT_SORT.sortDirection),
  } as const;
  const total = await countAssets(ctx.database, projectWhere(q));
  return sendExport(reply, {
    format,
    // docs/product/assets.md#export: tenders- followed by the date as yyyy-MM-dd.
    filename: `tenders-${isoDay(ctx.clock.now())}`,
    columns: PROJECT_COLUMNS,
    total,
    limit: ctx.env.exportMaxRows,
    batches: () =>
      keysetBatches<ProjectDbRow & { sort_key: string | null }, ProjectKey>(
        (after, size) => listProjectRowsAfter(ctx.database, q, sort, after, size),
        (row) => ({ value: row.sort_key, id: row.id }),
        EXPORT_BATCH_ROWS,
      ),
  });
}

/** What anyone may see of an asset: the map's and the projects table's fields. */
const PUBLIC_ASSET_COLUMNS: ExportColumn<AssetExportRow>[] = [
  { key: 'id', label: 'Asset ID', kind: 'integer', value: (r) => r.id },
  { key: 'siteName', label: 'Site Name', kind: 'text', value: (r) => r.site_name },
  { key: 'technologyType', label: 'Technology Type', kind: 'text', value: (r) => r.technology_type },
  { key: 'developmentStatus', label: 'Status', kind: 'text', value: (r) => r.development_status },
  { key: 'installedCapacity', label: 'Capacity (MW)', kind: 'number', value: (r) => r.installed_capacity },
  { key: 'repdOperator', label: 'Planning Applicant', kind: 'text', value: (r) => r.repd_operator },
  { key: 'region', label: 'Region', kind: 'text', value: (r) => r.region },
  { key: 'latitude', label: 'Latitude', kind: 'number', value: (r) => r.latitude },
  { key: 'longitude', label: 'Longitude', kind: 'number', value: (r) => r.longitude },
  { key: 'planningSubmissionDate', label: 'Planning Submission Date', kind: 'date', value: (r) => r.planning_submission_date },
  { key: 'planningGrantedDate', label: 'Planning Permission Date', kind: 'date', value: (r) => r.planning_granted_date },
  { key: 'underConstructionDate', label: 'Under Construction Date', kind: 'date', value: (r) => r.under_construction_date },
  { key: 'operationalDate', label: 'Operational Date', kind: 'date', value: (r) => r.operational_date },
  { key: 'recordLastUpdated', label: 'Record Last Updated', kind: 'date', value: (r) => r.record_last_updated },
];

/** What the asset detail adds, for signed-in users only (decision 0193). */
const SIGNED_IN_ASSET_COLUMNS: ExportColumn<AssetExportRow>[] = [
  { key: 'repdRefId', label: 'REPD Ref ID', kind: 'text', value: (r) => r.repd_ref_id },
  { key: 'address', label: 'Address', kind: 'text', value: (r) => r.address },
  { key: 'county', label: 'County', kind: 'text', value: (r) => r.county },
  { key: 'postCode', label: 'Post Code', kind: 'text', value: (r) => r.post_code },
  { key: 'planningAuthority', label: 'Planning Authority', kind: 'text', value: (r) => r.planning_authority },
  { key: 'planningApplicationRef', label: 'Planning Application Reference', kind: 'text', value: (r) => r.planning_application_ref },
];

/** GET /api/exports/assets: the assets the map shows (its view and filters), in id order. */
export async function exportAssets(ctx: Ctx, reply: FastifyReply, q: Omit<AssetMapQuery, 'zoom'> & { format: ExportFormat }, user: UserRow | null) {
  const filter = toFilter(ctx, q);
  const total = await countAssets(ctx.database, assetWhere(filter));
  return sendExport(reply, {
    format: q.format,
    filename: `assets-${isoDay(ctx.clock.now())}`,
    columns: user ? [...PUBLIC_ASSET_COLUMNS, ...SIGNED_IN_ASSET_COLUMNS] : PUBLIC_ASSET_COLUMNS,
    total,
    limit: ctx.env.exportMaxRows,
    batches: () =>
      keysetBatches<AssetExportRow, number>(
        (after, size) => listAssetsAfter(ctx.database, filter, after ?? 0, size),
        (row) => row.id,
        EXPORT_BATCH_ROWS,
      ),
  });
}
