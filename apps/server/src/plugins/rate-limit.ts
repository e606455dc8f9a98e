import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { AppError } from '../platform/errors';

/**
 * Route limits (docs/security.md#the-stacks-defaults: login, sign-up, forgot-password, reset, claim, quote, upload), keyed by
 * IP or by account. Counters live in process memory: with several processes each enforces its own
 * share (recorded in docs/decisions/0004-rate-limits.md).
 */
export interface LimitSpec {
  /** Requests allowed per window. */
  max: number;
  windowMs: number;
  /** 'ip', or a function giving the account key (for example the normalised email or user id). */
  key: 'ip' | ((request: FastifyRequest) => string | undefined | Promise<string | undefined>);
  /** Distinguishes limits on the same route. */
  name: string;
}

export async function registerRateLimit(app: FastifyInstance) {
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new AppError('RATE_LIMITED', `Too many requests. Please try again in ${Math.ceil(context.ttl / 1000)} seconds.`),
  });
}

export const perIp = (name: string, max: number, windowMs: number): LimitSpec => ({ name, max, windowMs, key: 'ip' });

export const perAccount = (
  name: string,
  max: number,
  windowMs: number,
  key: (request: FastifyRequest) => string | undefined,
): LimitSpec => ({ name, max, windowMs, key });

/**
 * Turns a spec into a preHandler, so one route can carry several limits (per IP and per account).
 * Uses `createRateLimit` rather than `rateLimit`: the latter marks the request as checked after
 * the first limit, so a second limit on the same route would silently never apply.
 */
export function limitHandler(app: FastifyInstance, spec: LimitSpec): preHandlerAsyncHookHandler {
  const keyOf = spec.key;
  const check = app.createRateLimit({
    max: spec.max,
    timeWindow: spec.windowMs,
    keyGenerator: async (request) => {
      const key = keyOf === 'ip' ? request.ip : ((await keyOf(request)) ?? request.ip);
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
