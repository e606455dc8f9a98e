/**
 * HTTP caching of public reads (issue 26, decision 0430): the one stated staleness bound, and the
 * header values made from it.
 *
 * **The bound**: a visitor sees an acknowledged write at most `staleBoundSeconds` later, whatever
 * caches stand between (the browser, a shared proxy such as the nginx of docs/operations.md, this
 * server's memory). Signed-in users' answers are `private, no-store`: only the server's memory may
 * hold them, and it drops an answer when a write's notification names what it depends on (on the
 * writing process before the write is acknowledged; on others as the notification arrives).
 *
 * How the bound is kept, in the worst case along the chain:
 * - the server's memory: dropped by the write's notification (milliseconds), never older than
 *   `serverMaxAgeSeconds` even if a notification were lost;
 * - a shared cache keeps it fresh for `sMaxAge` from when it fetched it, then may serve it stale for
 *   `staleWhileRevalidate` while it asks again;
 * - the browser keeps its copy fresh for `maxAge` from when it arrived (nginx sends no `Age`).
 * `sMaxAge + staleWhileRevalidate + maxAge` plus the notification's delivery stays within the bound
 * (the test `packages/shared/src/constants/http-cache.test.ts` checks the sum).
 */
export const HTTP_CACHE = {
  staleBoundSeconds: 10,
  /** Browsers: fresh for this long, then revalidated with If-None-Match (a 304 when unchanged). */
  maxAge: 3,
  /** Shared caches (the reverse proxy, a CDN): fresh for this long. */
  sMaxAge: 3,
  /** Shared caches may serve it this much longer while they revalidate in the background. */
  staleWhileRevalidate: 3,
  /** Kept in the server's memory at most this long (a guard: writes drop entries by notification). */
  serverMaxAgeSeconds: 600,
} as const;

/**
 * Most bytes the server's one in-process cache holds (answers, rendered pages and the compressed
 * forms of those asked for again, each entry's records counted; decision 0430). 32 MB since decision
 * 0622: the repeat-heavy mix's answers take ~20 MB; under the long tail 95 % of lookups are first-time
 * addresses, so a bigger cache holds answers nobody asks for again (a 64 MB cache answered 4.3 %).
 */
export const ANSWER_CACHE_MAX_BYTES = 32 * 1024 * 1024;

/** Answers smaller than this go uncompressed (a few hundred bytes gain nothing and cost a call). */
export const COMPRESS_FROM_BYTES = 1024;

/**
 * The response header saying whether an answer came from the server's memory: only when the server
 * runs with CACHE_STATUS_HEADER=true (the tests and the bench); never on a deployment, where it would
 * tell a visitor whether someone else just asked for the same address (issue 25).
 */
export const CACHE_STATUS_HEADER = 'X-Read-Cache';
