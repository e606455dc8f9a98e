import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { tenderDocuments } from '../../db/schema/index';
import { recordStoredFiles } from '../../platform/stored-files';

/** Queries of the brief's documents (decision 0402). */

export interface DocumentRecord {
  id: string;
  filename: string;
  mimeType: string;
  storageKey: string;
  sizeBytes: number;
  createdAt: Date;
}

export async function listDocuments(db: Db, tenderId: string): Promise<DocumentRecord[]> {
  return db
    .select({
      id: tenderDocuments.id,
      filename: tenderDocuments.filename,
      mimeType: tenderDocuments.mimeType,
      storageKey: tenderDocuments.storageKey,
      sizeBytes: tenderDocuments.sizeBytes,
      createdAt: tenderDocuments.createdAt,
    })
    .from(tenderDocuments)
    .where(eq(tenderDocuments.tenderId, tenderId))
    .orderBy(asc(tenderDocuments.seq));
}

/** Inserts document rows and their stored-file records (decision 0330) in one transaction. */
export async function insertDocuments(
  tx: Db,
  tenderId: string,
  uploadedBy: string,
  files: Array<{ filename: string; mimeType: string; storageKey: string; sizeBytes: number }>,
  at: Date,
) {
  for (const file of files) {
    const [row] = await tx
      .insert(tenderDocuments)
      .values({ tenderId, uploadedBy, createdAt: at, ...file })
      .returning({ id: tenderDocuments.id });
    await recordStoredFiles(tx, [
      { storageClass: 'private', key: file.storageKey, kind: 'tender-document', tenderDocumentId: row!.id, uploadedBy, sizeBytes: file.sizeBytes, createdAt: at },
    ]);
  }
}

/** Deletes a document row; its stored-file record loses its owner (ON DELETE SET NULL) and is purged. */
export async function deleteDocument(db: Db, tenderId: string, documentId: string) {
  const rows = await db
    .delete(tenderDocuments)
    .where(and(eq(tenderDocuments.tenderId, tenderId), eq(tenderDocuments.id, documentId)))
    .returning({ key: tenderDocuments.storageKey });
  return rows[0]?.key;
}
