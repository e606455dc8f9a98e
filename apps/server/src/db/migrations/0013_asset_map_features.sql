-- The asset map (GET /api/assets/coordinates, docs/decisions/0317): each located asset keeps its
-- GeoJSON Feature as JSON text, written by a trigger on every insert and update (importer, scale
-- generator, tests and hand edits alike), so a point answer is one string_agg of stored text
-- instead of building ~12,000 objects per request. The shape is the one the map contract
-- validates: [lng, lat] rounded to 5 decimals (about a metre) and the spec's ten properties.
-- SQL valid on PostgreSQL 15+ and PGlite.
ALTER TABLE assets ADD COLUMN map_feature text;

CREATE FUNCTION assets_map_feature() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  properties text;
BEGIN
  IF NEW.latitude IS NULL OR NEW.longitude IS NULL THEN
    NEW.map_feature := NULL;
    RETURN NEW;
  END IF;
  -- row_to_json writes compact JSON (no spaces) and escapes the text values.
  SELECT row_to_json(p)::text INTO properties FROM (SELECT
    NEW.id AS "id",
    NEW.site_name AS "siteName",
    NEW.site_name AS "title",
    NEW.installed_capacity AS "capacity",
    NEW.installed_capacity AS "installedCapacity",
    extract(year FROM NEW.record_last_updated)::int AS "startYear",
    NEW.repd_operator AS "repdOperator",
    NEW.development_status AS "developmentStatus",
    NEW.technology_type AS "technologyType",
    NEW.region AS "region") AS p;
  NEW.map_feature := '{"type":"Feature","geometry":{"type":"Point","coordinates":['
    || round(NEW.longitude::numeric, 5)::float8 || ',' || round(NEW.latitude::numeric, 5)::float8
    || ']},"properties":' || properties || '}';
  RETURN NEW;
END $$;

CREATE TRIGGER assets_map_feature BEFORE INSERT OR UPDATE ON assets
  FOR EACH ROW EXECUTE FUNCTION assets_map_feature();

-- The map's bounds are plain latitude and longitude ranges (assets.repository assetWhere): btree
-- indexes give the planner real selectivities (a GiST `<@ box` is always estimated at 0.1 %).
CREATE INDEX assets_latitude_idx ON assets (latitude) WHERE latitude IS NOT NULL;
CREATE INDEX assets_longitude_idx ON assets (longitude) WHERE latitude IS NOT NULL;

-- Rows already imported: the trigger fills the column on this otherwise empty update.
UPDATE assets SET map_feature = NULL;

ANALYZE assets;
