import { boolean, doublePrecision, index, integer, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './accounts';

/** Mirrors migrations/0004_providers.sql and 0090_trust.sql (expression indexes live in the SQL only, the name key's in 0110). */
export const providers = pgTable('providers', {
  id: uuid('id').primaryKey().defaultRandom(),
  slug: text('slug').notNull(),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
  businessName: text('business_name').notNull(),
  description: text('description').notNull().default(''),
  type: text('type').notNull().default(''),
  services: text('services').array().notNull().default([]),
  expertise: text('expertise').array().notNull().default([]),
  technologies: text('technologies').array().notNull().default([]),
  scale: text('scale').array().notNull().default([]),
  phase: text('phase').array().notNull().default([]),
  certifications: text('certifications').array().notNull().default([]),
  industryAssociations: text('industry_associations').array().notNull().default([]),
  location: text('location').notNull().default(''),
  latitude: doublePrecision('latitude'),
  longitude: doublePrecision('longitude'),
  serviceRadius: doublePrecision('service_radius'),
  logo: text('logo'),
  coverImage: text('cover_image'),
  website: text('website'),
  phone: text('phone'),
  email: text('email'),
  linkedin: text('linkedin'),
  twitter: text('twitter'),
  facebook: text('facebook'),
  placeId: text('place_id'),
  claimed: boolean('claimed').notNull().default(false),
  claimApproved: boolean('claim_approved').notNull().default(false),
  source: text('source').notNull().default('user'),
  sourceRef: text('source_ref'),
  completeness: integer('completeness').notNull().default(0),
  // Migration 0090 (issue 31): the company, its PPON, and the trust figures cards show.
  companyNumber: text('company_number'),
  pponId: text('ppon_id'),
  verifiedAccreditations: text('verified_accreditations').array().notNull().default([]),
  reviewCount: integer('review_count').notNull().default(0),
  reviewAverage: numeric('review_average', { precision: 3, scale: 2, mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
export type ProviderRow = typeof providers.$inferSelect;

export const providerMediaFiles = pgTable('provider_media_files', {
  id: uuid('id').primaryKey().defaultRandom(),
  providerId: uuid('provider_id')
    .notNull()
    .references(() => providers.id, { onDelete: 'cascade' }),
  uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
  title: text('title').notNull(),
  type: text('type', { enum: ['image', 'document'] }).notNull(),
  mimeType: text('mime_type').notNull(),
  storageKey: text('storage_key').notNull(),
  thumbnailKey: text('thumbnail_key'),
  sizeBytes: integer('size_bytes').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
export type ProviderMediaFileRow = typeof providerMediaFiles.$inferSelect;

export const providerClaims = pgTable('provider_claims', {
  id: uuid('id').primaryKey().defaultRandom(),
  providerId: uuid('provider_id')
    .notNull()
    .references(() => providers.id, { onDelete: 'cascade' }),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  companyRole: text('company_role').notNull(),
  message: text('message').notNull().default(''),
  kind: text('kind', { enum: ['claim', 'dispute'] }).notNull().default('claim'),
  status: text('status', { enum: ['pending', 'approved', 'rejected'] }).notNull().default('pending'),
  reviewMessage: text('review_message'),
  reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
  reviewedAt: timestamp('reviewed_at', { withTimezone: true, mode: 'date' }),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
export type ProviderClaimRow = typeof providerClaims.$inferSelect;

/** Migration 0017: invitations mailed from 'Invite a provider' (decision 0360). */
export const providerInvitations = pgTable(
  'provider_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    invitedBy: uuid('invited_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    message: text('message').notNull().default(''),
    service: text('service').notNull().default(''),
    location: text('location').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('provider_invitations_email_idx').on(sql`lower(${t.email})`, t.createdAt.desc()),
    index('provider_invitations_invited_by_idx').on(t.invitedBy),
  ],
);
export type ProviderInvitationRow = typeof providerInvitations.$inferSelect;
