import { Readable } from 'node:stream';
import {
  ASSET_MAP,
  ASSET_MESSAGES,
  ASSET_POINT_LIMIT,
  DEFAULT_PROJECT_SORT,
  ESTIMATED_MODULE_WATTS,
  OPERATOR_SUGGESTIONS,
  PROJECT_COLUMNS,
  REPD_SOURCE,
  SITE_SUGGESTIONS,
} from '@solar/shared/constants/assets';
import {
  assetMapQuery,
  listAssetProjects,
  type AssetDetail,
  type AssetMapQuery,
  type AssetSourceRecord,
  type ProjectRow,
  type ProjectsQuery,
} from '@solar/shared/contracts/assets';
import { formatDate } from '@solar/shared/domain/format';
import type { AppContext } from '../../plugins/context';
import { AppError } from '../../platform/errors';
import { cacheKey, createReadCache, encodeResponse, type CachedJson } from '../../platform/read-cache';
import * as repo from './assets.repository';

type Ctx = Pick<AppContext, 'database' | 'clock'>;

/** Most grid cells a cluster answer may hold, whatever bounds and zoom a caller sends. */
const MAX_CLUSTER_CELLS = 4_000;

const today = (ctx: Ctx) => ctx.clock.now().toISOString().slice(0, 10);

/** Whole years between a yyyy-mm-dd date and today (the ruling: age from recordLastUpdated). */
export function ageInYears(date: string | null, todayIso: string): number | null {
  if (!date) return null;
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = todayIso.split('-').map(Number) as [number, number, number];
  const years = ty - y - (tm < m || (tm === m && td < d) ? 1 : 0);
  return Math.max(0, years);
}

function toFilter(ctx: Ctx, q: AssetMapQuery): repo.AssetFilter {
  return {
    bounds: q.bounds ?? ASSET_MAP.defaultBounds,
    minCapacity: q.minCapacity || undefined, // 0 is no minimum: one cache entry for both
    maxCapacity: q.maxCapacity,
    minAge: q.minAge,
    maxAge: q.maxAge,
    includeUnknownAge: q.includeUnknownAge ?? true,
    regions: q.regions,
    technologyTypes: q.technologyTypes,
    developmentStatus: q.developmentStatus,
    operators: q.operators,
    siteNameSearch: q.siteNameSearch || undefined,
    today: today(ctx),
  };
}

/**
 * Identical map and projects reads are answered from memory while no asset row has changed (at most
 * 10 minutes; docs/decisions/0300). A UK-wide map answer is ~4.7 MB of JSON (~0.6 MB gzip), hence the larger budget.
 */
const coordinatesCache = createReadCache('assets', { maxEntries: 500, maxBytes: 128 * 1024 * 1024, ttlMs: 10 * 60_000 });
const projectsCache = createReadCache('assets', { maxEntries: 2_000, maxBytes: 16 * 1024 * 1024, ttlMs: 10 * 60_000 });

/** Cached under the zoom-free key when the answer for those filters is clustered (depends on zoom). */
const CLUSTERED = 'clustered';

/** GET /api/assets/tenders (the table, not the export) as the JSON of its 200 response (cached). */
export function projectsJson(ctx: Ctx, q: ProjectsQuery): Promise<CachedJson> {
  const key = cacheKey({ ...q, ...sortOf(q) });
  return projectsCache(ctx.database, key, async () => encodeResponse(listAssetProjects.response[200], await listProjects(ctx, q)));
}

/**
 * GET /api/assets/coordinates as the JSON text of its 200 response (cached): every matching point
 * while at most ASSET_POINT_LIMIT match in the bounds (all of REPD), otherwise grid clusters sized
 * by zoom, capped at MAX_CLUSTER_CELLS. A point answer does not depend on the zoom, so it is kept
 * once per filter set; a clustered answer once per zoom.
 */
export async function assetCoordinatesJson(ctx: Ctx, q: AssetMapQuery): Promise<CachedJson> {
  const filter = toFilter(ctx, q);
  const where = repo.assetWhere(filter);
  const answer = await coordinatesCache(ctx.database, cacheKey({ ...filter }), async () => {
    const probe = await repo.listAssetFeatures(ctx.database, where, ASSET_POINT_LIMIT);
    if (probe.features === null) return CLUSTERED;
    // The stored features are the contract's shape (migration 0013; checked in the tests).
    return `{"type":"FeatureCollection","features":[${probe.features}],"total":${probe.n},"clustered":false}`;
  });
  if (!answer.is(CLUSTERED)) return answer;
  return coordinatesCache(ctx.database, cacheKey({ ...filter, zoom: q.zoom ?? ASSET_MAP.zoom }), () => clustersJson(ctx, q, filter, where));
}

/**
 * Keeps the Overview's first view (the UK with no filters) computed and compressed in this process: at
 * start, then checked every `everyMs` (one version read while nothing changed), so the first visitor
 * after a start or an asset import, from any process, does not wait for it (docs/decisions/0317).
 */
export function keepDefaultAssetMapWarm(ctx: Ctx & Pick<AppContext, 'log'>, everyMs = 60_000): () => void {
  const defaults = assetMapQuery.parse({});
  const warm = () =>
    assetCoordinatesJson(ctx, defaults)
      .then((json) => Promise.all([json.encoded('br'), json.encoded('gzip')]))
      .catch((err: unknown) => ctx.log.warn({ err }, 'asset map warm-up failed'));
  void warm();
  const timer = setInterval(warm, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

/** Grid clusters of about 40 px at the zoom (never more than MAX_CLUSTER_CELLS); a cell of one asset is its point. */
async function clustersJson(ctx: Ctx, q: AssetMapQuery, filter: repo.AssetFilter, where: repo.Where): Promise<string> {
  const zoom = q.zoom ?? ASSET_MAP.zoom;
  const [west, south, east, north] = filter.bounds;
  const byZoom = 360 / (2 ** zoom * (256 / 40));
  const byBounds = Math.sqrt(((east - west) * (north - south)) / MAX_CLUSTER_CELLS);
  const cells = await repo.listAssetClusters(ctx.database, where, Math.max(byZoom, byBounds, 1e-6));
  const singles = cells.filter((c) => c.single_id !== null).map((c) => c.single_id!);
  const points = singles.length ? await repo.listAssetFeaturesByIds(ctx.database, singles) : '';
  const expansion = Math.min(zoom + 2, ASSET_MAP.maxZoom);
  const clusterFeatures = cells
    .filter((c) => c.single_id === null)
    .map((c) => ({
      type: 'Feature' as const,
      geometry: { type: 'Point' as const, coordinates: [c.longitude, c.latitude] as [number, number] },
      properties: { cluster: true as const, point_count: c.n, capacity_sum: Math.round(c.capacity * 10) / 10, expansion_zoom: expansion },
    }));
  const total = cells.reduce((sum, c) => sum + c.n, 0);
  // Single points are stored features; clusters are numbers computed here (shapes checked in the tests).
  const features = [points, ...clusterFeatures.map((f) => JSON.stringify(f))].filter(Boolean).join(',');
  return `{"type":"FeatureCollection","features":[${features}],"total":${total},"clustered":true}`;
}

export async function listAssetOperators(ctx: Ctx, search: string | undefined): Promise<string[]> {
  const rows = await repo.listOperators(ctx.database, search?.trim() || undefined, OPERATOR_SUGGESTIONS);
  return rows.map((r) => r.name);
}

export async function listAssetSites(ctx: Ctx, search: string | undefined) {
  const s = search?.trim();
  if (!s) return [];
  const rows = await repo.listSites(ctx.database, s, SITE_SUGGESTIONS);
  return rows.map((r) => ({ id: r.id, siteName: r.site_name, region: r.region }));
}

/** Solar only: modules ≈ MW × 1,000,000 ÷ ESTIMATED_MODULE_WATTS (docs/decisions/0192). */
export function estimateModules(technology: string | null, capacityMw: number | null): number | null {
  if (technology !== 'Solar Photovoltaics' || capacityMw === null || capacityMw <= 0) return null;
  return Math.round((capacityMw * 1_000_000) / ESTIMATED_MODULE_WATTS);
}

export async function getAsset(ctx: Ctx, idText: string): Promise<AssetDetail> {
  const id = /^\d{1,15}$/.test(idText) ? Number(idText) : NaN;
  const row = Number.isSafeInteger(id) ? await repo.getAssetRow(ctx.database, id) : undefined;
  if (!row) throw new AppError('NOT_FOUND', ASSET_MESSAGES.assetNotFound);
  return {
    id: row.id,
    repdRefId: row.repd_ref_id,
    siteName: row.site_name,
    technologyType: row.technology_type,
    developmentStatus: row.development_status,
    developmentStatusShort: row.development_status_short,
    installedCapacity: row.installed_capacity,
    mountingType: row.mounting_type,
    recordLastUpdated: row.record_last_updated,
    ageYears: ageInYears(row.record_last_updated, today(ctx)),
    siteArea: row.site_area_acres,
    estimatedModules: estimateModules(row.technology_type, row.installed_capacity),
    estimatedModulesIsEstimate: true,
    address: row.address,
    county: row.county,
    region: row.region,
    country: row.country,
    postCode: row.post_code,
    latitude: row.latitude,
    longitude: row.longitude,
    repdOperator: row.repd_operator,
    latestOperator: row.repd_operator,
    storageType: row.storage_type,
    planningAuthority: row.planning_authority,
    planningApplicationRef: row.planning_application_ref,
    appealReference: row.appeal_reference,
    planningSubmissionDate: row.planning_submission_date,
    planningGrantedDate: row.planning_granted_date,
    underConstructionDate: row.under_construction_date,
    operationalDate: row.operational_date,
    possibleDuplicateOf: row.dup_id !== null ? { id: row.dup_id, siteName: row.dup_site_name!, repdRefId: row.dup_ref_id! } : null,
    source: { name: REPD_SOURCE.name, release: row.source_release, importedAt: row.imported_at, attribution: REPD_SOURCE.attribution },
  };
}

const toProjectRow = (r: repo.ProjectDbRow): ProjectRow => ({
  id: r.id,
  siteName: r.site_name,
  developmentStatus: r.development_status,
  installedCapacity: r.installed_capacity,
  repdOperator: r.repd_operator,
  region: r.region,
  technologyType: r.technology_type,
  planningSubmissionDate: r.planning_submission_date,
  planningGrantedDate: r.planning_granted_date,
  possibleDuplicate: r.possible_duplicate,
});

const sortOf = (q: ProjectsQuery) => ({
  sortBy: q.sortBy ?? DEFAULT_PROJECT_SORT.sortBy,
  sortDirection: q.sortDirection ?? (q.sortBy ? 'asc' : DEFAULT_PROJECT_SORT.sortDirection),
});

export async function listProjects(ctx: Ctx, q: ProjectsQuery): Promise<{ data: ProjectRow[]; total: number }> {
  const { rows, total } = await repo.listProjectPage(ctx.database, repo.projectWhere(q), sortOf(q), q.offset, q.limit);
  return { data: rows.map(toProjectRow), total };
}

/** A CSV cell: quoted when needed; a leading = + - @ is neutralised so spreadsheets do not run it. */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let s = String(value);
  if (/^[=+\-@\t\r]/.test(s) && typeof value === 'string') s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

const EXPORT_HEADERS = [...PROJECT_COLUMNS.map((c) => c.label), 'Technology Type', 'Possible Duplicate'];

export const projectCsvLine = (r: ProjectRow) =>
  [
    r.siteName,
    r.developmentStatus,
    r.installedCapacity === null ? 'N/A' : r.installedCapacity.toFixed(1),
    r.repdOperator,
    r.region,
    formatDate(r.planningSubmissionDate),
    formatDate(r.planningGrantedDate),
    r.technologyType,
    r.possibleDuplicate ? 'Yes' : 'No',
  ]
    .map(csvCell)
    .join(',');

/** The export: the same filters and sort as the table, every page, streamed in batches. */
export function exportProjects(ctx: Ctx, q: ProjectsQuery): Readable {
  const where = repo.projectWhere(q);
  const sort = sortOf(q);
  const batch = 1000;
  async function* lines() {
    yield '\uFEFF' + EXPORT_HEADERS.map(csvCell).join(',') + '\r\n';
    for (let offset = 0; ; offset += batch) {
      const rows = await repo.listProjectRows(ctx.database, where, sort, offset, batch);
      if (rows.length) yield rows.map((r) => projectCsvLine(toProjectRow(r))).join('\r\n') + '\r\n';
      if (rows.length < batch) return;
    }
  }
  return Readable.from(lines());
}

export async function getAssetSource(ctx: Ctx): Promise<AssetSourceRecord> {
  const [last, count] = await Promise.all([
    repo.latestImport(ctx.database),
    ctx.database.query<{ n: number }>('SELECT count(*)::int AS n FROM assets').then((r) => r[0]?.n ?? 0),
  ]);
  return {
    name: REPD_SOURCE.name,
    publisher: REPD_SOURCE.publisher,
    attribution: REPD_SOURCE.attribution,
    release: last?.release ?? null,
    importedAt: last?.finished_at ?? null,
    newestRecord: last?.newest_record ?? null,
    assets: count,
    lastImport: last
      ? { read: last.rows_read, inserted: last.rows_inserted, updated: last.rows_updated, unchanged: last.rows_unchanged, rejected: last.rows_rejected }
      : null,
  };
}
