-- Trust you can check (issue 31; docs/decisions/0480-0484): Companies House checks, accreditations
-- with evidence, reviews only from real work, public contracts matched to providers, buyer pages.
-- SQL valid on PostgreSQL 15+ and on PGlite (PostgreSQL 18).

-- The company behind a profile (format checked by the shared contract: 8 characters, a known
-- prefix), its Find a Tender (PPON) identifier when it has one, and the figures the directory reads
-- on every card, kept by the services in the transaction that changes what they summarise.
ALTER TABLE providers
  ADD COLUMN company_number text CHECK (company_number IS NULL OR company_number ~ '^[A-Z0-9]{8}$'),
  ADD COLUMN ppon_id text CHECK (ppon_id IS NULL OR ppon_id ~ '^[A-Z0-9-]{4,40}$'),
  ADD COLUMN verified_accreditations text[] NOT NULL DEFAULT '{}',
  ADD COLUMN review_count integer NOT NULL DEFAULT 0 CHECK (review_count >= 0),
  ADD COLUMN review_average numeric(3, 2) CHECK (review_average IS NULL OR review_average BETWEEN 1 AND 5);
-- One profile per company (decision 0484): a second profile naming the same company claims the first.
CREATE UNIQUE INDEX providers_company_number_key ON providers (company_number) WHERE company_number IS NOT NULL;
CREATE UNIQUE INDEX providers_ppon_id_key ON providers (ppon_id) WHERE ppon_id IS NOT NULL;
-- The directory's "Verified accreditations" filter (all chosen schemes verified and in date).
CREATE INDEX providers_verified_accreditations_idx ON providers USING gin (verified_accreditations);

-- The latest Companies House check of a profile's company (decision 0481): the last check made
-- (`checked_at`, its results in `checks` as [{key, status: pass | warn | fail, label, detail}] and the
-- register's facts in `company`), and, when the latest attempt could not be made, when and what
-- failed (`failed_at`, `failure`), so a failed refresh never hides the dated results before it.
CREATE TABLE provider_company_checks (
  provider_id uuid PRIMARY KEY REFERENCES providers (id) ON DELETE CASCADE,
  company_number text NOT NULL,
  checked_at timestamptz,
  checks jsonb NOT NULL DEFAULT '[]'::jsonb,
  company jsonb,
  -- Active officers' names as the register gives them ('SURNAME, Forename'): public data, compared
  -- with a claimant's name in claim review.
  officers text[] NOT NULL DEFAULT '{}',
  failed_at timestamptz,
  failure text,
  next_check_at timestamptz NOT NULL,
  CHECK (checked_at IS NOT NULL OR failed_at IS NOT NULL),
  CHECK ((failed_at IS NULL) = (failure IS NULL))
);
CREATE INDEX provider_company_checks_due_idx ON provider_company_checks (next_check_at);

-- Accreditations with evidence (decision 0482). The state is stored so the directory filter is one
-- indexed lookup; the expiry job moves 'verified' and 'self-declared' to 'expired' on the day after
-- `expires_on`, and `providers.verified_accreditations` follows in the same transaction.
CREATE TABLE provider_accreditations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  provider_id uuid NOT NULL REFERENCES providers (id) ON DELETE CASCADE,
  scheme text NOT NULL,
  other_name text,
  number text NOT NULL,
  scope text NOT NULL DEFAULT '',
  expires_on date,
  evidence_filename text,
  evidence_mime text,
  evidence_key text,
  evidence_size integer CHECK (evidence_size IS NULL OR evidence_size > 0),
  status text NOT NULL DEFAULT 'self-declared' CHECK (status IN ('self-declared', 'verified', 'expired')),
  verified_at timestamptz,
  verified_by uuid REFERENCES users (id) ON DELETE SET NULL,
  review_note text,
  reminded_at timestamptz,
  expired_at timestamptz,
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((status = 'verified') = (verified_at IS NOT NULL)),
  CHECK ((evidence_key IS NULL) = (evidence_filename IS NULL))
);
CREATE INDEX provider_accreditations_provider_idx ON provider_accreditations (provider_id, created_at);
-- The admin queue: self-declared ones with evidence, oldest first.
CREATE INDEX provider_accreditations_queue_idx ON provider_accreditations (created_at) WHERE status = 'self-declared' AND evidence_key IS NOT NULL;
-- The expiry job and the 30-day reminder.
CREATE INDEX provider_accreditations_expiry_idx ON provider_accreditations (expires_on) WHERE status <> 'expired' AND expires_on IS NOT NULL;

-- Evidence files are private stored files owned by their accreditation (decision 0330).
ALTER TABLE stored_files ADD COLUMN accreditation_id uuid REFERENCES provider_accreditations (id) ON DELETE SET NULL;
ALTER TABLE stored_files DROP CONSTRAINT stored_files_kind_check;
ALTER TABLE stored_files ADD CONSTRAINT stored_files_kind_check
  CHECK (kind IN ('logo', 'cover', 'media', 'media-thumbnail', 'quote-attachment', 'tender-document', 'tender-response-attachment', 'accreditation-evidence'));
ALTER TABLE stored_files DROP CONSTRAINT stored_files_one_owner;
ALTER TABLE stored_files ADD CONSTRAINT stored_files_one_owner
  CHECK (num_nonnulls(provider_id, quote_id, tender_document_id, tender_response_attachment_id, accreditation_id) <= 1);
ALTER TABLE stored_files DROP CONSTRAINT stored_files_class_of_kind;
ALTER TABLE stored_files ADD CONSTRAINT stored_files_class_of_kind
  CHECK ((kind IN ('quote-attachment', 'tender-document', 'tender-response-attachment', 'accreditation-evidence')) = (storage_class = 'private'));
ALTER TABLE stored_files DROP CONSTRAINT stored_files_owner_of_kind;
ALTER TABLE stored_files ADD CONSTRAINT stored_files_owner_of_kind CHECK (
  (provider_id IS NULL OR kind IN ('logo', 'cover', 'media', 'media-thumbnail'))
  AND (quote_id IS NULL OR kind = 'quote-attachment')
  AND (tender_document_id IS NULL OR kind = 'tender-document')
  AND (tender_response_attachment_id IS NULL OR kind = 'tender-response-attachment')
  AND (accreditation_id IS NULL OR kind = 'accreditation-evidence')
);
DROP INDEX stored_files_unowned_idx;
CREATE INDEX stored_files_unowned_idx ON stored_files (created_at)
  WHERE provider_id IS NULL AND quote_id IS NULL AND tender_document_id IS NULL AND tender_response_attachment_id IS NULL AND accreditation_id IS NULL;

-- A quote the provider marked as completed work (decision 0480): its requester may review it.
ALTER TABLE quotes DROP CONSTRAINT quotes_status_check;
ALTER TABLE quotes ADD CONSTRAINT quotes_status_check CHECK (status IN ('pending', 'responded', 'declined', 'completed'));
ALTER TABLE quotes ADD COLUMN completed_at timestamptz;
ALTER TABLE quotes ADD CONSTRAINT quotes_completed_at CHECK ((status = 'completed') = (completed_at IS NOT NULL));

-- Reviews only from real work (decision 0480): one per completed quote or awarded tender, by its
-- other party. Never deleted by moderation: a removed review keeps its row (and the audit log says
-- who removed it and why), so the record stays.
CREATE TABLE reviews (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  provider_id uuid NOT NULL REFERENCES providers (id) ON DELETE CASCADE,
  author_id uuid REFERENCES users (id) ON DELETE SET NULL,
  author_name text NOT NULL,
  quote_id uuid UNIQUE REFERENCES quotes (id) ON DELETE SET NULL,
  tender_id uuid UNIQUE REFERENCES tenders (id) ON DELETE SET NULL,
  work_kind text NOT NULL CHECK (work_kind IN ('quote', 'tender')),
  -- When the work was completed or awarded: the review says "Tender awarded 03/2026".
  work_date timestamptz NOT NULL,
  quality smallint NOT NULL CHECK (quality BETWEEN 1 AND 5),
  value smallint NOT NULL CHECK (value BETWEEN 1 AND 5),
  reliability smallint NOT NULL CHECK (reliability BETWEEN 1 AND 5),
  body text NOT NULL,
  status text NOT NULL DEFAULT 'published' CHECK (status IN ('published', 'removed')),
  flagged_at timestamptz,
  flag_reason text,
  flagged_by uuid REFERENCES users (id) ON DELETE SET NULL,
  removed_at timestamptz,
  removed_by uuid REFERENCES users (id) ON DELETE SET NULL,
  removal_reason text,
  reply text,
  replied_at timestamptz,
  replied_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((status = 'removed') = (removed_at IS NOT NULL)),
  CHECK ((reply IS NULL) = (replied_at IS NULL))
);
CREATE INDEX reviews_provider_idx ON reviews (provider_id, created_at DESC, id) WHERE status = 'published';
CREATE INDEX reviews_author_idx ON reviews (author_id);
-- The moderation queue: flagged published reviews first, then the newest.
CREATE INDEX reviews_queue_idx ON reviews (flagged_at, created_at DESC) WHERE status = 'published';

-- Award suppliers' identifiers in one spelling, whatever shape a feed stored (decision 0483):
-- {"id": "GB-COH-01234567"} today, {"scheme": "GB-PPON", "id": "PXXX-0000-XXXX"} from feeds that
-- give the scheme apart. Companies House numbers are upper-cased and zero-padded to 8 characters.
CREATE FUNCTION award_supplier_ids(suppliers jsonb) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$
  SELECT coalesce(array_agg(DISTINCT v), '{}'::text[]) FROM (
    SELECT CASE
      WHEN full_id ~ '^GB-COH-[A-Z0-9]{1,8}$' THEN 'GB-COH-' || lpad(substr(full_id, 8), 8, '0')
      ELSE full_id
    END AS v
    FROM (
      SELECT upper(CASE
        WHEN coalesce(s ->> 'scheme', '') <> '' AND NOT upper(s ->> 'id') LIKE upper(s ->> 'scheme') || '-%'
          THEN (s ->> 'scheme') || '-' || btrim(s ->> 'id')
        ELSE btrim(s ->> 'id')
      END) AS full_id
      FROM jsonb_array_elements(CASE WHEN jsonb_typeof(suppliers) = 'array' THEN suppliers ELSE '[]'::jsonb END) AS e(s)
      WHERE jsonb_typeof(s) = 'object' AND coalesce(btrim(s ->> 'id'), '') <> ''
    ) AS raw
  ) AS ids WHERE v IS NOT NULL
$fn$;
CREATE INDEX tenders_award_supplier_ids_idx ON tenders USING gin (award_supplier_ids(award_suppliers)) WHERE stage = 'awarded';

-- An admin's decision on a name suggestion (decision 0483): an award supplier without an
-- identifier match is tied to a profile only once an admin confirms it. 'rejected' keeps the
-- suggestion from coming back.
CREATE TABLE award_supplier_matches (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tender_id uuid NOT NULL REFERENCES tenders (id) ON DELETE CASCADE,
  supplier_name text NOT NULL,
  provider_id uuid NOT NULL REFERENCES providers (id) ON DELETE CASCADE,
  status text NOT NULL CHECK (status IN ('confirmed', 'rejected')),
  decided_by uuid REFERENCES users (id) ON DELETE SET NULL,
  decided_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (tender_id, supplier_name, provider_id)
);
CREATE INDEX award_supplier_matches_provider_idx ON award_supplier_matches (provider_id) WHERE status = 'confirmed';

-- Buyer pages (decision 0483): a public buyer is the organisation named on its notices; its address
-- is the slug of that name, one spelling in SQL so the index serves the page.
CREATE FUNCTION buyer_slug(name text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$
  SELECT nullif(btrim(regexp_replace(lower(coalesce(name, '')), '[^a-z0-9]+', '-', 'g'), '-'), '')
$fn$;
CREATE INDEX tenders_buyer_slug_idx ON tenders (buyer_slug(organisation_name), published_date DESC) WHERE source = 'External';

-- The profile answer holds these tables' rows: a write tells the providers read cache about its
-- provider (migration 0026's trigger function, 'child' mode).
CREATE TRIGGER provider_company_checks_read_cache_ins AFTER INSERT ON provider_company_checks REFERENCING NEW TABLE AS read_cache_new
  FOR EACH STATEMENT EXECUTE FUNCTION read_cache_notify('providers', 'child', 'provider_id', '');
CREATE TRIGGER provider_company_checks_read_cache_upd AFTER UPDATE ON provider_company_checks REFERENCING OLD TABLE AS read_cache_old NEW TABLE AS read_cache_new
  FOR EACH STATEMENT EXECUTE FUNCTION read_cache_notify('providers', 'child', 'provider_id', '');
CREATE TRIGGER provider_company_checks_read_cache_del AFTER DELETE ON provider_company_checks REFERENCING OLD TABLE AS read_cache_old
  FOR EACH STATEMENT EXECUTE FUNCTION read_cache_notify('providers', 'child', 'provider_id', '');
CREATE TRIGGER provider_company_checks_read_cache_trunc AFTER TRUNCATE ON provider_company_checks
  FOR EACH STATEMENT EXECUTE FUNCTION read_cache_notify('providers', 'coarse', '', '');

CREATE TRIGGER provider_accreditations_read_cache_ins AFTER INSERT ON provider_accreditations REFERENCING NEW TABLE AS read_cache_new
  FOR EACH STATEMENT EXECUTE FUNCTION read_cache_notify('providers', 'child', 'provider_id', '');
CREATE TRIGGER provider_accreditations_read_cache_upd AFTER UPDATE ON provider_accreditations REFERENCING OLD TABLE AS read_cache_old NEW TABLE AS read_cache_new
  FOR EACH STATEMENT EXECUTE FUNCTION read_cache_notify('providers', 'child', 'provider_id', '');
CREATE TRIGGER provider_accreditations_read_cache_del AFTER DELETE ON provider_accreditations REFERENCING OLD TABLE AS read_cache_old
  FOR EACH STATEMENT EXECUTE FUNCTION read_cache_notify('providers', 'child', 'provider_id', '');
CREATE TRIGGER provider_accreditations_read_cache_trunc AFTER TRUNCATE ON provider_accreditations
  FOR EACH STATEMENT EXECUTE FUNCTION read_cache_notify('providers', 'coarse', '', '');

CREATE TRIGGER reviews_read_cache_ins AFTER INSERT ON reviews REFERENCING NEW TABLE AS read_cache_new
  FOR EACH STATEMENT EXECUTE FUNCTION read_cache_notify('providers', 'child', 'provider_id', '');
CREATE TRIGGER reviews_read_cache_upd AFTER UPDATE ON reviews REFERENCING OLD TABLE AS read_cache_old NEW TABLE AS read_cache_new
  FOR EACH STATEMENT EXECUTE FUNCTION read_cache_notify('providers', 'child', 'provider_id', '');
CREATE TRIGGER reviews_read_cache_del AFTER DELETE ON reviews REFERENCING OLD TABLE AS read_cache_old
  FOR EACH STATEMENT EXECUTE FUNCTION read_cache_notify('providers', 'child', 'provider_id', '');
CREATE TRIGGER reviews_read_cache_trunc AFTER TRUNCATE ON reviews
  FOR EACH STATEMENT EXECUTE FUNCTION read_cache_notify('providers', 'coarse', '', '');

CREATE TRIGGER award_supplier_matches_read_cache_ins AFTER INSERT ON award_supplier_matches REFERENCING NEW TABLE AS read_cache_new
  FOR EACH STATEMENT EXECUTE FUNCTION read_cache_notify('providers', 'child', 'provider_id', '');
CREATE TRIGGER award_supplier_matches_read_cache_upd AFTER UPDATE ON award_supplier_matches REFERENCING OLD TABLE AS read_cache_old NEW TABLE AS read_cache_new
  FOR EACH STATEMENT EXECUTE FUNCTION read_cache_notify('providers', 'child', 'provider_id', '');
CREATE TRIGGER award_supplier_matches_read_cache_del AFTER DELETE ON award_supplier_matches REFERENCING OLD TABLE AS read_cache_old
  FOR EACH STATEMENT EXECUTE FUNCTION read_cache_notify('providers', 'child', 'provider_id', '');
CREATE TRIGGER award_supplier_matches_read_cache_trunc AFTER TRUNCATE ON award_supplier_matches
  FOR EACH STATEMENT EXECUTE FUNCTION read_cache_notify('providers', 'coarse', '', '');

-- The profile shows a response time computed from quote replies: a reply tells the providers cache.
CREATE TRIGGER quotes_providers_read_cache_ins AFTER INSERT ON quotes REFERENCING NEW TABLE AS read_cache_new
  FOR EACH STATEMENT EXECUTE FUNCTION read_cache_notify('providers', 'child', 'provider_id', '');
CREATE TRIGGER quotes_providers_read_cache_upd AFTER UPDATE ON quotes REFERENCING OLD TABLE AS read_cache_old NEW TABLE AS read_cache_new
  FOR EACH STATEMENT EXECUTE FUNCTION read_cache_notify('providers', 'child', 'provider_id', '');
