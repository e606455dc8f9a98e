import { bigint, pgTable, text } from 'drizzle-orm/pg-core';

/** Migration 0011: one version per cached table, bumped by a statement trigger on every write. */
export const readCacheVersions = pgTable('read_cache_versions', {
  name: text('name').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});
