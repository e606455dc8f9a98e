import { and, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  accountDeletionRequests,
  accountSignInAddresses,
  emailVerificationTokens,
  loginThrottle,
  outbox,
  passwordResetTokens,
  signupClaimIntents,
  users,
  type UserRow,
} from '../../db/schema/index';

export type { UserRow };
export type NewUser = typeof users.$inferInsert;

export function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
    .limit(1)
    .then((rows) => rows[0]);
}

export function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  return db.select().from(users).where(eq(users.id, id)).limit(1).then((rows) => rows[0]);
}

export async function insertUser(db: Db, values: NewUser): Promise<UserRow> {
  const [row] = await db.insert(users).values({ ...values, email: values.email.trim().toLowerCase() }).returning();
  return row!;
}

export async function updateUserRow(
  db: Db,
  userId: string,
  values: Partial<Pick<UserRow, 'name' | 'company' | 'type' | 'passwordHash' | 'deletionRequestedAt'>>,
  now: Date,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: now })
    .where(eq(users.id, userId))
    .returning();
  return row;
}

export async function insertSignupClaimIntent(tx: Db, values: { userId: string; providerId: string; createdAt: Date }) {
  await tx.insert(signupClaimIntents).values(values);
}

// ---- Email verification (decision 0337) ----

export async function insertVerificationToken(tx: Db, values: typeof emailVerificationTokens.$inferInsert) {
  await tx.insert(emailVerificationTokens).values(values);
}

/** Marks the token used if it is unused and unexpired; its user and the address it was sent to. */
export async function useVerificationToken(tx: Db, tokenHash: string, now: Date): Promise<{ userId: string; email: string } | undefined> {
  const [used] = await tx
    .update(emailVerificationTokens)
    .set({ usedAt: now })
    .where(and(eq(emailVerificationTokens.id, tokenHash), isNull(emailVerificationTokens.usedAt), gt(emailVerificationTokens.expiresAt, now)))
    .returning({ userId: emailVerificationTokens.userId, email: emailVerificationTokens.email });
  return used;
}

/** Marks the user verified (keeping the first time) if `email` is still their address. */
export async function markEmailVerified(tx: Db, userId: string, email: string, now: Date): Promise<boolean> {
  const rows = await tx
    .update(users)
    .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now})` })
    .where(and(eq(users.id, userId), sql`lower(${users.email}) = lower(${email})`))
    .returning({ id: users.id });
  return rows.length > 0;
}

export async function voidVerificationTokens(tx: Db, userId: string, now: Date) {
  await tx
    .update(emailVerificationTokens)
    .set({ usedAt: now })
    .where(and(eq(emailVerificationTokens.userId, userId), isNull(emailVerificationTokens.usedAt)));
}

// ---- Password reset ----

export async function insertResetToken(db: Db, values: typeof passwordResetTokens.$inferInsert) {
  await db.insert(passwordResetTokens).values(values);
}

export async function isResetTokenUsable(db: Db, tokenHash: string, now: Date): Promise<boolean> {
  const rows = await db
    .select({ id: passwordResetTokens.id })
    .from(passwordResetTokens)
    .where(and(eq(passwordResetTokens.id, tokenHash), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, now)))
    .limit(1);
  return rows.length > 0;
}

/** Marks the token used if it is unused and unexpired; its user's id. */
export async function useResetToken(tx: Db, tokenHash: string, now: Date): Promise<string | undefined> {
  const [used] = await tx
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.id, tokenHash), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, now)))
    .returning({ userId: passwordResetTokens.userId });
  return used?.userId;
}

export async function voidResetTokens(tx: Db, userId: string, now: Date) {
  await tx
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}

/** Reset and verification tokens that expired before `cutoff`, used or not. */
export async function deleteExpiredTokens(db: Db, cutoff: Date) {
  await db.delete(passwordResetTokens).where(sql`${passwordResetTokens.expiresAt} < ${cutoff}`);
  await db.delete(emailVerificationTokens).where(sql`${emailVerificationTokens.expiresAt} < ${cutoff}`);
}

/** Reset mails sent to the account since `since` (each mail is one token). */
export async function countResetTokensSince(db: Db, userId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(passwordResetTokens)
    .where(and(eq(passwordResetTokens.userId, userId), gt(passwordResetTokens.createdAt, since)));
  return row?.n ?? 0;
}

// ---- Sign-in records (decision 0421) ----

/** A successful sign-in: the account's last sign-in and the (hashed) address it came from. */
export async function recordSignIn(db: Db, userId: string, addressHash: string, now: Date) {
  await db
    .insert(accountSignInAddresses)
    .values({ userId, addressHash, lastSignInAt: now })
    .onConflictDoUpdate({ target: [accountSignInAddresses.userId, accountSignInAddresses.addressHash], set: { lastSignInAt: now } });
  await db.update(users).set({ lastSignInAt: now }).where(eq(users.id, userId));
}

/** Whether the account signed in from this (hashed) address after `since`. */
export async function signedInFrom(db: Db, userId: string, addressHash: string, since: Date): Promise<boolean> {
  const rows = await db
    .select({ userId: accountSignInAddresses.userId })
    .from(accountSignInAddresses)
    .where(and(eq(accountSignInAddresses.userId, userId), eq(accountSignInAddresses.addressHash, addressHash), gt(accountSignInAddresses.lastSignInAt, since)))
    .limit(1);
  return rows.length > 0;
}

export async function purgeSignInAddresses(db: Db, before: Date) {
  await db.delete(accountSignInAddresses).where(lt(accountSignInAddresses.lastSignInAt, before));
}

// ---- Account deletion (decision 0105) ----

export async function insertDeletionRequest(tx: Db, values: { userId: string; requestedAt: Date; dueAt: Date; reason: string | null }) {
  await tx.insert(accountDeletionRequests).values(values);
}

/** Cancels the user's pending request; whether there was one. */
export async function cancelPendingDeletion(tx: Db, userId: string, adminId: string, now: Date): Promise<boolean> {
  const cancelled = await tx
    .update(accountDeletionRequests)
    .set({ status: 'cancelled', cancelledAt: now, cancelledBy: adminId })
    .where(and(eq(accountDeletionRequests.userId, userId), eq(accountDeletionRequests.status, 'pending')))
    .returning({ id: accountDeletionRequests.id });
  return cancelled.length > 0;
}

export function listDueDeletions(db: Db, now: Date, limit: number): Promise<Array<{ id: string; userId: string }>> {
  return db
    .select({ id: accountDeletionRequests.id, userId: accountDeletionRequests.userId })
    .from(accountDeletionRequests)
    .where(and(eq(accountDeletionRequests.status, 'pending'), sql`${accountDeletionRequests.dueAt} <= ${now}`))
    .limit(limit);
}

/**
 * Deletes the user row (sessions, reset tokens and claim intents go by cascade) and the outbox's
 * copies of mail to the address, and completes the request with its reason cleared.
 */
export async function deleteAccount(tx: Db, requestId: string, userId: string, now: Date) {
  const [user] = await tx.delete(users).where(eq(users.id, userId)).returning({ email: users.email });
  if (user) await tx.delete(outbox).where(sql`lower(${outbox.toAddress}) = ${user.email.toLowerCase()}`);
  await tx
    .update(accountDeletionRequests)
    .set({ status: 'completed', completedAt: now, reason: null, lastError: null })
    .where(eq(accountDeletionRequests.id, requestId));
}

export async function recordDeletionError(db: Db, requestId: string, message: string) {
  await db.update(accountDeletionRequests).set({ lastError: message }).where(eq(accountDeletionRequests.id, requestId));
}

// ---- Sign-in throttling (decision 0336) ----

export function readThrottle(db: Db, keys: string[]): Promise<Array<typeof loginThrottle.$inferSelect>> {
  return db.select().from(loginThrottle).where(inArray(loginThrottle.key, keys));
}

/** One statement for every key: a count older than `forgetBefore` starts again at 1. */
export async function recordThrottleFailures(db: Db, keys: string[], now: Date, forgetBefore: Date) {
  await db
    .insert(loginThrottle)
    .values(keys.map((key) => ({ key, failures: 1, lastFailureAt: now })))
    .onConflictDoUpdate({
      target: loginThrottle.key,
      set: {
        failures: sql`CASE WHEN ${loginThrottle.lastFailureAt} < ${forgetBefore} THEN 1 ELSE ${loginThrottle.failures} + 1 END`,
        lastFailureAt: sql`GREATEST(${loginThrottle.lastFailureAt}, excluded.last_failure_at)`,
      },
    });
}

export async function deleteThrottleKey(db: Db, key: string) {
  await db.delete(loginThrottle).where(eq(loginThrottle.key, key));
}

export async function purgeThrottle(db: Db, forgetBefore: Date) {
  await db.delete(loginThrottle).where(lt(loginThrottle.lastFailureAt, forgetBefore));
}
