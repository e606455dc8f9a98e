import { and, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { accountDeletionRequests, users, type UserRow } from '../../db/schema/index';
import type { Db } from '../../db/client';
import { containsPattern } from '../../db/sql-helpers';

export type { UserRow };
export type UserChanges = Partial<Pick<UserRow, 'name' | 'email' | 'company' | 'type' | 'isAdmin' | 'emailVerifiedAt' | 'suspendedAt' | 'suspendedBy'>>;

/** An admin who can act and will stay: not suspended, no deletion pending (decision 0424). */
const ACTIVE_ADMIN = and(eq(users.isAdmin, true), isNull(users.suspendedAt), isNull(users.deletionRequestedAt));

/** The same expression as the trigram index users_admin_search_trgm_idx (migration 0008). */
const USER_SEARCH = sql`(lower(${users.name}) || ' ' || lower(${users.email}) || ' ' || lower(${users.company}))`;

const withDeletion = (db: Db) =>
  db
    .select({ user: users, deletionDueAt: accountDeletionRequests.dueAt })
    .from(users)
    .leftJoin(accountDeletionRequests, and(eq(accountDeletionRequests.userId, users.id), eq(accountDeletionRequests.status, 'pending')));

export async function listUsers(db: Db, q: string | undefined, page: number, pageSize: number) {
  const where: SQL | undefined = q ? sql`${USER_SEARCH} LIKE ${containsPattern(q.toLowerCase())}` : undefined;
  const [rows, [total], activeAdmins] = await Promise.all([
    withDeletion(db)
      .where(where)
      .orderBy(desc(users.createdAt), users.id)
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(users).where(where),
    countActiveAdmins(db),
  ]);
  return { rows, total: total?.n ?? 0, activeAdmins };
}

export async function countActiveAdmins(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(ACTIVE_ADMIN);
  return row?.n ?? 0;
}

export async function findUserWithDeletion(db: Db, id: string) {
  const [row] = await withDeletion(db).where(eq(users.id, id));
  return row;
}

/** Locks the user row for the rest of the transaction. */
export async function lockUser(tx: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.id, id)).for('update');
  return row;
}

/**
 * Locks every admin row, so two concurrent revocations or suspensions cannot both see "another
 * admin left"; the ids of the active ones (decision 0424).
 */
export async function lockAdmins(tx: Db): Promise<string[]> {
  const rows = await tx
    .select({ id: users.id, active: sql<boolean>`(${users.suspendedAt} IS NULL AND ${users.deletionRequestedAt} IS NULL)` })
    .from(users)
    .where(eq(users.isAdmin, true))
    .orderBy(users.id)
    .for('update');
  return rows.filter((r) => r.active).map((r) => r.id);
}

export async function emailTakenByOther(tx: Db, email: string, userId: string): Promise<boolean> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, sql`${users.id} <> ${userId}`))
    .limit(1);
  return rows.length > 0;
}

export async function updateUserRow(tx: Db, id: string, changes: UserChanges, now: Date): Promise<UserRow> {
  const [row] = await tx
    .update(users)
    .set({ ...changes, updatedAt: now })
    .where(eq(users.id, id))
    .returning();
  return row!;
}

/** Names and addresses to mail, for the ids that still exist. */
export function listMailRecipients(db: Db, ids: string[]): Promise<Array<{ id: string; email: string; name: string }>> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.select({ id: users.id, email: users.email, name: users.name }).from(users).where(inArray(users.id, ids));
}
