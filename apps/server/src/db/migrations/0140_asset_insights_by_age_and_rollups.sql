-- The Insights tab at 1,000,000 assets (issue 32, decision 0580). Migration 0100's tables kept one
-- row per technology × region × status × capacity band (and, for durations and quarters, per month
-- or quarter): at a million assets an unfiltered read summed a million rows, and an age filter was
-- answered live from every matching asset.
-- Each table now also holds its rows grouped by fewer of those dimensions, and by the record's age in
-- whole years (the map's age filter): `dims` says which (GROUPING() of technology_type, region,
-- development_status, band, age: a bit set for each one summed out, whose column is then null), and a
-- read takes the rows of the set with exactly the dimensions it filters or shows
-- (features/assets/asset-insights.repository.ts). Ages are counted as of `ages_on`; the tables are
-- rebuilt when the day changes, and an age filter on another day is answered live.
-- SQL valid on PostgreSQL 15+ and on PGlite (PostgreSQL 18).

-- Whole years since `d` on `today`, as the map's age filter counts them (assets.repository.ts): the
-- largest k with d <= today − k years, so "at least m years" is age >= m and "at most m" is
-- age <= m exactly, 29 February included. Negative for a date after today; null when unknown.
CREATE FUNCTION asset_age_years(d date, today date) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN d IS NULL THEN NULL
    WHEN d <= today - make_interval(years => extract(year FROM today)::int - extract(year FROM d)::int)
      THEN extract(year FROM today)::int - extract(year FROM d)::int
    ELSE extract(year FROM today)::int - extract(year FROM d)::int - 1
  END
$$;

ALTER TABLE asset_insight_totals ADD COLUMN age smallint, ADD COLUMN dims smallint NOT NULL DEFAULT 0;
ALTER TABLE asset_insight_durations ADD COLUMN age smallint, ADD COLUMN dims smallint NOT NULL DEFAULT 0;
ALTER TABLE asset_insight_quarters ADD COLUMN age smallint, ADD COLUMN dims smallint NOT NULL DEFAULT 0;
-- The largest projects are kept per group of all five dimensions (no roll-ups: a read takes the first
-- ten of a status by capacity from the index below).
ALTER TABLE asset_insight_largest ADD COLUMN age smallint;

-- A read takes one set's rows, narrowed by the filters on the first three dimensions.
CREATE INDEX asset_insight_totals_dims_idx ON asset_insight_totals (dims, technology_type, region, development_status);
CREATE INDEX asset_insight_durations_dims_idx ON asset_insight_durations (dims, technology_type, region, development_status);
CREATE INDEX asset_insight_quarters_dims_idx ON asset_insight_quarters (dims, technology_type, region, development_status);

ALTER TABLE asset_insights_state ADD COLUMN ages_on date;
-- Rebuilt with the new columns by the next warm-up or import.
UPDATE asset_insights_state SET stale = true;
