import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/client';
import { tenderEmailInvitations, tenderInvitations } from '../../db/schema/index';
import type { Executor } from './tenders.repository';

/** Queries of invitations by email (decisions 0403, 0404). */

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
  rows: Array<{ tenderId: string; email: string; tokenHash: string; invitedBy: string; providerId: string | null; createdAt: Date; mailedAt: Date | null }>,
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

/** A new link for a draft's invitation, mailed now (its first was never sent). */
export async function replaceInvitationToken(db: Db, id: string, tokenHash: string, mailedAt: Date) {
  await db.update(tenderEmailInvitations).set({ tokenHash, mailedAt }).where(eq(tenderEmailInvitations.id, id));
}

/**
 * The invitation mails an account sent since `since` (decision 0442): links mailed to addresses it
 * invited, and directory invitations of its tenders' providers; with the oldest, to say when one
 * leaves the window.
 */
export async function countInvitationMails(database: Database, userId: string, since: Date) {
  const [row] = await database.query<{ n: number; oldest: Date | string | null }>(
    `SELECT count(*)::int AS n, min(at) AS oldest FROM (
        SELECT mailed_at AS at FROM tender_email_invitations WHERE invited_by = $1 AND mailed_at > $2::timestamptz
        UNION ALL
        SELECT i.notified_at FROM tender_invitations i JOIN tenders t ON t.id = i.tender_id WHERE t.user_id = $1 AND i.notified_at > $2::timestamptz
      ) sent`,
    [userId, since.toISOString()],
  );
  return { count: row?.n ?? 0, oldest: row?.oldest ? new Date(row.oldest) : null };
}

/** Whether a tender takes responses now (its stage, and its closing date by server time). */
export async function findTenderState(database: Database, id: string, now: Date) {
  const rows = await database.query<{ stage: string; open: boolean }>(
    'SELECT stage, (closing_date IS NULL OR closing_date > $2::timestamptz) AS open FROM tenders WHERE id = $1',
    [id, now.toISOString()],
  );
  return rows[0];
}

/** The invitation's tender as its landing shows it: title, buyer, deadline and whether it takes responses. */
export async function findInvitationPreview(database: Database, tenderId: string, now: Date) {
  const rows = await database.query<{ title: string; buyer: string | null; closing_date: Date | string | null; open: boolean; cancelled: boolean }>(
    `SELECT t.title, coalesce(nullif(u.company, ''), u.name) AS buyer, t.closing_date, t.stage = 'cancelled' AS cancelled,
            (t.stage = 'active' AND (t.closing_date IS NULL OR t.closing_date > $2::timestamptz)) AS open
       FROM tenders t LEFT JOIN users u ON u.id = t.user_id WHERE t.id = $1`,
    [tenderId, now.toISOString()],
  );
  return rows[0];
}

/** Invites providers from the directory (those already invited are kept as they are). */
export async function addProviderInvitations(tx: Executor, tenderId: string, providerIds: string[], at: Date) {
  if (providerIds.length === 0) return;
  await tx.insert(tenderInvitations).values(providerIds.map((providerId) => ({ tenderId, providerId, createdAt: at }))).onConflictDoNothing();
}

/**
 * A draft's providers taken off its list, with the invitations by email made for their public
 * addresses (decision 0404): nothing was mailed yet, so nothing is left to answer.
 */
export async function removeProviderInvitations(tx: Executor, tenderId: string, providerIds: string[]) {
  if (providerIds.length === 0) return;
  await tx.delete(tenderInvitations).where(and(eq(tenderInvitations.tenderId, tenderId), inArray(tenderInvitations.providerId, providerIds)));
  await tx
    .delete(tenderEmailInvitations)
    .where(and(eq(tenderEmailInvitations.tenderId, tenderId), inArray(tenderEmailInvitations.providerId, providerIds), sql`${tenderEmailInvitations.acceptedBy} IS NULL`));
}

/** The providers invited from the directory, as the owner's invite list shows them. */
export async function listInvitedProviders(database: Database, tenderId: string) {
  return database.query<{ id: string; name: string; slug: string; claimed: boolean; notified: boolean }>(
    `SELECT p.id::text AS id, p.business_name AS name, p.slug, p.claim_approved AS claimed, i.notified_at IS NOT NULL AS notified
       FROM tender_invitations i JOIN providers p ON p.id = i.provider_id WHERE i.tender_id = $1 ORDER BY i.created_at, lower(p.business_name)`,
    [tenderId],
  );
}
