/**
 * How the server's read caches learn of writes (docs/decisions/0384). Writes notify on the
 * `channel` when they commit; on PostgreSQL each process listens on a connection of its own and
 * sends itself a beat every `beatMs` through the pool. A process serves a cached answer only while
 * its newest beat heard back was sent less than `staleBoundMs` ago: every write committed before
 * that beat has been heard (notifications arrive in commit order), so no answer is older than
 * `staleBoundMs` across processes, lost connection or not. A lost connection clears the caches;
 * a new one is tried every `reconnectMs`.
 */
export const READ_CACHE_FEED = {
  channel: 'read_cache',
  beatMs: 500,
  staleBoundMs: 2_000,
  reconnectMs: 1_000,
  /** Events kept to check an answer computed while writes landed (older ones: the answer is not kept). */
  recentEvents: 512,
} as const;

/** The response header naming whether a cached route answered from memory. */
export const READ_CACHE_HEADER = 'X-Read-Cache';
