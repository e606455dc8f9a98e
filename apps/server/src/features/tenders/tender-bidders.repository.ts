import { sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/client';
import { rowsOf } from '../../db/sql-helpers';
import type { TenderIntent, TenderReminderThreshold } from '@solar/shared/constants/tender-sealed';
import { visibleTo, type Executor } from './tenders.repository';

/**
 * Queries of bidder management (decisions 0514, 0515). An invitee is named by its invitation:
 * 'provider:<provider id>' for the directory's, 'email:<email invitation id>' for an address's.
 */

/** The invitations on a tender that are the user's: invited providers they own (claim approved), email invitations they redeemed. */
export async function inviteeKeysOf(tx: Executor, tenderId: string, userId: string): Promise<string[]> {
  const result = await tx.execute(sql`SELECT 'provider:' || i.provider_id::text AS invitee FROM tender_invitations i JOIN providers p ON p.id = i.provider_id
      WHERE i.tender_id = ${tenderId} AND p.user_id = ${userId} AND p.claim_approved
    UNION SELECT 'email:' || e.id::text FROM tender_email_invitations e WHERE e.tender_id = ${tenderId} AND e.accepted_by = ${userId}
    ORDER BY 1`);
  return rowsOf<{ invitee: string }>(result).map((r) => r.invitee);
}

export async function findIntents(database: Database, tenderId: string, invitees: string[]) {
  if (invitees.length === 0) return [];
  return database.query<{ invitee: string; intent: TenderIntent; reason: string | null; updated_at: Date | string }>(
    `SELECT invitee, intent, reason, updated_at FROM tender_intents
      WHERE tender_id = $1 AND invitee IN (SELECT jsonb_array_elements_text($2::jsonb)) ORDER BY updated_at DESC`,
    [tenderId, JSON.stringify(invitees)],
  );
}

export async function upsertIntents(tx: Db, tenderId: string, invitees: string[], v: { intent: TenderIntent; reason: string | null; userId: string; at: Date }) {
  for (const invitee of invitees) {
    await tx.execute(sql`INSERT INTO tender_intents (tender_id, invitee, intent, reason, user_id, updated_at)
      VALUES (${tenderId}, ${invitee}, ${v.intent}, ${v.reason}, ${v.userId}, ${v.at.toISOString()}::timestamptz)
      ON CONFLICT (tender_id, invitee) DO UPDATE SET intent = EXCLUDED.intent, reason = EXCLUDED.reason, user_id = EXCLUDED.user_id, updated_at = EXCLUDED.updated_at`);
  }
}

/** Whether the user's providers have a response on the tender. */
export async function hasResponded(tx: Executor, tenderId: string, userId: string) {
  const result = await tx.execute(sql`SELECT EXISTS (SELECT 1 FROM tender_responses r JOIN providers p ON p.id = r.provider_id
      WHERE r.tender_id = ${tenderId} AND ((p.user_id = ${userId} AND p.claim_approved) OR r.user_id = ${userId})) AS ok`);
  return rowsOf<{ ok: boolean }>(result)[0]?.ok === true;
}

/** Every invitee of a tender with its reply and whether it responded (the owner's list). */
export async function listInvitees(database: Database, tenderId: string) {
  return database.query<{ kind: 'provider' | 'email'; name: string; intent: TenderIntent | null; reason: string | null; updated_at: Date | string | null; responded: boolean }>(
    `SELECT 'provider' AS kind, p.business_name AS name, x.intent, x.reason, x.updated_at,
            EXISTS (SELECT 1 FROM tender_responses r WHERE r.tender_id = i.tender_id AND r.provider_id = i.provider_id) AS responded, i.created_at
       FROM tender_invitations i JOIN providers p ON p.id = i.provider_id
       LEFT JOIN tender_intents x ON x.tender_id = i.tender_id AND x.invitee = 'provider:' || i.provider_id::text
      WHERE i.tender_id = $1
     UNION ALL
     SELECT 'email', e.email, x.intent, x.reason, x.updated_at,
            e.accepted_by IS NOT NULL AND EXISTS (SELECT 1 FROM tender_responses r JOIN providers p ON p.id = r.provider_id
              WHERE r.tender_id = e.tender_id AND ((p.user_id = e.accepted_by AND p.claim_approved) OR r.user_id = e.accepted_by)), e.created_at
       FROM tender_email_invitations e
       LEFT JOIN tender_intents x ON x.tender_id = e.tender_id AND x.invitee = 'email:' || e.id::text
      WHERE e.tender_id = $1
        -- An unclaimed profile's address that is also invited from the directory is listed once, as the provider.
        AND NOT EXISTS (SELECT 1 FROM tender_invitations i WHERE i.tender_id = e.tender_id AND i.provider_id = e.provider_id)
      ORDER BY 7, 2`,
    [tenderId],
  );
}

export interface ReminderCandidate {
  tender_id: string;
  title: string;
  closing_date: Date | string;
  invitee: string;
  email: string;
  name: string;
  invited_at: Date | string;
}

/**
 * Invitees of published, open tenders listed here that close within `until` and have neither
 * responded nor declined: the approved owners of invited providers, and the addresses invited by
 * email (the account that redeemed the link, else the address), each still allowed to see the tender.
 */
export async function findReminderCandidates(database: Database, now: Date, until: Date) {
  return database.query<ReminderCandidate>(
    `WITH due AS (
       SELECT t.* FROM tenders t
        WHERE t.source = 'Solar Manager' AND t.stage = 'active' AND t.closing_date > $1::timestamptz AND t.closing_date <= $2::timestamptz)
     SELECT t.id::text AS tender_id, t.title, t.closing_date, 'provider:' || i.provider_id::text AS invitee, u.email, u.name,
            -- When the invitee was told of the tender (its invitation mail), else when it was invited.
            coalesce(i.notified_at, i.created_at) AS invited_at
       FROM due t JOIN tender_invitations i ON i.tender_id = t.id
       JOIN providers p ON p.id = i.provider_id AND p.claim_approved JOIN users u ON u.id = p.user_id
      WHERE NOT EXISTS (SELECT 1 FROM tender_responses r WHERE r.tender_id = t.id AND r.provider_id = i.provider_id)
        AND NOT EXISTS (SELECT 1 FROM tender_intents x WHERE x.tender_id = t.id AND x.invitee = 'provider:' || i.provider_id::text AND x.intent = 'declined')
        AND ${visibleTo('u.id')}
     UNION ALL
     SELECT t.id::text, t.title, t.closing_date, 'email:' || e.id::text, coalesce(u.email, e.email), coalesce(u.name, ''), e.mailed_at
       FROM due t JOIN tender_email_invitations e ON e.tender_id = t.id AND e.mailed_at IS NOT NULL
       LEFT JOIN users u ON u.id = e.accepted_by
      WHERE NOT EXISTS (SELECT 1 FROM tender_intents x WHERE x.tender_id = t.id AND x.invitee = 'email:' || e.id::text AND x.intent = 'declined')
        AND (e.accepted_by IS NULL OR (NOT EXISTS (SELECT 1 FROM tender_responses r JOIN providers p ON p.id = r.provider_id
               WHERE r.tender_id = t.id AND ((p.user_id = e.accepted_by AND p.claim_approved) OR r.user_id = e.accepted_by))
             AND ${visibleTo('e.accepted_by')}))
      ORDER BY 1, 5, 4`,
    [now.toISOString(), until.toISOString()],
  );
}

/**
 * Records a reminder for the closing date it is sent before; false when it was sent already (by this
 * process or another). A new closing date (an extension) is reminded afresh (decision 0556).
 */
export async function markReminderSent(tx: Db, tenderId: string, invitee: string, threshold: TenderReminderThreshold, closingDate: Date, at: Date) {
  const result = await tx.execute(sql`INSERT INTO tender_invitee_reminders (tender_id, invitee, threshold, closing_date, sent_at)
    VALUES (${tenderId}, ${invitee}, ${threshold}, ${closingDate.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz) ON CONFLICT DO NOTHING RETURNING invitee`);
  return rowsOf<{ invitee: string }>(result).length > 0;
}

/** An email invitation held for a decline from its link: its account, if one redeemed it since. */
export async function lockEmailInvitation(tx: Db, invitationId: string) {
  const result = await tx.execute(sql`SELECT accepted_by FROM tender_email_invitations WHERE id = ${invitationId} FOR UPDATE`);
  return rowsOf<{ accepted_by: string | null }>(result)[0];
}

/** Records a decline from an invitation link, once: false when the invitee already replied (decision 0558). */
export async function insertLinkDecline(tx: Db, tenderId: string, invitee: string, reason: string, at: Date) {
  const result = await tx.execute(sql`INSERT INTO tender_intents (tender_id, invitee, intent, reason, user_id, updated_at)
    VALUES (${tenderId}, ${invitee}, 'declined', ${reason}, NULL, ${at.toISOString()}::timestamptz) ON CONFLICT DO NOTHING RETURNING invitee`);
  return rowsOf<{ invitee: string }>(result).length > 0;
}

/** An email invitation's decline, for its link's landing. */
export async function findLinkIntent(database: Database, tenderId: string, invitationId: string) {
  const rows = await database.query<{ intent: TenderIntent; updated_at: Date | string }>('SELECT intent, updated_at FROM tender_intents WHERE tender_id = $1 AND invitee = $2', [
    tenderId,
    `email:${invitationId}`,
  ]);
  return rows[0];
}
