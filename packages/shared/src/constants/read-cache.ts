/**
 * How the server's in-process cache hears of writes (decisions 0384, 0430). Writes notify on
 * `channel` when they commit (the triggers of migrations 0026, 0028, 0030). On PostgreSQL each
 * process listens on a connection of its own; a write request waits until its process has heard
 * every write committed before it (a marker sent on that connection coming back, at most
 * `syncTimeoutMs`), so the process's next read shows it. A lost connection clears the cache and
 * bypasses it until a new one listens (tried every `reconnectMs`).
 */
export const READ_CACHE_FEED = {
  channel: 'read_cache',
  syncTimeoutMs: 1_000,
  reconnectMs: 1_000,
  /** Changes kept to check an answer computed while writes landed (older ones: the answer is not kept). */
  recentEvents: 512,
} as const;
