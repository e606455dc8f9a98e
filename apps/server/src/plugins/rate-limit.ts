import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import rateLimit, { type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { AppError } from '../platform/errors';
import { createSharedRateLimitStore } from '../platform/rate-limit-store';

/**
 * Route limits (docs/security.md#the-stacks-defaults: login, sign-up, forgot-password, reset, claim, quote, upload), keyed by
 * IP or by account. On PostgreSQL the counters are shared by every process (leases from one row
 * per key and window, docs/decisions/0381), so a limit of N holds at N however many processes run;
 * on PGlite (one process by construction) they live in process memory.
 */
export interface LimitSpec {
  /** Requests allowed per window. */
  max: number;
  windowMs: number;
  /**
   * 'ip'; 'account' for the signed-in user's id (see `perAccount`); or a function giving the key of
   * an account that is not signed in yet (the normalised email of a password reset request).
   */
  key: 'ip' | 'account' | ((request: FastifyRequest) => string | undefined | Promise<string | undefined>);
  /** Distinguishes limits on the same route. */
  name: string;
}

export async function registerRateLimit(app: FastifyInstance) {
  const { database, log } = app.ctx;
  const shared = database.kind === 'postgres' ? createSharedRateLimitStore(database, log).store : null;
  await app.register(rateLimit, {
    global: false,
    // The plugin constructs its store with `new`; a constructor returning an object yields that object.
    ...(shared && { store: function SharedStore() { return shared; } as unknown as FastifyRateLimitStoreCtor }),
    errorResponseBuilder: (_request, context) =>
      new AppError('RATE_LIMITED', `Too many requests. Please try again in ${Math.ceil(context.ttl / 1000)} seconds.`),
  });
}

export const perIp = (name: string, max: number, windowMs: number): LimitSpec => ({ name, max, windowMs, key: 'ip' });

/**
 * A limit per signed-in account, keyed on the user's id and nothing the client holds: signing in
 * again (a new session cookie) does not reset it (decision 0334). A signed-out caller is counted by IP.
 */
export const perAccount = (name: string, max: number, windowMs: number): LimitSpec => ({ name, max, windowMs, key: 'account' });

async function keyOf(request: FastifyRequest, key: LimitSpec['key']): Promise<string | undefined> {
  if (key === 'ip') return request.ip;
  if (key === 'account') return (await request.getUser())?.id;
  return key(request);
}

/**
 * Turns a spec into a preHandler, so one route can carry several limits (per IP and per account).
 * Uses `createRateLimit` rather than `rateLimit`: the latter marks the request as checked after
 * the first limit, so a second limit on the same route would silently never apply.
 */
export function limitHandler(app: FastifyInstance, spec: LimitSpec): preHandlerAsyncHookHandler {
  const check = app.createRateLimit({
    max: spec.max,
    timeWindow: spec.windowMs,
    keyGenerator: async (request) => {
      const key = (await keyOf(request, spec.key)) ?? request.ip;
      return `${spec.name}:${key}`;
    },
  });
  return async (request) => {
    const result = await check(request);
    if (!result.isAllowed && result.isExceeded) {
      throw new AppError('RATE_LIMITED', `Too many requests. Please try again in ${Math.max(1, result.ttlInSeconds)} seconds.`);
    }
  };
}
