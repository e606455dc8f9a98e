import { createHash, randomBytes } from 'node:crypto';
import { ACCOUNT_MESSAGES as M, DELETION_GRACE_DAYS, EMAIL_VERIFICATION_TTL_MS, RESET_MAIL_CAP, RESET_TOKEN_TTL_MS, type UserType } from '@solar/shared/constants/accounts';
import { safeRedirect } from '@solar/shared/domain/redirect';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/sql-helpers';
import type { AppContext } from '../../plugins/context';
import { hashToken } from '../../plugins/auth';
import { AppError } from '../../platform/errors';
import { sendInBackground } from '../../platform/mail';
import { hashPassword, verifyDummyPassword, verifyPassword } from '../../platform/passwords';
import { deleteUserSessions } from '../../platform/sessions.repository';
import { signupProviderHooks } from './accounts.hooks';
import { accountMails } from './accounts.mail';
import * as repo from './accounts.repository';
import { checkLoginThrottle, clientKey, recordLoginFailure, recordLoginSuccess } from './login-throttle';
import type { UserRow } from './accounts.repository';

const DAY_MS = 86_400_000;

export interface SignupInput {
  email: string;
  name: string;
  company: string;
  password: string;
  type: UserType;
  providerId?: string;
  /** The page to come back to after following the verification link. */
  returnTo?: string;
}

/** A return path for the verification link: only what `safeRedirect` accepts, and never the home page's default. */
const returnPath = (value: string | undefined) => (value ? safeRedirect(value, '') : '');

/** A single-use verification token for the user's current address: 256 bits, only its hash stored, 7 days (decision 0337). */
async function issueVerificationToken(tx: Db, user: Pick<UserRow, 'id' | 'email'>, now: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await repo.insertVerificationToken(tx, {
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
 * hooks), then mails the welcome and the verification link in the background. The account works at
 * once, unverified (decision 0337). An existing email answers 409: sign-up signs the user in, so it
 * cannot hide this (decision 0100).
 */
export async function createAccount(ctx: AppContext, input: SignupInput): Promise<UserRow> {
  const { db } = ctx.database;
  if (await repo.findUserByEmail(db, input.email)) throw new AppError('CONFLICT', M.emailExists);
  const passwordHash = await hashPassword(input.password);
  const now = ctx.clock.now();
  let created: { user: UserRow; verificationToken: string };
  try {
    created = await db.transaction(async (tx) => {
      const user = await repo.insertUser(tx, {
        email: input.email,
        name: input.name,
        company: input.company,
        type: input.type,
        passwordHash,
        createdAt: now,
        updatedAt: now,
      });
      const verificationToken = await issueVerificationToken(tx, user, now);
      if (input.providerId) {
        // The claim is filed pending like any other; an admin cannot approve it until the address is verified.
        await repo.insertSignupClaimIntent(tx, { userId: user.id, providerId: input.providerId, createdAt: now });
        for (const hook of signupProviderHooks()) {
          await hook(tx, { userId: user.id, providerId: input.providerId, name: input.name, company: input.company });
        }
      }
      return { user, verificationToken };
    });
  } catch (err) {
    // Two sign-ups racing for one email: the unique index on lower(email) decides.
    if (isUniqueViolation(err)) throw new AppError('CONFLICT', M.emailExists);
    throw err;
  }
  const { user, verificationToken } = created;
  void sendInBackground(ctx, accountMails.welcome(user, ctx.env.PUBLIC_URL), 'welcome');
  void sendInBackground(ctx, accountMails.verifyEmail(user, verificationToken, ctx.env.PUBLIC_URL, returnPath(input.returnTo)), 'verify-email');
  return user;
}

/** The welcome mail again, only ever to the caller's own address (docs/product/accounts.md#welcome-email). */
export async function sendWelcomeAgain(ctx: AppContext, user: UserRow): Promise<void> {
  await ctx.mailer.send(accountMails.welcome(user, ctx.env.PUBLIC_URL));
}

/** Mails a new verification link to the caller's own address; 409 once verified (decision 0337). */
export async function resendVerificationLink(ctx: AppContext, user: UserRow, returnTo?: string): Promise<void> {
  if (user.emailVerifiedAt) throw new AppError('CONFLICT', M.emailAlreadyVerified);
  const token = await issueVerificationToken(ctx.database.db, user, ctx.clock.now());
  void sendInBackground(ctx, accountMails.verifyEmail(user, token, ctx.env.PUBLIC_URL, returnPath(returnTo)), 'verify-email');
}

/**
 * Uses a verification token (once) and marks the account verified, in one transaction. The token
 * verifies only the address it was sent to: after an admin changed the email, an older link fails.
 * The user's other unused links are voided.
 */
export async function verifyEmailWithToken(ctx: AppContext, token: string): Promise<void> {
  const now = ctx.clock.now();
  await ctx.database.db.transaction(async (tx) => {
    const used = await repo.useVerificationToken(tx, hashToken(token), now);
    if (!used) throw new AppError('BAD_REQUEST', M.verificationInvalid);
    if (!(await repo.markEmailVerified(tx, used.userId, used.email, now))) throw new AppError('BAD_REQUEST', M.verificationInvalid);
    await repo.voidVerificationTokens(tx, used.userId, now);
  });
}

/** Same answer and similar timing for an unknown email and a wrong password (docs/security.md#authentication-passwords-sessions). */
async function checkCredentials(ctx: AppContext, email: string, password: string): Promise<UserRow | null> {
  const user = await repo.findUserByEmail(ctx.database.db, email);
  if (!user) return verifyDummyPassword(password).then(() => null);
  return (await verifyPassword(user.passwordHash, password)) ? user : null;
}

/**
 * Sign-in, throttled and never locked (decision 0336): a client that must wait is told for how long
 * (429 with Retry-After); a wrong password and an unknown email get the same answer.
 */
export async function signIn(ctx: AppContext, email: string, password: string, ip: string): Promise<UserRow> {
  const throttle = await checkLoginThrottle(ctx, email, ip);
  if (throttle.waitMs > 0) {
    const seconds = Math.max(1, Math.ceil(throttle.waitMs / 1000));
    throw new AppError('RATE_LIMITED', M.loginThrottled(seconds), seconds);
  }
  const user = await checkCredentials(ctx, email, password);
  if (!user) {
    await recordLoginFailure(ctx, throttle);
    throw new AppError('UNAUTHORIZED', M.invalidCredentials);
  }
  await recordLoginSuccess(ctx, throttle);
  // Said only to whoever knows the password (decision 0424); nothing is recorded for it.
  if (user.suspendedAt) throw new AppError('FORBIDDEN', M.accountSuspended);
  await rememberSignIn(ctx, user.id, ip);
  return user;
}

/** The client address of a sign-in, as the account's records keep it: the throttle's client key, hashed. */
const addressHash = (ip: string) => createHash('sha256').update(clientKey(ip)).digest('hex');

/** A sign-in (or the session a sign-up starts): its time, and the address as one of the account's own (decision 0421). */
export async function rememberSignIn(ctx: Pick<AppContext, 'database' | 'clock'>, userId: string, ip: string) {
  await repo.recordSignIn(ctx.database.db, userId, addressHash(ip), ctx.clock.now());
}

/**
 * Issues a single-use reset token (256 bits, stored hashed, 1 hour) and mails it; silent for
 * unknown emails. The requester is slowed by the route's limits; the account's mailbox by a cap
 * that never holds back a request from an address the account signs in from (decision 0421).
 * Over the cap the answer is the same neutral one and nothing is sent.
 */
export async function requestPasswordReset(ctx: AppContext, email: string, ip: string): Promise<void> {
  const user = await repo.findUserByEmail(ctx.database.db, email);
  if (!user) return;
  const now = ctx.clock.now();
  const own = await repo.signedInFrom(ctx.database.db, user.id, addressHash(ip), new Date(now.getTime() - RESET_MAIL_CAP.knownAddressMs));
  if (!own && (await repo.countResetTokensSince(ctx.database.db, user.id, new Date(now.getTime() - RESET_MAIL_CAP.windowMs))) >= RESET_MAIL_CAP.max) {
    ctx.log.info({ userId: user.id }, 'password reset mail held: the account had its quota of mails to other addresses');
    return;
  }
  const token = randomBytes(32).toString('base64url');
  await repo.insertResetToken(ctx.database.db, {
    id: hashToken(token),
    userId: user.id,
    createdAt: now,
    expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS),
  });
  void sendInBackground(ctx, accountMails.passwordReset(user, token, ctx.env.PUBLIC_URL), 'password-reset');
}

export async function isResetTokenValid(ctx: AppContext, token: string): Promise<boolean> {
  return repo.isResetTokenUsable(ctx.database.db, hashToken(token), ctx.clock.now());
}

/**
 * Uses the token (once), sets the new password, voids the user's other tokens and ends every
 * session, all in one transaction: the old cookie then gets 401 (docs/security.md#authentication-passwords-sessions).
 */
export async function resetPasswordWithToken(ctx: AppContext, token: string, newPassword: string): Promise<void> {
  const passwordHash = await hashPassword(newPassword);
  const now = ctx.clock.now();
  const user = await ctx.database.db.transaction(async (tx) => {
    const userId = await repo.useResetToken(tx, hashToken(token), now);
    if (!userId) throw new AppError('BAD_REQUEST', M.tokenExpired);
    const row = await repo.updateUserRow(tx, userId, { passwordHash }, now);
    await repo.voidResetTokens(tx, userId, now);
    await deleteUserSessions(tx, userId);
    return row!;
  });
  void sendInBackground(ctx, accountMails.passwordChanged(user, ctx.env.PUBLIC_URL), 'password-changed');
}

export async function updateUser(ctx: AppContext, userId: string, values: Partial<Pick<UserRow, 'name' | 'company' | 'type'>>) {
  const row = await repo.updateUserRow(ctx.database.db, userId, values, ctx.clock.now());
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
      await repo.insertDeletionRequest(tx, { userId: user.id, requestedAt: now, dueAt, reason: reason || null });
      return (await repo.updateUserRow(tx, user.id, { deletionRequestedAt: now }, now))!;
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
    if (!(await repo.cancelPendingDeletion(tx, userId, adminId, now))) throw new AppError('NOT_FOUND', M.noDeletionRequest);
    await repo.updateUserRow(tx, userId, { deletionRequestedAt: null }, now);
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
  const due = await repo.listDueDeletions(ctx.database.db, now, 500);
  let deleted = 0;
  for (const request of due) {
    try {
      await ctx.database.db.transaction((tx) => repo.deleteAccount(tx, request.id, request.userId, now));
      deleted += 1;
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      ctx.log.error({ requestId: request.id, error: message }, 'account deletion failed; will retry');
      await repo.recordDeletionError(ctx.database.db, request.id, message.slice(0, 500));
    }
  }
  if (deleted) ctx.log.info({ deleted }, 'accounts deleted');
  return deleted;
}

/** Removes reset and verification tokens a day after they expired (used or not); registered as a job. */
export async function purgeOldResetTokens(ctx: Pick<AppContext, 'database' | 'clock'>) {
  const cutoff = new Date(ctx.clock.now().getTime() - DAY_MS);
  await repo.deleteExpiredTokens(ctx.database.db, cutoff);
}
