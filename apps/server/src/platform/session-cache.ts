import { SESSION_CACHE } from '@solar/shared/constants/accounts';
import type { Database } from '../db/client';
import type { UserRow } from '../db/rows';
import { readCacheFeed, type Change, type ReadCacheFeed } from './read-cache-feed';
import { findLiveSession } from './sessions.repository';

/** A live session as read from the database. */
export interface LiveSession {
  user: UserRow;
  lastSeenAt: Date;
  expiresAt: Date;
}

interface Held extends LiveSession {
  /** When it was read (bounded by SESSION_CACHE.ttlMs). */
  at: number;
}

interface State {
  entries: Map<string, Held>;
}

/** Whether `change` (migration 0028) may have ended or altered `held`. */
function ends(change: Change, id: string, held: Held): boolean {
  if (change.cache === 'sessions') return change.kind === 'all' || change.ids.has(id);
  if (change.cache === 'session-users') return change.kind === 'all' || change.ids.has(held.user.id);
  return false;
}

/** Per feed, not per database: a feed closed and started again for the same database (an app closed and another built on it) starts empty. */
const states = new WeakMap<ReadCacheFeed, State>();

function stateOf(feed: ReadCacheFeed): State {
  let state = states.get(feed);
  if (state) return state;
  const created: State = { entries: new Map() };
  states.set(feed, (state = created));
  feed.subscribe((change) => {
    if (!change) return created.entries.clear();
    if (change.cache !== 'sessions' && change.cache !== 'session-users') return;
    for (const [id, held] of created.entries) if (ends(change, id, held)) created.entries.delete(id);
  });
  return state;
}

/**
 * The session's user from memory (decision 0386), with the guarantees of the read caches (decision
 * 0384): every write committed before the call, by any process, has been heard (on PostgreSQL a
 * beat on the listening connection), so a signed-out or revoked session, a deleted user or a changed
 * role is never answered from an old copy. Expiry is checked here against `now`; a copy that looks
 * idle-expired is re-read (another process may have written last_seen_at since). When the feed
 * cannot be trusted the database is asked and nothing is kept.
 */
export async function findSession(
  database: Database,
  id: string,
  now: Date,
  idleCutoff: Date,
): Promise<LiveSession | undefined> {
  const feed = readCacheFeed(database);
  if (!(await feed.trusted())) return findLiveSession(database.db, id, now, idleCutoff);
  const state = stateOf(feed);
  const held = state.entries.get(id);
  if (held) {
    state.entries.delete(id);
    if (held.expiresAt > now && held.lastSeenAt > idleCutoff && Date.now() - held.at < SESSION_CACHE.ttlMs) {
      state.entries.set(id, held);
      return held;
    }
  }
  const since = feed.current;
  const epoch = feed.epoch;
  const at = Date.now();
  const row = await findLiveSession(database.db, id, now, idleCutoff);
  if (!row) return undefined;
  const copy: Held = { ...row, user: Object.freeze({ ...row.user }), at };
  const changes = feed.changesSince(since);
  // Kept only if nothing about it changed while it was read.
  if (feed.epoch === epoch && changes !== null && !changes.some((c) => ends(c, id, copy))) {
    state.entries.set(id, copy);
    for (const old of state.entries.keys()) {
      if (state.entries.size <= SESSION_CACHE.maxEntries) break;
      state.entries.delete(old);
    }
  }
  return copy;
}

/** Records a last_seen_at this process wrote (the column sends no notification). */
export function sessionTouched(database: Database, id: string, at: Date) {
  const held = states.get(readCacheFeed(database))?.entries.get(id);
  if (held && held.lastSeenAt < at) held.lastSeenAt = at;
}
