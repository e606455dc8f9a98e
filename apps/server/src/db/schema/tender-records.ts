import { bigint, boolean, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { tenderClarifications, tenderQuestions, tenderResponses, tenders } from './tenders';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Issue 27 part C. Mirrors migrations/0119_tender_clarification_log.sql (decision 0524),
 * 0120_tender_addenda.sql (0525) and 0121_tender_contracts.sql (0526, 0527).
 */

export const tenderLogEntries = pgTable(
  'tender_log_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenderId: uuid('tender_id')
      .notNull()
      .references(() => tenders.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    questionId: uuid('question_id')
      .unique()
      .references(() => tenderQuestions.id, { onDelete: 'cascade' }),
    clarificationId: uuid('clarification_id')
      .unique()
      .references(() => tenderClarifications.id, { onDelete: 'cascade' }),
    notice: text('notice'),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    publishedAt: ts('published_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [unique().on(t.tenderId, t.number)],
);

export const tenderLogMessages = pgTable(
  'tender_log_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => tenderLogEntries.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    fromOwner: boolean('from_owner').notNull(),
    body: text('body').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('tender_log_messages_entry_idx').on(t.entryId, t.seq)],
);

export const tenderAddenda = pgTable(
  'tender_addenda',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenderId: uuid('tender_id')
      .notNull()
      .references(() => tenders.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    note: text('note').notNull(),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [unique().on(t.tenderId, t.number)],
);

export const tenderContracts = pgTable('tender_contracts', {
  tenderId: uuid('tender_id')
    .primaryKey()
    .references(() => tenders.id, { onDelete: 'cascade' }),
  awardedAt: ts('awarded_at').notNull(),
  standstillDays: integer('standstill_days').notNull(),
  standstillEndsAt: ts('standstill_ends_at').notNull(),
  confirmedAt: ts('confirmed_at'),
  confirmedBy: uuid('confirmed_by').references(() => users.id, { onDelete: 'set null' }),
});

export const tenderResponseFeedback = pgTable(
  'tender_response_feedback',
  {
    responseId: uuid('response_id')
      .primaryKey()
      .references(() => tenderResponses.id, { onDelete: 'cascade' }),
    tenderId: uuid('tender_id')
      .notNull()
      .references(() => tenders.id, { onDelete: 'cascade' }),
    feedback: text('feedback').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('tender_response_feedback_tender_idx').on(t.tenderId)],
);
