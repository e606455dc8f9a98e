/**
 * The API for scripts (docs/product/developers.md): API keys, the feeds of changes and the pages
 * that go with them (decisions 0492, 0493, 0530). One home for their limits and texts.
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
  retry: 'Try again',
  loading: 'Loading your API keys...',
  created: 'API key created',
  newKeyLabel: 'Your new key',
  done: 'I have copied it',
  copyFailed: 'Copying failed: select the key and copy it yourself.',
  listTitle: 'Your keys',
  createdOn: 'Created',
  lastUsed: 'Last used',
  revokedOn: 'Revoked',
  active: (n: number, max: number) => `${n} of ${max} active keys`,
  atMost: (max: number) => `You can hold up to ${max} active keys.`,
  cancel: 'Cancel',
  referenceLink: 'Read the API reference',
  usage: 'Send it with each request:',
  settingsLink: 'Manage API keys',
  settingsHint: 'Let your scripts read the marketplace’s data and your own.',
} as const;

/** The feeds of changes (decision 0493). */
export const CHANGE_FEED = {
  defaultLimit: 100,
  maxLimit: 500,
  /** `<txid>.<seq>`: opaque to clients. */
  cursorPattern: /^\d{1,20}\.\d{1,20}$/,
} as const;

/** The reference page (decision 0530). */
export const API_REFERENCE = {
  title: 'API reference',
  intro: 'Read the marketplace’s public data, and your own, from a script. Answers are JSON; exports and charts can also be downloaded as CSV or JSON, and each route lists the media types it sends.',
  authTitle: 'Authentication',
  examplesTitle: 'Examples',
  routesTitle: 'Every route',
  keysLink: 'Manage your API keys',
  signInForKeys: 'Sign in to create an API key',
  loading: 'Loading the API reference...',
  failed: 'Failed to load the API reference',
  retry: 'Try again',
  authText: 'Public reads need nothing. For your own data, and for higher limits of your own, send an API key: "Authorization: Bearer <key>". A key works only on reads (GET) that are public or need a sign-in, never on admin routes or changes.',
  limitText: (perMinute: number) => `Each key may make ${perMinute} requests a minute; every keyed answer says how many are left (X-RateLimit-Remaining).`,
  filterLabel: 'Find a route',
  filterHint: 'A path, a word of its summary or a group',
  noMatch: 'No route matches.',
  contents: 'Groups',
  parameters: 'Parameters',
  body: 'Body',
  answers: 'Answers',
  /** Before the response headers an answer carries (an export's row counts). */
  headers: 'Headers',
  required: 'required',
  keyWorks: 'API key works',
  keyRefused: 'No API key',
  access: { public: 'Anyone', user: 'Signed in or API key', admin: 'Admins only' } as Record<string, string>,
  routeCount: (n: number) => `${n} ${n === 1 ? 'route' : 'routes'}`,
  document: 'The OpenAPI document',
} as const;

/**
 * The common reads, shown on the reference page and walked through in docs/product/developers.md
 * (the same commands: `features/developers/test/developers-walkthrough.test.ts` runs the document's
 * and checks these are among them).
 */
export const API_EXAMPLES = [
  { title: 'Tenders changed since your last read (start without "after")', command: 'curl -sS -H "Authorization: Bearer $KEY" "$SITE/api/changes/tenders?limit=2"' },
  { title: 'Solar projects by region, as CSV', command: 'curl -sS -H "Authorization: Bearer $KEY" "$SITE/api/assets/insights/breakdown?by=region&format=csv"' },
  { title: 'The public tender board, as JSON', command: 'curl -sS -H "Authorization: Bearer $KEY" "$SITE/api/exports/tenders?format=json"' },
  { title: 'Who you are (your key’s account)', command: 'curl -sS -H "Authorization: Bearer $KEY" "$SITE/api/auth/me"' },
] as const;
