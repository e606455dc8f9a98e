import type { Database } from '../../db/client';
import { visibleTo } from './tenders.repository';

/**
 * Everyone with a stake in a tender, to tell of its changes (decisions 0401, 0441): the accounts
 * behind responses, owners of invited providers (claim approved), accounts that redeemed an email
 * invitation, askers; of those, only the ones who may see the tender now (`visibleTo`, decided when
 * the mail is sent, so a right lost is a mail not sent). Not the owner.
 */
export async function listParticipants(database: Database, tenderId: string) {
  const candidates = `SELECT coalesce(CASE WHEN p.claim_approved THEN p.user_id END, r.user_id) FROM tender_responses r
        JOIN providers p ON p.id = r.provider_id WHERE r.tender_id = $1
      UNION SELECT p.user_id FROM tender_invitations i JOIN providers p ON p.id = i.provider_id WHERE i.tender_id = $1 AND p.claim_approved
      UNION SELECT accepted_by FROM tender_email_invitations WHERE tender_id = $1 AND accepted_by IS NOT NULL
      UNION SELECT asker_id FROM tender_questions WHERE tender_id = $1 AND asker_id IS NOT NULL`;
  return database.query<{ id: string; email: string; name: string }>(
    `SELECT u.id, u.email, u.name FROM tenders t JOIN users u ON u.id IN (${candidates})
      WHERE t.id = $1 AND u.id IS DISTINCT FROM t.user_id AND ${visibleTo('u.id')}
      ORDER BY u.email`,
    [tenderId],
  );
}

/**
 * Addresses invited by email whose link was mailed and not yet redeemed (decision 0403): the
 * invitation stands, so they are told of changes like any invitee, until the tender is no longer
 * published. A redeemed one is its account, above.
 */
export async function listPendingInvitees(database: Database, tenderId: string) {
  return database.query<{ email: string }>(
    `SELECT e.email FROM tender_email_invitations e JOIN tenders t ON t.id = e.tender_id
      WHERE e.tender_id = $1 AND e.accepted_by IS NULL AND e.mailed_at IS NOT NULL AND t.stage <> 'draft'
      ORDER BY e.email`,
    [tenderId],
  );
}

/** Which of these accounts may see the tender now (the same rule), for mails to one responder. */
export async function whoMaySee(database: Database, tenderId: string, userIds: string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await database.query<{ id: string }>(
    `SELECT u.id FROM tenders t JOIN users u ON u.id::text IN (SELECT jsonb_array_elements_text($2::jsonb))
      WHERE t.id = $1 AND ${visibleTo('u.id')}`,
    [tenderId, JSON.stringify(userIds)],
  );
  return new Set(rows.map((r) => String(r.id)));
}
