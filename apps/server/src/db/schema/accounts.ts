import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull(),
  name: text('name').notNull(),
  company: text('company').notNull(),
  phone: text('phone'),
  type: text('type', { enum: ['provider', 'representative'] }).notNull(),
  passwordHash: text('password_hash').notNull(),
  isAdmin: boolean('is_admin').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  /** Migration 0002: set while a deletion request is pending. */
  deletionRequestedAt: timestamp('deletion_requested_at', { withTimezone: true, mode: 'date' }),
  /** Migration 0016: when the account followed its verification link (decision 0337). */
  emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true, mode: 'date' }),
  /** Migration 0031: the last successful sign-in (the admin users list). */
  lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true, mode: 'date' }),
  /** Migration 0032: set while an admin has suspended the account (decision 0424). */
  suspendedAt: timestamp('suspended_at', { withTimezone: true, mode: 'date' }),
  suspendedBy: uuid('suspended_by'),
});
export type UserRow = typeof users.$inferSelect;

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Migration 0002: reset tokens, stored as sha256 hashes; single use, 1 hour. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [
    index('password_reset_tokens_user_id_idx').on(t.userId),
    index('password_reset_tokens_expires_at_idx').on(t.expiresAt),
    // Migration 0031: recent reset mails per account (the mailbox cap, decision 0421).
    index('password_reset_tokens_user_created_idx').on(t.userId, t.createdAt.desc()),
  ],
);

/** Migration 0002: the deletion log (no foreign key: it outlives the account). */
export const accountDeletionRequests = pgTable('account_deletion_requests', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull(),
  requestedAt: ts('requested_at').notNull(),
  dueAt: ts('due_at').notNull(),
  reason: text('reason'),
  status: text('status', { enum: ['pending', 'cancelled', 'completed', 'failed'] }).notNull().default('pending'),
  cancelledAt: ts('cancelled_at'),
  cancelledBy: uuid('cancelled_by'),
  completedAt: ts('completed_at'),
  lastError: text('last_error'),
});

/** Migration 0002: a sign-up's providerId, until the providers feature files the claim (decision 0102). */
export const signupClaimIntents = pgTable(
  'signup_claim_intents',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    providerId: text('provider_id').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    processedAt: ts('processed_at'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.providerId] })],
);

/** Migration 0016: email verification tokens, stored as sha256 hashes; single use, 7 days (decision 0337). */
export const emailVerificationTokens = pgTable(
  'email_verification_tokens',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The address the link was sent to: the token verifies this address only. */
    email: text('email').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [index('email_verification_tokens_user_id_idx').on(t.userId), index('email_verification_tokens_expires_at_idx').on(t.expiresAt)],
);

/** Migration 0016: failed sign-ins per hashed key (account, client address, pair), decision 0336. */
export const loginThrottle = pgTable(
  'login_throttle',
  {
    key: text('key').primaryKey(),
    failures: integer('failures').notNull(),
    lastFailureAt: ts('last_failure_at').notNull(),
  },
  (t) => [index('login_throttle_last_failure_at_idx').on(t.lastFailureAt)],
);

/** Migration 0031: addresses an account signed in from, hashed (decision 0421). */
export const accountSignInAddresses = pgTable(
  'account_sign_in_addresses',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    addressHash: text('address_hash').notNull(),
    lastSignInAt: ts('last_sign_in_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.addressHash] }), index('account_sign_in_addresses_last_idx').on(t.lastSignInAt)],
);
