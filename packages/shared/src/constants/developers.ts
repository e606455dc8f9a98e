/**
 * The API for scripts (docs/product/developers.md): API keys and the feeds of changes (decisions
 * 0492, 0493). One home for their limits and texts; the key page's texts wait for that page.
 */

/** `sm_` and 32 base64url characters (24 random bytes, 192 bits). */
export const API_KEY_PREFIX = 'sm_';
export const API_KEY_PATTERN = /^sm_[A-Za-z0-9_-]{32}$/;
/** Characters of a key shown in the list to tell keys apart ('sm_AbC12xYz'). */
export const API_KEY_SHOWN_CHARACTERS = 11;

export const API_KEY_LIMITS = {
  /** Requests one key may make a minute (every route it may use, together). */
  perMinute: 600,
  windowMs: 60_000,
  /** Keys not revoked an account may hold. */
  maxActive: 10,
  /** Keys an account may create an hour. */
  createPerHour: 20,
  nameMax: 60,
  /** How often a key's 'last used' is written, at most, per process. */
  lastUsedEveryMs: 60_000,
} as const;

/** The rate-limit headers a keyed answer carries. */
export const API_KEY_HEADERS = {
  limit: 'X-RateLimit-Limit',
  remaining: 'X-RateLimit-Remaining',
  reset: 'X-RateLimit-Reset',
} as const;

export const API_KEY_MESSAGES = {
  malformed: 'Send the API key as "Authorization: Bearer <key>".',
  invalid: 'This API key is not valid, or it has been revoked.',
  readOnly: 'API keys can only read. Sign in to make changes.',
  notForThisRoute: 'API keys do not work for this route.',
  tooMany: (max: number) => `You already have ${max} active API keys. Revoke one before creating another.`,
  nameRequired: 'Give the key a name',
  notFound: 'API key not found',
  title: 'API keys',
  intro: 'Keys let your scripts read the public data and your own account’s data. A key never works for admin routes and can never change anything.',
  create: 'Create key',
  creating: 'Creating...',
  nameLabel: 'Key name',
  nameHint: 'What it is for, e.g. "Nightly REPD sync"',
  shownOnce: 'Copy this key now: it is shown only once. We keep only a fingerprint of it.',
  copy: 'Copy',
  copied: 'Copied',
  revoke: 'Revoke',
  revokeConfirm: (name: string) => `Revoke "${name}"? Scripts using it will stop working at once.`,
  revoked: 'Revoked',
  none: 'No API keys yet.',
  neverUsed: 'Never used',
  loadFailed: 'Failed to load API keys',
  createFailed: 'Failed to create the API key',
  revokeFailed: 'Failed to revoke the API key',
} as const;

/** The feeds of changes (decision 0493). */
export const CHANGE_FEED = {
  defaultLimit: 100,
  maxLimit: 500,
  /** `<txid>.<seq>`: opaque to clients. */
  cursorPattern: /^\d{1,20}\.\d{1,20}$/,
} as const;

/** The reference page (decision 0494). */
export const API_REFERENCE = {
  title: 'API reference',
  intro: 'Read the marketplace’s public data, and your own, from a script. Every answer is JSON; lists and charts can also be downloaded as CSV or JSON.',
  authTitle: 'Authentication',
  examplesTitle: 'Examples',
  routesTitle: 'Every route',
  keysLink: 'Manage your API keys',
  signInForKeys: 'Sign in to create an API key',
  loading: 'Loading the API reference...',
  failed: 'Failed to load the API reference',
} as const;
