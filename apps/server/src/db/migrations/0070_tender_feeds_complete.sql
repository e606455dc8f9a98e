-- Imported notices as the real services publish them (issue 29, decisions 0460–0463).
-- SQL valid on PostgreSQL 15+ and on PGlite (PostgreSQL 18).

-- The stage the board shows for an imported notice (pipeline, open for interest, open, awarded,
-- contract changed, contract ended, cancelled), the notice type it was read from ('UK4', 'F20',
-- 'PCS 102'), which deadline closing_date is (expressions of interest or tenders), whether the
-- procurement is above the threshold, every source that published it ({source, ocid, url}), every
-- award ({id, status, value, date, lotIds, suppliers: [{name, ids}]}), every identifier of the
-- buyer ('GB-COH-…', 'GB-PPON-…'), and why the relevance rules kept it. Null or empty for tenders
-- listed here.
ALTER TABLE tenders
  ADD COLUMN notice_stage text CHECK (notice_stage IN ('pipeline', 'interest', 'open', 'awarded', 'changed', 'ended', 'cancelled')),
  ADD COLUMN notice_type text,
  ADD COLUMN deadline_kind text CHECK (deadline_kind IN ('interest', 'tender')),
  ADD COLUMN above_threshold boolean,
  ADD COLUMN notice_sources jsonb NOT NULL DEFAULT '[]'::jsonb,
  ADD COLUMN notice_awards jsonb NOT NULL DEFAULT '[]'::jsonb,
  ADD COLUMN buyer_ids text[] NOT NULL DEFAULT '{}',
  ADD COLUMN match_reason text;

-- A title as two publishers spell it: lower case, punctuation and spacing folded. Matching
-- duplicates across sources uses it (decision 0461).
CREATE FUNCTION tender_title_key(title text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$
  SELECT btrim(regexp_replace(lower(coalesce(title, '')), '[^[:alnum:]]+', ' ', 'g'))
$fn$;
CREATE INDEX tenders_external_title_key_idx ON tenders (tender_title_key(title)) WHERE source = 'External';

-- Rows imported before: their own source from the publisher's ocid prefix, their stage from the
-- stored one.
UPDATE tenders SET
  notice_sources = jsonb_build_array(jsonb_build_object(
    'source', CASE
      WHEN external_id LIKE 'ocds-h6vhtk-%' THEN 'find-a-tender'
      WHEN external_id LIKE 'ocds-b5fd17-%' THEN 'contracts-finder'
      WHEN external_id LIKE 'ocds-r6ebe6-%' THEN 'public-contracts-scotland'
      WHEN external_id LIKE 'ocds-kuma6s-%' THEN 'sell2wales'
      ELSE 'import' END,
    'ocid', external_id, 'url', notice_url)),
  notice_stage = CASE stage WHEN 'awarded' THEN 'awarded' WHEN 'cancelled' THEN 'cancelled' ELSE 'open' END,
  deadline_kind = CASE WHEN closing_date IS NOT NULL THEN 'tender' END
WHERE source = 'External' AND external_id IS NOT NULL;

-- The same notice published by a second source under its own ocid (a Welsh notice on Find a
-- Tender and Sell2Wales, a Scottish one on Find a Tender and Public Contracts Scotland): the ocid
-- points at the notice it was merged into, with the latest release read from it.
CREATE TABLE tender_notice_aliases (
  ocid text PRIMARY KEY,
  tender_id uuid NOT NULL REFERENCES tenders(id) ON DELETE CASCADE,
  source text NOT NULL,
  release_id text NOT NULL,
  release_date timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX tender_notice_aliases_tender_idx ON tender_notice_aliases (tender_id);

-- An admin's 'not relevant' (decision 0462): the notice left the board; a later release of it,
-- or a notice with the same title from the same buyer, is dropped at import with that reason.
CREATE TABLE tender_relevance_verdicts (
  ocid text PRIMARY KEY,
  title text NOT NULL,
  title_key text NOT NULL,
  buyer text,
  match_reason text,
  decided_by uuid REFERENCES users(id) ON DELETE SET NULL,
  decided_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX tender_relevance_verdicts_title_idx ON tender_relevance_verdicts (title_key);

-- What a run merged as duplicate, why it dropped what it dropped, the source's last request (its
-- pacing holds across runs), a pause the source asked for that is not a failure (a bare 429), and
-- what was imported at start-up from the bundled data (decision 0463).
ALTER TABLE data_sources
  ADD COLUMN items_merged bigint NOT NULL DEFAULT 0,
  ADD COLUMN last_run_merged integer NOT NULL DEFAULT 0,
  ADD COLUMN last_run_reasons jsonb NOT NULL DEFAULT '{}'::jsonb,
  ADD COLUMN last_request_at timestamptz,
  ADD COLUMN last_pause text,
  ADD COLUMN startup_import jsonb;
