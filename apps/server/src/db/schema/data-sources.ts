import { bigint, boolean, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** What the bundled data put in place at first start, shown as a run in the Data sources tab (decision 0463). */
export interface StartupImport {
  at: string;
  what: string;
  read: number;
  kept: number;
  dropped: number;
}

/** Mirrors migrations/0019_data_sources.sql and 0070: one row per feed (tender feeds, 'repd'). */
export const dataSources = pgTable('data_sources', {
  id: text('id').primaryKey(),
  enabled: boolean('enabled').notNull().default(false),
  cursor: jsonb('cursor').notNull().default({}),
  lastRunAt: ts('last_run_at'),
  lastSuccessAt: ts('last_success_at'),
  lastErrorAt: ts('last_error_at'),
  lastError: text('last_error'),
  nextRunAt: ts('next_run_at'),
  backoffUntil: ts('backoff_until'),
  runRequestedAt: ts('run_requested_at'),
  itemsRead: bigint('items_read', { mode: 'number' }).notNull().default(0),
  itemsKept: bigint('items_kept', { mode: 'number' }).notNull().default(0),
  itemsDropped: bigint('items_dropped', { mode: 'number' }).notNull().default(0),
  itemsInvalid: bigint('items_invalid', { mode: 'number' }).notNull().default(0),
  errors: integer('errors').notNull().default(0),
  lastRunRead: integer('last_run_read').notNull().default(0),
  lastRunKept: integer('last_run_kept').notNull().default(0),
  lastRunDropped: integer('last_run_dropped').notNull().default(0),
  lastRunInvalid: integer('last_run_invalid').notNull().default(0),
  // Migration 0070 (decision 0463).
  itemsMerged: bigint('items_merged', { mode: 'number' }).notNull().default(0),
  lastRunMerged: integer('last_run_merged').notNull().default(0),
  lastRunReasons: jsonb('last_run_reasons').$type<Record<string, number>>().notNull().default({}),
  lastRequestAt: ts('last_request_at'),
  lastPause: text('last_pause'),
  startupImport: jsonb('startup_import').$type<StartupImport | null>(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
export type DataSourceRow = typeof dataSources.$inferSelect;
