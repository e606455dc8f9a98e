import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { ACCOUNT_MESSAGES as M, DELETION_GRACE_DAYS, EMAIL_VERIFICATION_TTL_MS, RESET_TOKEN_TTL_MS, type UserType } from '@solar/shared/constants/accounts';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/sql-helpers';
import {
  accountDeletionRequests,
  emailVerificationTokens,
  outbox,
  passwordResetTokens,
  sessions,
  signupClaimIntents,
  users,
  type UserRow,
} from '../../db/schema/index';
import type { AppContext } from '../../plugins/context';
import { hashToken } from '../../plugins/auth';
import { AppError } from '../../platform/errors';
import type { MailMessage } from '../../platform/mail';
import { hashPassword, verifyDummyPassword, verifyPassword } from '../../platform/passwords';
import { signupProviderHooks } from './accounts.hooks';
import { accountMails } from './accounts.mail';
import { findUserByEmail } from './accounts.repository';

const DAY_MS = 86_400_000;

/** Sends a mail without holding up the response; a failure is only logged (docs/product/accounts.md#welcome-email). */
export function sendInBackground(ctx: Pick<AppContext, 'mailer' | 'log'>, message: MailMessage, kind: string): Promise<void> {
  return ctx.mailer.send(message).then(
    () => undefined,
    (err: unknown) => ctx.log.error({ err: err instanceof Error ? { message: err.message } : String(err), kind }, 'mail failed'),
  );
}

export interface SignupInput {
  email: string;
  name: string;
  company: string;
  password: string;
  type: UserType;
  providerId?: string;
}

/** A single-use verification token for the user's current address: 256 bits, only its hash stored, 7 days (decision 0337). */
async function issueVerificationToken(tx: Db, user: Pick<UserRow, 'id' | 'email'>, now: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await tx.insert(emailVerificationTokens).values({
    id: hashToken(token),
    userId: user.id,
    email: user.email,
    createdAt: now,
    expiresAt: new Date(now.getTime() + EMAIL_VERIFICATION_TTL_MS),
  });
  return token;
}

/**
 * Creates the account in one transaction (user, verification token, sign-up claim intent, provider
 * hooks). The account works at once, unverified (decision 0337). An existing email answers 409:
 * sign-up signs the user in, so it cannot hide this (decision 0100).
 */
export async function createAccount(ctx: AppContext, input: SignupInput): Promise<{ user: UserRow; verificationToken: string }> {
  const { db } = ctx.database;
  if (await findUserByEmail(db, input.email)) throw new AppError('CONFLICT', M.emailExists);
  const passwordHash = await hashPassword(input.password);
  const now = ctx.clock.now();
  try {
    return await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          email: input.email,
          name: input.name,
          company: input.company,
          type: input.type,
          passwordHash,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      const verificationToken = await issueVerificationToken(tx as unknown as Db, user!, now);
      if (input.providerId) {
        // The claim is filed pending like any other; an admin cannot approve it until the address is verified.
        await tx.insert(signupClaimIntents).values({ userId: user!.id, providerId: input.providerId, createdAt: now });
        for (const hook of signupProviderHooks()) {
          await hook(tx as unknown as Db, { userId: user!.id, providerId: input.providerId, name: input.name, company: input.company });
        }
      }
      return { user: user!, verificationToken };
    });
  } catch (err) {
    // Two sign-ups racing for one email: the unique index on lower(email) decides.
    if (isUniqueViolation(err)) throw new AppError('CONFLICT', M.emailExists);
    throw err;
  }
}

/** Mails a new verification link to the caller's own address; 409 once verified (decision 0337). */
export async function resendVerificationLink(ctx: AppContext, user: UserRow): Promise<void> {
  if (user.emailVerifiedAt) throw new AppError('CONFLICT', M.emailAlreadyVerified);
  const token = await issueVerificationToken(ctx.database.db, user, ctx.clock.now());
  void sendInBackground(ctx, accountMails.verifyEmail(user, token, ctx.env.PUBLIC_URL), 'verify-email');
}

/**
 * Uses a verification token (once) and marks the account verified, in one transaction. The token
 * verifies only the address it was sent to: after an admin changed the email, an older link fails.
 * The user's other unused links are voided.
 */
export async function verifyEmailWithToken(ctx: AppContext, token: string): Promise<void> {
  const now = ctx.clock.now();
  await ctx.database.db.transaction(async (tx) => {
    const [used] = await tx
      .update(emailVerificationTokens)
      .set({ usedAt: now })
      .where(and(eq(emailVerificationTokens.id, hashToken(token)), isNull(emailVerificationTokens.usedAt), gt(emailVerificationTokens.expiresAt, now)))
      .returning({ userId: emailVerificationTokens.userId, email: emailVerificationTokens.email });
    if (!used) throw new AppError('BAD_REQUEST', M.verificationInvalid);
    const [user] = await tx
      .update(users)
      .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now})` })
      .where(and(eq(users.id, used.userId), sql`lower(${users.email}) = lower(${used.email})`))
      .returning({ id: users.id });
    if (!user) throw new AppError('BAD_REQUEST', M.verificationInvalid);
    await tx
      .update(emailVerificationTokens)
      .set({ usedAt: now })
      .where(and(eq(emailVerificationTokens.userId, used.userId), isNull(emailVerificationTokens.usedAt)));
  });
}

/** Same answer and similar timing for an unknown email and a wrong password (docs/security.md#authentication-passwords-sessions). */
export async function checkCredentials(ctx: AppContext, email: string, password: string): Promise<UserRow | null> {
  const user = await findUserByEmail(ctx.database.db, email);
  if (!user) return verifyDummyPassword(password).then(() => null);
  return (await verifyPassword(user.passwordHash, password)) ? user : null;
}

/** Issues a single-use reset token (256 bits, stored hashed, 1 hour) and mails it; silent for unknown emails. */
export async function requestPasswordReset(ctx: AppContext, email: string): Promise<void> {
  const user = await findUserByEmail(ctx.database.db, email);
  if (!user) return;
  const token = randomBytes(32).toString('base64url');
  const now = ctx.clock.now();
  await ctx.database.db.insert(passwordResetTokens).values({
    id: hashToken(token),
    userId: user.id,
    createdAt: now,
    expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS),
  });
  void sendInBackground(ctx, accountMails.passwordReset(user, token, ctx.env.PUBLIC_URL), 'password-reset');
}

export async function isResetTokenValid(ctx: AppContext, token: string): Promise<boolean> {
  const [row] = await ctx.database.db
    .select({ id: passwordResetTokens.id })
    .from(passwordResetTokens)
    .where(and(eq(passwordResetTokens.id, hashToken(token)), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, ctx.clock.now())))
    .limit(1);
  return Boolean(row);
}

/**
 * Uses the token (once), sets the new password, voids the user's other tokens and ends every
 * session, all in one transaction: the old cookie then gets 401 (docs/security.md#authentication-passwords-sessions).
 */
export async function resetPasswordWithToken(ctx: AppContext, token: string, newPassword: string): Promise<void> {
  const passwordHash = await hashPassword(newPassword);
  const now = ctx.clock.now();
  const user = await ctx.database.db.transaction(async (tx) => {
    const [used] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.id, hashToken(token)), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, now)))
      .returning({ userId: passwordResetTokens.userId });
    if (!used) throw new AppError('BAD_REQUEST', M.tokenExpired);
    const [row] = await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, used.userId)).returning();
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.userId, used.userId), isNull(passwordResetTokens.usedAt)));
    await tx.delete(sessions).where(eq(sessions.userId, used.userId));
    return row!;
  });
  void sendInBackground(ctx, accountMails.passwordChanged(user, ctx.env.PUBLIC_URL), 'password-changed');
}

export async function updateUser(ctx: AppContext, userId: string, values: Partial<Pick<UserRow, 'name' | 'company' | 'type'>>) {
  const [row] = await ctx.database.db
    .update(users)
    .set({ ...values, updatedAt: ctx.clock.now() })
    .where(eq(users.id, userId))
    .returning();
  if (!row) throw new AppError('UNAUTHORIZED', M.notSignedIn);
  return row;
}

/** Records a deletion request; the account goes after DELETION_GRACE_DAYS unless an admin cancels. */
export async function requestAccountDeletion(ctx: AppContext, user: UserRow, reason?: string): Promise<UserRow> {
  if (user.isAdmin) throw new AppError('FORBIDDEN', M.adminCannotDelete);
  if (user.deletionRequestedAt) throw new AppError('CONFLICT', M.deletionAlreadyRequested);
  const now = ctx.clock.now();
  const dueAt = new Date(now.getTime() + DELETION_GRACE_DAYS * DAY_MS);
  let row: UserRow;
  try {
    row = await ctx.database.db.transaction(async (tx) => {
      await tx.insert(accountDeletionRequests).values({ userId: user.id, requestedAt: now, dueAt, reason: reason || null });
      const [updated] = await tx.update(users).set({ deletionRequestedAt: now, updatedAt: now }).where(eq(users.id, user.id)).returning();
      return updated!;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('CONFLICT', M.deletionAlreadyRequested);
    throw err;
  }
  void sendInBackground(ctx, accountMails.deletionRequested(user, dueAt), 'deletion-requested');
  return row;
}

export async function cancelAccountDeletion(ctx: AppContext, userId: string, adminId: string): Promise<void> {
  const now = ctx.clock.now();
  await ctx.database.db.transaction(async (tx) => {
    const cancelled = await tx
      .update(accountDeletionRequests)
      .set({ status: 'cancelled', cancelledAt: now, cancelledBy: adminId })
      .where(and(eq(accountDeletionRequests.userId, userId), eq(accountDeletionRequests.status, 'pending')))
      .returning({ id: accountDeletionRequests.id });
    if (cancelled.length === 0) throw new AppError('NOT_FOUND', M.noDeletionRequest);
    await tx.update(users).set({ deletionRequestedAt: null, updatedAt: now }).where(eq(users.id, userId));
  });
}

/**
 * The deletion job (docs/decisions/0105-account-deletion.md): deletes each account whose request is
 * due, one transaction per account. Deleted: the user row and, by cascade, sessions, reset tokens
 * and claim intents; copies of mail to the address in the outbox. Kept: the deletion log row (ids
 * and dates only) and page views with the user unlinked. A failure (a row of another feature that
 * refuses the delete) leaves the request pending with its error, and is retried on the next run.
 */
export async function processDueDeletions(ctx: Pick<AppContext, 'database' | 'clock' | 'log'>): Promise<number> {
  const now = ctx.clock.now();
  const due = await ctx.database.db
    .select({ id: accountDeletionRequests.id, userId: accountDeletionRequests.userId })
    .from(accountDeletionRequests)
    .where(and(eq(accountDeletionRequests.status, 'pending'), sql`${accountDeletionRequests.dueAt} <= ${now}`))
    .limit(500);
  let deleted = 0;
  for (const request of due) {
    try {
      await ctx.database.db.transaction(async (tx) => {
        const [user] = await tx.delete(users).where(eq(users.id, request.userId)).returning({ email: users.email });
        if (user) await tx.delete(outbox).where(sql`lower(${outbox.toAddress}) = ${user.email.toLowerCase()}`);
        await tx
          .update(accountDeletionRequests)
          .set({ status: 'completed', completedAt: now, reason: null, lastError: null })
          .where(eq(accountDeletionRequests.id, request.id));
      });
      deleted += 1;
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      ctx.log.error({ requestId: request.id, error: message }, 'account deletion failed; will retry');
      await ctx.database.db.update(accountDeletionRequests).set({ lastError: message.slice(0, 500) }).where(eq(accountDeletionRequests.id, request.id));
    }
  }
  if (deleted) ctx.log.info({ deleted }, 'accounts deleted');
  return deleted;
}

/** Removes reset and verification tokens a day after they expired (used or not); registered as a job. */
export async function purgeOldResetTokens(ctx: Pick<AppContext, 'database' | 'clock'>) {
  const cutoff = new Date(ctx.clock.now().getTime() - DAY_MS);
  await ctx.database.db.delete(passwordResetTokens).where(sql`${passwordResetTokens.expiresAt} < ${cutoff}`);
  await ctx.database.db.delete(emailVerificationTokens).where(sql`${emailVerificationTokens.expiresAt} < ${cutoff}`);
}
