import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API_KEY_HEADERS, API_KEY_LIMITS, API_KEY_MESSAGES, API_KEY_PATTERN } from '@solar/shared/constants/developers';
import type { Contract } from '@solar/shared/contracts/contract';
import { findApiKey, hashApiKey, keyUsed } from '../platform/api-keys';
import { AppError } from '../platform/errors';
import { contractsByRoute } from './openapi';

/**
 * API keys (decision 0492): `Authorization: Bearer <key>` on an /api/ request signs it in as the
 * key's account, for GET routes that are public or need a login, and nothing else: never an admin
 * route, never a write, never the key routes themselves. Each key has its own rate limit (shared by
 * every process on PostgreSQL, like the route limits, decision 0381), told in X-RateLimit headers.
 *
 * Runs in the first onRequest hooks, before an answer can be replayed from memory
 * (plugins/answer-replay.ts), so every keyed request is checked and counted.
 */
export function registerApiKeys(app: FastifyInstance) {
  const { database, clock } = app.ctx;
  const byRoute = contractsByRoute();
  let check: ReturnType<FastifyInstance['createRateLimit']> | undefined;

  app.addHook('onRequest', async (request, reply) => {
    const header = request.headers.authorization;
    if (header === undefined || !request.url.startsWith('/api/')) return;
    const token = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
    if (!token) throw new AppError('UNAUTHORIZED', API_KEY_MESSAGES.malformed);
    // A key's shape is checked before any lookup: other text is never hashed or queried.
    const found = API_KEY_PATTERN.test(token) ? await findApiKey(database, hashApiKey(token)) : undefined;
    if (!found || found.key.revokedAt) throw new AppError('UNAUTHORIZED', API_KEY_MESSAGES.invalid);
    if (request.method !== 'GET' && request.method !== 'HEAD') throw new AppError('FORBIDDEN', API_KEY_MESSAGES.readOnly);
    const contract = routeContract(byRoute, request);
    if (contract && (contract.access === 'admin' || contract.apiKeys === false)) throw new AppError('FORBIDDEN', API_KEY_MESSAGES.notForThisRoute);
    check ??= app.createRateLimit({
      max: API_KEY_LIMITS.perMinute,
      timeWindow: API_KEY_LIMITS.windowMs,
      keyGenerator: (req) => `api-key:${(req as FastifyRequest & { apiKeyId?: string }).apiKeyId ?? req.ip}`,
    });
    Object.assign(request, { apiKeyId: found.key.id });
    // `isAllowed` is true only for allow-listed keys (none here); the counts come with `false`.
    const limit = await check(request);
    if (!limit.isAllowed) {
      reply
        .header(API_KEY_HEADERS.limit, String(API_KEY_LIMITS.perMinute))
        .header(API_KEY_HEADERS.remaining, String(Math.max(0, limit.remaining)))
        .header(API_KEY_HEADERS.reset, String(limit.ttlInSeconds));
      if (limit.isExceeded) {
        const wait = Math.max(1, limit.ttlInSeconds);
        reply.header('Retry-After', String(wait));
        throw new AppError('RATE_LIMITED', `Too many requests with this API key. Please try again in ${wait} seconds.`);
      }
    }
    // The request is the key's account from here on (plugins/auth.ts reads sessionUser first).
    request.sessionUser = Promise.resolve({ sessionId: `api-key:${found.key.id}`, user: found.user });
    await keyUsed(database, found.key, clock.now());
  });
}

/** The contract of the route this request matched; undefined for routes no contract describes (none under /api/ today). */
function routeContract(byRoute: Map<string, Contract>, request: FastifyRequest): Contract | undefined {
  const { url } = request.routeOptions;
  if (!url) return undefined;
  return byRoute.get(`GET ${url}`) ?? byRoute.get(`${request.method} ${url}`);
}
