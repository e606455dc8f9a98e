import { sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/client';
import { rowsOf } from '../../db/sql-helpers';
import { recordStoredFiles } from '../../platform/stored-files';

/** Queries of addenda and document versions (decision 0525; migration 0120). */

export interface VersionRecord {
  id: string;
  filename: string;
  mime_type: string;
  size_bytes: number | string;
  version: number;
  previous_id: string | null;
  addendum: number | null;
  created_at: Date | string;
}

export async function listVersions(database: Database, tenderId: string) {
  return database.query<VersionRecord>(
    `SELECT d.id, d.filename, d.mime_type, d.size_bytes, d.version, d.previous_id, a.number AS addendum, d.created_at
       FROM tender_documents d LEFT JOIN tender_addenda a ON a.id = d.addendum_id
      WHERE d.tender_id = $1 ORDER BY d.seq`,
    [tenderId],
  );
}

export async function listAddenda(database: Database, tenderId: string) {
  return database.query<{ id: string; number: number; note: string; created_at: Date | string; documents: Array<{ filename: string; version: number }> }>(
    `SELECT a.id, a.number, a.note, a.created_at,
            coalesce((SELECT json_agg(json_build_object('filename', d.filename, 'version', d.version) ORDER BY d.seq)
                        FROM tender_documents d WHERE d.addendum_id = a.id), '[]') AS documents
       FROM tender_addenda a WHERE a.tender_id = $1 ORDER BY a.number`,
    [tenderId],
  );
}

/** The tender's stage and whether it is open by `now`, with its row locked for the addendum's number. */
export async function lockTender(tx: Db, tenderId: string, now: Date) {
  return rowsOf<{ stage: string; open: boolean }>(
    await tx.execute(
      sql`SELECT stage, (closing_date IS NULL OR closing_date > ${now.toISOString()}::timestamptz) AS open FROM tenders WHERE id = ${tenderId} FOR UPDATE`,
    ),
  )[0];
}

/** Every document row's size (earlier versions count toward the limits: they are kept). */
export async function documentTotals(tx: Db, tenderId: string) {
  return rowsOf<{ files: number; bytes: string }>(
    await tx.execute(sql`SELECT count(*)::int AS files, coalesce(sum(size_bytes), 0)::text AS bytes FROM tender_documents WHERE tender_id = ${tenderId}`),
  )[0]!;
}

/** A current document of the tender (no later version replaces it), or undefined. */
export async function findCurrentDocument(tx: Db, tenderId: string, documentId: string) {
  return rowsOf<{ id: string; filename: string; version: number }>(
    await tx.execute(sql`SELECT d.id, d.filename, d.version FROM tender_documents d
      WHERE d.tender_id = ${tenderId} AND d.id = ${documentId}
        AND NOT EXISTS (SELECT 1 FROM tender_documents n WHERE n.previous_id = d.id)`),
  )[0];
}

export async function insertAddendum(tx: Db, values: { tenderId: string; note: string; authorId: string; at: Date }) {
  return rowsOf<{ id: string; number: number }>(
    await tx.execute(sql`INSERT INTO tender_addenda (tender_id, number, note, author_id, created_at)
      VALUES (${values.tenderId}, (SELECT coalesce(max(number), 0) + 1 FROM tender_addenda WHERE tender_id = ${values.tenderId}),
              ${values.note}, ${values.authorId}, ${values.at.toISOString()}::timestamptz)
      RETURNING id, number`),
  )[0]!;
}

/** A document version of an addendum, and its stored-file record (decision 0330), in the caller's transaction. */
export async function insertVersion(
  tx: Db,
  values: { tenderId: string; addendumId: string; uploadedBy: string; previousId: string | null; version: number; at: Date; file: { filename: string; mimeType: string; storageKey: string; sizeBytes: number } },
) {
  const [row] = rowsOf<{ id: string }>(
    await tx.execute(sql`INSERT INTO tender_documents (tender_id, filename, mime_type, storage_key, size_bytes, uploaded_by, created_at, version, previous_id, addendum_id)
      VALUES (${values.tenderId}, ${values.file.filename}, ${values.file.mimeType}, ${values.file.storageKey}, ${values.file.sizeBytes}, ${values.uploadedBy},
              ${values.at.toISOString()}::timestamptz, ${values.version}, ${values.previousId}, ${values.addendumId})
      RETURNING id`),
  );
  await recordStoredFiles(tx, [
    { storageClass: 'private', key: values.file.storageKey, kind: 'tender-document', tenderDocumentId: row!.id, uploadedBy: values.uploadedBy, sizeBytes: values.file.sizeBytes, createdAt: values.at },
  ]);
}
