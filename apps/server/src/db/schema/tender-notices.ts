import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { tenders } from './tenders';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Mirrors migrations/0070_tender_feeds_complete.sql: a second source's ocid merged into a notice (decision 0461). */
export const tenderNoticeAliases = pgTable(
  'tender_notice_aliases',
  {
    ocid: text('ocid').primaryKey(),
    tenderId: uuid('tender_id')
      .notNull()
      .references(() => tenders.id, { onDelete: 'cascade' }),
    source: text('source').notNull(),
    releaseId: text('release_id').notNull(),
    releaseDate: ts('release_date').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('tender_notice_aliases_tender_idx').on(t.tenderId)],
);

/** An admin's 'not relevant' on an imported notice (decision 0462). */
export const tenderRelevanceVerdicts = pgTable(
  'tender_relevance_verdicts',
  {
    ocid: text('ocid').primaryKey(),
    title: text('title').notNull(),
    titleKey: text('title_key').notNull(),
    buyer: text('buyer'),
    matchReason: text('match_reason'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: ts('decided_at').notNull().defaultNow(),
  },
  (t) => [index('tender_relevance_verdicts_title_idx').on(t.titleKey)],
);
