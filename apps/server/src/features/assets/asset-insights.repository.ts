import { ASSET_MAP_CAPACITY_BANDS } from '@solar/shared/constants/assets';
import { INSIGHT_LARGEST_PER_STAGE } from '@solar/shared/constants/asset-insights';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { isoTimestampColumn, rowsOf, SqlParams } from '../../db/sql-helpers';
import { fullCapacityBands, hasCapacityFilter, selectionWhere, type AssetSelection } from './assets.repository';

/**
 * The Insights tab's aggregates (docs/product/assets.md#insights, decisions 0490 and 0580), in SQL.
 * Each kind is one GROUP BY over the assets, grouped by technology, region, development status,
 * capacity band and age plus its own columns; the same SELECT fills the tables of migrations 0100
 * and 0140 (counted ahead per release and per day) and answers live. The tables also hold the same
 * rows rolled up to every set of at most three of those dimensions (`dims`), so a read adds up only
 * the rows of the set it needs (a few hundred to a few thousand at a million assets): those matching
 * the filters (the bands wholly inside a capacity range), plus the assets of the bands the range cuts
 * grouped live. A filter the tables cannot answer (applicant, site name), an age filter on another
 * day than the tables were counted, or tables made stale by a write, take the live query.
 */

/** Band edges (MW) as a SQL literal: constants, never input. */
const edgesSql = (edges: readonly number[]) => `ARRAY[${edges.map((e) => Number(e)).join(',')}]::float8[]`;

/** Capacities are summed as exact decimals (to the micro-MW), whatever order the rows come in. */
const CAPACITY_SUM = 'coalesce(sum(round(a.installed_capacity::numeric, 6)), 0)';
/** One asset's capacity as CAPACITY_SUM adds it. */
const CAPACITY_ONE = 'coalesce(round(a.installed_capacity::numeric, 6), 0)';
/** A sum read out in whole micro-MW (exact in a float8 up to 2^53). */
const MICRO_MW = (expression: string) => `round(${expression} * 1000000)::float8`;

interface Kind {
  table: string;
  /** FROM clause over `assets a`. */
  from: string;
  /** Its own grouping columns: [SQL expression, column name]. */
  extra: Array<[string, string]>;
  /** Rows to leave out (a transition or event without its dates). */
  skip?: string;
  measures: Array<[string, string]>;
  /** Each measure for one row of `from`, ungrouped: the cut bands' assets, added up by the read itself (decision 0610). */
  one: Array<[string, string]>;
  /** Each measure added up again, for the roll-ups: [SQL expression over the table's rows, column name]. */
  rollups: Array<[string, string]>;
}

const KINDS = {
  totals: {
    table: 'asset_insight_totals',
    from: 'assets a',
    extra: [],
    measures: [
      ['count(*)::int', 'n'],
      [CAPACITY_SUM, 'capacity'],
    ],
    one: [
      ['1', 'n'],
      [CAPACITY_ONE, 'capacity'],
    ],
    rollups: [
      ['sum(n)::int', 'n'],
      ['sum(capacity)', 'capacity'],
    ],
  },
  durations: {
    table: 'asset_insight_durations',
    // Each asset's months between stages, written with the row (migration 0134, decision 0571).
    from: `assets a CROSS JOIN LATERAL (VALUES
      ('decision', a.insight_decision_months), ('refusal', a.insight_refusal_months), ('start', a.insight_start_months),
      ('build', a.insight_build_months), ('total', a.insight_total_months)) AS d(transition, months)`,
    extra: [
      ['d.transition', 'transition'],
      ['d.months', 'months'],
    ],
    skip: 'd.months IS NOT NULL',
    measures: [['count(*)::int', 'n']],
    one: [['1', 'n']],
    rollups: [['sum(n)::int', 'n']],
  },
  quarters: {
    table: 'asset_insight_quarters',
    from: `assets a CROSS JOIN LATERAL (VALUES
      ('submitted', a.insight_submitted_quarter), ('granted', a.insight_granted_quarter),
      ('construction', a.insight_construction_quarter), ('operational', a.insight_operational_quarter)) AS e(event, quarter)`,
    extra: [
      ['e.event', 'event'],
      ['e.quarter', 'quarter'],
    ],
    skip: 'e.quarter IS NOT NULL',
    measures: [
      ['count(*)::int', 'n'],
      [CAPACITY_SUM, 'capacity'],
    ],
    one: [
      ['1', 'n'],
      [CAPACITY_ONE, 'capacity'],
    ],
    rollups: [
      ['sum(n)::int', 'n'],
      ['sum(capacity)', 'capacity'],
    ],
  },
} satisfies Record<string, Kind>;
export type InsightKind = keyof typeof KINDS;

const DIMS = ['technology_type', 'region', 'development_status'];

/**
 * The dimensions the tables are grouped by, in the order of `dims` (migration 0140: GROUPING() of
 * these, a bit set for each one summed out; the first is the highest bit).
 */
const DIM_COLUMNS = ['technology_type', 'region', 'development_status', 'band', 'age'] as const;
type Dim = (typeof DIM_COLUMNS)[number];
const ALL_DIMS = (1 << DIM_COLUMNS.length) - 1;
const bitOf = (d: Dim) => 1 << (DIM_COLUMNS.length - 1 - DIM_COLUMNS.indexOf(d));
/** Roll-ups are kept for every set of at most this many dimensions; a read needing more takes the rows of all five. */
const MAX_ROLLUP_DIMS = 3;
/** The roll-ups written after the rows of all five dimensions: every set of 0 to MAX_ROLLUP_DIMS of them. */
const ROLLUPS: Dim[][] = Array.from({ length: ALL_DIMS + 1 }, (_, summedOut) => DIM_COLUMNS.filter((d) => !(summedOut & bitOf(d)))).filter(
  (set) => set.length <= MAX_ROLLUP_DIMS,
);

/** The `dims` value of the rows holding exactly these dimensions, or of all five when that set is not kept. */
export function dimsFor(needed: ReadonlySet<Dim>): number {
  if (needed.size > MAX_ROLLUP_DIMS) return 0;
  return DIM_COLUMNS.reduce((mask, d) => (needed.has(d) ? mask : mask | bitOf(d)), 0);
}

/** An ISO day as a SQL literal (checked: never input). */
function dayLiteral(day: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new Error(`not an ISO day: ${day}`);
  return `'${day}'::date`;
}

/**
 * The kind's rows grouped from the assets matching `where` (SQL text, columns unqualified as `a`'s);
 * with `agesOn`, also by the record's age in whole years on that day (the tables' rows).
 */
function groupedSql(kind: Kind, edges: string, where: string[], agesOn?: string): string {
  const columns = [
    ...DIMS.map((c) => `a.${c} AS ${c}`),
    `width_bucket(a.installed_capacity, ${edges})::smallint AS band`,
    ...(agesOn ? [`asset_age_years(a.record_last_updated, ${dayLiteral(agesOn)})::smallint AS age`] : []),
    ...kind.extra.map(([expr, name]) => `${expr} AS ${name}`),
  ];
  const conditions = [...(kind.skip ? [kind.skip] : []), ...where];
  return `SELECT ${[...columns, ...kind.measures.map(([expr, name]) => `${expr} AS ${name}`)].join(', ')}
    FROM ${kind.from} ${conditions.length ? `WHERE ${conditions.join(' AND ')}` : ''}
    GROUP BY ${columns.map((_, i) => i + 1).join(', ')}`;
}

/**
 * The kind's rows for single assets matching `where`, ungrouped (the columns of `groupedSql` without
 * age, one asset's measures): the few assets of the bands a capacity range cuts, which the read adds
 * up with the table's rows in one hash aggregate instead of sorting them by text first (decision 0610).
 */
function assetRowsSql(kind: Kind, edges: string, where: string[]): string {
  const columns = [
    ...DIMS.map((c) => `a.${c} AS ${c}`),
    `width_bucket(a.installed_capacity, ${edges})::smallint AS band`,
    ...kind.extra.map(([expr, name]) => `${expr} AS ${name}`),
    ...kind.one.map(([expr, name]) => `${expr} AS ${name}`),
  ];
  const conditions = [...(kind.skip ? [kind.skip] : []), ...where];
  return `SELECT ${columns.join(', ')} FROM ${kind.from} ${conditions.length ? `WHERE ${conditions.join(' AND ')}` : ''}`;
}

/** The roll-ups of a kind's table from its rows of all five dimensions (dims 0). */
function rollupSql(kind: Kind): string {
  const extra = kind.extra.map(([, name]) => name);
  const sets = ROLLUPS.map((set) => `(${[...set, ...extra].join(', ')})`).join(', ');
  return `INSERT INTO ${kind.table} (${[...DIM_COLUMNS, ...extra, ...kind.rollups.map(([, name]) => name), 'dims'].join(', ')})
    SELECT ${[...DIM_COLUMNS, ...extra, ...kind.rollups.map(([expr]) => expr), `GROUPING(${DIM_COLUMNS.join(', ')})`].join(', ')}
    FROM ${kind.table} WHERE dims = 0 GROUP BY GROUPING SETS (${sets})`;
}

const hasAgeFilter = (f: AssetSelection) => f.minAge !== undefined || f.maxAge !== undefined || !f.includeUnknownAge;

/** The age filter over the tables' `age` column, as the map's filter reads `record_last_updated` (assets.repository.ts). */
function ageCondition(f: AssetSelection, params: SqlParams): string {
  const known: string[] = [];
  if (f.minAge !== undefined && f.minAge > 0) known.push(`age >= ${params.add(f.minAge)}::int`);
  if (f.maxAge !== undefined) known.push(`age <= ${params.add(f.maxAge)}::int`);
  const knownSql = known.length ? known.join(' AND ') : 'age IS NOT NULL';
  return f.includeUnknownAge ? `((${knownSql}) OR age IS NULL)` : `(${knownSql})`;
}

/** The assets matching a selection, as conditions on `a` (the assets' own columns are qualified by the alias). */
function liveConditions(f: AssetSelection, params: SqlParams): string[] {
  // selectionWhere writes bare column names; inside `assets a` with a lateral VALUES list they stay
  // unambiguous (the VALUES columns are named transition/months and event/quarter).
  return selectionWhere(f, params).parts;
}

/** What the tables were counted with, and whether a write has made them stale. */
export interface InsightsState {
  stale: boolean;
  bands: number[];
  /** The day the ages were counted on (yyyy-mm-dd), null before the first rebuild. */
  agesOn: string | null;
}

export async function insightsState(database: Database): Promise<InsightsState> {
  const [row] = await database.query<{ stale: boolean; bands: number[]; ages_on: string | null }>(
    `SELECT stale, bands, to_char(ages_on, 'YYYY-MM-DD') AS ages_on FROM asset_insights_state`,
  );
  return { stale: row?.stale ?? true, bands: (row?.bands ?? []).map(Number), agesOn: row?.ages_on ?? null };
}

/**
 * How a read is answered: from the tables (whole bands; the cut bands' assets live), or live.
 * `live` is also what the tests compare the tables with.
 */
export type InsightsPlan = { mode: 'live' } | { mode: 'counted'; bands: number[] };

export function planFor(f: AssetSelection, state: InsightsState, forceLive = false): InsightsPlan {
  const counted =
    f.operators.length === 0 && !f.siteNameSearch && (!hasAgeFilter(f) || state.agesOn === f.today) && !state.stale && state.bands.length > 0;
  return counted && !forceLive ? { mode: 'counted', bands: state.bands } : { mode: 'live' };
}

/**
 * A subquery giving the kind's rows (its dimensions, own columns and measures) for the selection;
 * `keys` are the dimensions the caller groups the rows by.
 */
function source(kindName: InsightKind, f: AssetSelection, plan: InsightsPlan, params: SqlParams, keys: readonly Dim[]): string {
  const kind: Kind = KINDS[kindName];
  const edges = edgesSql(plan.mode === 'counted' ? plan.bands : ASSET_MAP_CAPACITY_BANDS);
  if (plan.mode === 'live') return groupedSql(kind, edges, liveConditions(f, params));
  const whole = hasCapacityFilter(f) ? fullCapacityBands(f, plan.bands) : null;
  // No band wholly inside the range: its assets are few, all live (before any parameter of the
  // tables' read is added: an unused one has no type on PostgreSQL).
  if (hasCapacityFilter(f) && !whole) return assetRowsSql(kind, edges, liveConditions(f, params));
  const p = params.add;
  const columns = [...DIMS, 'band', ...kind.extra.map(([, name]) => name), ...kind.measures.map(([, name]) => name)].join(', ');
  const needed = new Set<Dim>(keys);
  const counted: string[] = [];
  const filter = (dim: Dim, condition: string) => {
    needed.add(dim);
    counted.push(condition);
  };
  if (f.technologyTypes.length) filter('technology_type', `technology_type = ANY(${p(f.technologyTypes)}::text[])`);
  if (f.regions.length) filter('region', `region = ANY(${p(f.regions)}::text[])`);
  if (f.developmentStatus.length) filter('development_status', `development_status = ANY(${p(f.developmentStatus)}::text[])`);
  if (hasAgeFilter(f)) filter('age', ageCondition(f, params));
  const rows = (conditions: string[]) => `SELECT ${columns} FROM ${kind.table} WHERE ${[`dims = ${p(dimsFor(needed))}::int`, ...conditions].join(' AND ')}`;
  if (!whole) return rows(counted);
  needed.add('band');
  counted.push(`band BETWEEN ${p(whole.first)}::int AND ${p(whole.last)}::int`);
  // The rest of the range: the assets of the bands it cuts.
  const rest = [
    whole.first > 0 ? `a.installed_capacity < ${p(plan.bands[whole.first - 1])}::float8` : null,
    whole.last < plan.bands.length ? `a.installed_capacity >= ${p(plan.bands[whole.last])}::float8` : null,
  ].filter((c): c is string => c !== null);
  const parts = [rows(counted)];
  if (rest.length) parts.push(assetRowsSql(kind, edges, [...liveConditions(f, params), `(${rest.join(' OR ')})`]));
  return parts.join(' UNION ALL ');
}

const KEY_COLUMNS = { technology: 'technology_type', region: 'region', status: 'development_status' } as const satisfies Record<string, Dim>;
export type InsightKey = keyof typeof KEY_COLUMNS;

export interface AmountRow {
  key: string | null;
  n: number;
  /** Micro-MW. */
  capacity: number;
}

/** Projects and capacity by technology, region or status. */
export function listBreakdown(database: Database, f: AssetSelection, plan: InsightsPlan, by: InsightKey): Promise<AmountRow[]> {
  const params = new SqlParams();
  const column = KEY_COLUMNS[by];
  return database.query<AmountRow>(
    `SELECT ${column} AS key, sum(n)::int AS n, ${MICRO_MW('sum(capacity)')} AS capacity
     FROM (${source('totals', f, plan, params, [column])}) s GROUP BY 1 ORDER BY 3 DESC, 2 DESC, 1`,
    params.values,
  );
}

export interface MedianRow {
  key: string | null;
  /** The row of every project (the selection as a whole). */
  all: boolean;
  transition: string;
  n: number;
  median: number | null;
}

/**
 * Median whole months per transition, by technology or region and for the whole selection: the
 * middle value of the months histogram (the mean of the two middle ones for an even count).
 */
export function listMedians(database: Database, f: AssetSelection, plan: InsightsPlan, by: 'technology' | 'region'): Promise<MedianRow[]> {
  const params = new SqlParams();
  const column = KEY_COLUMNS[by];
  return database.query<MedianRow>(
    `WITH h AS (
       SELECT ${column} AS key, grouping(${column}) = 1 AS all_rows, transition, months, sum(n) AS n
       FROM (${source('durations', f, plan, params, [column])}) s
       GROUP BY GROUPING SETS ((${column}, transition, months), (transition, months))
     ), c AS (
       SELECT key, all_rows, transition, months, n,
         sum(n) OVER (PARTITION BY all_rows, key, transition ORDER BY months) AS cum,
         sum(n) OVER (PARTITION BY all_rows, key, transition) AS total
       FROM h
     )
     SELECT key, all_rows AS all, transition, max(total)::int AS n,
       ((min(months) FILTER (WHERE cum >= div(total + 1, 2)) + min(months) FILTER (WHERE cum >= div(total, 2) + 1)) / 2.0)::float8 AS median
     FROM c GROUP BY key, all_rows, transition`,
    params.values,
  );
}

export interface QuarterDbRow {
  event: string;
  quarter: number;
  n: number;
  /** Micro-MW. */
  capacity: number;
}

/** Projects and capacity per stage event and quarter, within [from, to] (quarter numbers). */
export function listQuarters(database: Database, f: AssetSelection, plan: InsightsPlan, from: number, to: number): Promise<QuarterDbRow[]> {
  const params = new SqlParams();
  const src = source('quarters', f, plan, params, []);
  return database.query<QuarterDbRow>(
    `SELECT event, quarter, sum(n)::int AS n, ${MICRO_MW('sum(capacity)')} AS capacity FROM (${src}) s
     WHERE quarter BETWEEN ${params.add(from)}::int AND ${params.add(to)}::int GROUP BY 1, 2 ORDER BY 2, 1`,
    params.values,
  );
}

export interface LargestDbRow {
  stage: string;
  id: number;
  site_name: string;
  repd_operator: string | null;
  technology_type: string | null;
  region: string | null;
  development_status: string | null;
  capacity: number;
}

/**
 * The largest projects (capacity, then id) of each stage, `INSIGHT_LARGEST_PER_STAGE` each. The
 * table keeps the largest of every group of the five dimensions, so the largest of any selection of
 * whole groups are among them; a minimum capacity only removes a group's smaller ones. The bands a
 * range cuts, and other filters, are read live, status by status down assets_status_capacity_idx
 * (migration 0100) until enough match.
 */
export function listLargest(
  database: Database,
  f: AssetSelection,
  plan: InsightsPlan,
  stages: ReadonlyArray<{ key: string; statuses: readonly string[] }>,
): Promise<LargestDbRow[]> {
  if (stages.length === 0) return Promise.resolve([]);
  const params = new SqlParams();
  const p = params.add;
  const limit = Number(INSIGHT_LARGEST_PER_STAGE);
  // One index range per status, in capacity order, so each stops after `limit` matches.
  const live = (statuses: readonly string[], more: string[] = []) =>
    statuses
      .map(
        (status) =>
          `(SELECT development_status, id AS asset_id, installed_capacity AS capacity FROM assets
            WHERE ${[...selectionWhere(f, params).parts, ...more, `installed_capacity IS NOT NULL`, `development_status = ${p(status)}::text`].join(' AND ')}
            ORDER BY installed_capacity DESC, id LIMIT ${limit})`,
      )
      .join(' UNION ALL ');
  const perStage = stages.map((stage) => {
    let candidates: string;
    if (plan.mode === 'live') {
      candidates = live(stage.statuses);
    } else {
      const whole = hasCapacityFilter(f) ? fullCapacityBands(f, plan.bands) : null;
      if (hasCapacityFilter(f) && !whole) {
        candidates = live(stage.statuses);
      } else {
        // Every parameter added here is used: an unused one has no type on PostgreSQL.
        const counted: string[] = [];
        if (f.technologyTypes.length) counted.push(`technology_type = ANY(${p(f.technologyTypes)}::text[])`);
        if (f.regions.length) counted.push(`region = ANY(${p(f.regions)}::text[])`);
        if (f.developmentStatus.length) counted.push(`development_status = ANY(${p(f.developmentStatus)}::text[])`);
        if (hasAgeFilter(f)) counted.push(ageCondition(f, params));
        const parts: string[] = [];
        if (whole) {
          // The bands wholly inside the range from the table, those it cuts live.
          counted.push(`band BETWEEN ${p(whole.first)}::int AND ${p(whole.last)}::int`);
          const rest = [
            whole.first > 0 ? `installed_capacity < ${p(plan.bands[whole.first - 1])}::float8` : null,
            whole.last < plan.bands.length ? `installed_capacity >= ${p(plan.bands[whole.last])}::float8` : null,
          ].filter((c): c is string => c !== null);
          if (rest.length) parts.push(live(stage.statuses, [`(${rest.join(' OR ')})`]));
        }
        // As live: one range of asset_insight_largest_status_idx per status, in capacity order.
        parts.unshift(
          ...stage.statuses.map(
            (status) =>
              `(SELECT development_status, asset_id, capacity FROM asset_insight_largest
                WHERE ${[...counted, `development_status = ${p(status)}::text`].join(' AND ')} ORDER BY capacity DESC, asset_id LIMIT ${limit})`,
          ),
        );
        candidates = parts.join(' UNION ALL ');
      }
    }
    return `(SELECT ${p(stage.key)}::text AS stage, asset_id, capacity FROM (${candidates}) c ORDER BY capacity DESC, asset_id LIMIT ${limit})`;
  });
  return database.query<LargestDbRow>(
    `SELECT q.stage, a.id::int AS id, a.site_name, a.repd_operator, a.technology_type, a.region, a.development_status, q.capacity
     FROM (${perStage.join(' UNION ALL ')}) q JOIN assets a ON a.id = q.asset_id
     ORDER BY q.stage, q.capacity DESC, a.id`,
    params.values,
  );
}

export interface ReleaseDbRow {
  release: string;
  imported_at: string;
  added: number;
  /** Micro-MW. */
  added_capacity: number;
  to_granted: number;
  to_construction: number;
  to_operational: number;
  left_pipeline: number;
  capacity_changed: number;
  removed: number;
}

/**
 * What each imported release changed (asset_changes, decision 0396), for the projects matching the
 * selection (by their current row: a removed project has none, so removals count only without filters).
 */
export function listReleases(
  database: Database,
  f: AssetSelection,
  filtered: boolean,
  statuses: { granted: readonly string[]; construction: readonly string[]; operational: readonly string[]; left: readonly string[] },
): Promise<ReleaseDbRow[]> {
  const params = new SqlParams();
  const p = params.add;
  const where = selectionWhere(f, params);
  const join = filtered ? 'JOIN' : 'LEFT JOIN';
  const to = (list: readonly string[]) => `count(*) FILTER (WHERE c.kind = 'status' AND c.after_value = ANY(${p(list)}::text[]))::int`;
  return database.query<ReleaseDbRow>(
    `SELECT c.release, ${isoTimestampColumn('min(c.changed_at)', 'imported_at')},
       count(*) FILTER (WHERE c.kind = 'added')::int AS added,
       ${MICRO_MW("coalesce(sum(round(a.installed_capacity::numeric, 6)) FILTER (WHERE c.kind = 'added'), 0)")} AS added_capacity,
       ${to(statuses.granted)} AS to_granted, ${to(statuses.construction)} AS to_construction,
       ${to(statuses.operational)} AS to_operational, ${to(statuses.left)} AS left_pipeline,
       count(*) FILTER (WHERE c.kind = 'capacity')::int AS capacity_changed,
       count(*) FILTER (WHERE c.kind = 'removed')::int AS removed
     FROM asset_changes c ${join} (SELECT repd_ref_id, installed_capacity FROM assets ${where.sql}) a ON a.repd_ref_id = c.repd_ref_id
     GROUP BY c.release ORDER BY min(c.changed_at), c.release`,
    params.values,
  );
}

/** The tables, VACUUMed and ANALYZEd after a rebuild (PGlite has no autovacuum). */
const TABLES = ['asset_insight_totals', 'asset_insight_durations', 'asset_insight_quarters', 'asset_insight_largest'];

/**
 * Rebuilds the tables when a write made them stale, or when the day changed since the ages were
 * counted (true when it did). `today` (yyyy-mm-dd, the server clock's) is the day ages are counted
 * on. The state row is claimed first, in the same transaction: a second process finds it fresh and
 * does nothing, and an asset write waits for the rebuild (its trigger updates that row) and marks it
 * stale again after.
 */
export async function refreshAssetInsights(database: Database, today: string, edges: readonly number[] = ASSET_MAP_CAPACITY_BANDS): Promise<boolean> {
  const bands = edgesSql(edges);
  const day = dayLiteral(today);
  const largest = `SELECT technology_type, region, development_status, band, age, id, installed_capacity FROM (
      SELECT a.technology_type, a.region, a.development_status, width_bucket(a.installed_capacity, ${bands})::smallint AS band,
        asset_age_years(a.record_last_updated, ${day})::smallint AS age, a.id, a.installed_capacity,
        row_number() OVER (PARTITION BY a.technology_type, a.region, a.development_status, width_bucket(a.installed_capacity, ${bands}),
            asset_age_years(a.record_last_updated, ${day})
          ORDER BY a.installed_capacity DESC, a.id) AS rank
      FROM assets a WHERE a.installed_capacity IS NOT NULL) AS ranked
    WHERE rank <= ${Number(INSIGHT_LARGEST_PER_STAGE)}`;
  const done = await database.db.transaction(async (tx) => {
    const run = async (text: string) => rowsOf<unknown>(await tx.execute(sql.raw(text)));
    // Sorting and grouping a million assets in memory, not in temp files (this transaction only).
    await run(`SET LOCAL work_mem = '64MB'`);
    const claimed = await run(
      `UPDATE asset_insights_state SET stale = false, bands = ${bands}, ages_on = ${day}, refreshed_at = now()
       WHERE stale OR ages_on IS DISTINCT FROM ${day} RETURNING id`,
    );
    if (claimed.length === 0) return false;
    for (const table of TABLES) await run(`DELETE FROM ${table}`);
    for (const name of ['totals', 'durations', 'quarters'] as const) {
      const kind: Kind = KINDS[name];
      const columns = [...DIM_COLUMNS, ...kind.extra.map(([, n]) => n), ...kind.measures.map(([, n]) => n)];
      // The rows of all five dimensions (dims 0), then every roll-up from them.
      await run(`INSERT INTO ${kind.table} (${columns.join(', ')}) ${groupedSql(kind, bands, [], today)}`);
      await run(rollupSql(kind));
    }
    await run(`INSERT INTO asset_insight_largest (technology_type, region, development_status, band, age, asset_id, capacity) ${largest}`);
    return true;
  });
  // VACUUM too: the rows the rebuild deleted are reclaimed on PGlite (no autovacuum), and the pages
  // marked all-visible, so a read of a range of bands comes from its covering index alone (migration 0149).
  if (done) await database.exec(`VACUUM (ANALYZE) ${TABLES.join(', ')}`);
  return done;
}
