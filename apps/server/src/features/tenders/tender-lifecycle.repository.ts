import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/client';
import {
  tenderDocuments,
  tenderEmailInvitations,
  tenderEvents,
  tenderQuestions,
  tenders,
  type NewTenderRow,
  type TenderEventKind,
} from '../../db/schema/index';
import { recordStoredFiles } from '../../platform/stored-files';
import type { Executor } from './tenders.repository';

/** Queries of the tender lifecycle: state changes and their audit, participants, documents, questions, email invitations. */

export async function updateTenderRow(tx: Executor, id: string, values: Partial<NewTenderRow>) {
  await tx.update(tenders).set(values).where(eq(tenders.id, id));
}

export async function insertEvent(
  tx: Executor,
  event: { tenderId: string; actorId: string | null; kind: TenderEventKind; reason?: string | null; changes?: Record<string, unknown>; at: Date },
) {
  await tx.insert(tenderEvents).values({
    tenderId: event.tenderId,
    actorId: event.actorId,
    kind: event.kind,
    reason: event.reason ?? null,
    changes: event.changes ?? {},
    createdAt: event.at,
  });
}

export async function listEvents(database: Database, tenderId: string) {
  return database.query<{ id: string; kind: TenderEventKind; actor_name: string | null; reason: string | null; changes: Record<string, { from: unknown; to: unknown }>; created_at: Date | string }>(
    `SELECT e.id, e.kind, u.name AS actor_name, e.reason, e.changes, e.created_at
       FROM tender_events e LEFT JOIN users u ON u.id = e.actor_id
      WHERE e.tender_id = $1 ORDER BY e.seq`,
    [tenderId],
  );
}

/** The stored columns an edit may change, as they are now (for the recorded changes). */
export async function findEditableRow(db: Db, id: string) {
  const [row] = await db.select().from(tenders).where(eq(tenders.id, id)).limit(1);
  return row;
}

export async function findAsset(database: Database, id: number) {
  const rows = await database.query<{ site_name: string; latitude: number | null; longitude: number | null; installed_capacity: number | null; county: string | null }>(
    'SELECT site_name, latitude, longitude, installed_capacity, county FROM assets WHERE id = $1',
    [id],
  );
  return rows[0];
}

/**
 * Everyone taking part in a tender, to tell of changes (decision 0401): owners of invited
 * providers (claim approved), responders, accounts that redeemed an email invitation, askers.
 * Not the owner. `respondersOnly` narrows to the accounts behind responses.
 */
export async function listParticipants(database: Database, tenderId: string, respondersOnly = false) {
  const responders = `SELECT coalesce(pu.id, ru.id) AS user_id FROM tender_responses r
        JOIN providers p ON p.id = r.provider_id LEFT JOIN users pu ON pu.id = p.user_id AND p.claim_approved
        LEFT JOIN users ru ON ru.id = r.user_id WHERE r.tender_id = $1`;
  const others = `UNION SELECT p.user_id FROM tender_invitations i JOIN providers p ON p.id = i.provider_id WHERE i.tender_id = $1 AND p.claim_approved
      UNION SELECT accepted_by FROM tender_email_invitations WHERE tender_id = $1 AND accepted_by IS NOT NULL
      UNION SELECT asker_id FROM tender_questions WHERE tender_id = $1 AND asker_id IS NOT NULL`;
  return database.query<{ id: string; email: string; name: string }>(
    `SELECT u.id, u.email, u.name FROM users u
      WHERE u.id IN (${responders} ${respondersOnly ? '' : others})
        AND u.id IS DISTINCT FROM (SELECT user_id FROM tenders WHERE id = $1)
      ORDER BY u.email`,
    [tenderId],
  );
}

// ---- Documents ----

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

// ---- Questions ----

export async function listQuestions(database: Database, tenderId: string) {
  return database.query<{ id: string; asker_id: string | null; question: string; answer: string | null; answered_at: Date | string | null; created_at: Date | string }>(
    'SELECT id, asker_id, question, answer, answered_at, created_at FROM tender_questions WHERE tender_id = $1 ORDER BY seq',
    [tenderId],
  );
}

export async function insertQuestion(db: Db, values: { tenderId: string; askerId: string; question: string; at: Date }) {
  const [row] = await db
    .insert(tenderQuestions)
    .values({ tenderId: values.tenderId, askerId: values.askerId, question: values.question, createdAt: values.at })
    .returning();
  return row!;
}

export async function answerQuestion(db: Db, tenderId: string, questionId: string, answer: string, at: Date) {
  const [row] = await db
    .update(tenderQuestions)
    .set({ answer, answeredAt: at })
    .where(and(eq(tenderQuestions.tenderId, tenderId), eq(tenderQuestions.id, questionId)))
    .returning();
  return row;
}

// ---- Email invitations ----

export async function listEmailInvitations(database: Database, tenderId: string) {
  return database.query<{ id: string; email: string; created_at: Date | string; accepted_by: string | null; responded: boolean }>(
    `SELECT e.id, e.email, e.created_at, e.accepted_by,
            EXISTS (SELECT 1 FROM tender_responses r JOIN providers p ON p.id = r.provider_id
                     WHERE r.tender_id = e.tender_id AND (r.user_id = e.accepted_by OR p.user_id = e.accepted_by)) AS responded
       FROM tender_email_invitations e WHERE e.tender_id = $1 ORDER BY e.created_at, e.email`,
    [tenderId],
  );
}

/** Addresses the owner typed: links mailed to directory profiles the owner chose do not count (decision 0404). */
export async function countEmailInvitations(db: Db, tenderId: string) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(tenderEmailInvitations)
    .where(
      and(
        eq(tenderEmailInvitations.tenderId, tenderId),
        sql`NOT EXISTS (SELECT 1 FROM tender_invitations i WHERE i.tender_id = ${tenderEmailInvitations.tenderId} AND i.provider_id = ${tenderEmailInvitations.providerId})`,
      ),
    );
  return row?.n ?? 0;
}

/** New invitations only: an address already invited to this tender keeps its first link. */
export async function insertEmailInvitations(
  tx: Executor,
  rows: Array<{ tenderId: string; email: string; tokenHash: string; invitedBy: string; providerId: string | null; createdAt: Date }>,
) {
  if (rows.length === 0) return [];
  return tx.insert(tenderEmailInvitations).values(rows).onConflictDoNothing().returning({ email: tenderEmailInvitations.email });
}

export async function findEmailInvitation(db: Db, tokenHash: string) {
  const [row] = await db.select().from(tenderEmailInvitations).where(eq(tenderEmailInvitations.tokenHash, tokenHash)).limit(1);
  return row;
}

/** Binds the invitation to the account, if no other has it (one statement: two redeemers cannot both win). */
export async function acceptEmailInvitation(db: Db, id: string, userId: string, at: Date) {
  const rows = await db
    .update(tenderEmailInvitations)
    .set({ acceptedBy: userId, acceptedAt: at })
    .where(and(eq(tenderEmailInvitations.id, id), sql`(${tenderEmailInvitations.acceptedBy} IS NULL OR ${tenderEmailInvitations.acceptedBy} = ${userId})`))
    .returning({ id: tenderEmailInvitations.id });
  return rows.length > 0;
}

/** Directory profiles without an approved owner whose public address is one of these (invited by the same link). */
export async function findUnclaimedProvidersByEmail(database: Database, emails: string[]) {
  if (emails.length === 0) return [];
  return database.query<{ id: string; email: string }>(
    `SELECT DISTINCT ON (lower(email)) id::text AS id, lower(email) AS email FROM providers
      WHERE NOT claim_approved AND lower(email) IN (SELECT jsonb_array_elements_text($1::jsonb)) ORDER BY lower(email), created_at`,
    [JSON.stringify(emails)],
  );
}

export async function replaceInvitationToken(db: Db, id: string, tokenHash: string) {
  await db.update(tenderEmailInvitations).set({ tokenHash }).where(eq(tenderEmailInvitations.id, id));
}

/** Whether a tender takes responses now (its stage, and its closing date by server time). */
export async function findTenderState(database: Database, id: string, now: Date) {
  const rows = await database.query<{ stage: string; open: boolean }>(
    'SELECT stage, (closing_date IS NULL OR closing_date > $2::timestamptz) AS open FROM tenders WHERE id = $1',
    [id, now.toISOString()],
  );
  return rows[0];
}
