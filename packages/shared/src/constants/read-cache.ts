/**
 * How the server's read caches learn of writes (docs/decisions/0384). Writes notify on `channel`
 * when they commit. On PostgreSQL each process listens on a connection of its own, and a cached
 * lookup first waits for a beat it sends itself on that connection after the lookup began: since
 * notifications arrive in commit order, every write acknowledged before the lookup (by any
 * process) has then been heard. Lookups arriving meanwhile share the next beat. A beat not heard
 * within `beatTimeoutMs` sends that lookup to the database; a lost connection clears the caches
 * and a new one is tried every `reconnectMs`.
 */
export const READ_CACHE_FEED = {
  channel: 'read_cache',
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
