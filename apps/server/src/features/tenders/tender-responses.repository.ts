import { and, eq, sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/client';
import { tenderClarifications, tenderResponseAttachments, tenderResponses } from '../../db/schema/index';
import { haversineKmSql, rowsOf } from '../../db/sql-helpers';
import { recordStoredFiles } from '../../platform/stored-files';

/** Responses to tenders (issue 18): one per provider per tender, with attachments and clarification requests. */

export interface ResponseRecord {
  id: string;
  tender_id: string;
  provider_id: string;
  user_id: string | null;
  provider_name: string;
  provider_slug: string;
  provider_verified: boolean;
  provider_since: Date | string;
  provider_services: string[];
  provider_location: string;
  /** The account behind the response (its provider's approved owner, else who sent it). */
  owner_id: string | null;
  owner_email: string | null;
  owner_name: string | null;
  distance_km: number | null;
  message: string;
  price_minimum: string | number;
  price_maximum: string | number;
  lead_time_days: number;
  shortlisted: boolean;
  awarded: boolean;
  created_at: Date | string;
  updated_at: Date | string;
  attachments: Array<{ id: string; filename: string; mime_type: string; size_bytes: number; storage_key: string; created_at: string }>;
  clarifications: Array<{ id: string; message: string; created_at: string }>;
}

const SELECT_RESPONSES = `SELECT r.id, r.tender_id, r.provider_id, r.user_id, p.business_name AS provider_name, p.slug AS provider_slug,
    (p.claim_approved AND EXISTS (SELECT 1 FROM provider_claims pc WHERE pc.provider_id = p.id AND pc.user_id = p.user_id AND pc.status = 'approved')) AS provider_verified,
    p.created_at AS provider_since, p.services AS provider_services, p.location AS provider_location,
    coalesce(ou.id, ru.id) AS owner_id, coalesce(ou.email, ru.email) AS owner_email, coalesce(ou.name, ru.name) AS owner_name,
    CASE WHEN t.latitude IS NOT NULL AND p.latitude IS NOT NULL
         THEN round((${haversineKmSql('t.latitude', 't.longitude', 'p.latitude', 'p.longitude')})::numeric, 1)::float8 END AS distance_km,
    r.message, r.price_minimum, r.price_maximum, r.lead_time_days, r.shortlisted, (t.awarded_response_id = r.id) IS TRUE AS awarded,
    r.created_at, r.updated_at,
    coalesce((SELECT json_agg(json_build_object('id', a.id, 'filename', a.filename, 'mime_type', a.mime_type, 'size_bytes', a.size_bytes,
                                                'storage_key', a.storage_key, 'created_at', a.created_at) ORDER BY a.seq)
                FROM tender_response_attachments a WHERE a.response_id = r.id), '[]') AS attachments,
    coalesce((SELECT json_agg(json_build_object('id', c.id, 'message', c.message, 'created_at', c.created_at) ORDER BY c.seq)
                FROM tender_clarifications c WHERE c.response_id = r.id), '[]') AS clarifications
  FROM tender_responses r JOIN tenders t ON t.id = r.tender_id JOIN providers p ON p.id = r.provider_id
  LEFT JOIN users ou ON ou.id = p.user_id AND p.claim_approved LEFT JOIN users ru ON ru.id = r.user_id`;

/** All responses to a tender, for its owner: the comparison's order is the response date. */
export async function listResponses(database: Database, tenderId: string) {
  return database.query<ResponseRecord>(`${SELECT_RESPONSES} WHERE r.tender_id = $1 ORDER BY r.seq`, [tenderId]);
}

export async function findResponse(database: Database, tenderId: string, responseId: string) {
  const rows = await database.query<ResponseRecord>(`${SELECT_RESPONSES} WHERE r.tender_id = $1 AND r.id = $2`, [tenderId, responseId]);
  return rows[0];
}

/** The responses of providers the user owns (claim approved). */
export async function listResponsesOfUser(database: Database, tenderId: string, userId: string) {
  return database.query<ResponseRecord>(
    `${SELECT_RESPONSES} WHERE r.tender_id = $1 AND p.user_id = $2::uuid AND p.claim_approved ORDER BY r.seq`,
    [tenderId, userId],
  );
}

/** Providers the user owns with an approved claim: the ones that may respond for them. */
export async function listOwnedProviders(database: Database, userId: string) {
  return database.query<{ id: string; name: string }>(
    'SELECT id::text AS id, business_name AS name FROM providers WHERE user_id = $1 AND claim_approved ORDER BY lower(business_name), id',
    [userId],
  );
}

/** Whether a provider may respond to a private tender: invited from the directory, or its owner redeemed an email invitation. */
export async function isInvited(database: Database, tenderId: string, providerId: string, userId: string) {
  const rows = await database.query<{ ok: boolean }>(
    `SELECT (EXISTS (SELECT 1 FROM tender_invitations WHERE tender_id = $1 AND provider_id = $2)
          OR EXISTS (SELECT 1 FROM tender_email_invitations WHERE tender_id = $1 AND accepted_by = $3)) AS ok`,
    [tenderId, providerId, userId],
  );
  return rows[0]?.ok === true;
}

export async function insertResponse(
  db: Db,
  values: { tenderId: string; providerId: string; userId: string; message: string; priceMinimum: number; priceMaximum: number; leadTimeDays: number; at: Date },
) {
  const { at, ...rest } = values;
  const [row] = await db
    .insert(tenderResponses)
    .values({ ...rest, createdAt: at, updatedAt: at })
    .onConflictDoNothing()
    .returning({ id: tenderResponses.id });
  return row?.id;
}

export async function updateResponse(
  db: Db,
  id: string,
  values: { userId: string; message: string; priceMinimum: number; priceMaximum: number; leadTimeDays: number; at: Date },
) {
  const { at, ...rest } = values;
  await db.update(tenderResponses).set({ ...rest, updatedAt: at }).where(eq(tenderResponses.id, id));
}

export async function setShortlisted(db: Db, tenderId: string, responseId: string, shortlisted: boolean) {
  const rows = await db
    .update(tenderResponses)
    .set({ shortlisted })
    .where(and(eq(tenderResponses.tenderId, tenderId), eq(tenderResponses.id, responseId)))
    .returning({ id: tenderResponses.id });
  return rows.length > 0;
}

/** Adds a clarification request; its number in the clarification log (given by the log's trigger, migration 0119). */
export async function insertClarification(db: Db, responseId: string, message: string, at: Date) {
  const [row] = await db.insert(tenderClarifications).values({ responseId, message, createdAt: at }).returning({ id: tenderClarifications.id });
  const result = await db.execute(sql`SELECT number FROM tender_log_entries WHERE clarification_id = ${row!.id}`);
  return rowsOf<{ number: number }>(result)[0]?.number ?? null;
}

/** The id of a provider's response to a tender, read in the transaction that writes it. */
export async function findResponseId(tx: Db, tenderId: string, providerId: string) {
  const result = await tx.execute(sql`SELECT id::text AS id FROM tender_responses WHERE tender_id = ${tenderId} AND provider_id = ${providerId}`);
  return rowsOf<{ id: string }>(result)[0]?.id;
}

/** How many responses a tender holds, in the transaction that changed them (the owner's sealed count). */
export async function countResponses(tx: Db, tenderId: string) {
  const result = await tx.execute(sql`SELECT count(*)::int AS n FROM tender_responses WHERE tender_id = ${tenderId}`);
  return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
}

/** While sealed (decision 0512): when each response arrived and last changed, and nothing else. */
export async function listArrivals(database: Database, tenderId: string) {
  return database.query<{ created_at: Date | string; updated_at: Date | string }>(
    'SELECT created_at, updated_at FROM tender_responses WHERE tender_id = $1 ORDER BY created_at, seq',
    [tenderId],
  );
}

/**
 * The response's row locked for the transaction (a withdrawal waits, or has already won), with what
 * its attachments hold now; undefined once it is withdrawn.
 */
export async function lockResponseFiles(tx: Db, tenderId: string, responseId: string) {
  const result = await tx.execute(sql`SELECT r.id,
      (SELECT count(*)::int FROM tender_response_attachments a WHERE a.response_id = r.id) AS files,
      (SELECT coalesce(sum(a.size_bytes), 0)::bigint FROM tender_response_attachments a WHERE a.response_id = r.id) AS bytes
    FROM tender_responses r WHERE r.id = ${responseId} AND r.tender_id = ${tenderId} FOR UPDATE OF r`);
  const row = rowsOf<{ id: string; files: number; bytes: string | number }>(result)[0];
  return row && { files: Number(row.files), bytes: Number(row.bytes) };
}

export async function insertAttachments(
  tx: Db,
  responseId: string,
  uploadedBy: string,
  files: Array<{ filename: string; mimeType: string; storageKey: string; sizeBytes: number; sha256: string }>,
  at: Date,
) {
  for (const file of files) {
    const [row] = await tx
      .insert(tenderResponseAttachments)
      .values({ responseId, createdAt: at, ...file })
      .returning({ id: tenderResponseAttachments.id });
    await recordStoredFiles(tx, [
      { storageClass: 'private', key: file.storageKey, kind: 'tender-response-attachment', tenderResponseAttachmentId: row!.id, uploadedBy, sizeBytes: file.sizeBytes, createdAt: at },
    ]);
  }
}

export async function deleteAttachment(db: Db, responseId: string, attachmentId: string) {
  const rows = await db
    .delete(tenderResponseAttachments)
    .where(and(eq(tenderResponseAttachments.responseId, responseId), eq(tenderResponseAttachments.id, attachmentId)))
    .returning({ key: tenderResponseAttachments.storageKey });
  return rows[0]?.key;
}

/** Deletes a response (its attachments and clarifications go with it); answers its files' keys. */
export async function deleteResponse(tx: Db, tenderId: string, responseId: string) {
  const files = await tx
    .select({ key: tenderResponseAttachments.storageKey })
    .from(tenderResponseAttachments)
    .where(eq(tenderResponseAttachments.responseId, responseId));
  const rows = await tx
    .delete(tenderResponses)
    .where(and(eq(tenderResponses.tenderId, tenderId), eq(tenderResponses.id, responseId)))
    .returning({ id: tenderResponses.id });
  return rows.length > 0 ? files.map((f) => f.key) : undefined;
}
