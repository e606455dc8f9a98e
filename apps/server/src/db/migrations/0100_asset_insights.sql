-- Asset intelligence's Insights tab (issue 32, decision 0490): statistics of the REPD pipeline,
-- counted ahead per release. Each table holds one aggregate of `assets` grouped by the filters the tab
-- follows that a table can answer (technology, region, development status and capacity band, as the
-- map's cells of migration 0029 are), so a filtered answer adds up a few thousand rows instead of
-- reading the assets. The rows are written by the server (features/assets/asset-insights.repository.ts,
-- which builds the same SELECT for the tables and for a live answer), after each REPD import and by
-- the asset map's minute warm-up while `stale`. Any statement writing assets marks them stale, and
-- stale tables are never read (the live query answers), so they are never behind the data.
-- SQL valid on PostgreSQL 15+ and on PGlite (PostgreSQL 18).

-- REPD's other milestone dates are kept as text in `extra` ('dd/mm/yyyy', as published): a date,
-- or null for anything that is not a real calendar day (never an error). One expression, so the
-- planner inlines it (a refresh at a million assets calls it millions of times).
CREATE FUNCTION asset_uk_date(v text) RETURNS date LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN v IS NULL OR v !~ '^\d{1,2}/\d{1,2}/\d{4}$' THEN NULL
    WHEN split_part(v, '/', 3)::int < 1 OR split_part(v, '/', 2)::int NOT BETWEEN 1 AND 12 THEN NULL
    WHEN split_part(v, '/', 1)::int BETWEEN 1
      AND extract(day FROM make_date(split_part(v, '/', 3)::int, split_part(v, '/', 2)::int, 1) + interval '1 month - 1 day')::int
      THEN make_date(split_part(v, '/', 3)::int, split_part(v, '/', 2)::int, split_part(v, '/', 1)::int)
  END
$$;

-- Whole calendar months from a to b, as age() counts them (31 Jan to 29 Feb is 0); null when either
-- date is missing or b is before a (a data error, left out of the medians).
CREATE FUNCTION asset_months_between(a date, b date) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN a IS NULL OR b IS NULL OR b < a THEN NULL
    ELSE (extract(year FROM age(b, a)) * 12 + extract(month FROM age(b, a)))::integer END
$$;

-- A quarter as one number: year × 4 + quarter − 1 (2024 Q1 is 8096).
CREATE FUNCTION asset_quarter(d date) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (extract(year FROM d)::integer * 4 + (extract(month FROM d)::integer - 1) / 3)
$$;

-- Count and capacity (MW, the sum of the known capacities, as an exact decimal: a sum does not
-- depend on the order it was added up in, so a total counted ahead is the live one to the digit).
CREATE TABLE asset_insight_totals (
  technology_type text,
  region text,
  development_status text,
  -- width_bucket(installed_capacity, the band edges); null when the capacity is unknown.
  band smallint,
  n integer NOT NULL,
  capacity numeric NOT NULL
);

-- How many projects took each whole number of months between two stages.
CREATE TABLE asset_insight_durations (
  technology_type text,
  region text,
  development_status text,
  band smallint,
  transition text NOT NULL,
  months integer NOT NULL,
  n integer NOT NULL
);

-- Projects and capacity reaching a stage in each quarter, by the stage's date.
CREATE TABLE asset_insight_quarters (
  technology_type text,
  region text,
  development_status text,
  band smallint,
  event text NOT NULL,
  quarter integer NOT NULL,
  n integer NOT NULL,
  capacity numeric NOT NULL
);

-- The largest projects (by capacity, then id) of each group of the four filters: the largest of any
-- filtered selection are among them.
CREATE TABLE asset_insight_largest (
  technology_type text,
  region text,
  development_status text,
  band smallint,
  asset_id bigint NOT NULL,
  capacity double precision NOT NULL
);
CREATE INDEX asset_insight_largest_status_idx ON asset_insight_largest (development_status, capacity DESC, asset_id);

CREATE TABLE asset_insights_state (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  stale boolean NOT NULL DEFAULT true,
  -- The capacity band edges (MW) the tables were counted with; a read uses these.
  bands double precision[] NOT NULL DEFAULT '{}',
  refreshed_at timestamptz
);
INSERT INTO asset_insights_state DEFAULT VALUES;

CREATE FUNCTION asset_insights_stale() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE asset_insights_state SET stale = true WHERE NOT stale;
  RETURN NULL;
END
$$;
CREATE TRIGGER assets_insights_stale AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON assets
  FOR EACH STATEMENT EXECUTE FUNCTION asset_insights_stale();

-- A live answer's largest projects, stage by stage (statuses), when a filter the tables cannot answer
-- is set: the largest of a status come first from this index.
CREATE INDEX assets_status_capacity_idx ON assets (development_status, installed_capacity DESC, id)
  WHERE installed_capacity IS NOT NULL;
