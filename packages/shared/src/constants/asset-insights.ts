/**
 * The Insights tab of asset intelligence (docs/product/assets.md#insights, decision 0490): stages of
 * the planning pipeline, the durations between them, the quarterly events and the tab's texts.
 */
import type { ASSET_DEVELOPMENT_STATUSES } from './assets';

type Status = (typeof ASSET_DEVELOPMENT_STATUSES)[number];

/** The four stages of the pipeline, in order, then the ways out of it. */
export const INSIGHT_STAGE_KEYS = ['submitted', 'granted', 'construction', 'operational', 'refused', 'withdrawn', 'expired', 'other'] as const;
export type InsightStage = (typeof INSIGHT_STAGE_KEYS)[number];

/**
 * Which REPD development statuses stand for each stage (the project's current status), and which
 * stages a project at that stage has reached: a project under construction was submitted and
 * granted; one whose permission expired was granted; a decommissioned one was operational.
 */
export const INSIGHT_STAGES: ReadonlyArray<{
  key: InsightStage;
  label: string;
  statuses: readonly Status[];
  /** The pipeline stages a project now at this stage has passed through. */
  reached: readonly InsightStage[];
  /** On the pipeline (funnel bars) or a way out of it. */
  line: boolean;
}> = [
  { key: 'submitted', label: 'In planning', statuses: ['Planning Application Submitted', 'Appeal Lodged', 'Revised'], reached: ['submitted'], line: true },
  {
    key: 'granted',
    label: 'Granted, awaiting construction',
    statuses: ['Planning Permission Granted', 'Secretary of State - Granted', 'Appeal Granted'],
    reached: ['submitted', 'granted'],
    line: true,
  },
  { key: 'construction', label: 'Under construction', statuses: ['Under Construction'], reached: ['submitted', 'granted', 'construction'], line: true },
  {
    key: 'operational',
    label: 'Operational',
    statuses: ['Operational', 'Decommissioned'],
    reached: ['submitted', 'granted', 'construction', 'operational'],
    line: true,
  },
  { key: 'refused', label: 'Refused', statuses: ['Planning Permission Refused', 'Appeal Refused', 'Secretary of State - Refusal'], reached: ['submitted'], line: false },
  { key: 'withdrawn', label: 'Withdrawn or abandoned', statuses: ['Planning Application Withdrawn', 'Appeal Withdrawn', 'Abandoned'], reached: ['submitted'], line: false },
  { key: 'expired', label: 'Permission expired', statuses: ['Planning Permission Expired'], reached: ['submitted', 'granted'], line: false },
  // No application required, or a status REPD does not list: not on the pipeline.
  { key: 'other', label: 'Other or unknown', statuses: ['No Application Required'], reached: [], line: false },
];

/** The stage of a development status ('other' for unknown ones). */
export function insightStageOf(status: string | null | undefined): InsightStage {
  return INSIGHT_STAGES.find((s) => (s.statuses as readonly string[]).includes(status ?? ''))?.key ?? 'other';
}

/**
 * The durations between stages (whole calendar months, from REPD's planning dates). 'granted' is the
 * planning permission's date, else the Secretary of State's grant, else the appeal's.
 */
export const INSIGHT_TRANSITIONS = [
  { key: 'decision', label: 'Submission to permission' },
  { key: 'refusal', label: 'Submission to refusal' },
  { key: 'start', label: 'Permission to construction' },
  { key: 'build', label: 'Construction to operation' },
  { key: 'total', label: 'Submission to operation' },
] as const;
export type InsightTransition = (typeof INSIGHT_TRANSITIONS)[number]['key'];

/** What each quarter counts, by the date of that stage. */
export const INSIGHT_EVENTS = [
  { key: 'submitted', label: 'Applications' },
  { key: 'granted', label: 'Permissions granted' },
  { key: 'construction', label: 'Construction starts' },
  { key: 'operational', label: 'Became operational' },
] as const;
export type InsightEvent = (typeof INSIGHT_EVENTS)[number]['key'];

/** The breakdowns of count and capacity. */
export const INSIGHT_BREAKDOWNS = [
  { key: 'technology', label: 'Technology' },
  { key: 'region', label: 'Region' },
  { key: 'status', label: 'Development status' },
] as const;
export type InsightBreakdown = (typeof INSIGHT_BREAKDOWNS)[number]['key'];

/** The quarterly series start at REPD's first year. */
export const INSIGHT_SERIES_FROM_YEAR = 1990;
/** Largest projects listed per stage. */
export const INSIGHT_LARGEST_PER_STAGE = 10;

/** A quarter number (year × 4 + quarter − 1, as migration 0100 writes it) as '2024 Q1'. */
export const quarterLabel = (quarter: number) => `${Math.floor(quarter / 4)} Q${(quarter % 4) + 1}`;

/** The Insights tab's texts. */
export const INSIGHT_MESSAGES = {
  tab: 'Insights',
  title: 'Insights: the UK pipeline',
  intro: 'Statistics of every project in the planning database that matches the filters: capacity and count, the pipeline from application to operation, how long each stage takes, and what changed each quarter.',
  loading: 'Loading insights...',
  failed: 'Failed to load insights',
  retry: 'Try again',
  empty: 'No projects match these filters.',
  unknown: 'Unknown',
  downloadCsv: 'Download CSV',
  breakdownTitle: (label: string) => `Capacity and projects by ${label.toLowerCase()}`,
  pipelineTitle: 'The pipeline: from application to operation',
  pipelineNote: 'Projects that reached each stage (by their current REPD status), and those that left the pipeline.',
  durationsTitle: 'Median months between stages',
  durationsNote: 'Whole calendar months between REPD planning dates; projects whose dates are missing or out of order are left out.',
  durationsBy: { technology: 'By technology', region: 'By region' },
  quartersTitle: 'Each quarter: applications, permissions and capacity',
  quartersNote: 'By the planning dates REPD gives.',
  releasesTitle: 'What each REPD release changed',
  releasesNote: 'From the change history recorded at each release imported here; removed projects are counted only without filters.',
  releasesEmpty: 'No release has been imported over an earlier one yet, so no changes are recorded.',
  largestTitle: 'Largest projects at each stage',
  filtersFollow: 'The statistics follow the filters of the Overview.',
} as const;
