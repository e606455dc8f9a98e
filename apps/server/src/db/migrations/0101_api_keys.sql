-- Per-account API keys (issue 32, decision 0492): a script reads the public routes and its account's
-- own data with `Authorization: Bearer <key>`. The key is shown once, at creation; only its SHA-256
-- is kept (the key is 192 random bits, so a fast hash is enough, as for session ids), with a short
-- prefix to tell keys apart. Revoking keeps the row (its name and dates stay listed); a revoked key
-- never authenticates again. Deleting the account deletes its keys.
-- SQL valid on PostgreSQL 15+ and on PGlite (PostgreSQL 18).
CREATE TABLE api_keys (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name text NOT NULL,
  -- The key's first characters ('sm_AbC12xYz'), shown in the list.
  prefix text NOT NULL,
  key_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- Written at most once a minute per key and process (platform/api-keys.ts).
  last_used_at timestamptz,
  revoked_at timestamptz
);
CREATE INDEX api_keys_user_idx ON api_keys (user_id, created_at DESC);
