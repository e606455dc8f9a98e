import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, gt, sql } from 'drizzle-orm';
import { ACCOUNT_MESSAGES, SESSION_ABSOLUTE_DAYS, SESSION_IDLE_DAYS } from '@solar/shared/constants/accounts';
import { sessions, users, type UserRow } from '../db/schema/index';
import type { AppContext } from './context';
import { AppError } from '../platform/errors';

const DAY_MS = 86_400_000;
/** last_seen_at is written at most this often, so reads stay reads. */
const TOUCH_INTERVAL_MS = 60_000;

export interface SessionUser {
  sessionId: string;
  user: UserRow;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, loaded once per request on first use; null when signed out. */
    getUser(): Promise<UserRow | null>;
    sessionUser?: Promise<SessionUser | null>;
  }
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export function cookieName(ctx: AppContext) {
  // The __Host- prefix binds the cookie to this host over HTTPS (docs/security.md#authentication-passwords-sessions).
  return ctx.env.COOKIE_SECURE ? '__Host-sid' : 'sid';
}

export function registerAuth(app: FastifyInstance) {
  const ctx = app.ctx;
  const name = cookieName(ctx);
  app.decorateRequest('sessionUser', undefined);
  app.decorateRequest('getUser', async function (this: FastifyRequest) {
    this.sessionUser ??= loadSession(ctx, this.cookies[name]);
    return (await this.sessionUser)?.user ?? null;
  });
}

async function loadSession(ctx: AppContext, token: string | undefined): Promise<SessionUser | null> {
  if (!token || token.length > 200) return null;
  const id = hashToken(token);
  const now = ctx.clock.now();
  const idleCutoff = new Date(now.getTime() - SESSION_IDLE_DAYS * DAY_MS);
  const [row] = await ctx.database.db
    .select({ user: users, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, id), gt(sessions.expiresAt, now), gt(sessions.lastSeenAt, idleCutoff)))
    .limit(1);
  if (!row) return null;
  if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await ctx.database.db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, id));
  }
  return { sessionId: id, user: row.user };
}

const VERIFY_FIRST = {
  claim: ACCOUNT_MESSAGES.verifyToClaim,
  provider: ACCOUNT_MESSAGES.verifyToCreateProvider,
  tender: ACCOUNT_MESSAGES.verifyToLaunchTender,
} as const;

/**
 * Acts that speak for a company (claiming or creating a profile, launching a tender) need an address the
 * account has proved it receives mail at (decision 0337): 403 with a message saying how, otherwise.
 */
export function requireVerifiedEmail(user: Pick<UserRow, 'emailVerifiedAt'>, act: keyof typeof VERIFY_FIRST) {
  if (!user.emailVerifiedAt) throw new AppError('FORBIDDEN', VERIFY_FIRST[act]);
}

/** Starts a new session (a fresh id at every sign-in: no fixation) and sets the cookie. */
export async function startSession(ctx: AppContext, reply: FastifyReply, userId: string) {
  const token = randomBytes(32).toString('base64url'); // 256 bits
  const now = ctx.clock.now();
  await ctx.database.db.insert(sessions).values({
    id: hashToken(token),
    userId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_DAYS * DAY_MS),
  });
  reply.setCookie(cookieName(ctx), token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: ctx.env.COOKIE_SECURE,
    path: '/',
    maxAge: SESSION_ABSOLUTE_DAYS * 86_400,
  });
}

/** Ends the caller's session on the server and clears the cookie. */
export async function endSession(ctx: AppContext, request: FastifyRequest, reply: FastifyReply) {
  const token = request.cookies[cookieName(ctx)];
  if (token) await ctx.database.db.delete(sessions).where(eq(sessions.id, hashToken(token)));
  request.sessionUser = Promise.resolve(null);
  reply.clearCookie(cookieName(ctx), { path: '/', httpOnly: true, sameSite: 'lax', secure: ctx.env.COOKIE_SECURE });
}

/** Ends every session of a user (password reset, account deletion), optionally keeping one. */
export async function endUserSessions(ctx: AppContext, userId: string, keepSessionId?: string) {
  await ctx.database.db
    .delete(sessions)
    .where(keepSessionId ? and(eq(sessions.userId, userId), sql`${sessions.id} <> ${keepSessionId}`) : eq(sessions.userId, userId));
}

/** Removes expired sessions; registered as a job. */
export async function purgeExpiredSessions(ctx: Pick<AppContext, 'database' | 'clock'>) {
  const now = ctx.clock.now();
  const idleCutoff = new Date(now.getTime() - SESSION_IDLE_DAYS * DAY_MS);
  await ctx.database.query('DELETE FROM sessions WHERE expires_at < $1 OR last_seen_at < $2', [
    now.toISOString(),
    idleCutoff.toISOString(),
  ]);
}
