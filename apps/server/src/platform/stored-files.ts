import { and, eq, inArray, isNull, not, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Db } from '../db/client';
import { storedFiles, type StoredFileKind } from '../db/schema/index';
import type { Storage, StorageClass } from './storage';

/**
 * Every stored file has an owner (docs/decisions/0330): a row in `stored_files` says which
 * provider or quote a file belongs to. A profile or quote may only name files it owns, and a file
 * is deleted only once its record has no owner, which happens when the owner gives it up
 * (`releaseProviderFiles`, in the transaction that drops the reference) or when the owner row is
 * deleted (ON DELETE SET NULL: a deleted account's quotes, a deleted provider). `purgeUnownedFiles`
 * then deletes the file and the record, at once after a release and from the sweep job for the rest.
 */

export type NewStoredFile = typeof storedFiles.$inferInsert;

/** Records files just written, in the transaction that writes the rows naming them. */
export async function recordStoredFiles(tx: Db, files: NewStoredFile[]): Promise<void> {
  if (files.length > 0) await tx.insert(storedFiles).values(files);
}

/**
 * Bytes a provider's files take (its quota; decision 0331). `replacing` leaves out files the
 * caller is about to give up, so replacing a logo at the quota is not refused.
 */
export async function providerStoredBytes(
  db: Db,
  providerId: string,
  replacing: { keys: string[]; kind: StoredFileKind } | null = null,
): Promise<number> {
  const [row] = await db
    .select({ bytes: sql<string>`coalesce(sum(${storedFiles.sizeBytes}), 0)::text` })
    .from(storedFiles)
    .where(
      and(
        eq(storedFiles.providerId, providerId),
        replacing && replacing.keys.length > 0
          ? not(and(inArray(storedFiles.key, replacing.keys), eq(storedFiles.kind, replacing.kind))!)
          : undefined,
      ),
    );
  return Number(row?.bytes ?? 0);
}

/** Whether the provider owns this public file as one of `kinds`. */
export async function providerOwnsFile(db: Db, providerId: string, key: string, kinds: StoredFileKind[]): Promise<boolean> {
  const [row] = await db
    .select({ key: storedFiles.key })
    .from(storedFiles)
    .where(
      and(
        eq(storedFiles.storageClass, 'public'),
        eq(storedFiles.key, key),
        eq(storedFiles.providerId, providerId),
        inArray(storedFiles.kind, kinds),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/**
 * The provider gives up these files (the reference to them is being removed in the same
 * transaction). Only files the records say it owns, as one of `kinds`, are released; the keys
 * released are returned for `purgeUnownedFiles` after the commit.
 */
export async function releaseProviderFiles(
  tx: Db,
  providerId: string,
  keys: Array<string | null | undefined>,
  kinds: StoredFileKind[],
): Promise<string[]> {
  const named = keys.filter((k): k is string => Boolean(k));
  if (named.length === 0) return [];
  const released = await tx
    .update(storedFiles)
    .set({ providerId: null })
    .where(
      and(
        eq(storedFiles.storageClass, 'public'),
        inArray(storedFiles.key, named),
        eq(storedFiles.providerId, providerId),
        inArray(storedFiles.kind, kinds),
      ),
    )
    .returning({ key: storedFiles.key });
  return released.map((r) => r.key);
}

/** Whether the quote owns this private file. */
export async function quoteOwnsFile(db: Db, quoteId: string, key: string): Promise<boolean> {
  const [row] = await db
    .select({ key: storedFiles.key })
    .from(storedFiles)
    .where(and(eq(storedFiles.storageClass, 'private'), eq(storedFiles.key, key), eq(storedFiles.quoteId, quoteId)))
    .limit(1);
  return Boolean(row);
}

/** Whether a tender document or response attachment row owns this private file (decision 0402). */
export async function tenderRowOwnsFile(db: Db, owner: { documentId: string } | { attachmentId: string }, key: string): Promise<boolean> {
  const [row] = await db
    .select({ key: storedFiles.key })
    .from(storedFiles)
    .where(
      and(
        eq(storedFiles.storageClass, 'private'),
        eq(storedFiles.key, key),
        'documentId' in owner ? eq(storedFiles.tenderDocumentId, owner.documentId) : eq(storedFiles.tenderResponseAttachmentId, owner.attachmentId),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** Whether an accreditation owns this private evidence file (decision 0482). */
export async function accreditationOwnsFile(db: Db, accreditationId: string, key: string): Promise<boolean> {
  const [row] = await db
    .select({ key: storedFiles.key })
    .from(storedFiles)
    .where(and(eq(storedFiles.storageClass, 'private'), eq(storedFiles.key, key), eq(storedFiles.accreditationId, accreditationId)))
    .limit(1);
  return Boolean(row);
}

/**
 * The accreditation gives up its evidence file (replaced, or the accreditation deleted) in the
 * transaction that drops the reference; the keys released go to `purgeUnownedFiles` after the commit.
 */
export async function releaseAccreditationFile(tx: Db, accreditationId: string, key: string | null): Promise<string[]> {
  if (!key) return [];
  const released = await tx
    .update(storedFiles)
    .set({ accreditationId: null })
    .where(and(eq(storedFiles.storageClass, 'private'), eq(storedFiles.key, key), eq(storedFiles.accreditationId, accreditationId)))
    .returning({ key: storedFiles.key });
  return released.map((r) => r.key);
}

/** Whether a public file has an owner: only then is it served at /uploads. */
export async function hasOwner(db: Db, storageClass: StorageClass, key: string): Promise<boolean> {
  const [row] = await db
    .select({ key: storedFiles.key })
    .from(storedFiles)
    .where(
      and(
        eq(storedFiles.storageClass, storageClass),
        eq(storedFiles.key, key),
        sql`num_nonnulls(${storedFiles.providerId}, ${storedFiles.quoteId}, ${storedFiles.tenderDocumentId}, ${storedFiles.tenderResponseAttachmentId}, ${storedFiles.accreditationId}) = 1`,
      ),
    )
    .limit(1);
  return Boolean(row);
}

const SWEEP_BATCH = 500;

/**
 * Deletes files whose record has no owner, then the record: the given keys of one class (just
 * released), or the oldest batch of every class (the sweep job). A file that cannot be deleted
 * keeps its record and is tried again by the next sweep. Returns how many were deleted.
 */
export async function purgeUnownedFiles(
  ctx: { database: Database; storage: Storage; log: FastifyBaseLogger },
  only?: { storageClass: StorageClass; keys: string[] },
): Promise<number> {
  if (only && only.keys.length === 0) return 0;
  const db = ctx.database.db;
  const unowned = and(
    isNull(storedFiles.providerId),
    isNull(storedFiles.quoteId),
    isNull(storedFiles.tenderDocumentId),
    isNull(storedFiles.tenderResponseAttachmentId),
    isNull(storedFiles.accreditationId),
  );
  const due = await db
    .select({ storageClass: storedFiles.storageClass, key: storedFiles.key })
    .from(storedFiles)
    .where(
      only
        ? and(unowned, eq(storedFiles.storageClass, only.storageClass), inArray(storedFiles.key, only.keys))
        : unowned,
    )
    .orderBy(storedFiles.createdAt)
    .limit(SWEEP_BATCH);
  let deleted = 0;
  for (const file of due) {
    try {
      await ctx.storage.delete(file.storageClass, file.key);
      await db
        .delete(storedFiles)
        .where(and(eq(storedFiles.storageClass, file.storageClass), eq(storedFiles.key, file.key), unowned));
      deleted += 1;
    } catch (err) {
      ctx.log.warn({ err, storageClass: file.storageClass, key: file.key }, 'stored file not deleted; the sweep retries');
    }
  }
  return deleted;
}
