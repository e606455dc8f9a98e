import { sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/client';

/** Queries of 'Invite a provider' (decision 0360): the provider_invitations table (migration 0017). */

export interface InvitationInsert {
  invitedBy: string;
  name: string;
  email: string;
  message: string;
  service: string;
  location: string;
}

/** Whether `email` (any case) was mailed an invitation since `since`, by anyone. */
export async function invitedSince(database: Database, email: string, since: Date): Promise<boolean> {
  const rows = await database.query<{ one: number }>(
    `SELECT 1 AS one FROM provider_invitations WHERE lower(email) = lower($1) AND created_at >= $2 LIMIT 1`,
    [email, since.toISOString()],
  );
  return rows.length > 0;
}

/** Invitations an account has sent since `since`. */
export async function countSentSince(database: Database, userId: string, since: Date): Promise<number> {
  const [row] = await database.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM provider_invitations WHERE invited_by = $1 AND created_at >= $2`,
    [userId, since.toISOString()],
  );
  return row?.n ?? 0;
}

/** In the caller's transaction: the invitation and its mail are written together (decision 0470). */
export async function insertInvitation(tx: Db, row: InvitationInsert, now: Date): Promise<void> {
  await tx.execute(
    sql`INSERT INTO provider_invitations (invited_by, name, email, message, service, location, created_at)
        VALUES (${row.invitedBy}, ${row.name}, ${row.email}, ${row.message}, ${row.service}, ${row.location}, ${now.toISOString()})`,
  );
}
