/**
 * How the server's read caches learn of writes (docs/decisions/0384, 0413). Writes notify on
 * `channel` when they commit. On PostgreSQL each process listens on a connection of its own and
 * sends itself beats on it: since notifications arrive in commit order, once a beat is heard every
 * write committed before it was sent (by any process) has been heard. A cached answer is served
 * while the newest beat heard was sent within `staleBoundMs` and after the process's own last
 * write, so its own writes are seen at once and another process's by every read that starts
 * `staleBoundMs` after it was acknowledged. For `wroteCookieSeconds` after a write, the writing
 * client's reads wait for a beat sent after they arrive, on any process. A beat not heard within
 * `beatTimeoutMs` sends that lookup to the database; a lost connection clears the caches and a new
 * one is tried every `reconnectMs`.
 */
export const READ_CACHE_FEED = {
  channel: 'read_cache',
  staleBoundMs: 50,
  wroteCookieSeconds: 2,
  beatTimeoutMs: 1_000,
  reconnectMs: 1_000,
  /** Changes kept to check an answer computed while writes landed (older ones: the answer is not kept). */
  recentEvents: 512,
} as const;

/** The response header naming whether a cached route answered from memory. */
export const READ_CACHE_HEADER = 'X-Read-Cache';

/**
 * Most bytes all of a process's read caches hold together (answers and their compressed forms;
 * each cache also has its own limits): the least recently used answer of any cache goes first.
 * Sized from the mixed run's resident memory (docs/decisions/0410).
 */
export const READ_CACHE_MAX_BYTES = 96 * 1024 * 1024;

/**
 * Each per-user read cache of a process (decision 0412: saved tenders, the Tenders tab, a user's
 * providers and claims): at most this many answers and bytes (least recently used first), each
 * re-read after `ttlMs` at the latest (correctness comes from the notifications and the closing
 * dates, not from this bound).
 */
export const VIEWER_READ_CACHE = { maxEntries: 20_000, maxBytes: 32 * 1024 * 1024, ttlMs: 10 * 60_000 } as const;
