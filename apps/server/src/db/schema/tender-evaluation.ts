import { bigint, boolean, index, integer, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { tenderResponses, tenders } from './tenders';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Mirrors migrations/0115_tender_evaluation.sql (decisions 0518–0521). */
export const tenderCriteria = pgTable(
  'tender_criteria',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenderId: uuid('tender_id').notNull().references(() => tenders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    weight: integer('weight').notNull(),
    description: text('description'),
  },
  (t) => [unique().on(t.tenderId, t.position)],
);

export const tenderEvaluators = pgTable(
  'tender_evaluators',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenderId: uuid('tender_id').notNull().references(() => tenders.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    declaration: text('declaration', { enum: ['pending', 'no-conflict', 'conflict'] }).notNull().default('pending'),
    declaredAt: ts('declared_at'),
    statement: text('statement'),
    conflictReason: text('conflict_reason'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [unique().on(t.tenderId, t.userId), index('tender_evaluators_user_idx').on(t.userId)],
);

export const tenderScores = pgTable(
  'tender_scores',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenderId: uuid('tender_id').notNull().references(() => tenders.id, { onDelete: 'cascade' }),
    responseId: uuid('response_id').notNull().references(() => tenderResponses.id, { onDelete: 'cascade' }),
    criterionId: uuid('criterion_id').notNull().references(() => tenderCriteria.id, { onDelete: 'cascade' }),
    scorerId: uuid('scorer_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    score: integer('score').notNull(),
    comment: text('comment'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [unique().on(t.responseId, t.criterionId, t.scorerId), index('tender_scores_tender_idx').on(t.tenderId, t.scorerId)],
);

export const tenderPriceItems = pgTable(
  'tender_price_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenderId: uuid('tender_id').notNull().references(() => tenders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    description: text('description').notNull(),
    quantity: integer('quantity').notNull(),
    unit: text('unit').notNull(),
    optional: boolean('optional').notNull().default(false),
  },
  (t) => [unique().on(t.tenderId, t.position)],
);

export const tenderResponsePrices = pgTable(
  'tender_response_prices',
  {
    responseId: uuid('response_id').notNull().references(() => tenderResponses.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id').notNull().references(() => tenderPriceItems.id, { onDelete: 'cascade' }),
    unitPricePence: bigint('unit_price_pence', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.responseId, t.itemId] }), index('tender_response_prices_item_idx').on(t.itemId)],
);
