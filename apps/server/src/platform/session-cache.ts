import { SESSION_CACHE } from '@solar/shared/constants/accounts';
import type { Database } from '../db/client';
import type { UserRow } from '../db/rows';
import { Cache } from './cache';
import { readCacheFeed, type ReadCacheFeed } from './read-cache-feed';
import { findLiveSession } from './sessions.repository';

/** A live session as read from the database. */
export interface LiveSession {
  user: UserRow;
  lastSeenAt: Date;
  expiresAt: Date;
}

/** Per feed, not per database: a feed closed and started again for the same database starts empty. */
const caches = new WeakMap<ReadCacheFeed, Cache<LiveSession | null>>();

function cacheOf(database: Database) {
  const feed = readCacheFeed(database);
  let cache = caches.get(feed);
  if (!cache) caches.set(feed, (cache = new Cache<LiveSession | null>(feed, { maxBytes: SESSION_CACHE.maxBytes, ttlMs: SESSION_CACHE.ttlMs })));
  return cache;
}

/**
 * The session's user from memory (decision 0386), kept in the one cache module (decision 0430) and
 * dropped when migration 0028's triggers name the session (sign-out, revocation, a password reset,
 * the expiry purge) or its user (any change of the row). Expiry is checked here against `now`; a copy
 * that looks idle-expired is read again (another process may have written last_seen_at since).
 */
export async function findSession(database: Database, id: string, now: Date, idleCutoff: Date): Promise<LiveSession | undefined> {
  const cache = cacheOf(database);
  const live = (s: LiveSession | null | undefined): s is LiveSession => Boolean(s && s.expiresAt > now && s.lastSeenAt > idleCutoff);
  const held = cache.peek(id, now.getTime())?.value;
  if (live(held)) return held;
  if (held) cache.delete(id);
  const found = await cache.get(
    id,
    async () => {
      const row = await findLiveSession(database.db, id, now, idleCutoff);
      // A missing session is not kept (it expires as it is made).
      if (!row) return { value: null, tags: [], size: 1, expiresAt: now.getTime() };
      return { value: { ...row, user: Object.freeze({ ...row.user }) }, tags: [`sessions:${id}`, `session-users:${row.user.id}`], size: 1024 };
    },
    now.getTime(),
  );
  return live(found.value) ? found.value : undefined;
}

/** Records a last_seen_at this process wrote (the column sends no notification). */
export function sessionTouched(database: Database, id: string, at: Date) {
  const held = cacheOf(database).peek(id, at.getTime())?.value;
  if (held && held.lastSeenAt < at) held.lastSeenAt = at;
}

/** Bytes the session cache holds now (the bench's memory line). */
export const sessionCacheBytes = (database: Database) => cacheOf(database).bytes;
