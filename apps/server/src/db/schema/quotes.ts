import { boolean, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { providers } from './providers';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Mirrors migrations/0009_quotes.sql (partial indexes and checks live in the SQL only). */
export const quotes = pgTable('quotes', {
  id: uuid('id').primaryKey().defaultRandom(),
  providerId: uuid('provider_id')
    .notNull()
    .references(() => providers.id, { onDelete: 'cascade' }),
  senderId: uuid('sender_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  service: text('service').notNull().default(''),
  location: text('location').notNull().default(''),
  timePreference: text('time_preference').notNull().default(''),
  description: text('description').notNull().default(''),
  contactName: text('contact_name').notNull(),
  contactEmail: text('contact_email').notNull(),
  contactPhone: text('contact_phone').notNull(),
  requiresNda: boolean('requires_nda').notNull().default(false),
  useDefaultContract: boolean('use_default_contract').notNull().default(false),
  selectedContract: text('selected_contract', { enum: ['data-processing', 'uav-hire'] }),
  routedTo: text('routed_to', { enum: ['provider', 'marketplace'] }).notNull(),
  status: text('status', { enum: ['pending', 'responded', 'declined', 'completed'] }).notNull().default('pending'),
  replyMessage: text('reply_message'),
  repliedBy: uuid('replied_by').references(() => users.id, { onDelete: 'set null' }),
  repliedAt: ts('replied_at'),
  /** Migration 0090: when the provider marked the work completed (its requester may then review it). */
  completedAt: ts('completed_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
export type QuoteRow = typeof quotes.$inferSelect;

export const quoteAttachments = pgTable('quote_attachments', {
  id: uuid('id').primaryKey().defaultRandom(),
  quoteId: uuid('quote_id')
    .notNull()
    .references(() => quotes.id, { onDelete: 'cascade' }),
  kind: text('kind', { enum: ['nda', 'scope'] }).notNull(),
  filename: text('filename').notNull(),
  mimeType: text('mime_type').notNull(),
  storageKey: text('storage_key').notNull(),
  sizeBytes: integer('size_bytes').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});
export type QuoteAttachmentRow = typeof quoteAttachments.$inferSelect;
