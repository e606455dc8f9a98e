import type { AssetChangeKind } from '@solar/shared/constants/assets';
import type { Database } from '../../db/client';
import { ASSET_MAP_CAPACITY_BANDS, ASSET_MAP_CAPACITY_LEVELS, ASSET_MAP_CELL_LEVELS } from '@solar/shared/constants/assets';
import { levelCellDegrees } from '@solar/shared/domain/map-grid';
import { gridClusters, type GridCellRow } from '../../db/grid-clusters';
import { containsPattern, isoDateColumn, isoTimestampColumn, prefixPattern, SqlParams } from '../../db/sql-helpers';

/** The asset map, detail and look-up queries (docs/product/assets.md). Every filter, sort and page is done here in SQL. */

/** A parameterised WHERE clause under construction. */
export class Where {
  readonly parts: string[] = [];
  /** `placeholders`: shared with another clause of the same statement. */
  constructor(private readonly placeholders = new SqlParams()) {}
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

export function assetWhere(f: AssetFilter, params?: SqlParams): Where {
  const w = new Where(params);
  const [west, south, east, north] = f.bounds;
  // Plain ranges rather than `point <@ box`: PostgreSQL estimates a box at a fixed 0.1 % of the rows,
  // so a UK-wide view was read through the GiST index; with the btree indexes of migration 0013 the
  // planner sees how much a view holds and scans the table for wide views (docs/decisions/0317).
  w.add((p) => `latitude BETWEEN ${p(south)}::float8 AND ${p(north)}::float8 AND longitude BETWEEN ${p(west)}::float8 AND ${p(east)}::float8`);
  return addAssetFilters(w, f);
}

/** The map's filters other than its view: every asset, located or not (the Insights tab, decision 0490). */
export type AssetSelection = Omit<AssetFilter, 'bounds'>;

/** `assetWhere` without the view's bounds. */
export const selectionWhere = (f: AssetSelection, params?: SqlParams): Where => addAssetFilters(new Where(params), f);

function addAssetFilters(w: Where, f: AssetSelection): Where {
  if (f.minCapacity !== undefined && f.minCapacity > 0) w.add((p) => `installed_capacity >= ${p(f.minCapacity)}::float8`);
  if (f.maxCapacity !== undefined) w.add((p) => `installed_capacity <= ${p(f.maxCapacity)}::float8`);
  if (f.minAge !== undefined || f.maxAge !== undefined || !f.includeUnknownAge) {
    const known: string[] = [];
    const today = (p: (v: unknown) => string) => `${p(f.today)}::date`;
    w.add((p) => {
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
 * The map's point features when at most `limit` assets match `f`, in no particular order (the map draws
 * larger capacities on top with its own sort key: sorting ~12,000 features here was about 40 % of a wide
 * view's database time; decision 0583), as the comma-joined JSON text of their stored features (migration 0013); `null`
 * when more match. The probe stops at `limit + 1` rows, and the features are only gathered when
 * the answer is points (docs/decisions/0317). With `floor` (decision 0628), the cells counted ahead
 * wholly inside the view at those levels are tried first in the same statement (`moreAssetsInsideCells`):
 * above the limit, no row is read and the answer is `null`.
 */
export async function listAssetFeatures(
  database: Database,
  f: AssetFilter,
  limit: number,
  floor?: { levels: readonly number[]; bands: readonly number[] },
): Promise<{ n: number; features: string | null }> {
  const cap = Number(limit);
  const params = new SqlParams();
  const w = assetWhere(f, params);
  const probe = `(SELECT count(*)::int FROM (SELECT 1 FROM assets ${w.sql} LIMIT ${cap + 1}) AS matched)`;
  const more = floor ? insideCellsTests(f, params, floor.levels, floor.bands, cap) : [];
  const [row] = await database.query<{ n: number; features: string | null }>(
    // MATERIALIZED: the probe is one value read twice below; inlined, each reference would run it again.
    `WITH probe AS MATERIALIZED (SELECT ${more.length ? `CASE WHEN ${more.join(' OR ')} THEN ${cap + 1} ELSE ${probe} END` : probe} AS n)
     SELECT n, CASE WHEN n <= ${cap} THEN (
       SELECT coalesce(string_agg(map_feature, ','), '') FROM assets ${w.sql}
     ) END AS features
     FROM probe`,
    params.values,
  );
  return { n: row?.n ?? 0, features: row?.features ?? null };
}

/**
 * Every matching point's stored feature and their number, in one scan, for a caller that knows they
 * are at most its limit (decision 0628): no probe.
 */
export async function listAllAssetFeatures(database: Database, f: AssetFilter): Promise<{ n: number; features: string }> {
  const w = assetWhere(f);
  const [row] = await database.query<{ n: number; features: string }>(
    `SELECT count(*)::int AS n, coalesce(string_agg(map_feature, ','), '') AS features FROM assets ${w.sql}`,
    w.params,
  );
  return { n: row?.n ?? 0, features: row?.features ?? '' };
}

/** Grid clusters of `cell` degrees: one row per occupied cell, with the capacity it holds. */
export function listAssetClusters(database: Database, w: Where, cell: number) {
  return gridClusters<{ capacity: number }>(database, {
    from: 'assets',
    where: w.sql,
    params: w.params,
    cell,
    extra: 'coalesce(sum(installed_capacity), 0)::float8 AS capacity',
  });
}

/** What the clusters counted ahead hold (migrations 0027, 0029); levels are -1 while an asset write has made them stale. */
export interface AssetMapCells {
  /** The finest level counted by technology, status and region. */
  finest: number;
  /** The finest level also counted by capacity band, and the bands' lower edges (MW). */
  capacityFinest: number;
  bands: number[];
  /** Assets with a position, all of them (level 0's cells added up): no view holds more (decision 0628). */
  located: number;
}

export async function assetMapCells(database: Database): Promise<AssetMapCells> {
  const [row] = await database.query<{ stale: boolean; finest: number; capacity_finest: number; capacity_bands: number[]; located: number }>(
    `SELECT stale, finest, capacity_finest, capacity_bands,
       CASE WHEN NOT stale THEN (SELECT coalesce(sum(n), 0)::int FROM asset_map_cells WHERE level = 0) END AS located
     FROM asset_map_cells_state`,
  );
  if (!row || row.stale) return { finest: -1, capacityFinest: -1, bands: [], located: -1 };
  return { finest: row.finest, capacityFinest: row.capacity_finest, bands: row.capacity_bands.map(Number), located: row.located };
}

/** The finest zoom level of the clusters counted ahead (migration 0027), or -1 while an asset write has made them stale. */
export async function assetMapCellsLevel(database: Database): Promise<number> {
  return (await assetMapCells(database)).finest;
}

/** Rebuilds the clusters counted ahead when an asset write made them stale; true when it did. */
export async function refreshAssetMapCells(database: Database): Promise<boolean> {
  const [row] = await database.query<{ done: boolean }>('SELECT refresh_asset_map_cells($1::int, $2::float8, $3::int, $4::float8, $5::float8[]) AS done', [
    ASSET_MAP_CELL_LEVELS,
    levelCellDegrees(ASSET_MAP_CELL_LEVELS),
    ASSET_MAP_CAPACITY_LEVELS,
    levelCellDegrees(ASSET_MAP_CAPACITY_LEVELS),
    [...ASSET_MAP_CAPACITY_BANDS],
  ]);
  if (row?.done !== true) return false;
  // Planner statistics for the new rows (PGlite has no autovacuum).
  await database.exec('ANALYZE asset_map_cells, asset_map_capacity_cells');
  return true;
}

/** Whether a filter uses only what the cells are counted by: the view, technology, status, region and capacity. */
export const countedAhead = (f: AssetSelection): boolean =>
  f.minAge === undefined && f.maxAge === undefined && f.includeUnknownAge && f.operators.length === 0 && !f.siteNameSearch;

/** The capacity range as `assetWhere` filters it (a minimum of 0 is none), or null when it does not. */
export function capacityRange(f: AssetSelection): [min: number, max: number] | null {
  const min = f.minCapacity !== undefined && f.minCapacity > 0 ? f.minCapacity : -Infinity;
  const max = f.maxCapacity ?? Infinity;
  return min === -Infinity && max === Infinity ? null : [min, max];
}
export const hasCapacityFilter = (f: AssetSelection) => capacityRange(f) !== null;

/**
 * The capacity bands (as width_bucket numbers over `bands`) wholly inside the filter's capacity
 * range, as one run [first, last]; null when no band is. Band 0 is below the first edge, band i
 * from edge i - 1 up to edge i (the last one open).
 */
export function fullCapacityBands(f: AssetSelection, bands: readonly number[]): { first: number; last: number } | null {
  const lower = (b: number) => (b === 0 ? -Infinity : bands[b - 1]!);
  const upper = (b: number) => (b === bands.length ? Infinity : bands[b]!);
  const [min, max] = capacityRange(f) ?? [-Infinity, Infinity];
  let first = 0;
  while (first <= bands.length && lower(first) < min) first++;
  let last = bands.length;
  while (last >= 0 && upper(last) > max) last--;
  return first <= last ? { first, last } : null;
}

/**
 * The finest level at which the cells can answer this filter, or -1 (decision 0411): a capacity
 * filter needs the banded cells and at least one band wholly inside its range (a range within one
 * band has few assets: the live query answers it).
 */
export function countedLevel(cells: AssetMapCells, f: AssetFilter): number {
  if (!countedAhead(f)) return -1;
  if (!hasCapacityFilter(f)) return cells.finest;
  return fullCapacityBands(f, cells.bands) ? cells.capacityFinest : -1;
}

/**
 * Grid clusters at a whole zoom level from the cells counted ahead (decision 0388): a few thousand
 * rows, whatever the number of assets. Every cell that meets the bounds counts whole. With a
 * capacity filter (decision 0411; `level` from `countedLevel`), the banded cells wholly inside its
 * range, plus the assets of the bands it cuts, grouped live into the same cells (none when the range
 * starts on a band's edge and has no maximum: decision 0628). A cell of one asset brings its stored
 * feature in the same statement (decision 0614).
 */
export function listCountedAssetClusters(
  database: Database,
  f: AssetFilter,
  level: number,
  bands: readonly number[] = [],
): Promise<Array<GridCellRow & { capacity: number; feature?: string | null }>> {
  const cell = levelCellDegrees(level);
  const [west, south, east, north] = f.bounds;
  const span: CellSpan = [Math.floor(west / cell), Math.floor(south / cell), Math.floor(east / cell), Math.floor(north / cell)];
  const params = new SqlParams();
  const p = params.add;
  const sums = `SELECT sum(n)::int AS n, (sum(lng_sum) / sum(n))::float8 AS longitude, (sum(lat_sum) / sum(n))::float8 AS latitude,
       CASE WHEN sum(n) = 1 THEN min(single_id)::text END AS single_id, sum(capacity)::float8 AS capacity`;
  const withFeatures = (cells: string) =>
    database.query<GridCellRow & { capacity: number; feature: string | null }>(
      `WITH cells AS (${cells}) SELECT cells.*, assets.map_feature AS feature FROM cells LEFT JOIN assets ON assets.id = cells.single_id::bigint`,
      params.values,
    );
  if (!hasCapacityFilter(f)) return withFeatures(`${sums} FROM asset_map_cells WHERE ${cellsWhere(f, params, level, span)} GROUP BY cx, cy`);
  const full = fullCapacityBands(f, bands);
  // No whole band in the range: its assets are few, all live.
  if (!full) return listAssetClusters(database, assetWhere(f), cell);
  const counted = `${cellsWhere(f, params, level, span)} AND band BETWEEN ${p(full.first)}::int AND ${p(full.last)}::int`;
  // The rest of the range: the part of the band below the first whole one that the minimum cuts, and
  // the assets at or above the last whole band's upper edge up to an inclusive maximum.
  const [min] = capacityRange(f)!;
  const cutBelow = full.first > 0 && min < bands[full.first - 1]!;
  const cutAbove = full.last < bands.length;
  if (!cutBelow && !cutAbove) return withFeatures(`${sums} FROM asset_map_capacity_cells WHERE ${counted} GROUP BY cx, cy`);
  // The cut bands' assets in the same whole cells, grouped as the cells are. The bounds reach a cell
  // past the span, so no rounding at its edge drops a row; the span is kept exactly (by the cells'
  // own floor) after grouping, as a condition on the rows the planner would guess it keeps almost
  // none and group them by sorting (OFFSET 0 keeps it after).
  const [x0, y0, x1, y1] = span;
  const live = assetWhere({ ...f, bounds: [(x0 - 1) * cell, (y0 - 1) * cell, (x1 + 2) * cell, (y1 + 2) * cell] }, params);
  const c = `${p(cell)}::float8`;
  const rest = [
    cutBelow ? `installed_capacity < ${p(bands[full.first - 1])}::float8` : null,
    cutAbove ? `installed_capacity >= ${p(bands[full.last])}::float8` : null,
  ].filter(Boolean);
  live.add(() => `(${rest.join(' OR ')})`);
  return withFeatures(
    `${sums} FROM (
       SELECT cx, cy, n, capacity, lng_sum, lat_sum, single_id FROM asset_map_capacity_cells WHERE ${counted}
       UNION ALL
       SELECT * FROM (
         SELECT floor(longitude / ${c})::int AS cx, floor(latitude / ${c})::int AS cy, count(*)::int, coalesce(sum(installed_capacity), 0),
           sum(longitude), sum(latitude), CASE WHEN count(*) = 1 THEN min(id) END
         FROM assets ${live.sql} GROUP BY 1, 2 OFFSET 0
       ) AS cut WHERE cx BETWEEN ${p(x0)}::int AND ${p(x1)}::int AND cy BETWEEN ${p(y0)}::int AND ${p(y1)}::int
     ) AS parts GROUP BY cx, cy`,
  );
}

/** The SQL of `countAssetsInsideCells` as a scalar subquery, or null when no band is wholly inside a capacity filter (0). */
function insideCellsSql(f: AssetFilter, params: SqlParams, level: number, bands: readonly number[]): string | null {
  const full = hasCapacityFilter(f) ? fullCapacityBands(f, bands) : undefined;
  if (full === null) return null;
  const cell = levelCellDegrees(level);
  const [west, south, east, north] = f.bounds;
  let where = cellsWhere(f, params, level, [Math.ceil(west / cell), Math.ceil(south / cell), Math.floor(east / cell) - 1, Math.floor(north / cell) - 1]);
  if (full) where += ` AND band BETWEEN ${params.add(full.first)}::int AND ${params.add(full.last)}::int`;
  return `(SELECT coalesce(sum(n), 0)::int FROM ${full ? 'asset_map_capacity_cells' : 'asset_map_cells'} WHERE ${where})`;
}

/**
 * Assets in the cells of `level` lying wholly inside the bounds, from the cells counted ahead (with
 * a capacity filter, its whole bands only): never more than match.
 */
export async function countAssetsInsideCells(database: Database, f: AssetFilter, level: number, bands: readonly number[] = []): Promise<number> {
  const params = new SqlParams();
  const inside = insideCellsSql(f, params, level, bands);
  if (inside === null) return 0;
  const [row] = await database.query<{ n: number }>(`SELECT ${inside} AS n`, params.values);
  return row?.n ?? 0;
}

/**
 * Whether the cells wholly inside the bounds at any of `levels` (tried in that order) hold more than
 * `limit` assets: one test a level (none for a level whose cells cannot answer a capacity range), to be
 * joined by `OR`. Each level's sum is an InitPlan that PostgreSQL runs only when the `OR` before it did
 * not already decide (decision 0627).
 */
function insideCellsTests(f: AssetFilter, params: SqlParams, levels: readonly number[], bands: readonly number[], limit: number): string[] {
  const sums = levels.flatMap((level) => insideCellsSql(f, params, level, bands) ?? []);
  if (sums.length === 0) return [];
  const cap = params.add(limit);
  return sums.map((sum) => `${sum} > ${cap}::int`);
}

/** Columns x0 to x1 and rows y0 to y1 of a level's cells. */
type CellSpan = [x0: number, y0: number, x1: number, y1: number];

/** The cells counted ahead at `level` over `span`, with the counted filters other than capacity. */
function cellsWhere(f: AssetFilter, params: SqlParams, level: number, [x0, y0, x1, y1]: CellSpan): string {
  const p = params.add;
  const where = [
    `level = ${p(level)}::int`,
    `cx BETWEEN ${p(x0)}::int AND ${p(x1)}::int`,
    `cy BETWEEN ${p(y0)}::int AND ${p(y1)}::int`,
  ];
  if (f.regions.length) where.push(`region = ANY(${p(f.regions)}::text[])`);
  if (f.technologyTypes.length) where.push(`technology_type = ANY(${p(f.technologyTypes)}::text[])`);
  if (f.developmentStatus.length) where.push(`development_status = ANY(${p(f.developmentStatus)}::text[])`);
  return where.join(' AND ');
}

/** The stored point features of these assets, as comma-joined JSON text. */
export async function listAssetFeaturesByIds(database: Database, ids: number[]): Promise<string> {
  const [row] = await database.query<{ features: string }>(
    `SELECT coalesce(string_agg(map_feature, ','), '') AS features
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
  return database.query<{ id: number; site_name: string; region: string | null; county: string | null; technology_type: string | null; installed_capacity: number | null; development_status_short: string | null }>(
    `SELECT id::int AS id, site_name, region, county, technology_type, installed_capacity, development_status_short FROM assets WHERE site_name ILIKE $1
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

export interface AssetChangeRow {
  kind: AssetChangeKind;
  before_value: string | null;
  after_value: string | null;
  release: string;
  changed_at: string;
}

/** When the REPD job first recorded a change (decision 0396): null while one release is loaded. */
export async function firstRecordedChange(database: Database): Promise<string | null> {
  const [row] = await database.query<{ first: string | null }>(
    `SELECT to_char(min(changed_at) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS first FROM asset_changes`,
  );
  return row?.first ?? null;
}

/**
 * An asset with what its detail shows, and its history, newest first (at most `historyLimit`
 * changes; asset_changes_ref_idx, migration 0020), in one statement (decision 0627): the history
 * as a JSON array beside the row.
 */
export async function getAssetRow(
  database: Database,
  id: number,
  historyLimit: number,
): Promise<{ row: AssetDetailRow; history: AssetChangeRow[] } | undefined> {
  const [found] = await database.query<AssetDetailRow & { history: string }>(
    `SELECT a.id::int AS id, a.repd_ref_id, a.site_name, a.technology_type, a.development_status, a.development_status_short,
       a.installed_capacity, a.mounting_type, ${d('record_last_updated')}, a.site_area_acres, a.address, a.county, a.region, a.country,
       a.post_code, a.latitude, a.longitude, a.repd_operator, a.storage_type, a.planning_authority, a.planning_application_ref,
       a.appeal_reference, ${d('planning_submission_date')}, ${d('planning_granted_date')}, ${d('under_construction_date')},
       ${d('operational_date')}, a.source, a.source_release, ${isoTimestampColumn('a.imported_at', 'imported_at')},
       dup.id::int AS dup_id, dup.site_name AS dup_site_name, dup.repd_ref_id AS dup_ref_id,
       (SELECT coalesce(json_agg(json_build_object('kind', h.kind, 'before_value', h.before_value, 'after_value', h.after_value,
                 'release', h.release, 'changed_at', h.changed_at_text) ORDER BY h.changed_at DESC, h.id DESC), '[]')::text
          FROM (SELECT c.id, c.kind, c.before_value, c.after_value, c.release, c.changed_at,
                       ${isoTimestampColumn('c.changed_at', 'changed_at_text')}
                FROM asset_changes c WHERE c.repd_ref_id = a.repd_ref_id ORDER BY c.changed_at DESC, c.id DESC LIMIT $2) AS h) AS history
     FROM assets a LEFT JOIN assets dup ON dup.id = a.duplicate_of_id
     WHERE a.id = $1`,
    [id, historyLimit],
  );
  if (!found) return undefined;
  const { history, ...row } = found;
  return { row, history: JSON.parse(history) as AssetChangeRow[] };
}

/** An asset as the export of the map's selection gives it (decision 0491). */
export interface AssetExportRow {
  id: number;
  repd_ref_id: string;
  site_name: string;
  technology_type: string | null;
  development_status: string | null;
  installed_capacity: number | null;
  repd_operator: string | null;
  region: string | null;
  county: string | null;
  address: string | null;
  post_code: string | null;
  planning_authority: string | null;
  planning_application_ref: string | null;
  latitude: number | null;
  longitude: number | null;
  planning_submission_date: string | null;
  planning_granted_date: string | null;
  under_construction_date: string | null;
  operational_date: string | null;
  record_last_updated: string | null;
}

/** The assets matching `f` after id `after`, in id order (the primary key: every batch one index range). */
export function listAssetsAfter(database: Database, f: AssetFilter, after: number, limit: number) {
  const w = assetWhere(f);
  w.add((p) => `id > ${p(after)}`);
  const date = (column: string) => isoDateColumn(column, column);
  return database.query<AssetExportRow>(
    `SELECT id::int AS id, repd_ref_id, site_name, technology_type, development_status, installed_capacity, repd_operator, region,
       county, address, post_code, planning_authority, planning_application_ref, latitude, longitude,
       ${date('planning_submission_date')}, ${date('planning_granted_date')}, ${date('under_construction_date')},
       ${date('operational_date')}, ${date('record_last_updated')}
     FROM assets ${w.sql} ORDER BY id LIMIT ${Number(limit)}`,
    w.params,
  );
}
