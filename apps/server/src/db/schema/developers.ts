import { bigint, boolean, customType, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';

/** PostgreSQL's 64-bit transaction id (xid8), read as text. */
const xid8 = customType<{ data: string }>({ dataType: () => 'xid8' });

/** Per-account API keys (migration 0101_api_keys.sql; decision 0492): only the key's SHA-256 is stored. */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('api_keys_user_idx').on(t.userId, t.createdAt)],
);
export type ApiKeyRow = typeof apiKeys.$inferSelect;

/**
 * Each tender's and asset's position in the feeds of changes (migration 0102_change_feeds.sql, where
 * the triggers writing them live; decision 0493).
 */
export const tenderFeed = pgTable(
  'tender_feed',
  {
    tenderId: uuid('tender_id').primaryKey(),
    txid: xid8('txid').notNull(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    publicOnce: boolean('public_once').notNull(),
    deleted: boolean('deleted').notNull().default(false),
  },
  (t) => [index('tender_feed_position_idx').on(t.txid, t.seq)],
);
export const assetFeed = pgTable(
  'asset_feed',
  {
    assetId: bigint('asset_id', { mode: 'number' }).primaryKey(),
    txid: xid8('txid').notNull(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    deleted: boolean('deleted').notNull().default(false),
  },
  (t) => [index('asset_feed_position_idx').on(t.txid, t.seq)],
);
