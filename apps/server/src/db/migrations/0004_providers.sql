-- Provider directory (issue 4): providers, their media files and claims.
-- SQL valid on PostgreSQL 15+ and on PGlite (PostgreSQL 18).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE EXTENSION IF NOT EXISTS cube;
CREATE EXTENSION IF NOT EXISTS earthdistance;

-- Immutable helpers so list columns can be indexed for case-insensitive matching (directory §5).
CREATE OR REPLACE FUNCTION providers_lower_array(text[]) RETURNS text[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT coalesce(array_agg(lower(x)), '{}'::text[]) FROM unnest($1) AS x $$;
-- Joins list items with a unit separator (chr 31) that search input never contains, so a substring
-- match cannot span two items.
CREATE OR REPLACE FUNCTION providers_join_lower(text[]) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT coalesce(string_agg(lower(x), chr(31)), '') FROM unnest($1) AS x $$;

CREATE TABLE providers (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  slug text NOT NULL,
  user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  business_name text NOT NULL,
  description text NOT NULL DEFAULT '',
  type text NOT NULL DEFAULT '',
  services text[] NOT NULL DEFAULT '{}',
  expertise text[] NOT NULL DEFAULT '{}',
  technologies text[] NOT NULL DEFAULT '{}',
  scale text[] NOT NULL DEFAULT '{}',
  phase text[] NOT NULL DEFAULT '{}',
  certifications text[] NOT NULL DEFAULT '{}',
  industry_associations text[] NOT NULL DEFAULT '{}',
  location text NOT NULL DEFAULT '',
  latitude double precision CHECK (latitude BETWEEN -90 AND 90),
  longitude double precision CHECK (longitude BETWEEN -180 AND 180),
  service_radius double precision CHECK (service_radius >= -1),
  logo text,
  cover_image text,
  website text,
  phone text,
  email text,
  linkedin text,
  twitter text,
  facebook text,
  place_id text,
  claimed boolean NOT NULL DEFAULT false,
  claim_approved boolean NOT NULL DEFAULT false,
  -- 'repd' (seeded from public data), 'demo' (SEED_DEMO), 'user' (created through the app), 'scale' (load tests)
  source text NOT NULL DEFAULT 'user',
  source_ref text,
  -- Number of filled profile fields, kept by the service on every write (default server order).
  completeness integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (slug <> '' AND slug NOT IN ('new', 'map'))
);
CREATE UNIQUE INDEX providers_slug_key ON providers (slug);
CREATE UNIQUE INDEX providers_business_name_key ON providers (lower(trim(business_name)));
CREATE INDEX providers_user_id_idx ON providers (user_id);
-- Default server order: claim-approved first, then completeness, then name.
CREATE INDEX providers_default_order_idx ON providers (claim_approved DESC, completeness DESC, lower(business_name), id);
CREATE INDEX providers_name_order_idx ON providers (lower(business_name), id);
-- Substring search on names and services (trigram).
CREATE INDEX providers_business_name_trgm_idx ON providers USING gin (lower(business_name) gin_trgm_ops);
CREATE INDEX providers_services_trgm_idx ON providers USING gin (providers_join_lower(services) gin_trgm_ops);
-- "All selected values included" for technologies, scale and phase.
CREATE INDEX providers_technologies_idx ON providers USING gin (providers_lower_array(technologies));
CREATE INDEX providers_scale_idx ON providers USING gin (providers_lower_array(scale));
CREATE INDEX providers_phase_idx ON providers USING gin (providers_lower_array(phase));
CREATE INDEX providers_type_idx ON providers (lower(type));
-- Radius prefilter: a bounding box on the earth cube, then the exact haversine distance.
CREATE INDEX providers_earth_idx ON providers USING gist (ll_to_earth(latitude, longitude))
  WHERE latitude IS NOT NULL AND longitude IS NOT NULL;
CREATE INDEX providers_countrywide_idx ON providers (id) WHERE service_radius = -1;

CREATE TABLE provider_media_files (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  provider_id uuid NOT NULL REFERENCES providers (id) ON DELETE CASCADE,
  uploaded_by uuid REFERENCES users (id) ON DELETE SET NULL,
  title text NOT NULL,
  type text NOT NULL CHECK (type IN ('image', 'document')),
  mime_type text NOT NULL,
  storage_key text NOT NULL,
  thumbnail_key text,
  size_bytes integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX provider_media_files_provider_idx ON provider_media_files (provider_id, created_at DESC);

CREATE TABLE provider_claims (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  provider_id uuid NOT NULL REFERENCES providers (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  company_role text NOT NULL,
  message text NOT NULL DEFAULT '',
  -- 'claim' on an unclaimed profile; 'dispute' when the profile already has an approved owner.
  kind text NOT NULL DEFAULT 'claim' CHECK (kind IN ('claim', 'dispute')),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  review_message text,
  reviewed_by uuid REFERENCES users (id) ON DELETE SET NULL,
  reviewed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX provider_claims_provider_idx ON provider_claims (provider_id);
CREATE INDEX provider_claims_user_idx ON provider_claims (user_id, created_at DESC);
CREATE INDEX provider_claims_status_idx ON provider_claims (status, created_at);
-- One open claim per user and profile: a second submission updates the pending one.
CREATE UNIQUE INDEX provider_claims_pending_key ON provider_claims (provider_id, user_id) WHERE status = 'pending';
