-- Read performance of the directory search, the asset map and the projects table (issues 4 and 9,
-- docs/decisions/0300). SQL valid on PostgreSQL 15+ and on PGlite (PostgreSQL 18).

-- Directory radius search: a plain latitude/longitude box on a btree before the exact haversine
-- check. Cheaper per row than the earth-cube box (no ll_to_earth call for each candidate).
CREATE INDEX providers_lat_lng_idx ON providers (latitude, longitude)
  WHERE latitude IS NOT NULL AND longitude IS NOT NULL AND service_radius > 0;

-- Projects table (GET /api/assets/tenders): the base set is the three spec phases; the query names
-- them as literals so these partial indexes apply. One index per filter column inside that set.
CREATE INDEX assets_projects_region_idx ON assets (region)
  WHERE development_status IN ('Under Construction', 'Planning Permission Granted', 'Secretary of State - Granted');
CREATE INDEX assets_projects_technology_idx ON assets (technology_type)
  WHERE development_status IN ('Under Construction', 'Planning Permission Granted', 'Secretary of State - Granted');

-- Versions for in-process read caches: any statement that writes a table bumps its row, so a
-- cached answer is served only while the data it came from is unchanged (every writer, every
-- process: PostgreSQL deployments may run several).
CREATE TABLE read_cache_versions (
  name text PRIMARY KEY,
  version bigint NOT NULL DEFAULT 0
);
INSERT INTO read_cache_versions (name) VALUES ('providers'), ('assets');

CREATE OR REPLACE FUNCTION read_cache_bump() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  UPDATE read_cache_versions SET version = version + 1 WHERE name = TG_ARGV[0];
  RETURN NULL;
END
$$;

CREATE TRIGGER providers_read_cache_bump AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON providers
  FOR EACH STATEMENT EXECUTE FUNCTION read_cache_bump('providers');
CREATE TRIGGER assets_read_cache_bump AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON assets
  FOR EACH STATEMENT EXECUTE FUNCTION read_cache_bump('assets');

-- PGlite has no autovacuum, so tables filled before this migration have no planner statistics.
ANALYZE providers;
ANALYZE assets;
