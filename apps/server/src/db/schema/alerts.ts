import { bigint, boolean, customType, doublePrecision, index, jsonb, numeric, pgTable, primaryKey, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { tenders } from './tenders';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
/** A text-search query; written from the criteria by SQL (websearch_to_tsquery), read as its text. */
const tsquery = customType<{ data: string }>({ dataType: () => 'tsquery' });

/**
 * Mirrors migrations/0081_alerts.sql (decisions 0471–0473). `tenders.search_vector` (a generated
 * column) is read by raw SQL only, so it is not mirrored in the tenders table.
 */
export const tenderChanges = pgTable(
  'tender_changes',
  {
    seq: bigint('seq', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tenderId: uuid('tender_id')
      .notNull()
      .references(() => tenders.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['published', 'updated', 'deadline', 'awarded', 'cancelled', 'stage', 'clarification', 'document'] }).notNull(),
    detail: jsonb('detail').notNull().default({}),
    createdAt: ts('created_at').notNull().defaultNow(),
    matchedAt: ts('matched_at'),
    watchedAt: ts('watched_at'),
  },
  (t) => [index('tender_changes_tender_idx').on(t.tenderId, t.seq)],
);

export const alertQueue = pgTable('alert_queue', {
  seq: bigint('seq', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  itemType: text('item_type', { enum: ['provider', 'asset-change'] }).notNull(),
  itemId: text('item_id').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const savedSearches = pgTable(
  'saved_searches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    kind: text('kind', { enum: ['providers', 'tenders', 'assets', 'projects'] }).notNull(),
    criteria: jsonb('criteria').notNull().default({}),
    frequency: text('frequency', { enum: ['instant', 'daily', 'weekly', 'off'] }).notNull().default('daily'),
    digestHour: smallint('digest_hour').notNull().default(8),
    digestWeekday: smallint('digest_weekday').notNull().default(1),
    paused: boolean('paused').notNull().default(false),
    nextDigestAt: ts('next_digest_at'),
    lastMailedAt: ts('last_mailed_at'),
    tQuery: tsquery('t_query'),
    tService: text('t_service'),
    tCpv: text('t_cpv').array(),
    tRegions: text('t_regions').array(),
    tLat: doublePrecision('t_lat'),
    tLng: doublePrecision('t_lng'),
    tRadiusKm: doublePrecision('t_radius_km'),
    tMinValue: numeric('t_min_value', { precision: 16, scale: 2 }),
    tMaxValue: numeric('t_max_value', { precision: 16, scale: 2 }),
    tStages: text('t_stages').array(),
    tSources: text('t_sources').array(),
    tMyProfiles: boolean('t_my_profiles').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('saved_searches_user_idx').on(t.userId, t.createdAt)],
);

export const savedSearchAnchors = pgTable(
  'saved_search_anchors',
  {
    key: text('key').notNull(),
    searchId: uuid('search_id')
      .notNull()
      .references(() => savedSearches.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.key, t.searchId] })],
);

export const savedSearchMatches = pgTable(
  'saved_search_matches',
  {
    // No foreign key (decision 0471): the trigger saved_searches_forget_matches deletes a search's matches.
    searchId: uuid('search_id').notNull(),
    itemType: text('item_type', { enum: ['tender', 'asset-change', 'provider'] }).notNull(),
    itemId: text('item_id').notNull(),
    change: text('change').notNull(),
    matchedAt: ts('matched_at').notNull(),
    notifiedAt: ts('notified_at'),
  },
  (t) => [primaryKey({ columns: [t.searchId, t.itemType, t.itemId] })],
);

export const tenderWatches = pgTable(
  'tender_watches',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tenderId: uuid('tender_id')
      .notNull()
      .references(() => tenders.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.tenderId] })],
);

export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', {
      enum: ['quote-request', 'quote-reply', 'tender-invitation', 'claim-decision', 'question-answered', 'watched-change', 'alert-match'],
    }).notNull(),
    title: text('title').notNull(),
    body: text('body'),
    link: text('link').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    readAt: ts('read_at'),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.createdAt)],
);
