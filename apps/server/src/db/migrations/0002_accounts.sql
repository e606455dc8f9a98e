-- Accounts (issue 3): password reset tokens, deletion requests, sign-up claim intents.
-- SQL valid on PostgreSQL 15+ and on PGlite (PostgreSQL 18).

-- Set while a deletion request is pending, so /api/auth/me needs no join (decision 0105).
ALTER TABLE users ADD COLUMN deletion_requested_at timestamptz;

CREATE TABLE password_reset_tokens (
  id text PRIMARY KEY, -- sha256 of the token; the token itself is never stored
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX password_reset_tokens_user_id_idx ON password_reset_tokens (user_id);
CREATE INDEX password_reset_tokens_expires_at_idx ON password_reset_tokens (expires_at);

-- The deletion log outlives the account (no foreign key): it records that a deletion happened,
-- when, and who cancelled one, without any personal data beyond the former user id.
CREATE TABLE account_deletion_requests (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL,
  requested_at timestamptz NOT NULL,
  due_at timestamptz NOT NULL,
  reason text,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'cancelled', 'completed', 'failed')),
  cancelled_at timestamptz,
  cancelled_by uuid,
  completed_at timestamptz,
  last_error text
);
CREATE UNIQUE INDEX account_deletion_requests_pending_key ON account_deletion_requests (user_id) WHERE status = 'pending';
CREATE INDEX account_deletion_requests_due_idx ON account_deletion_requests (due_at) WHERE status = 'pending';

-- Sign-up with a providerId (decision 0102): kept until the providers feature files the claim.
CREATE TABLE signup_claim_intents (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  provider_id text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  processed_at timestamptz,
  PRIMARY KEY (user_id, provider_id)
);
