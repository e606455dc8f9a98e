-- E-receipts of tender responses (issue 27 part A, docs/decisions/0513): each submission, change
-- and withdrawal gets a reference, the server's instant and the SHA-256 of what was submitted
-- (its fields and each attachment's SHA-256). A receipt outlives a withdrawn response (the
-- response id is then null). Only the bidder reads them. SQL valid on PostgreSQL 15+ and PGlite.

-- Each attachment's SHA-256, taken from the bytes as they were uploaded (null for older uploads).
ALTER TABLE tender_response_attachments ADD COLUMN sha256 text;

-- Receipt numbers: TR-<UK year>-<number>, unique across the marketplace.
CREATE SEQUENCE tender_receipt_numbers;

CREATE TABLE tender_response_receipts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  seq bigint GENERATED ALWAYS AS IDENTITY,
  reference text NOT NULL UNIQUE,
  tender_id uuid NOT NULL REFERENCES tenders (id) ON DELETE CASCADE,
  response_id uuid REFERENCES tender_responses (id) ON DELETE SET NULL,
  provider_id uuid NOT NULL REFERENCES providers (id) ON DELETE CASCADE,
  provider_name text NOT NULL,
  user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  kind text NOT NULL CHECK (kind IN ('submitted', 'updated', 'withdrawn')),
  sha256 text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  created_at timestamptz NOT NULL
);
CREATE INDEX tender_response_receipts_tender_idx ON tender_response_receipts (tender_id, provider_id, seq);
