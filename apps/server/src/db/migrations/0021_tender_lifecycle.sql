-- The tender lifecycle (issue 18; docs/decisions/0400-0404): the brief's new fields, drafts, the
-- audit of state changes, documents, responses, questions and answers, clarification requests and
-- invitations by email. Status stays computed when read (decision 0170); `stage` gains 'draft'.
-- SQL valid on PostgreSQL 15+ and on PGlite (PostgreSQL 18).

ALTER TABLE tenders DROP CONSTRAINT tenders_stage_check;
ALTER TABLE tenders ADD CONSTRAINT tenders_stage_check CHECK (stage IN ('draft', 'active', 'awarded', 'cancelled'));
ALTER TABLE tenders
  -- The site may be an asset from asset intelligence: its id and capacity (MW) when chosen.
  ADD COLUMN site_asset_id bigint REFERENCES assets (id) ON DELETE SET NULL,
  ADD COLUMN site_capacity_mw double precision CHECK (site_capacity_mw IS NULL OR site_capacity_mw >= 0),
  ADD COLUMN cancel_reason text,
  ADD COLUMN awarded_response_id uuid,
  ADD CONSTRAINT tenders_value_range CHECK (value_minimum IS NULL OR value_maximum IS NULL OR value_minimum <= value_maximum);

-- Every state change and every edit after publication, with who made it and what changed.
CREATE TABLE tender_events (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- Insertion order: rows written in the same instant keep the order they were written in.
  seq bigint GENERATED ALWAYS AS IDENTITY,
  tender_id uuid NOT NULL REFERENCES tenders (id) ON DELETE CASCADE,
  actor_id uuid REFERENCES users (id) ON DELETE SET NULL,
  kind text NOT NULL CHECK (kind IN ('created', 'published', 'edited', 'extended', 'closed-early', 'cancelled', 'awarded')),
  reason text,
  -- {"field": {"from": …, "to": …}} for edits and date changes; {"responseId": …} for an award.
  changes jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX tender_events_tender_idx ON tender_events (tender_id, seq);

CREATE TABLE tender_documents (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- Insertion order: rows written in the same instant keep the order they were written in.
  seq bigint GENERATED ALWAYS AS IDENTITY,
  tender_id uuid NOT NULL REFERENCES tenders (id) ON DELETE CASCADE,
  filename text NOT NULL,
  mime_type text NOT NULL,
  storage_key text NOT NULL,
  size_bytes bigint NOT NULL CHECK (size_bytes >= 0),
  uploaded_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX tender_documents_tender_idx ON tender_documents (tender_id, seq);

-- One response per provider per tender, editable until the closing date (server time).
CREATE TABLE tender_responses (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- Insertion order: rows written in the same instant keep the order they were written in.
  seq bigint GENERATED ALWAYS AS IDENTITY,
  tender_id uuid NOT NULL REFERENCES tenders (id) ON DELETE CASCADE,
  provider_id uuid NOT NULL REFERENCES providers (id) ON DELETE CASCADE,
  user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  message text NOT NULL,
  price_minimum numeric(16, 2) NOT NULL CHECK (price_minimum >= 0),
  price_maximum numeric(16, 2) NOT NULL,
  lead_time_days integer NOT NULL CHECK (lead_time_days >= 0),
  shortlisted boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (tender_id, provider_id),
  CHECK (price_minimum <= price_maximum)
);
CREATE INDEX tender_responses_provider_idx ON tender_responses (provider_id);
CREATE INDEX tender_responses_tender_idx ON tender_responses (tender_id, seq);
ALTER TABLE tenders ADD CONSTRAINT tenders_awarded_response_fk FOREIGN KEY (awarded_response_id) REFERENCES tender_responses (id) ON DELETE SET NULL;

CREATE TABLE tender_response_attachments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- Insertion order: rows written in the same instant keep the order they were written in.
  seq bigint GENERATED ALWAYS AS IDENTITY,
  response_id uuid NOT NULL REFERENCES tender_responses (id) ON DELETE CASCADE,
  filename text NOT NULL,
  mime_type text NOT NULL,
  storage_key text NOT NULL,
  size_bytes bigint NOT NULL CHECK (size_bytes >= 0),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX tender_response_attachments_response_idx ON tender_response_attachments (response_id, seq);

-- The owner's requests for clarification of one response.
CREATE TABLE tender_clarifications (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- Insertion order: rows written in the same instant keep the order they were written in.
  seq bigint GENERATED ALWAYS AS IDENTITY,
  response_id uuid NOT NULL REFERENCES tender_responses (id) ON DELETE CASCADE,
  message text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX tender_clarifications_response_idx ON tender_clarifications (response_id, seq);

-- Questions from participants; answers are published to all participants without the asker.
CREATE TABLE tender_questions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- Insertion order: rows written in the same instant keep the order they were written in.
  seq bigint GENERATED ALWAYS AS IDENTITY,
  tender_id uuid NOT NULL REFERENCES tenders (id) ON DELETE CASCADE,
  asker_id uuid REFERENCES users (id) ON DELETE SET NULL,
  question text NOT NULL,
  answer text,
  answered_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX tender_questions_tender_idx ON tender_questions (tender_id, seq);

-- Invitations by email address (decision 0403): the link's token is stored only as its SHA-256;
-- the first signed-in user to redeem it is bound to it (`accepted_by`), after which it works for
-- that user alone. `provider_id` is set when a directory profile without an owner was invited.
CREATE TABLE tender_email_invitations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tender_id uuid NOT NULL REFERENCES tenders (id) ON DELETE CASCADE,
  email text NOT NULL,
  provider_id uuid REFERENCES providers (id) ON DELETE SET NULL,
  token_hash text NOT NULL UNIQUE,
  invited_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  accepted_by uuid REFERENCES users (id) ON DELETE SET NULL,
  accepted_at timestamptz,
  UNIQUE (tender_id, email)
);
CREATE INDEX tender_email_invitations_accepted_idx ON tender_email_invitations (accepted_by) WHERE accepted_by IS NOT NULL;

-- Tender documents and response attachments are private stored files owned by their row
-- (decision 0330; served only through the routes that check who may see them).
ALTER TABLE stored_files
  ADD COLUMN tender_document_id uuid REFERENCES tender_documents (id) ON DELETE SET NULL,
  ADD COLUMN tender_response_attachment_id uuid REFERENCES tender_response_attachments (id) ON DELETE SET NULL;
ALTER TABLE stored_files DROP CONSTRAINT stored_files_kind_check;
ALTER TABLE stored_files ADD CONSTRAINT stored_files_kind_check
  CHECK (kind IN ('logo', 'cover', 'media', 'media-thumbnail', 'quote-attachment', 'tender-document', 'tender-response-attachment'));
ALTER TABLE stored_files DROP CONSTRAINT stored_files_one_owner;
ALTER TABLE stored_files ADD CONSTRAINT stored_files_one_owner
  CHECK (num_nonnulls(provider_id, quote_id, tender_document_id, tender_response_attachment_id) <= 1);
ALTER TABLE stored_files DROP CONSTRAINT stored_files_class_of_kind;
ALTER TABLE stored_files ADD CONSTRAINT stored_files_class_of_kind
  CHECK ((kind IN ('quote-attachment', 'tender-document', 'tender-response-attachment')) = (storage_class = 'private'));
ALTER TABLE stored_files DROP CONSTRAINT stored_files_owner_of_kind;
ALTER TABLE stored_files ADD CONSTRAINT stored_files_owner_of_kind CHECK (
  (provider_id IS NULL OR kind IN ('logo', 'cover', 'media', 'media-thumbnail'))
  AND (quote_id IS NULL OR kind = 'quote-attachment')
  AND (tender_document_id IS NULL OR kind = 'tender-document')
  AND (tender_response_attachment_id IS NULL OR kind = 'tender-response-attachment')
);
DROP INDEX stored_files_unowned_idx;
CREATE INDEX stored_files_unowned_idx ON stored_files (created_at)
  WHERE provider_id IS NULL AND quote_id IS NULL AND tender_document_id IS NULL AND tender_response_attachment_id IS NULL;
