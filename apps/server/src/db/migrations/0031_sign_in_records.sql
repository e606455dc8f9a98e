-- Where and when accounts sign in (issue 25 finding 6, issue 28 item 8; decisions 0421, 0424).
-- SQL valid on PostgreSQL 15+ and on PGlite (PostgreSQL 18).

-- The admin users list shows each account's last sign-in.
ALTER TABLE users ADD COLUMN last_sign_in_at timestamptz;

-- The client addresses an account has signed in from (an IPv6 client by its /64, as the sign-in
-- throttle counts it), as sha256 hashes: a password reset asked from one of them is the owner's
-- own and is never held back by the cap on reset mails to the account (decision 0421). Forgotten
-- 90 days after the last sign-in from the address.
CREATE TABLE account_sign_in_addresses (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  address_hash text NOT NULL,
  last_sign_in_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, address_hash)
);
CREATE INDEX account_sign_in_addresses_last_idx ON account_sign_in_addresses (last_sign_in_at);

-- Reset mails sent to an account recently (the cap counts them), newest first.
CREATE INDEX password_reset_tokens_user_created_idx ON password_reset_tokens (user_id, created_at DESC);

-- A sign-in only moves last_sign_in_at: processes keep the account's sessions in memory (migration
-- 0028 named the user on any change of its row).
DROP TRIGGER users_session_cache_upd ON users;
CREATE TRIGGER users_session_cache_upd AFTER UPDATE ON users REFERENCING OLD TABLE AS read_cache_old NEW TABLE AS read_cache_new
  FOR EACH STATEMENT EXECUTE FUNCTION read_cache_notify('session-users', 'rows', '', 'last_sign_in_at');
