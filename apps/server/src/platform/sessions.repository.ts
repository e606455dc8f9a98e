import { and, eq, gt } from 'drizzle-orm';
import type { Database, Db } from '../db/client';
import { sessions, users, type UserRow } from '../db/schema/index';

/** The queries of sessions (plugins/auth.ts holds the rules: hashing, expiry, the cookie). */

/** The session's user, while the session is within its absolute and idle expiry. */
export async function findLiveSession(
  db: Db,
  id: string,
  now: Date,
  idleCutoff: Date,
): Promise<{ user: UserRow; lastSeenAt: Date; expiresAt: Date } | undefined> {
  const [row] = await db
    .select({ user: users, lastSeenAt: sessions.lastSeenAt, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, id), gt(sessions.expiresAt, now), gt(sessions.lastSeenAt, idleCutoff)))
    .limit(1);
  return row;
}

export async function touchSession(db: Db, id: string, now: Date) {
  await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, id));
}

export async function insertSession(db: Db, values: typeof sessions.$inferInsert) {
  await db.insert(sessions).values(values);
}

export async function deleteSession(db: Db, id: string) {
  await db.delete(sessions).where(eq(sessions.id, id));
}

/** Every session of a user (a password reset ends them all). */
export async function deleteUserSessions(db: Db, userId: string) {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

export async function deleteExpiredSessions(database: Database, now: Date, idleCutoff: Date) {
  await database.query('DELETE FROM sessions WHERE expires_at < $1 OR last_seen_at < $2', [
    now.toISOString(),
    idleCutoff.toISOString(),
  ]);
}
