import type { FastifyInstance } from 'fastify';
import { replayMemos, sendCached } from '../platform/read-cache';
import { cookieName } from './auth';
import { wroteCookieName } from './write-visibility';

/**
 * Answers a repeated public address from memory before routing's work (docs/decisions/0414).
 *
 * A cached answer still cost a request its hooks, the query's validation, the access check and the
 * handler before the cache was asked: for the directory's long filter addresses about as much as
 * sending the answer. The first request for an address takes that path; `sendCached` then notes
 * which cache entry answered it, and later requests for the same address (byte for byte) are sent
 * that entry here, in the first `onRequest` hook, while the entry may be served now: the same feed
 * and freshness rules as the cache's own lookup, without waiting (else the full path runs). Only
 * requests any visitor could make are replayed: GET, no session cookie and no `wrote` cookie (those
 * take the full path: their answers may depend on who asks, or wait for a write to be heard), on
 * public routes without a rate limit. Response hooks still run: security headers, request id.
 */
export function registerAnswerReplay(app: FastifyInstance) {
  const { database, clock, env } = app.ctx;
  const personal = new RegExp(`(?:^|;)\\s*(?:${cookieName(app.ctx)}|${wroteCookieName(env.COOKIE_SECURE)})=`);
  const memo = {
    addresses: new Map(),
    // A request with an API key is its account's (decision 0492), as one with a session cookie is.
    eligible: (request: { headers: { cookie?: string; authorization?: string } }) => !personal.test(request.headers.cookie ?? '') && !request.headers.authorization,
  };
  replayMemos.set(database, memo);

  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET') return;
    const replay = memo.addresses.get(request.url);
    if (!replay || !memo.eligible(request)) return;
    const text = replay.peek(database, replay.key, clock.now());
    if (!text) return;
    reply.headers(replay.headers);
    return sendCached(reply, { text, hit: true }, replay.contentType);
  });
}
