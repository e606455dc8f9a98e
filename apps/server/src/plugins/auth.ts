import { TRUST_MESSAGES } from '@solar/shared/constants/trust';
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  ACCOUNT_MESSAGES,
  SESSION_ABSOLUTE_DAYS,
  SESSION_CACHE,
  SESSION_IDLE_DAYS,
} from '@solar/shared/constants/accounts';
import type { UserRow } from '../db/rows';
import type { AppContext } from './context';
import { AppError } from '../platform/errors';
import { findSession, sessionTouched } from '../platform/session-cache';
import { deleteExpiredSessions, deleteSession, insertSession, touchSession } from '../platform/sessions.repository';

const DAY_MS = 86_400_000;

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
  // From memory when this process has read it and no write since named it (decision 0386).
  const row = await findSession(ctx.database, id, now, idleCutoff);
  // A suspended account's sessions are deleted when it is suspended; this holds if one slipped through (decision 0424).
  if (!row || row.user.suspendedAt) return null;
  // last_seen_at is written at most this often per process, so reads stay reads.
  if (now.getTime() - row.lastSeenAt.getTime() > SESSION_CACHE.touchIntervalMs) {
    await touchSession(ctx.database.db, id, now);
    sessionTouched(ctx.database, id, now);
  }
  return { sessionId: id, user: row.user };
}

const VERIFY_FIRST = {
  claim: ACCOUNT_MESSAGES.verifyToClaim,
  provider: ACCOUNT_MESSAGES.verifyToCreateProvider,
  tender: ACCOUNT_MESSAGES.verifyToLaunchTender,
  invite: ACCOUNT_MESSAGES.verifyToInvite,
  'tender-response': ACCOUNT_MESSAGES.verifyToRespondToTender,
  'tender-contact': ACCOUNT_MESSAGES.verifyToContactTenderOwner,
  review: TRUST_MESSAGES.verifyToReview,
} as const;

/**
 * Acts that speak for a company (claiming or creating a profile, launching, responding to or asking about a tender, contacting its owner
 * (decision 0440), inviting a provider) need an address the
 * account has proved it receives mail at (decision 0337): 403 with a message saying how, otherwise.
 */
export function requireVerifiedEmail(user: Pick<UserRow, 'emailVerifiedAt'>, act: keyof typeof VERIFY_FIRST) {
  if (!user.emailVerifiedAt) throw new AppError('FORBIDDEN', VERIFY_FIRST[act]);
}

/** Starts a new session (a fresh id at every sign-in: no fixation) and sets the cookie. */
export async function startSession(ctx: AppContext, reply: FastifyReply, userId: string) {
  const token = randomBytes(32).toString('base64url'); // 256 bits
  const now = ctx.clock.now();
  await insertSession(ctx.database.db, {
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
  if (token) await deleteSession(ctx.database.db, hashToken(token));
  request.sessionUser = Promise.resolve(null);
  reply.clearCookie(cookieName(ctx), { path: '/', httpOnly: true, sameSite: 'lax', secure: ctx.env.COOKIE_SECURE });
}

/** Removes expired sessions; registered as a job. */
export async function purgeExpiredSessions(ctx: Pick<AppContext, 'database' | 'clock'>) {
  const now = ctx.clock.now();
  const idleCutoff = new Date(now.getTime() - SESSION_IDLE_DAYS * DAY_MS);
  await deleteExpiredSessions(ctx.database, now, idleCutoff);
}
