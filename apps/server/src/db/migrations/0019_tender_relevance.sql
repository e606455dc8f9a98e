-- Tender relevance and the OCDS fields people ask for (issue 17, decisions 0391 and 0392).
-- SQL valid on PostgreSQL 15+ and on PGlite (PostgreSQL 18).

-- Which rule makes a notice relevant to this market (solar PV, storage, wind, grid and electrical
-- works, energy management, O&M of energy sites), or NULL when none does. The one implementation:
-- the importer asks it of every release before storing, and this migration applies it to the rows
-- already stored. CPV codes match exactly on their first 8 digits (no prefix: a prefix sweeps in
-- solar thermal collectors, electricity supply and the like). The codes of this market count
-- anywhere in the notice; the broad electrical ones (installation work, electrical machinery and
-- installation repair) only as its main code (the first), since building frameworks list them
-- among dozens. Keywords are whole words in the title and text, after the negative phrases are
-- taken out. A change of rules is a new migration that replaces this function and re-classifies.
CREATE FUNCTION tender_relevance(cpv_codes text[], title text, body text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$
  WITH code AS (
    SELECT c FROM unnest(coalesce(cpv_codes, '{}')) WITH ORDINALITY AS u(c, n)
     WHERE left(c, 8) IN ('09331200', '09332000', '45261215', '31712331', '31440000', '31430000', '45315300',
                          '71314200', '45251160')
        OR (n = 1 AND left(c, 8) IN ('45310000', '50532000', '50711000'))
     ORDER BY n LIMIT 1
  ), words AS (
    SELECT regexp_replace(lower(coalesce(title, '') || ' ' || coalesce(body, '')),
      '\msolar[\s-]+(thermal|shading|shades?|hot[\s-]+water|water[\s-]+heating|gain|control|films?|glare|reflective|screens?|blinds?)\M',
      ' ', 'g') AS t
  )
  SELECT coalesce(
    (SELECT 'cpv ' || left(c, 8) FROM code),
    (SELECT CASE
       WHEN t ~ '\m(solar|photo-?voltaics?|pv[\s-]+(panels?|arrays?|systems?|modules?|installations?|canop(y|ies)))\M' THEN 'keyword solar'
       WHEN t ~ '\m(battery[\s-]+(energy[\s-]+)?storage|energy[\s-]+storage|bess)\M' THEN 'keyword storage'
       WHEN t ~ '\m(wind[\s-]+(turbines?|farms?|energy|power|projects?)|onshore[\s-]+wind|offshore[\s-]+wind)\M' THEN 'keyword wind'
       WHEN t ~ '\m(renewable[\s-]+(energy|technolog(y|ies)|generation|power)|energy[\s-]+management)\M' THEN 'keyword energy'
       WHEN t ~ '\m((ev|electric[\s-]+vehicle)[\s-]+charg(ing|ers?|e[\s-]?points?)|charge[\s-]?points?|chargepoints?)\M' THEN 'keyword ev charging'
       WHEN t ~ '\m(switchgear|substations?|grid[\s-]+connections?|high[\s-]+voltage|private[\s-]+wire)\M' THEN 'keyword grid'
     END FROM words)
  )
$fn$;

-- OCDS fields (decision 0392): lots [{id, title, status, value}], the procedure, documents
-- [{title, url, type}], the buyer's identifier and the award suppliers [{name, id}] ('GB-COH-…'
-- for Companies House).
ALTER TABLE tenders
  ADD COLUMN lots jsonb NOT NULL DEFAULT '[]'::jsonb,
  ADD COLUMN procedure_type text,
  ADD COLUMN documents jsonb NOT NULL DEFAULT '[]'::jsonb,
  ADD COLUMN buyer_id text,
  ADD COLUMN award_suppliers jsonb NOT NULL DEFAULT '[]'::jsonb;
-- The board's CPV filter.
CREATE INDEX tenders_cpv_codes_idx ON tenders USING gin (cpv_codes);

-- Imported notices off this market's topic leave the board: they were a one-off sample import, and
-- from now on such releases are only counted (data_sources.items_dropped). A user's save of one
-- goes with it.
DELETE FROM tenders WHERE source = 'External' AND tender_relevance(cpv_codes, title, description) IS NULL;
