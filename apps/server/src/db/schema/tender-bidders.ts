import { bigint, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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

/** Mirrors migrations/0112 (decision 0514): an invitee's intent to respond, or its decline with a reason. */
export const tenderIntents = pgTable(
  'tender_intents',
  {
    tenderId: uuid('tender_id')
      .notNull()
      .references(() => tenders.id, { onDelete: 'cascade' }),
    /** 'provider:<id>' or 'email:<email invitation id>'. */
    invitee: text('invitee').notNull(),
    intent: text('intent', { enum: ['responding', 'declined'] }).notNull(),
    reason: text('reason'),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenderId, t.invitee] })],
);

/** Mirrors migrations/0112 and 0128 (decisions 0515, 0556): the reminders sent, one per invitee per threshold per closing date. */
export const tenderInviteeReminders = pgTable(
  'tender_invitee_reminders',
  {
    tenderId: uuid('tender_id')
      .notNull()
      .references(() => tenders.id, { onDelete: 'cascade' }),
    invitee: text('invitee').notNull(),
    threshold: text('threshold', { enum: ['3d', '24h'] }).notNull(),
    sentAt: ts('sent_at').notNull(),
    closingDate: ts('closing_date').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenderId, t.invitee, t.threshold, t.closingDate] })],
);
