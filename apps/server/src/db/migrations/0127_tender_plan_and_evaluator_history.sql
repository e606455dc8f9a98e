-- The History's entries for the evaluation plan and its evaluators (issue 27, decision 0555):
-- criteria and pricing schedule changes, evaluators invited and removed, and their declarations.
-- The kinds already allowed are kept as they are (read back from the constraint, as 0119 does), so
-- a migration of another part of the cycle that added its own is not undone.
-- SQL valid on PostgreSQL 15+ and PGlite.
DO $$
DECLARE kinds text[];
BEGIN
  SELECT array_agg(DISTINCT m[1]) INTO kinds
    FROM pg_constraint c, regexp_matches(pg_get_constraintdef(c.oid), '''([a-z-]+)''', 'g') AS m
   WHERE c.conname = 'tender_events_kind_check' AND c.conrelid = 'tender_events'::regclass;
  kinds := kinds || ARRAY['criteria-changed', 'pricing-schedule-changed', 'evaluator-invited', 'evaluator-removed', 'evaluator-no-conflict', 'evaluator-conflict'];
  ALTER TABLE tender_events DROP CONSTRAINT tender_events_kind_check;
  -- Written out as ARRAY['…', …] so the next migration can read the kinds back the same way.
  EXECUTE format('ALTER TABLE tender_events ADD CONSTRAINT tender_events_kind_check CHECK (kind = ANY (ARRAY[%s]::text[]))',
    (SELECT string_agg(quote_literal(k), ', ' ORDER BY k) FROM unnest(kinds) AS k));
END $$;
