import { sql } from 'drizzle-orm';
import { bigint, boolean, doublePrecision, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { assets } from './assets';
import { providers } from './providers';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Mirrors migrations/0005_tenders.sql and 0021_tender_lifecycle.sql (docs/product/tenders.md#tender). */
export const tenders = pgTable(
  'tenders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    service: text('service'),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    location: text('location'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    coordinatesApproximate: boolean('coordinates_approximate').notNull().default(false),
    searchRadius: integer('search_radius'),
    startTimePreference: text('start_time_preference'),
    type: text('type', { enum: ['open', 'private'] }).notNull().default('open'),
    source: text('source', { enum: ['Solar Manager', 'External'] }).notNull(),
    stage: text('stage', { enum: ['draft', 'active', 'awarded', 'cancelled'] }).notNull().default('active'),
    externalId: text('external_id').unique(),
    externalReleaseId: text('external_release_id'),
    externalReleaseDate: ts('external_release_date'),
    organisationName: text('organisation_name'),
    publishedDate: ts('published_date').notNull().defaultNow(),
    closingDate: ts('closing_date'),
    startDate: ts('start_date'),
    endDate: ts('end_date'),
    valueMinimum: numeric('value_minimum', { precision: 16, scale: 2, mode: 'number' }),
    valueMaximum: numeric('value_maximum', { precision: 16, scale: 2, mode: 'number' }),
    contactName: text('contact_name'),
    contactEmail: text('contact_email'),
    contactPhone: text('contact_phone'),
    contactWebsite: text('contact_website'),
    contactAddress: text('contact_address'),
    contactTown: text('contact_town'),
    contactPostcode: text('contact_postcode'),
    noticeUrl: text('notice_url'),
    region: text('region'),
    cpvCodes: text('cpv_codes').array().notNull().default([]),
    sectors: text('sectors').array().notNull().default([]),
    awardSupplier: text('award_supplier'),
    awardValue: numeric('award_value', { precision: 16, scale: 2, mode: 'number' }),
    awardDate: ts('award_date'),
    isDemo: boolean('is_demo').notNull().default(false),
    siteAssetId: bigint('site_asset_id', { mode: 'number' }).references(() => assets.id, { onDelete: 'set null' }),
    siteCapacityMw: doublePrecision('site_capacity_mw'),
    cancelReason: text('cancel_reason'),
    /** References tender_responses (the constraint is in the SQL: the two tables name each other). */
    awardedResponseId: uuid('awarded_response_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('tenders_source_idx').on(t.source), index('tenders_user_id_idx').on(t.userId)],
);
export type TenderRow = typeof tenders.$inferSelect;
export type NewTenderRow = typeof tenders.$inferInsert;

export const tenderInvitations = pgTable(
  'tender_invitations',
  {
    tenderId: uuid('tender_id')
      .notNull()
      .references(() => tenders.id, { onDelete: 'cascade' }),
    providerId: uuid('provider_id').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    notifiedAt: ts('notified_at'),
  },
  (t) => [primaryKey({ columns: [t.tenderId, t.providerId] }), index('tender_invitations_provider_idx').on(t.providerId)],
);

export const tenderSaves = pgTable(
  'tender_saves',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tenderId: uuid('tender_id')
      .notNull()
      .references(() => tenders.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['saved', 'later'] }).notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    remindedAt: ts('reminded_at'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.tenderId, t.kind] })],
);

// tender_alerts became saved searches (migration 0082, decision 0471).

export const TENDER_EVENT_KINDS = [
  'created',
  'published',
  'edited',
  'extended',
  'closed-early',
  'cancelled',
  'awarded',
  // Migration 0051: the rest of the cycle.
  'invited',
  'question-asked',
  'question-answered',
  'response-submitted',
  'response-updated',
  'response-withdrawn',
  'shortlisted',
  'unshortlisted',
  'clarification-requested',
  // Migration 0119 (issue 27 part C, decision 0524): the clarification log, addenda, the contract.
  'clarification-replied',
  'clarification-published',
  'addendum-issued',
  'contract-confirmed',
  // Migration 0127 (decision 0555): the evaluation plan and its evaluators.
  'criteria-changed',
  'pricing-schedule-changed',
  'evaluator-invited',
  'evaluator-removed',
  'evaluator-no-conflict',
  'evaluator-conflict',
] as const;
export type TenderEventKind = (typeof TENDER_EVENT_KINDS)[number];

export const tenderEvents = pgTable(
  'tender_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    tenderId: uuid('tender_id')
      .notNull()
      .references(() => tenders.id, { onDelete: 'cascade' }),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: TENDER_EVENT_KINDS }).notNull(),
    reason: text('reason'),
    /** What the entry is about: a provider's name, the addresses invited, a question (migration 0051). */
    subject: text('subject'),
    changes: jsonb('changes').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('tender_events_tender_idx').on(t.tenderId, t.seq),
    // Migration 0032: the admin audit log reads events newest first (decision 0424).
    index('tender_events_created_idx').on(t.createdAt.desc(), t.seq.desc()),
  ],
);

export const tenderDocuments = pgTable(
  'tender_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    tenderId: uuid('tender_id')
      .notNull()
      .references(() => tenders.id, { onDelete: 'cascade' }),
    filename: text('filename').notNull(),
    mimeType: text('mime_type').notNull(),
    storageKey: text('storage_key').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    // Migration 0120 (decision 0525): versions; `previous_id` is the version this one replaces, `addendum_id` its addendum.
    version: integer('version').notNull().default(1),
    previousId: uuid('previous_id').unique(),
    addendumId: uuid('addendum_id'),
  },
  (t) => [index('tender_documents_tender_idx').on(t.tenderId, t.seq)],
);

export const tenderResponses = pgTable(
  'tender_responses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    tenderId: uuid('tender_id')
      .notNull()
      .references(() => tenders.id, { onDelete: 'cascade' }),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => providers.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    message: text('message').notNull(),
    priceMinimum: numeric('price_minimum', { precision: 16, scale: 2, mode: 'number' }).notNull(),
    priceMaximum: numeric('price_maximum', { precision: 16, scale: 2, mode: 'number' }).notNull(),
    leadTimeDays: integer('lead_time_days').notNull(),
    shortlisted: boolean('shortlisted').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [unique().on(t.tenderId, t.providerId), index('tender_responses_provider_idx').on(t.providerId), index('tender_responses_tender_idx').on(t.tenderId, t.seq)],
);

export const tenderResponseAttachments = pgTable(
  'tender_response_attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    responseId: uuid('response_id')
      .notNull()
      .references(() => tenderResponses.id, { onDelete: 'cascade' }),
    filename: text('filename').notNull(),
    mimeType: text('mime_type').notNull(),
    storageKey: text('storage_key').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    /** SHA-256 of the bytes as uploaded (migration 0111, decision 0513); null for older uploads. */
    sha256: text('sha256'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('tender_response_attachments_response_idx').on(t.responseId, t.seq)],
);

export const tenderClarifications = pgTable(
  'tender_clarifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    responseId: uuid('response_id')
      .notNull()
      .references(() => tenderResponses.id, { onDelete: 'cascade' }),
    message: text('message').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('tender_clarifications_response_idx').on(t.responseId, t.seq)],
);

export const tenderQuestions = pgTable(
  'tender_questions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    tenderId: uuid('tender_id')
      .notNull()
      .references(() => tenders.id, { onDelete: 'cascade' }),
    askerId: uuid('asker_id').references(() => users.id, { onDelete: 'set null' }),
    question: text('question').notNull(),
    answer: text('answer'),
    answeredAt: ts('answered_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('tender_questions_tender_idx').on(t.tenderId, t.seq)],
);

export const tenderEmailInvitations = pgTable(
  'tender_email_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenderId: uuid('tender_id')
      .notNull()
      .references(() => tenders.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    providerId: uuid('provider_id').references(() => providers.id, { onDelete: 'set null' }),
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    acceptedBy: uuid('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    acceptedAt: ts('accepted_at'),
    /** When its link was mailed (migration 0050; null for a draft's, until publication). */
    mailedAt: ts('mailed_at'),
  },
  (t) => [unique().on(t.tenderId, t.email), index('tender_email_invitations_mailed_idx').on(t.invitedBy, t.mailedAt).where(sql`mailed_at IS NOT NULL`)],
);
