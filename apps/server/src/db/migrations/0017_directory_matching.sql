-- Directory matching (issue 19): planning applicants, nearest first, provider invitations, and the
-- parts catalogue's phase and grid. SQL valid on PostgreSQL 15+ and on PGlite (PostgreSQL 18).

-- 1. Profiles imported from REPD operators are planning applicants, not service providers
-- (docs/decisions/0360): 'Asset Owner' when REPD lists one of their sites as operational, else
-- 'Project Developer'; no service radius (the seed had set the spread of their sites, at least 1 km).
-- Only profiles nobody owns and nobody has typed yet; completeness follows the two fields.
UPDATE providers SET
  type = CASE WHEN 'Operational' = ANY (phase) THEN 'Asset Owner' ELSE 'Project Developer' END,
  service_radius = NULL,
  completeness = completeness + 1 - (CASE WHEN coalesce(service_radius, 0) <> 0 THEN 1 ELSE 0 END)
WHERE source = 'repd' AND user_id IS NULL AND NOT claim_approved AND type = '';

-- 2. The directory's location prefilter (docs/decisions/0300, 0361) also reaches applicants, which
-- have coordinates but no radius, and gives every located provider's distance for 'Nearest first'.
DROP INDEX IF EXISTS providers_lat_lng_idx;
CREATE INDEX providers_lat_lng_idx ON providers (latitude, longitude)
  WHERE latitude IS NOT NULL AND longitude IS NOT NULL;
ANALYZE providers;

-- 3. 'Invite a provider' (docs/decisions/0360): one row per invitation mailed, so an address is
-- mailed at most once in 30 days whoever asks. Removed with the inviting account.
CREATE TABLE provider_invitations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  invited_by uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name text NOT NULL,
  email text NOT NULL,
  message text NOT NULL DEFAULT '',
  service text NOT NULL DEFAULT '',
  location text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX provider_invitations_email_idx ON provider_invitations (lower(email), created_at DESC);
CREATE INDEX provider_invitations_invited_by_idx ON provider_invitations (invited_by);

-- 4. Parts (docs/decisions/0362): an inverter's phase and the grid a listing is rated for, derived
-- on import from the AC voltage and the model name. The catalogue import compares these columns, so
-- running it again fills them: forget that it ran, and the next start imports again (idempotent).
ALTER TABLE parts ADD COLUMN phase text CHECK (phase IN ('single', 'three'));
ALTER TABLE parts ADD COLUMN grid text CHECK (grid IN ('uk', 'us'));
DELETE FROM app_meta WHERE key = 'seed:parts-catalogue';
