import type { Database } from '../../db/client';

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
