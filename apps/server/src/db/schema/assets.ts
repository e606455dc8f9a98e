import { sql } from 'drizzle-orm';
import { bigint, boolean, date, doublePrecision, index, integer, jsonb, numeric, pgTable, smallint, text, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';

/** The granted date (migration 0100): the permission's, else the Secretary of State's, else the appeal's (text in `extra`). */
const GRANTED = `coalesce(planning_granted_date, sos_granted_date, asset_uk_date(extra->>'appeal granted'))`;
const REFUSED = `asset_uk_date(extra->>'planning permission refused')`;
const months = (from: string, to: string) => sql.raw(`asset_months_between(${from}, ${to})`);
const quarter = (day: string) => sql.raw(`asset_quarter(${day})`);

/** REPD assets (migration 0006_assets.sql; the spatial and trigram indexes live there). */
export const assets = pgTable(
  'assets',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    repdRefId: text('repd_ref_id').notNull().unique(),
    oldRefId: text('old_ref_id'),
    siteName: text('site_name').notNull(),
    technologyType: text('technology_type'),
    storageType: text('storage_type'),
    installedCapacity: doublePrecision('installed_capacity'),
    mountingType: text('mounting_type'),
    developmentStatus: text('development_status'),
    developmentStatusShort: text('development_status_short'),
    recordLastUpdated: date('record_last_updated', { mode: 'string' }),
    solarSiteAreaSqm: doublePrecision('solar_site_area_sqm'),
    siteAreaAcres: doublePrecision('site_area_acres'),
    address: text('address'),
    county: text('county'),
    region: text('region'),
    country: text('country'),
    postCode: text('post_code'),
    easting: doublePrecision('easting'),
    northing: doublePrecision('northing'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    repdOperator: text('repd_operator'),
    planningAuthority: text('planning_authority'),
    planningApplicationRef: text('planning_application_ref'),
    appealReference: text('appeal_reference'),
    planningSubmissionDate: date('planning_submission_date', { mode: 'string' }),
    planningGrantedDate: date('planning_granted_date', { mode: 'string' }),
    sosGrantedDate: date('sos_granted_date', { mode: 'string' }),
    underConstructionDate: date('under_construction_date', { mode: 'string' }),
    operationalDate: date('operational_date', { mode: 'string' }),
    extra: jsonb('extra').$type<Record<string, string>>().notNull().default({}),
    duplicateOfId: bigint('duplicate_of_id', { mode: 'number' }).references((): AnyPgColumn => assets.id, { onDelete: 'set null' }),
    source: text('source').notNull().default('REPD'),
    sourceRelease: text('source_release'),
    contentHash: text('content_hash').notNull(),
    /** The map's GeoJSON Feature as JSON text, written by a trigger (migration 0013). */
    mapFeature: text('map_feature'),
    importedAt: timestamp('imported_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** The Insights tab's months between stages and quarters of events, written with the row (migration 0134, decision 0571). */
    insightDecisionMonths: integer('insight_decision_months').generatedAlwaysAs(months('planning_submission_date', GRANTED)),
    insightRefusalMonths: integer('insight_refusal_months').generatedAlwaysAs(months('planning_submission_date', REFUSED)),
    insightStartMonths: integer('insight_start_months').generatedAlwaysAs(months(GRANTED, 'under_construction_date')),
    insightBuildMonths: integer('insight_build_months').generatedAlwaysAs(months('under_construction_date', 'operational_date')),
    insightTotalMonths: integer('insight_total_months').generatedAlwaysAs(months('planning_submission_date', 'operational_date')),
    insightSubmittedQuarter: integer('insight_submitted_quarter').generatedAlwaysAs(quarter('planning_submission_date')),
    insightGrantedQuarter: integer('insight_granted_quarter').generatedAlwaysAs(quarter(GRANTED)),
    insightConstructionQuarter: integer('insight_construction_quarter').generatedAlwaysAs(quarter('under_construction_date')),
    insightOperationalQuarter: integer('insight_operational_quarter').generatedAlwaysAs(quarter('operational_date')),
  },
  (t) => [
    index('assets_technology_idx').on(t.technologyType),
    index('assets_region_idx').on(t.region),
    index('assets_status_idx').on(t.developmentStatus),
    index('assets_capacity_idx').on(t.installedCapacity),
    index('assets_record_updated_idx').on(t.recordLastUpdated),
    index('assets_operator_idx').on(t.repdOperator),
  ],
);
export type AssetRow = typeof assets.$inferSelect;

export const assetImports = pgTable('asset_imports', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  source: text('source').notNull().default('REPD'),
  fileName: text('file_name').notNull(),
  release: text('release'),
  sha256: text('sha256').notNull(),
  rowsRead: integer('rows_read').notNull(),
  rowsInserted: integer('rows_inserted').notNull(),
  rowsUpdated: integer('rows_updated').notNull(),
  rowsUnchanged: integer('rows_unchanged').notNull(),
  rowsRejected: integer('rows_rejected').notNull(),
  rejections: jsonb('rejections').$type<Array<{ row: number; refId: string | null; reason: string }>>().notNull().default([]),
  newestRecord: date('newest_record', { mode: 'string' }),
  startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull(),
  finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** What each REPD release changed per project (migration 0020_asset_changes.sql; its indexes live there). */
export const assetChanges = pgTable('asset_changes', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  repdRefId: text('repd_ref_id').notNull(),
  siteName: text('site_name').notNull(),
  kind: text('kind').$type<'added' | 'status' | 'capacity' | 'operator' | 'removed'>().notNull(),
  beforeValue: text('before_value'),
  afterValue: text('after_value'),
  release: text('release').notNull(),
  changedAt: timestamp('changed_at', { withTimezone: true, mode: 'date' }).notNull(),
});

/**
 * The asset map's clusters counted ahead per zoom level (migration 0027_asset_map_cells.sql, where
 * the stale trigger and the rebuild function live; decision 0388).
 */
export const assetMapCells = pgTable(
  'asset_map_cells',
  {
    level: smallint('level').notNull(),
    cx: integer('cx').notNull(),
    cy: integer('cy').notNull(),
    technologyType: text('technology_type'),
    developmentStatus: text('development_status'),
    region: text('region'),
    n: integer('n').notNull(),
    capacity: doublePrecision('capacity').notNull(),
    lngSum: doublePrecision('lng_sum').notNull(),
    latSum: doublePrecision('lat_sum').notNull(),
    singleId: bigint('single_id', { mode: 'number' }),
  },
  (t) => [index('asset_map_cells_level_idx').on(t.level, t.cx, t.cy)],
);

/** The same, also per capacity band, for the coarse levels (migration 0029_asset_map_capacity_cells.sql; decision 0411). */
export const assetMapCapacityCells = pgTable(
  'asset_map_capacity_cells',
  {
    level: smallint('level').notNull(),
    cx: integer('cx').notNull(),
    cy: integer('cy').notNull(),
    technologyType: text('technology_type'),
    developmentStatus: text('development_status'),
    region: text('region'),
    band: smallint('band'),
    n: integer('n').notNull(),
    capacity: doublePrecision('capacity').notNull(),
    lngSum: doublePrecision('lng_sum').notNull(),
    latSum: doublePrecision('lat_sum').notNull(),
    singleId: bigint('single_id', { mode: 'number' }),
  },
  (t) => [
    index('asset_map_capacity_cells_level_idx').on(t.level, t.cx, t.cy),
    index('asset_map_capacity_cells_technology_idx').on(t.level, t.technologyType, t.band),
  ],
);

export const assetMapCellsState = pgTable('asset_map_cells_state', {
  id: boolean('id').primaryKey().default(true),
  stale: boolean('stale').notNull().default(true),
  finest: integer('finest').notNull().default(-1),
  capacityFinest: integer('capacity_finest').notNull().default(-1),
  capacityBands: doublePrecision('capacity_bands').array().notNull().default([]),
});

/**
 * The Insights tab's aggregates counted ahead per release (migration 0100_asset_insights.sql, where
 * the stale trigger and the date functions live; decision 0490), by age and rolled up to fewer
 * dimensions (`dims`, migration 0140, decision 0580). Capacities are exact decimals.
 */
const insightGroup = {
  technologyType: text('technology_type'),
  region: text('region'),
  developmentStatus: text('development_status'),
  band: smallint('band'),
  age: smallint('age'),
};
/** GROUPING() of the five dimensions: a bit set for each one summed out (migration 0140). */
const insightDims = { dims: smallint('dims').notNull().default(0) };
export const assetInsightTotals = pgTable(
  'asset_insight_totals',
  {
    ...insightGroup,
    n: integer('n').notNull(),
    capacity: numeric('capacity').notNull(),
    ...insightDims,
  },
  (t) => [
    index('asset_insight_totals_dims_idx').on(t.dims, t.technologyType, t.region, t.developmentStatus),
    index('asset_insight_totals_band_idx').on(t.dims, t.band, t.age),
  ],
);
export const assetInsightDurations = pgTable(
  'asset_insight_durations',
  {
    ...insightGroup,
    transition: text('transition').notNull(),
    months: integer('months').notNull(),
    n: integer('n').notNull(),
    ...insightDims,
  },
  (t) => [
    index('asset_insight_durations_dims_idx').on(t.dims, t.technologyType, t.region, t.developmentStatus),
    // Covering (INCLUDE) in migration 0149, as the three band indexes are.
    index('asset_insight_durations_band_idx').on(t.dims, t.band, t.age),
  ],
);
export const assetInsightQuarters = pgTable(
  'asset_insight_quarters',
  {
    ...insightGroup,
    event: text('event').notNull(),
    quarter: integer('quarter').notNull(),
    n: integer('n').notNull(),
    capacity: numeric('capacity').notNull(),
    ...insightDims,
  },
  (t) => [
    index('asset_insight_quarters_dims_idx').on(t.dims, t.technologyType, t.region, t.developmentStatus),
    index('asset_insight_quarters_band_idx').on(t.dims, t.band, t.age),
  ],
);
export const assetInsightLargest = pgTable(
  'asset_insight_largest',
  {
    ...insightGroup,
    assetId: bigint('asset_id', { mode: 'number' }).notNull(),
    capacity: doublePrecision('capacity').notNull(),
  },
  (t) => [index('asset_insight_largest_status_idx').on(t.developmentStatus, t.capacity, t.assetId)],
);
export const assetInsightsState = pgTable('asset_insights_state', {
  id: boolean('id').primaryKey().default(true),
  stale: boolean('stale').notNull().default(true),
  bands: doublePrecision('bands').array().notNull().default([]),
  refreshedAt: timestamp('refreshed_at', { withTimezone: true, mode: 'date' }),
  /** The day the tables' ages were counted on (migration 0140). */
  agesOn: date('ages_on', { mode: 'string' }),
});
