-- A tender search's stages name the Procurement Act's early notices (issue 30, decision 0576):
-- 'pipeline' (UK1–UK3) and 'interest' (a UK4 with an expression-of-interest deadline) are stages of
-- their own, no longer counted as 'open'. Every search that followed 'open' (the board's default
-- when saved from it, and the 'Tenders for my services' alert of decision 0180) matched those notices
-- until now; it keeps doing so by following all three. A search for other stages is unchanged.
-- SQL valid on PostgreSQL 15+ and on PGlite (PostgreSQL 18).

UPDATE saved_searches
   SET t_stages = ARRAY['pipeline', 'interest', 'open'] || array_remove(t_stages, 'open'),
       criteria = jsonb_set(criteria, '{stages}',
         '["pipeline", "interest", "open"]'::jsonb || coalesce((SELECT jsonb_agg(v) FROM jsonb_array_elements(criteria -> 'stages') v WHERE v <> '"open"'::jsonb), '[]'::jsonb))
 WHERE kind = 'tenders' AND 'open' = ANY(t_stages);
