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
