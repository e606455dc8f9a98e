/** Free-mail domains refused at sign-up (the ruling on `{host}`, docs/product/accounts.md#validation). */
export const BLOCKED_EMAIL_DOMAINS = [
  'gmail.com',
  'yahoo.co.uk',
  'yahoo.com',
  'hotmail.com',
  'hotmail.co.uk',
] as const;

export const USER_TYPES = ['provider', 'representative'] as const;
export type UserType = (typeof USER_TYPES)[number];

export const USER_TYPE_LABELS: Record<UserType, string> = {
  provider: 'Service Provider',
  representative: 'Asset Representative',
};

/** The exact texts users see (docs/product/accounts.md). */
export const ACCOUNT_MESSAGES = {
  /** Decision 0424: told only after the right password, so it reveals nothing to a guesser. */
  accountSuspended: 'This account has been suspended. Please contact us if you think this is a mistake.',
  invalidEmail: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
  businessEmail: 'Business email required',
  nameMin: 'Name must be at least 2 characters',
  companyMin: 'Company name must be at least 2 characters',
  passwordMin: 'Password must be at least 8 characters',
  passwordUpper: 'Password must contain at least one uppercase letter',
  passwordLower: 'Password must contain at least one lowercase letter',
  passwordDigit: 'Password must contain at least one number',
  passwordsDontMatch: "Passwords don't match",
  accountType: 'Please select an account type',
  tokenRequired: 'Reset token is required',
  invalidCredentials: 'Invalid email or password',
  notSignedIn: 'Not signed in',
  /** Not in the spec (docs/security.md#authentication-passwords-sessions, NCSC): decision 0101. */
  passwordTooCommon: 'This password is too common',
  passwordMax: 'Password must be at most 128 characters',
  emailExists: 'An account with this email already exists',
  forgotNeutral: 'If an account exists with this email, you will receive password reset instructions.',
  invalidToken: 'Invalid token',
  invalidTokenTitle: 'Invalid Token',
  tokenExpired: 'This reset link is invalid or has expired. Please request a new one.',
  passwordResetDone: 'Your password has been reset. Please sign in with your new password.',
  loginSuccess: 'You have been logged in successfully.',
  registrationSuccess: 'Registration successful',
  registrationFailed: 'Registration failed',
  resetEmailFailed: 'Failed to send reset email',
  resetFailed: 'Failed to reset password',
  invalidResponse: 'Invalid response format',
  accountCreatedTitle: 'Account created',
  accountCreated: 'You have successfully created your account.',
  createAccountFailed: 'Failed to create account',
  logoutSuccess: 'You have been logged out successfully.',
  logoutFailed: 'Failed to logout. Please try again.',
  detailsUpdated: 'Your details have been updated.',
  typeUpdated: 'Your account type has been updated.',
  deletionRequested: 'Your account deletion request has been received. Your account will be deleted within 30 days.',
  deletionAlreadyRequested: 'Account deletion has already been requested',
  adminCannotDelete: 'Admin accounts cannot request deletion',
  noDeletionRequest: 'No pending deletion request for this user',
  welcomeSent: 'Welcome email sent',
  /** Sign-in throttling (decision 0336): the wait, in whole seconds, of the slowest dimension. */
  /** Email verification (decision 0337). */
  verifyBanner: (email: string) => `Please confirm your email address: open the link we sent to ${email}.`,
  verifyResend: 'Send a new link',
  verificationSent: (email: string) => `We have sent a new confirmation link to ${email}.`,
  verificationSendFailed: 'Failed to send the confirmation link. Please try again.',
  emailVerified: 'Your email address is confirmed. Thank you.',
  emailAlreadyVerified: 'Your email address is already confirmed.',
  verificationInvalid: 'This confirmation link is invalid or has expired. Sign in and send a new one from the banner at the top of the page.',
  verifyToClaim:
    'Please confirm your email address before claiming a profile: open the link we emailed you, or send a new one from the banner at the top of the page.',
  verifyToCreateProvider:
    'Please confirm your email address before creating a business profile: open the link we emailed you, or send a new one from the banner at the top of the page.',
  verifyToLaunchTender:
    'Please confirm your email address before launching a tender: open the link we emailed you, or send a new one from the banner at the top of the page.',
  verifyToInvite:
    'Please confirm your email address before inviting a provider: open the link we emailed you, or send a new one from the banner at the top of the page.',
  verifyToRespondToTender:
    'Please confirm your email address before responding to a tender or asking about one: open the link we emailed you, or send a new one from the banner at the top of the page.',
  verifyToContactTenderOwner:
    'Please confirm your email address before contacting a tender owner: open the link we emailed you, or send a new one from the banner at the top of the page.',
  loginThrottled: (seconds: number) =>
    `Too many failed sign-in attempts. Please try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`,
} as const;

/** Dashboard subtitles by account type (docs/product/accounts.md#dashboard). */
export const DASHBOARD_SUBTITLES: Record<UserType, string> = {
  provider: 'Manage your services',
  representative: 'Manage your solar assets',
};

/** Password reset (docs/product/accounts.md#password-reset; docs/security.md#authentication-passwords-sessions): 1 hour tokens, redirect to login after 2 s. */
export const RESET_TOKEN_TTL_MS = 60 * 60_000;
export const RESET_REDIRECT_MS = 2000;

/** Email verification links (decision 0337): single use, valid for 7 days. */
export const EMAIL_VERIFICATION_TTL_MS = 7 * 24 * 60 * 60_000;

/** Account deletion is processed within 30 days unless an admin cancels it (docs/product/accounts.md#account-deletion). */
export const DELETION_GRACE_DAYS = 30;

/**
 * Route limits per process (decisions 0004 and 0103). Failed sign-ins are throttled separately
 * (LOGIN_THROTTLE); `loginPerIp` caps every sign-in request from one address, right or wrong.
 */
export const AUTH_LIMITS = {
  loginPerIp: { max: 300, windowMs: 15 * 60_000 },
  signupPerIp: { max: 30, windowMs: 60 * 60_000 },
  /** Decision 0421: forgot-password slows the requester (per address, per address and email), never the account. */
  forgotPerIp: { max: 10, windowMs: 15 * 60_000 },
  forgotPerPair: { max: 3, windowMs: 60 * 60_000 },
  resetPerIp: { max: 20, windowMs: 15 * 60_000 },
  validateTokenPerIp: { max: 30, windowMs: 15 * 60_000 },
  welcomePerAccount: { max: 3, windowMs: 60 * 60_000 },
  settingsPerAccount: { max: 60, windowMs: 15 * 60_000 },
  /** Decision 0337: following a link, and asking for a new one. */
  verifyEmailPerIp: { max: 30, windowMs: 15 * 60_000 },
  resendVerificationPerAccount: { max: 3, windowMs: 60 * 60_000 },
  resendVerificationPerIp: { max: 10, windowMs: 60 * 60_000 },
} as const;

/**
 * Password reset mails to one account (decision 0421): at most `max` in `windowMs` to requests from
 * addresses the account has not signed in from; a request from an address it signed in from in the
 * last `knownAddressMs` is its owner's and always gets its mail (within the requester limits).
 */
export const RESET_MAIL_CAP = { max: 3, windowMs: 15 * 60_000, knownAddressMs: 90 * 24 * 60 * 60_000 } as const;

/**
 * Sign-in throttling (NCSC: throttle, don't lock; decision 0336, superseding the lockout of 0103).
 * Failed sign-ins are counted per account, per client address (an IPv6 client by its /64) and per
 * account and address pair. After `free` failures a dimension makes the client wait
 * min(capMs, baseMs × 2^(failures − free)) from its last failure; a count is forgotten `forgetMs`
 * after its last failure. The account dimension applies only to a client whose address has failed
 * itself, measured from that failure, and is capped low: others' guesses never stop a client that
 * has not been failing from signing in with the right password.
 */
export const LOGIN_THROTTLE = {
  pair: { free: 5, baseMs: 1_000, capMs: 15 * 60_000 },
  ip: { free: 20, baseMs: 1_000, capMs: 15 * 60_000 },
  account: { free: 10, baseMs: 1_000, capMs: 60_000 },
  forgetMs: 60 * 60_000,
} as const;
export type ThrottleRule = (typeof LOGIN_THROTTLE)['pair' | 'ip' | 'account'];

/** docs/security.md#authentication-passwords-sessions: allow long passphrases; the bound keeps argon2 input sane. */
export const PASSWORD_MAX_LENGTH = 128;

/** Session lifetimes (docs/security.md#authentication-passwords-sessions: idle and absolute timeouts). */
export const SESSION_IDLE_DAYS = 7;
export const SESSION_ABSOLUTE_DAYS = 30;

/**
 * Sessions answered from memory (decisions 0386, 0430): at most `maxBytes` per process (about 1 KB a
 * session; the least recently used goes first), each re-read from the database after `ttlMs` even
 * when no write named it; `touchIntervalMs` is how often a session's last_seen_at (the idle clock) is
 * written at most.
 */
export const SESSION_CACHE = { maxBytes: 20 * 1024 * 1024, ttlMs: 10 * 60_000, touchIntervalMs: 60_000 } as const;
