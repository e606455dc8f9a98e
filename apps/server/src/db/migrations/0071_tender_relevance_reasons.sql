-- Relevance that holds on more data, and says why (issue 29, decision 0462).
-- SQL valid on PostgreSQL 15+ and on PGlite (PostgreSQL 18).
--
-- The rules of migration 0019 kept broad facilities and electrical work that names no renewable
-- asset (a depot's switchgear, electrical inspections, a cleaning framework listing solar panels
-- among fifteen services) and consultancy about a renewable programme. Now:
--   * the codes of this market count anywhere in the notice (unchanged);
--   * the broad electrical codes (45310000, 50532000, 50711000) and the grid words (switchgear,
--     substation, high voltage…) no longer count alone: grid work for a solar farm names the farm;
--   * a notice whose main code is consultancy, IT, publishing, training, health or culture
--     (divisions 22, 48, 66, 72, 79, 80, 85, 92, 98; map-making 71354) is not kept by words alone;
--   * a notice whose main code is a facilities service (cleaning and environmental services 90,
--     grounds 77, catering 55) is kept by words in its title only, not by one line of a lot.
-- The function returns where the notice matched, for the board's 'why it matched' line:
-- 'cpv:09331200', 'title:solar pv', 'description:battery storage', 'lots:solar panels'.

-- The first phrase of this market in a text, after the negative phrases are taken out; null if none.
CREATE FUNCTION tender_relevance_phrase(body text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$
  SELECT (regexp_match(
    regexp_replace(lower(coalesce(body, '')),
      '\msolar[\s-]+(thermal|shading|shades?|hot[\s-]+water|water[\s-]+heating|gain|control|films?|glare|reflective|screens?|blinds?)\M',
      ' ', 'g'),
    '(\m(?:solar(?:[\s-]+(?:pv|photo-?voltaics?|panels?|farms?|arrays?|canop(?:y|ies)|car[\s-]?ports?|parks?|modules?|energy|power))?|photo-?voltaics?|pv[\s-]+(?:panels?|arrays?|systems?|modules?|installations?|canop(?:y|ies))|battery[\s-]+(?:energy[\s-]+)?storage|energy[\s-]+storage|bess|wind[\s-]+(?:turbines?|farms?|energy|power|projects?)|onshore[\s-]+wind|offshore[\s-]+wind|renewable[\s-]+(?:energy|technolog(?:y|ies)|generation|power)|(?:ev|electric[\s-]+vehicle)[\s-]+charg(?:ing|ers?|e[\s-]?points?)|charge[\s-]?points?|chargepoints?)\M)'
  ))[1]
$fn$;

CREATE FUNCTION tender_relevance(cpv_codes text[], title text, body text, lots text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$
  WITH code AS (
    SELECT left(c, 8) AS c FROM unnest(coalesce(cpv_codes, '{}')) WITH ORDINALITY AS u(c, n)
     WHERE left(c, 8) IN ('09331200', '09332000', '45261215', '31712331', '31440000', '31430000', '45315300',
                          '71314200', '45251160')
     ORDER BY n LIMIT 1
  ), main AS (
    SELECT coalesce(left(cpv_codes[1], 8), '') AS c
  ), kind AS (
    SELECT c ~ '^(22|48|66|72|79|80|85|92|98)' OR c LIKE '71354%' AS consultancy, c ~ '^(55|77|90)' AS facilities FROM main
  )
  SELECT CASE
    WHEN (SELECT c FROM code) IS NOT NULL THEN 'cpv:' || (SELECT c FROM code)
    WHEN (SELECT consultancy FROM kind) THEN NULL
    WHEN tender_relevance_phrase(title) IS NOT NULL THEN 'title:' || tender_relevance_phrase(title)
    WHEN (SELECT facilities FROM kind) THEN NULL
    WHEN tender_relevance_phrase(body) IS NOT NULL THEN 'description:' || tender_relevance_phrase(body)
    WHEN tender_relevance_phrase(lots) IS NOT NULL THEN 'lots:' || tender_relevance_phrase(lots)
  END
$fn$;

-- The three-argument form of migration 0019, kept for anything that still calls it: the text
-- counts as the description.
CREATE OR REPLACE FUNCTION tender_relevance(cpv_codes text[], title text, body text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$
  SELECT tender_relevance(cpv_codes, title, body, '')
$fn$;

-- The lots' text of a stored notice, as the importer reads it.
CREATE FUNCTION tender_lots_text(lots jsonb) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$
  SELECT coalesce(string_agg(l->>'title', E'\n'), '') FROM jsonb_array_elements(coalesce(lots, '[]'::jsonb)) AS x(l)
$fn$;

-- Re-classify what is stored: imported notices the rules no longer keep leave the board (and any
-- save of them); the others get their reason.
DELETE FROM tenders WHERE source = 'External' AND tender_relevance(cpv_codes, title, description, tender_lots_text(lots)) IS NULL;
UPDATE tenders SET match_reason = tender_relevance(cpv_codes, title, description, tender_lots_text(lots)) WHERE source = 'External';
