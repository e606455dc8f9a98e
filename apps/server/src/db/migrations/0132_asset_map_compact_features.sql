-- The asset map's stored point features carry only what the map draws and shows (decision 0566):
-- `id` (the click and 'View Details'), `title` (the popup's heading and the 'Assets in view' list),
-- `capacity` (the circle's radius, the popup's 'Capacity: {n} MW', the list's order) and
-- `technologyType` (the circle's colour). The asset record (GET /api/assets/:id) keeps every field.
-- A wide view's answer (~9,700 points at zoom 6–8) shrinks from about 4.6 MB to about 2 MB, and
-- with it the time to read, hash and compress it. Coordinates stay [lng, lat] rounded to 5 decimals:
-- two assets at one spot (decision 0356) must still compare equal, and the map is zoomed to 20
-- on a UK-wide answer without asking again. SQL valid on PostgreSQL 15+ and PGlite.
CREATE OR REPLACE FUNCTION assets_map_feature() RETURNS trigger LANGUAGE plpgsql AS $$
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
    NEW.site_name AS "title",
    NEW.installed_capacity AS "capacity",
    NEW.technology_type AS "technologyType") AS p;
  NEW.map_feature := '{"type":"Feature","geometry":{"type":"Point","coordinates":['
    || round(NEW.longitude::numeric, 5)::float8 || ',' || round(NEW.latitude::numeric, 5)::float8
    || ']},"properties":' || properties || '}';
  RETURN NEW;
END $$;

-- Rows already stored: the BEFORE trigger rewrites the column on this otherwise empty update. Nothing
-- an asset's readers see changes, so the change feed, the counted cells and the Insights tables are
-- not told (their triggers are off for this statement only, inside the migration's transaction).
ALTER TABLE assets DISABLE TRIGGER assets_feed_update;
ALTER TABLE assets DISABLE TRIGGER assets_map_cells_stale;
ALTER TABLE assets DISABLE TRIGGER assets_insights_stale;
UPDATE assets SET map_feature = NULL WHERE latitude IS NOT NULL AND longitude IS NOT NULL;
ALTER TABLE assets ENABLE TRIGGER assets_feed_update;
ALTER TABLE assets ENABLE TRIGGER assets_map_cells_stale;
ALTER TABLE assets ENABLE TRIGGER assets_insights_stale;
