/** The request helper's messages (docs/product/platform.md#request-helper). */
export const HTTP_MESSAGES = {
  noMessage: 'An error occurred',
  nonJson: 'Server error occurred. Please try again.',
  unreadable: 'An unexpected error occurred',
} as const;

/** Generic body of every 5xx: details stay in the log under the reference id. */
export const INTERNAL_ERROR_MESSAGE = 'Something went wrong on our side. Please try again.';

/** A request refused by the input rule of every body, JSON or multipart (docs/decisions/0332). */
export const INPUT_MESSAGES = {
  controlCharacter: 'The request contains a control character (such as NUL) that cannot be accepted. Please remove it and try again.',
  fieldTooLong: 'A form field is too long.',
} as const;

/**
 * Rate-limit counters shared across processes in PostgreSQL (docs/decisions/0381). A process takes
 * a lease of requests from a key's window row and counts them locally: a lease is the smaller of
 * `max / maxLeaseDivisor` and `(max - used) / remainingDivisor`, never below 1, so a limit of 600 a
 * minute costs about one write per 30 requests and the last requests of a window go one by one.
 */
export const SHARED_RATE_LIMIT = { maxLeaseDivisor: 20, remainingDivisor: 8, sweepEveryMs: 15 * 60_000 } as const;

/**
 * How long a client may take to send a request (docs/decisions/0423, docs/operations.md#request-timeouts).
 * The largest body is a provider's media upload (10 files of 5 MB); tender documents and response
 * attachments take 20 MB in all, quote attachments 2 × 5 MB, every JSON body 16 KB at most.
 */
export const HTTP_TIMEOUTS = {
  /** The request line and headers. */
  headersMs: 10_000,
  /** A body may start slowly for this long... */
  bodyGraceMs: 10_000,
  /** ...and must then have arrived at this average rate (64 KB/s, about 0.5 Mbit/s) or it is cut off with 408. */
  bodyMinBytesPerSecond: 64 * 1024,
  /** The whole request, headers and body, however fast it comes: 50 MB needs at least 1.4 Mbit/s. */
  requestMs: 5 * 60_000,
  /** A socket with no traffic either way while a request is open. */
  idleMs: 60_000,
  /** An idle keep-alive connection; longer than the 60 s idle timeout of common load balancers, so they close first. */
  keepAliveMs: 72_000,
  /** How often Node checks the headers and request deadlines (its default, 30 s, would let each run 30 s late). */
  checkEveryMs: 1_000,
} as const;

export const REQUEST_TIMEOUT_MESSAGE = 'The request took too long to arrive and was stopped; nothing was saved. Please try again, on a faster connection if you can.';
