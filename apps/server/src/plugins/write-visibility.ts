import type { FastifyInstance } from 'fastify';
import { READ_CACHE_FEED as FEED } from '@solar/shared/constants/read-cache';
import { readCacheFeed } from '../platform/read-cache-feed';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The cookie a write's response sets: its client's next reads see that write on any process. */
export const wroteCookieName = (secure: boolean) => (secure ? '__Host-wrote' : 'wrote');

/**
 * Read-your-writes across processes on PostgreSQL (docs/decisions/0413). A process's read caches
 * hear its own writes before they answer again, but may be up to `staleBoundMs` behind another
 * process's. So a write's answer sets a short-lived cookie, and while the client holds it, its
 * requests first wait for a beat sent after they arrived: the page or refetch that follows a save
 * shows it, whichever process the balancer picks. On PGlite a cache hears each write as it commits.
 */
export function registerWriteVisibility(app: FastifyInstance) {
  const { database, env } = app.ctx;
  if (database.kind !== 'postgres') return;
  const feed = readCacheFeed(database);
  const name = wroteCookieName(env.COOKIE_SECURE);

  app.addHook('onRequest', async (request) => {
    if (request.cookies[name]) await feed.heardAll();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!SAFE_METHODS.has(request.method))
      reply.setCookie(name, '1', { path: '/', maxAge: FEED.wroteCookieSeconds, httpOnly: true, sameSite: 'lax', secure: env.COOKIE_SECURE });
    done(null, payload);
  });
}
