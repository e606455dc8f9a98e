import { date, integer, jsonb, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { providers } from './providers';
import { quotes } from './quotes';
import { tenders } from './tenders';

/** Mirrors migrations/0090_trust.sql (checks, partial indexes, functions and triggers live in the SQL only). */

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export interface CheckItem {
  key: string;
  status: 'pass' | 'warn' | 'fail';
  label: string;
  detail: string;
}

export interface CompanyFacts {
  name: string;
  status: string;
  incorporatedOn: string | null;
  sicCodes: string[];
  officePostcode: string | null;
}

export const providerCompanyChecks = pgTable('provider_company_checks', {
  providerId: uuid('provider_id')
    .primaryKey()
    .references(() => providers.id, { onDelete: 'cascade' }),
  companyNumber: text('company_number').notNull(),
  checkedAt: ts('checked_at'),
  checks: jsonb('checks').$type<CheckItem[]>().notNull().default([]),
  company: jsonb('company').$type<CompanyFacts | null>(),
  officers: text('officers').array().notNull().default([]),
  failedAt: ts('failed_at'),
  failure: text('failure'),
  nextCheckAt: ts('next_check_at').notNull(),
});
export type CompanyCheckRow = typeof providerCompanyChecks.$inferSelect;

export const providerAccreditations = pgTable('provider_accreditations', {
  id: uuid('id').primaryKey().defaultRandom(),
  providerId: uuid('provider_id')
    .notNull()
    .references(() => providers.id, { onDelete: 'cascade' }),
  scheme: text('scheme').notNull(),
  otherName: text('other_name'),
  number: text('number').notNull(),
  scope: text('scope').notNull().default(''),
  expiresOn: date('expires_on', { mode: 'string' }),
  evidenceFilename: text('evidence_filename'),
  evidenceMime: text('evidence_mime'),
  evidenceKey: text('evidence_key'),
  evidenceSize: integer('evidence_size'),
  status: text('status', { enum: ['self-declared', 'verified', 'expired'] }).notNull().default('self-declared'),
  verifiedAt: ts('verified_at'),
  verifiedBy: uuid('verified_by').references(() => users.id, { onDelete: 'set null' }),
  reviewNote: text('review_note'),
  remindedAt: ts('reminded_at'),
  expiredAt: ts('expired_at'),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
export type AccreditationRow = typeof providerAccreditations.$inferSelect;

export const reviews = pgTable('reviews', {
  id: uuid('id').primaryKey().defaultRandom(),
  providerId: uuid('provider_id')
    .notNull()
    .references(() => providers.id, { onDelete: 'cascade' }),
  authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
  authorName: text('author_name').notNull(),
  quoteId: uuid('quote_id').references(() => quotes.id, { onDelete: 'set null' }),
  tenderId: uuid('tender_id').references(() => tenders.id, { onDelete: 'set null' }),
  workKind: text('work_kind', { enum: ['quote', 'tender'] }).notNull(),
  workDate: ts('work_date').notNull(),
  quality: smallint('quality').notNull(),
  value: smallint('value').notNull(),
  reliability: smallint('reliability').notNull(),
  body: text('body').notNull(),
  status: text('status', { enum: ['published', 'removed'] }).notNull().default('published'),
  flaggedAt: ts('flagged_at'),
  flagReason: text('flag_reason'),
  flaggedBy: uuid('flagged_by').references(() => users.id, { onDelete: 'set null' }),
  removedAt: ts('removed_at'),
  removedBy: uuid('removed_by').references(() => users.id, { onDelete: 'set null' }),
  removalReason: text('removal_reason'),
  reply: text('reply'),
  repliedAt: ts('replied_at'),
  repliedBy: uuid('replied_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
export type ReviewRow = typeof reviews.$inferSelect;

export const awardSupplierMatches = pgTable('award_supplier_matches', {
  id: uuid('id').primaryKey().defaultRandom(),
  tenderId: uuid('tender_id')
    .notNull()
    .references(() => tenders.id, { onDelete: 'cascade' }),
  supplierName: text('supplier_name').notNull(),
  providerId: uuid('provider_id')
    .notNull()
    .references(() => providers.id, { onDelete: 'cascade' }),
  status: text('status', { enum: ['confirmed', 'rejected'] }).notNull(),
  decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
  decidedAt: ts('decided_at').notNull().defaultNow(),
});
export type AwardSupplierMatchRow = typeof awardSupplierMatches.$inferSelect;
