import { z } from 'zod';
import { INSIGHT_BREAKDOWNS, INSIGHT_EVENTS, INSIGHT_STAGE_KEYS, INSIGHT_TRANSITIONS } from '../constants/asset-insights';
import { EXPORT_FORMATS } from '../constants/exports';
import { EXPORT_MEDIA_TYPES } from '../constants/media-types';
import { assetMapQuery } from './assets';
import { defineContract } from './contract';
import { errors } from './common';

/**
 * The Insights tab (docs/product/assets.md#insights, decision 0490): every answer follows the
 * Overview's filters (the map's, without the view's bounds) and, with `format`, downloads what the
 * chart shows as CSV or JSON (decision 0491).
 */
export const insightsQuery = assetMapQuery.omit({ bounds: true, zoom: true }).extend({
  format: z.enum(EXPORT_FORMATS).optional().describe("Download what the chart shows: csv (text/csv) or json (an export file); without it, the chart's own JSON"),
});
export type InsightsQuery = z.output<typeof insightsQuery>;
export type InsightsQueryInput = z.input<typeof insightsQuery>;

const key = <T extends readonly { key: string }[]>(list: T) => list.map((x) => x.key) as [T[number]['key'], ...T[number]['key'][]];

const amount = z.object({ projects: z.number().int(), capacityMw: z.number() });

export const breakdownRow = z.object({
  /** The technology, region or status; null when REPD gives none. */
  key: z.string().nullable(),
  projects: z.number().int(),
  /** The sum of the known capacities (MW, 1 decimal). */
  capacityMw: z.number(),
});
export type BreakdownRow = z.infer<typeof breakdownRow>;

export const listAssetBreakdown = defineContract({
  method: 'GET',
  path: '/api/assets/insights/breakdown',
  access: 'public',
  source: 'project',
  downloads: EXPORT_MEDIA_TYPES,
  summary: 'Projects and capacity (MW) by technology, region or development status, for the Overview filters',
  query: insightsQuery.extend({ by: z.enum(key(INSIGHT_BREAKDOWNS)) }),
  response: { 200: z.object({ data: z.array(breakdownRow), total: amount }), 400: errors[400] },
});

export const pipelineStage = z.object({
  stage: z.enum(INSIGHT_STAGE_KEYS),
  label: z.string(),
  /** Projects now at this stage. */
  current: amount,
  /** Projects at this stage or beyond it (pipeline stages only; null for the ways out). */
  reached: amount.nullable(),
});
export type PipelineStage = z.infer<typeof pipelineStage>;

export const getAssetPipeline = defineContract({
  method: 'GET',
  path: '/api/assets/insights/pipeline',
  access: 'public',
  source: 'project',
  downloads: EXPORT_MEDIA_TYPES,
  summary: 'The planning pipeline: projects and capacity at and beyond each stage, and those that left it',
  query: insightsQuery,
  response: { 200: z.object({ data: z.array(pipelineStage) }), 400: errors[400] },
});

export const durationCell = z.object({ projects: z.number().int(), medianMonths: z.number().nullable() });
export const durationRow = z.object({
  /** The technology or region; null for REPD's blanks. '*' is every project. */
  key: z.string().nullable(),
  transitions: z.object(Object.fromEntries(INSIGHT_TRANSITIONS.map((t) => [t.key, durationCell])) as Record<(typeof INSIGHT_TRANSITIONS)[number]['key'], typeof durationCell>),
});
export type DurationRow = z.infer<typeof durationRow>;

export const listAssetDurations = defineContract({
  method: 'GET',
  path: '/api/assets/insights/durations',
  access: 'public',
  source: 'project',
  downloads: EXPORT_MEDIA_TYPES,
  summary: 'Median whole months between planning stages, by technology or region',
  query: insightsQuery.extend({ by: z.enum(['technology', 'region']) }),
  response: { 200: z.object({ data: z.array(durationRow), all: durationRow }), 400: errors[400] },
});

export const quarterRow = z.object({
  /** '2024 Q1'. */
  quarter: z.string(),
  events: z.object(Object.fromEntries(INSIGHT_EVENTS.map((e) => [e.key, amount])) as Record<(typeof INSIGHT_EVENTS)[number]['key'], typeof amount>),
});
export type QuarterRow = z.infer<typeof quarterRow>;

export const listAssetQuarters = defineContract({
  method: 'GET',
  path: '/api/assets/insights/quarters',
  access: 'public',
  source: 'project',
  downloads: EXPORT_MEDIA_TYPES,
  summary: 'Applications, permissions, construction starts and operation per quarter (count and MW), by the planning dates',
  query: insightsQuery,
  response: { 200: z.object({ data: z.array(quarterRow) }), 400: errors[400] },
});

export const releaseRow = z.object({
  release: z.string(),
  importedAt: z.string(),
  added: amount,
  toGranted: z.number().int(),
  toConstruction: z.number().int(),
  toOperational: z.number().int(),
  leftPipeline: z.number().int(),
  capacityChanged: z.number().int(),
  /** Null with filters: a removed project's row, and so its technology or region, is gone. */
  removed: z.number().int().nullable(),
});
export type ReleaseRow = z.infer<typeof releaseRow>;

export const listAssetReleases = defineContract({
  method: 'GET',
  path: '/api/assets/insights/releases',
  access: 'public',
  source: 'project',
  downloads: EXPORT_MEDIA_TYPES,
  summary: 'What each imported REPD release changed, from the change history',
  query: insightsQuery,
  response: { 200: z.object({ data: z.array(releaseRow) }), 400: errors[400] },
});

export const largestProject = z.object({
  stage: z.enum(INSIGHT_STAGE_KEYS),
  id: z.number().int(),
  siteName: z.string(),
  repdOperator: z.string().nullable(),
  technologyType: z.string().nullable(),
  region: z.string().nullable(),
  developmentStatus: z.string().nullable(),
  capacityMw: z.number(),
});
export type LargestProject = z.infer<typeof largestProject>;

export const listLargestAssets = defineContract({
  method: 'GET',
  path: '/api/assets/insights/largest',
  access: 'public',
  source: 'project',
  downloads: EXPORT_MEDIA_TYPES,
  summary: 'The largest projects (by capacity) at each stage of the pipeline',
  query: insightsQuery,
  response: { 200: z.object({ data: z.array(largestProject) }), 400: errors[400] },
});
