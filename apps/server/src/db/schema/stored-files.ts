import { bigint, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { providers } from './providers';
import { quotes } from './quotes';
import { tenderDocuments, tenderResponseAttachments } from './tenders';
import { providerAccreditations } from './trust';

export const STORED_FILE_KINDS = ['logo', 'cover', 'media', 'media-thumbnail', 'quote-attachment', 'tender-document', 'tender-response-attachment', 'accreditation-evidence'] as const;
export type StoredFileKind = (typeof STORED_FILE_KINDS)[number];

/**
 * Mirrors migrations/0015_stored_files.sql, 0021_tender_lifecycle.sql and 0090_trust.sql (checks and partial indexes live in the SQL only): who
 * owns each stored file (docs/decisions/0330). No owner means the file is due for deletion.
 */
export const storedFiles = pgTable(
  'stored_files',
  {
    storageClass: text('storage_class', { enum: ['public', 'private'] }).notNull(),
    key: text('key').notNull(),
    kind: text('kind', { enum: STORED_FILE_KINDS }).notNull(),
    providerId: uuid('provider_id').references(() => providers.id, { onDelete: 'set null' }),
    quoteId: uuid('quote_id').references(() => quotes.id, { onDelete: 'set null' }),
    tenderDocumentId: uuid('tender_document_id').references(() => tenderDocuments.id, { onDelete: 'set null' }),
    tenderResponseAttachmentId: uuid('tender_response_attachment_id').references(() => tenderResponseAttachments.id, { onDelete: 'set null' }),
    accreditationId: uuid('accreditation_id').references(() => providerAccreditations.id, { onDelete: 'set null' }),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.storageClass, table.key] })],
);
export type StoredFileRow = typeof storedFiles.$inferSelect;
