-- Accounts hardening (issue 14): email verification (decision 0337) and login throttling
-- (decision 0336). SQL valid on PostgreSQL 15+ and on PGlite (PostgreSQL 18).

-- When the account proved it receives mail at its address; NULL until the link is followed.
ALTER TABLE users ADD COLUMN email_verified_at timestamptz;
-- Accounts made before verification existed count as verified (decision 0337): they were already
-- trusted with claims and tenders, and an admin reviewed what they filed.
UPDATE users SET email_verified_at = created_at WHERE email_verified_at IS NULL;

CREATE TABLE email_verification_tokens (
  id text PRIMARY KEY, -- sha256 of the token; the token itself is never stored
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  email text NOT NULL, -- the address the link went to: it verifies that address only
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX email_verification_tokens_user_id_idx ON email_verification_tokens (user_id);
CREATE INDEX email_verification_tokens_expires_at_idx ON email_verification_tokens (expires_at);

-- Failed sign-ins per account, per client address and per pair, shared by every server process
-- and kept across restarts. Keys are sha256 hashes: no email or address is stored here.
CREATE TABLE login_throttle (
  key text PRIMARY KEY,
  failures integer NOT NULL,
  last_failure_at timestamptz NOT NULL
);
CREATE INDEX login_throttle_last_failure_at_idx ON login_throttle (last_failure_at);
