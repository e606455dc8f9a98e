import type { FastifyReply } from 'fastify';
import {
  INSIGHT_BREAKDOWNS,
  INSIGHT_EVENTS,
  INSIGHT_SERIES_FROM_YEAR,
  INSIGHT_STAGES,
  INSIGHT_TRANSITIONS,
  insightStageOf,
  quarterLabel,
  type InsightBreakdown,
  type InsightStage,
} from '@solar/shared/constants/asset-insights';
import {
  getAssetPipeline,
  listAssetBreakdown,
  listAssetDurations,
  listAssetQuarters,
  listAssetReleases,
  listLargestAssets,
  type BreakdownRow,
  type DurationRow,
  type InsightsQuery,
  type LargestProject,
  type PipelineStage,
  type QuarterRow,
  type ReleaseRow,
} from '@solar/shared/contracts/asset-insights';
import { isoDay } from '../../db/sql-helpers';
import type { AppContext } from '../../plugins/context';
import { inBatches, sendExport, type ExportColumn } from '../../platform/export';
import type { AssetSelection } from './assets.repository';
import * as repo from './asset-insights.repository';
import { toSelection } from './assets.service';

type Ctx = Pick<AppContext, 'database' | 'clock' | 'env'>;

/**
 * The Insights tab (docs/product/assets.md#insights, decision 0490): each answer from the tables
 * counted ahead when the filters allow (repo.planFor), else live; `format` sends what the chart
 * shows as a download (decision 0491).
 */

/** Options a test passes to compare the tables with the live query. */
export interface InsightOptions {
  forceLive?: boolean;
}

async function plan(ctx: Ctx, f: AssetSelection, options: InsightOptions): Promise<repo.InsightsPlan> {
  return repo.planFor(f, await repo.insightsState(ctx.database), options.forceLive);
}

/** Micro-MW (the repository's exact sums) to MW, one decimal. */
const mw = (micro: number) => Math.round(micro / 100_000) / 10;

const BY_LABEL: Record<InsightBreakdown, string> = Object.fromEntries(INSIGHT_BREAKDOWNS.map((b) => [b.key, b.label])) as Record<InsightBreakdown, string>;

export async function listBreakdown(ctx: Ctx, q: InsightsQuery, by: InsightBreakdown, options: InsightOptions = {}) {
  const f = toSelection(ctx, q);
  const rows = await repo.listBreakdown(ctx.database, f, await plan(ctx, f, options), by);
  const data: BreakdownRow[] = rows.map((r) => ({ key: r.key, projects: r.n, capacityMw: mw(r.capacity) }));
  const total = { projects: rows.reduce((s, r) => s + r.n, 0), capacityMw: mw(rows.reduce((s, r) => s + r.capacity, 0)) };
  return { data, total };
}

export async function getPipeline(ctx: Ctx, q: InsightsQuery, options: InsightOptions = {}): Promise<{ data: PipelineStage[] }> {
  const f = toSelection(ctx, q);
  const rows = await repo.listBreakdown(ctx.database, f, await plan(ctx, f, options), 'status');
  const current = new Map<InsightStage, { projects: number; capacity: number }>(INSIGHT_STAGES.map((s) => [s.key, { projects: 0, capacity: 0 }]));
  for (const r of rows) {
    const at = current.get(insightStageOf(r.key))!;
    at.projects += r.n;
    at.capacity += r.capacity;
  }
  const data = INSIGHT_STAGES.map((stage) => {
    const now = current.get(stage.key)!;
    let reached: PipelineStage['reached'] = null;
    if (stage.line) {
      const beyond = INSIGHT_STAGES.filter((s) => s.reached.includes(stage.key)).map((s) => current.get(s.key)!);
      reached = { projects: beyond.reduce((s, x) => s + x.projects, 0), capacityMw: mw(beyond.reduce((s, x) => s + x.capacity, 0)) };
    }
    return { stage: stage.key, label: stage.label, current: { projects: now.projects, capacityMw: mw(now.capacity) }, reached };
  });
  return { data };
}

const emptyTransitions = () =>
  Object.fromEntries(INSIGHT_TRANSITIONS.map((t) => [t.key, { projects: 0, medianMonths: null }])) as DurationRow['transitions'];

export async function listDurations(ctx: Ctx, q: InsightsQuery, by: 'technology' | 'region', options: InsightOptions = {}) {
  const f = toSelection(ctx, q);
  const rows = await repo.listMedians(ctx.database, f, await plan(ctx, f, options), by);
  const all: DurationRow = { key: '*', transitions: emptyTransitions() };
  const byKey = new Map<string | null, DurationRow>();
  for (const r of rows) {
    const row = r.all ? all : byKey.get(r.key) ?? byKey.set(r.key, { key: r.key, transitions: emptyTransitions() }).get(r.key)!;
    row.transitions[r.transition as keyof DurationRow['transitions']] = { projects: r.n, medianMonths: r.median };
  }
  // Most projects with a decision first, the rest by name (REPD's blank last).
  const data = [...byKey.values()].sort(
    (a, b) => b.transitions.decision.projects - a.transitions.decision.projects || (a.key ?? '\uffff').localeCompare(b.key ?? '\uffff'),
  );
  return { data, all };
}

/** The quarter a date is in, as migration 0100's asset_quarter numbers it. */
const quarterOf = (day: Date) => day.getUTCFullYear() * 4 + Math.floor(day.getUTCMonth() / 3);

export async function listQuarters(ctx: Ctx, q: InsightsQuery, options: InsightOptions = {}): Promise<{ data: QuarterRow[] }> {
  const f = toSelection(ctx, q);
  const to = quarterOf(ctx.clock.now());
  const rows = await repo.listQuarters(ctx.database, f, await plan(ctx, f, options), INSIGHT_SERIES_FROM_YEAR * 4, to);
  if (rows.length === 0) return { data: [] };
  const first = Math.min(...rows.map((r) => r.quarter));
  const series = new Map<number, QuarterRow>();
  for (let quarter = first; quarter <= to; quarter++) {
    series.set(quarter, {
      quarter: quarterLabel(quarter),
      events: Object.fromEntries(INSIGHT_EVENTS.map((e) => [e.key, { projects: 0, capacityMw: 0 }])) as QuarterRow['events'],
    });
  }
  for (const r of rows) series.get(r.quarter)!.events[r.event as keyof QuarterRow['events']] = { projects: r.n, capacityMw: mw(r.capacity) };
  return { data: [...series.values()] };
}

const statusesOf = (...keys: InsightStage[]) => INSIGHT_STAGES.filter((s) => keys.includes(s.key)).flatMap((s) => s.statuses);

/** Whether any filter is set (removed projects cannot be matched to one). */
const filtered = (f: AssetSelection) =>
  f.technologyTypes.length + f.regions.length + f.developmentStatus.length + f.operators.length > 0 ||
  f.minCapacity !== undefined ||
  f.maxCapacity !== undefined ||
  f.minAge !== undefined ||
  f.maxAge !== undefined ||
  !f.includeUnknownAge ||
  f.siteNameSearch !== undefined;

export async function listReleases(ctx: Ctx, q: InsightsQuery): Promise<{ data: ReleaseRow[] }> {
  const f = toSelection(ctx, q);
  const isFiltered = filtered(f);
  const rows = await repo.listReleases(ctx.database, f, isFiltered, {
    granted: statusesOf('granted'),
    construction: statusesOf('construction'),
    operational: statusesOf('operational'),
    left: statusesOf('refused', 'withdrawn', 'expired'),
  });
  return {
    data: rows.map((r) => ({
      release: r.release,
      importedAt: r.imported_at,
      added: { projects: r.added, capacityMw: mw(r.added_capacity) },
      toGranted: r.to_granted,
      toConstruction: r.to_construction,
      toOperational: r.to_operational,
      leftPipeline: r.left_pipeline,
      capacityChanged: r.capacity_changed,
      removed: isFiltered ? null : r.removed,
    })),
  };
}

/** The stages whose largest projects are listed: the pipeline and the ways out of it. */
const LARGEST_STAGES = INSIGHT_STAGES.filter((s) => s.key !== 'other');

export async function listLargest(ctx: Ctx, q: InsightsQuery, options: InsightOptions = {}): Promise<{ data: LargestProject[] }> {
  const f = toSelection(ctx, q);
  const rows = await repo.listLargest(ctx.database, f, await plan(ctx, f, options), LARGEST_STAGES);
  const order = new Map(LARGEST_STAGES.map((s, i) => [s.key as string, i]));
  return {
    data: rows
      .map((r) => ({
        stage: r.stage as InsightStage,
        id: r.id,
        siteName: r.site_name,
        repdOperator: r.repd_operator,
        technologyType: r.technology_type,
        region: r.region,
        developmentStatus: r.development_status,
        capacityMw: Math.round(r.capacity * 10) / 10,
      }))
      // Stable: within a stage, the query's order (exact capacity, then id).
      .sort((a, b) => order.get(a.stage)! - order.get(b.stage)!),
  };
}

/** Each chart's address without filters, as the tab first asks for them (warmAssetInsights). */
export const INSIGHT_WARM_ADDRESSES = [
  `${listAssetBreakdown.path}?by=technology`,
  `${listAssetBreakdown.path}?by=region`,
  `${listAssetBreakdown.path}?by=status`,
  getAssetPipeline.path,
  `${listAssetDurations.path}?by=technology`,
  `${listAssetDurations.path}?by=region`,
  listAssetQuarters.path,
  listAssetReleases.path,
  listLargestAssets.path,
] as const;

/**
 * Each chart's address without filters asked once, in-process through its route (decision 0610):
 * after the server starts and after each rebuild of the tables, so the first visitor of the tab
 * does not pay what a process's first request of each kind costs (the route's first run, planning,
 * catalog lookups, the new tables' first pages). A filter's answer runs the same code and
 * statements with other values. A failure is the caller's to log.
 */
export async function warmAssetInsights(ask: (url: string) => Promise<{ statusCode: number }>): Promise<void> {
  for (const url of INSIGHT_WARM_ADDRESSES) {
    const { statusCode } = await ask(url);
    if (statusCode !== 200) throw new Error(`warming ${url}: ${statusCode}`);
  }
}

// ---- What each chart shows, as a download (decision 0491) -------------------------------------

const amountColumns = <R>(label: string, key: string, get: (r: R) => { projects: number; capacityMw: number } | null): ExportColumn<R>[] => [
  { key: `${key}Projects`, label: `${label} (projects)`, kind: 'integer', value: (r) => get(r)?.projects },
  { key: `${key}CapacityMw`, label: `${label} (MW)`, kind: 'number', value: (r) => get(r)?.capacityMw },
];

const unknown = (key: string | null) => key ?? 'Unknown';

export function breakdownColumns(by: InsightBreakdown): ExportColumn<BreakdownRow>[] {
  return [
    { key: by, label: BY_LABEL[by], kind: 'text', value: (r) => unknown(r.key) },
    { key: 'projects', label: 'Projects', kind: 'integer', value: (r) => r.projects },
    { key: 'capacityMw', label: 'Capacity (MW)', kind: 'number', value: (r) => r.capacityMw },
  ];
}

export const PIPELINE_COLUMNS: ExportColumn<PipelineStage>[] = [
  { key: 'stage', label: 'Stage', kind: 'text', value: (r) => r.label },
  ...amountColumns<PipelineStage>('Now at this stage', 'current', (r) => r.current),
  ...amountColumns<PipelineStage>('Reached this stage', 'reached', (r) => r.reached),
];

export function durationColumns(by: 'technology' | 'region'): ExportColumn<DurationRow>[] {
  return [
    { key: by, label: BY_LABEL[by], kind: 'text', value: (r) => (r.key === '*' ? 'All projects' : unknown(r.key)) },
    ...INSIGHT_TRANSITIONS.flatMap((t): ExportColumn<DurationRow>[] => [
      { key: `${t.key}MedianMonths`, label: `${t.label}: median months`, kind: 'number', value: (r) => r.transitions[t.key].medianMonths },
      { key: `${t.key}Projects`, label: `${t.label}: projects`, kind: 'integer', value: (r) => r.transitions[t.key].projects },
    ]),
  ];
}

export const QUARTER_COLUMNS: ExportColumn<QuarterRow>[] = [
  { key: 'quarter', label: 'Quarter', kind: 'text', value: (r) => r.quarter },
  ...INSIGHT_EVENTS.flatMap((e) => amountColumns<QuarterRow>(e.label, e.key, (r) => r.events[e.key])),
];

export const RELEASE_COLUMNS: ExportColumn<ReleaseRow>[] = [
  { key: 'release', label: 'Release', kind: 'text', value: (r) => r.release },
  { key: 'importedAt', label: 'Imported', kind: 'timestamp', value: (r) => r.importedAt },
  ...amountColumns<ReleaseRow>('Added', 'added', (r) => r.added),
  { key: 'toGranted', label: 'Granted', kind: 'integer', value: (r) => r.toGranted },
  { key: 'toConstruction', label: 'Construction started', kind: 'integer', value: (r) => r.toConstruction },
  { key: 'toOperational', label: 'Became operational', kind: 'integer', value: (r) => r.toOperational },
  { key: 'leftPipeline', label: 'Refused, withdrawn or expired', kind: 'integer', value: (r) => r.leftPipeline },
  { key: 'capacityChanged', label: 'Capacity changed', kind: 'integer', value: (r) => r.capacityChanged },
  { key: 'removed', label: 'Removed from REPD', kind: 'integer', value: (r) => r.removed },
];

const STAGE_LABELS = new Map(INSIGHT_STAGES.map((s) => [s.key, s.label]));
export const LARGEST_COLUMNS: ExportColumn<LargestProject>[] = [
  { key: 'stage', label: 'Stage', kind: 'text', value: (r) => STAGE_LABELS.get(r.stage) },
  { key: 'siteName', label: 'Site Name', kind: 'text', value: (r) => r.siteName },
  { key: 'capacityMw', label: 'Capacity (MW)', kind: 'number', value: (r) => r.capacityMw },
  { key: 'technologyType', label: 'Technology', kind: 'text', value: (r) => r.technologyType },
  { key: 'region', label: 'Region', kind: 'text', value: (r) => r.region },
  { key: 'developmentStatus', label: 'Status', kind: 'text', value: (r) => r.developmentStatus },
  { key: 'repdOperator', label: 'Planning Applicant', kind: 'text', value: (r) => r.repdOperator },
  { key: 'id', label: 'Asset ID', kind: 'integer', value: (r) => r.id },
];

/** Sends a chart's rows as `insights-<chart>-yyyy-mm-dd.csv|json`. */
export function sendChart<R>(ctx: Ctx, reply: FastifyReply, format: 'csv' | 'json', chart: string, columns: ExportColumn<R>[], rows: readonly R[]) {
  return sendExport(reply, {
    format,
    filename: `insights-${chart}-${isoDay(ctx.clock.now())}`,
    columns,
    total: rows.length,
    batches: () => inBatches(rows),
    limit: ctx.env.exportMaxRows,
  });
}
