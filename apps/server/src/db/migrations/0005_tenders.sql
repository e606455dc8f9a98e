-- Tenders (accounts §3 Tender, issue 8): listed in the product ('Solar Manager') or imported from
-- public-procurement OCDS releases ('External'). Status is never stored: it is computed when read
-- from `stage` and `closing_date` (docs/decisions/0170-tender-status-computed-when-read.md).
-- SQL valid on PostgreSQL 15+ and on PGlite (PostgreSQL 18).
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE tenders (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  service text,
  title text NOT NULL,
  description text NOT NULL DEFAULT '',
  location text,
  latitude double precision CHECK (latitude IS NULL OR latitude BETWEEN -90 AND 90),
  longitude double precision CHECK (longitude IS NULL OR longitude BETWEEN -180 AND 180),
  coordinates_approximate boolean NOT NULL DEFAULT false,
  search_radius integer,
  start_time_preference text,
  type text NOT NULL DEFAULT 'open' CHECK (type IN ('open', 'private')),
  source text NOT NULL CHECK (source IN ('Solar Manager', 'External')),
  -- 'active' until an award release ('awarded') or a cancelled / unsuccessful notice ('cancelled').
  stage text NOT NULL DEFAULT 'active' CHECK (stage IN ('active', 'awarded', 'cancelled')),
  external_id text UNIQUE,
  external_release_id text,
  external_release_date timestamptz,
  organisation_name text,
  published_date timestamptz NOT NULL DEFAULT now(),
  closing_date timestamptz,
  start_date timestamptz,
  end_date timestamptz,
  value_minimum numeric(16, 2),
  value_maximum numeric(16, 2),
  contact_name text,
  contact_email text,
  contact_phone text,
  contact_website text,
  contact_address text,
  contact_town text,
  contact_postcode text,
  notice_url text,
  region text,
  cpv_codes text[] NOT NULL DEFAULT '{}',
  sectors text[] NOT NULL DEFAULT '{}',
  award_supplier text,
  award_value numeric(16, 2),
  award_date timestamptz,
  is_demo boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- The public list: open tenders only, sorted by published or closing date, filtered by status.
CREATE INDEX tenders_public_published_idx ON tenders (published_date DESC, id) WHERE type = 'open';
CREATE INDEX tenders_public_closing_idx ON tenders (closing_date, id) WHERE type = 'open';
CREATE INDEX tenders_source_idx ON tenders (source);
CREATE INDEX tenders_user_id_idx ON tenders (user_id);
CREATE INDEX tenders_service_idx ON tenders (lower(service));
CREATE INDEX tenders_text_trgm_idx ON tenders USING gin ((title || ' ' || description) gin_trgm_ops);
CREATE INDEX tenders_place_trgm_idx ON tenders
  USING gin ((coalesce(location, '') || ' ' || coalesce(contact_town, '') || ' ' || coalesce(contact_postcode, '') || ' ' || coalesce(region, '')) gin_trgm_ops);
CREATE INDEX tenders_sectors_idx ON tenders USING gin (sectors);

-- Providers invited to a private tender (providers come from 0004_providers.sql).
CREATE TABLE tender_invitations (
  tender_id uuid NOT NULL REFERENCES tenders (id) ON DELETE CASCADE,
  provider_id uuid NOT NULL REFERENCES providers (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  notified_at timestamptz,
  PRIMARY KEY (tender_id, provider_id)
);
CREATE INDEX tender_invitations_provider_idx ON tender_invitations (provider_id);

-- Save Tender ('saved') and Save for Later ('later', reminded before closing) per user.
CREATE TABLE tender_saves (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  tender_id uuid NOT NULL REFERENCES tenders (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('saved', 'later')),
  created_at timestamptz NOT NULL DEFAULT now(),
  reminded_at timestamptz,
  PRIMARY KEY (user_id, tender_id, kind)
);

-- New-tender alerts for providers: at most one digest a day.
CREATE TABLE tender_alerts (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  enabled boolean NOT NULL DEFAULT true,
  last_digest_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now()
);
