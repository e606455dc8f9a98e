/** The request helper's messages (docs/product/platform.md#request-helper). */
export const HTTP_MESSAGES = {
  noMessage: 'An error occurred',
  nonJson: 'Server error occurred. Please try again.',
  unreadable: 'An unexpected error occurred',
} as const;

/** Generic body of every 5xx: details stay in the log under the reference id. */
export const INTERNAL_ERROR_MESSAGE = 'Something went wrong on our side. Please try again.';
