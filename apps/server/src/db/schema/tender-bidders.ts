import { bigint, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { providers } from './providers';
import { tenderResponses, tenders } from './tenders';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Mirrors migrations/0111_tender_response_receipts.sql (decision 0513): the bidder's e-receipts. */
export const tenderResponseReceipts = pgTable(
  'tender_response_receipts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    reference: text('reference').notNull().unique(),
    tenderId: uuid('tender_id')
      .notNull()
      .references(() => tenders.id, { onDelete: 'cascade' }),
    responseId: uuid('response_id').references(() => tenderResponses.id, { onDelete: 'set null' }),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => providers.id, { onDelete: 'cascade' }),
    providerName: text('provider_name').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: ['submitted', 'updated', 'withdrawn'] }).notNull(),
    sha256: text('sha256').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('tender_response_receipts_tender_idx').on(t.tenderId, t.providerId, t.seq)],
);
