import {
  ASSET_HISTORY_LIMIT,
  ASSET_MAP,
  ASSET_MESSAGES,
  ASSET_WIDE_VIEW_MAX_LEVEL,
  DEFAULT_PROJECT_SORT,
  OPERATOR_SUGGESTIONS,
  SITE_SUGGESTIONS,
} from '@solar/shared/constants/assets';
import {
  type AssetDetail,
  type AssetMapQuery,
  type AssetSourceRecord,
  type ProjectRow,
  type ProjectsQuery,
} from '@solar/shared/contracts/assets';
import { gridLevel, levelCellDegrees } from '@solar/shared/domain/map-grid';
import type { GridCellRow } from '../../db/grid-clusters';
import { isoDay, toIsoTimestampOrNull } from '../../db/sql-helpers';
import { dataSourceJobName, findDataSource } from '../../platform/data-sources.repository';
import { readCacheFeed, type ReadCacheFeed } from '../../platform/read-cache-feed';
import type { AppContext } from '../../plugins/context';
import { AppError } from '../../platform/errors';
import { JsonText } from '../../plugins/routes';
import { toAssetDetail, toAssetSource, toProjectRow, toSiteSuggestion } from './assets.mapper';
import { latestImport } from './asset-import.repository';
import { listProjectPage, projectWhere } from './asset-projects.repository';
import * as repo from './assets.repository';
import { refreshAssetInsights } from './asset-insights.repository';
import { REPD_SOURCE_ID } from './repd-feed.job';

type Ctx = Pick<AppContext, 'database' | 'clock'>;
type MapCtx = Ctx & Pick<AppContext, 'assetMap'>;
type Database = AppContext['database'];

/** Most grid cells a cluster answer may hold, whatever bounds and zoom a caller sends. */
const MAX_CLUSTER_CELLS = 4_000;

const today = (ctx: Ctx) => isoDay(ctx.clock.now());

/** An asset id from a URL: a whole number that fits a bigint; anything else is not found. */
export function parseAssetId(idText: string): number | null {
  const id = /^\d{1,15}$/.test(idText) ? Number(idText) : NaN;
  return Number.isSafeInteger(id) ? id : null;
}

/**
 * The Overview filters (docs/product/assets.md#overview-filters) as the repository's selection: one
 * reading for the map, its export and the Insights tab.
 */
export function toSelection(ctx: Pick<AppContext, 'clock'>, q: Omit<AssetMapQuery, 'bounds' | 'zoom'>): repo.AssetSelection {
  return {
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
    today: isoDay(ctx.clock.now()),
  };
}

/** The map's view and filters; without a view, the whole of the UK. */
export const toFilter = (ctx: Pick<AppContext, 'clock'>, q: Omit<AssetMapQuery, 'zoom'>): repo.AssetFilter => ({
  ...toSelection(ctx, q),
  bounds: q.bounds ?? ASSET_MAP.defaultBounds,
});

/**
 * GET /api/assets/coordinates: every matching point while at most the point limit match in the
 * bounds (all of REPD), otherwise grid clusters sized by zoom, capped at MAX_CLUSTER_CELLS. The points
 * are the stored GeoJSON features (migration 0013, decision 0317) joined as they are: the answer is
 * JSON text the database assembled, checked against the contract by the tests. One statement for most
 * views (decision 0628): the cells' state is kept in memory, and a view's floor is tried in its probe.
 */
export async function assetCoordinates(ctx: MapCtx, q: AssetMapQuery): Promise<JsonText> {
  const filter = toFilter(ctx, q);
  const viewLevel = gridLevel(q.zoom ?? ASSET_MAP.zoom, filter.bounds, MAX_CLUSTER_CELLS);
  // A view drawn at a wide zoom holds fewer points (decision 0614); the UK-wide answer and a caller
  // that sends no zoom get every point up to the point limit, as before.
  const wide = q.bounds !== undefined && q.zoom !== undefined && viewLevel <= ASSET_WIDE_VIEW_MAX_LEVEL;
  const limit = wide ? Math.min(ctx.assetMap.wideViewPointLimit, ctx.assetMap.pointLimit) : ctx.assetMap.pointLimit;
  let floor: { levels: number[]; bands: number[] } | undefined;
  if (repo.countedAhead(filter)) {
    const cells = await assetMapCells(ctx.database);
    const counted = repo.countedLevel(cells, filter);
    // A wide view's clusters, from the cells counted ahead, are its first statement: their sum says
    // whether it is over its limit, and above it they are the answer (decision 0614). Under it, the
    // matches (never more than the cells they lie in hold) are under it too: no probe (decision 0628).
    if (wide && viewLevel <= counted) {
      const rows = await repo.listCountedAssetClusters(ctx.database, filter, viewLevel, cells.bands);
      if (rows.reduce((sum, c) => sum + c.n, 0) > limit) return clusterAnswer(ctx, q, rows);
      return pointAnswer(await repo.listAllAssetFeatures(ctx.database, filter));
    }
    // No view holds more assets than the map does: at most the limit in all, no probe (decision 0628).
    if (cells.located >= 0 && cells.located <= limit) return pointAnswer(await repo.listAllAssetFeatures(ctx.database, filter));
    // The cells wholly inside the view, counted ahead, are a floor on the matches: above the limit,
    // the answer is clusters without reading the rows (decision 0388). Tried first at a coarser level,
    // whose cells are a few times fewer rows to add up (a wide view's inner cells there hold most of
    // its matches; decision 0411), then at the view's own, in the probe's statement (decision 0628).
    const level = Math.min(viewLevel, counted);
    if (level >= 0) floor = { levels: [...new Set([Math.max(0, level - FLOOR_LEVELS_UP), level])], bands: cells.bands };
  }
  const probe = await repo.listAssetFeatures(ctx.database, filter, limit, floor);
  if (probe.features === null) return clusters(ctx, q, filter);
  return pointAnswer({ n: probe.n, features: probe.features });
}

/** A points answer: the stored features joined as they are. */
const pointAnswer = (points: { n: number; features: string }) =>
  new JsonText(`{"type":"FeatureCollection","features":[${points.features}],"total":${points.n},"clustered":false}`);

/** Coarser levels up at which the floor on a view's matches is tried first. */
const FLOOR_LEVELS_UP = 3;

/**
 * What the cells counted ahead hold, kept per database while they are fresh (decision 0628), so a map
 * view does not ask for it: dropped when a write to `assets` is heard (the statement that makes the
 * cells stale also notifies the read caches, migrations 0026 and 0148) or the feed is lost, and after
 * a refresh. A stale state is never kept: the live query answers until the cells are rebuilt.
 */
class KeptCells {
  private kept: repo.AssetMapCells | null = null;
  private heard = 0;
  private readonly feed: ReadCacheFeed;
  constructor(private readonly database: Database) {
    this.feed = readCacheFeed(database);
    this.feed.subscribe((change) => {
      if (!change || change.cache === 'assets') this.forget();
    });
  }
  forget() {
    this.kept = null;
    this.heard += 1;
  }
  async get(): Promise<repo.AssetMapCells> {
    if (this.kept) return this.kept;
    const heard = this.heard;
    const cells = await repo.assetMapCells(this.database);
    // Not kept when a write was heard while it was read, nor while the feed does not listen (the caches keep nothing then).
    if (cells.finest >= 0 && heard === this.heard && this.feed.open) this.kept = cells;
    return cells;
  }
}
const keptCells = new WeakMap<Database, KeptCells>();
const keptCellsOf = (database: Database) => {
  let kept = keptCells.get(database);
  if (!kept) keptCells.set(database, (kept = new KeptCells(database)));
  return kept;
};

/** The cells counted ahead's state (decisions 0388, 0411), from memory while fresh (decision 0628). */
export const assetMapCells = (database: Database) => keptCellsOf(database).get();

/** GET /api/assets/tenders (the table, not the export). */
export const projects = (ctx: Ctx, q: ProjectsQuery) => listProjects(ctx, q);

/**
 * Keeps the asset map's cells counted ahead (decision 0388) up to date: at start, then every
 * `everyMs` (rebuilt only when a write made them stale), so the first wide view after a start or an
 * asset import does not wait for them.
 */
export function keepAssetMapCellsFresh(
  ctx: Ctx & Pick<AppContext, 'log'>,
  everyMs = 60_000,
  /** Run after the first refresh and after each rebuild of the Insights tables (their warm-up, decision 0610). */
  onInsightsFresh?: () => Promise<void>,
): () => void {
  let first = true;
  // The Insights tab's tables are counted ahead with the cells (decision 0490), and again when the day changes (their ages, decision 0580).
  const refresh = () =>
    repo
      .refreshAssetMapCells(ctx.database)
      // Read the state again: this process or another may have rebuilt the cells (decision 0628).
      .then(() => keptCellsOf(ctx.database).forget())
      .then(() => refreshAssetInsights(ctx.database, today(ctx)))
      .then(async (rebuilt) => {
        if (!rebuilt && !first) return;
        first = false;
        await onInsightsFresh?.();
      })
      .catch((err: unknown) => ctx.log.warn({ err }, 'asset map cells refresh failed'));
  void refresh();
  const timer = setInterval(refresh, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

/** Grid clusters of about 40 px at the zoom (never more than MAX_CLUSTER_CELLS); a cell of one asset is its point. */
async function clusters(ctx: Ctx, q: AssetMapQuery, filter: repo.AssetFilter): Promise<JsonText> {
  const zoom = q.zoom ?? ASSET_MAP.zoom;
  // Whole zoom levels, so the cells counted ahead (decision 0388) and the live query cluster alike.
  const level = gridLevel(zoom, filter.bounds, MAX_CLUSTER_CELLS);
  const counted = repo.countedAhead(filter) ? await assetMapCells(ctx.database) : null;
  const cells = counted && level <= repo.countedLevel(counted, filter)
    ? await repo.listCountedAssetClusters(ctx.database, filter, level, counted.bands)
    : await repo.listAssetClusters(ctx.database, repo.assetWhere(filter), levelCellDegrees(level));
  return clusterAnswer(ctx, q, cells);
}

/** The clustered answer of a view's cells: a cell of one asset is its stored feature, the others are computed here. */
async function clusterAnswer(ctx: Ctx, q: AssetMapQuery, cells: Array<GridCellRow & { capacity: number; feature?: string | null }>): Promise<JsonText> {
  const singles = cells.filter((c) => c.single_id !== null);
  // The cells counted ahead bring a single's stored feature with them; the live query does not.
  const points = singles.every((c) => c.feature !== undefined)
    ? singles.flatMap((c) => (c.feature ? [c.feature] : [])).join(',')
    : await repo.listAssetFeaturesByIds(ctx.database, singles.map((c) => Number(c.single_id)));
  const expansion = Math.min((q.zoom ?? ASSET_MAP.zoom) + 2, ASSET_MAP.maxZoom);
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
  return new JsonText(`{"type":"FeatureCollection","features":[${features}],"total":${total},"clustered":true}`);
}

export async function listAssetOperators(ctx: Ctx, search: string | undefined): Promise<string[]> {
  const rows = await repo.listOperators(ctx.database, search?.trim() || undefined, OPERATOR_SUGGESTIONS);
  return rows.map((r) => r.name);
}

export async function listAssetSites(ctx: Ctx, search: string | undefined) {
  const s = search?.trim();
  if (!s) return [];
  const rows = await repo.listSites(ctx.database, s, SITE_SUGGESTIONS);
  return rows.map(toSiteSuggestion);
}

export async function getAsset(ctx: Ctx, idText: string): Promise<AssetDetail> {
  const id = parseAssetId(idText);
  const found = id === null ? undefined : await repo.getAssetRow(ctx.database, id, ASSET_HISTORY_LIMIT);
  if (!found) throw new AppError('NOT_FOUND', ASSET_MESSAGES.assetNotFound);
  return toAssetDetail(found.row, today(ctx), found.history);
}

const sortOf = (q: ProjectsQuery) => ({
  sortBy: q.sortBy ?? DEFAULT_PROJECT_SORT.sortBy,
  sortDirection: q.sortDirection ?? (q.sortBy ? 'asc' : DEFAULT_PROJECT_SORT.sortDirection),
});

export async function listProjects(ctx: Ctx, q: ProjectsQuery): Promise<{ data: ProjectRow[]; total: number }> {
  const { rows, total } = await listProjectPage(ctx.database, projectWhere(q), sortOf(q), q.offset, q.limit);
  return { data: rows.map(toProjectRow), total };
}

/** Where the assets come from and how fresh they are: the latest import and the REPD job's last check (decision 0397). */
export async function getAssetSource(ctx: Ctx & Pick<AppContext, 'jobs'>): Promise<AssetSourceRecord> {
  const [last, count, feed, historySince] = await Promise.all([
    latestImport(ctx.database),
    repo.countAssets(ctx.database),
    findDataSource(ctx.database.db, REPD_SOURCE_ID),
    repo.firstRecordedChange(ctx.database),
  ]);
  const automatic = ctx.jobs.has(dataSourceJobName(REPD_SOURCE_ID));
  return toAssetSource(last, count, { automatic, checkedAt: automatic ? toIsoTimestampOrNull(feed?.lastSuccessAt) : null, historySince });
}
