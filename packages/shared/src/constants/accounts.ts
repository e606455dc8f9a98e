/** Free-mail domains refused at sign-up (spec README ruling on accounts §5 `{host}`). */
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

/** accounts §5, §8: the exact texts users see. */
export const ACCOUNT_MESSAGES = {
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
} as const;

/** SECURITY.md: allow long passphrases; the bound keeps argon2 input sane. */
export const PASSWORD_MAX_LENGTH = 128;

/** Session lifetimes (SECURITY.md: idle and absolute timeouts). */
export const SESSION_IDLE_DAYS = 7;
export const SESSION_ABSOLUTE_DAYS = 30;
