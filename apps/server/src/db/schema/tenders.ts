import { boolean, doublePrecision, index, integer, numeric, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Mirrors migrations/0005_tenders.sql (docs/product/tenders.md#tender). */
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
    stage: text('stage', { enum: ['active', 'awarded', 'cancelled'] }).notNull().default('active'),
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

export const tenderAlerts = pgTable('tender_alerts', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull().default(true),
  lastDigestAt: ts('last_digest_at'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
