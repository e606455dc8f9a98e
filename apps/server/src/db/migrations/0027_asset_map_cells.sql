-- The asset map's grid clusters counted ahead (decision 0388): a first wide view at a million assets
-- groups every row in view (1.2-2.5 s on PostgreSQL); these cells hold the counts per whole zoom
-- level (0 to the finest built) and per technology, status and region, so a wide view with only
-- those filters adds up a few thousand rows instead. Rebuilt after imports, and by the map's
-- minute warm-up while `stale`; any statement writing assets marks them stale, and stale cells
-- are never read (the live query answers), so they are never behind the data they stand for.
CREATE TABLE asset_map_cells (
  level smallint NOT NULL,
  cx integer NOT NULL,
  cy integer NOT NULL,
  technology_type text,
  development_status text,
  region text,
  n integer NOT NULL,
  capacity double precision NOT NULL,
  lng_sum double precision NOT NULL,
  lat_sum double precision NOT NULL,
  -- The asset's id when it is alone in its cell for these values.
  single_id bigint
);
CREATE INDEX asset_map_cells_level_idx ON asset_map_cells (level, cx, cy);

CREATE TABLE asset_map_cells_state (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  stale boolean NOT NULL DEFAULT true,
  -- The finest level built: a view deeper than it takes the live query.
  finest integer NOT NULL DEFAULT -1
);
INSERT INTO asset_map_cells_state DEFAULT VALUES;

CREATE FUNCTION asset_map_cells_stale() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE asset_map_cells_state SET stale = true WHERE NOT stale;
  RETURN NULL;
END
$$;
CREATE TRIGGER assets_map_cells_stale AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON assets
  FOR EACH STATEMENT EXECUTE FUNCTION asset_map_cells_stale();

-- Rebuilds the cells when stale (false when they were fresh, e.g. another process just rebuilt
-- them). `cell` is the finest level's edge in degrees, as the server computes it, so the cells
-- match the live query's `floor(longitude / cell)` exactly; each coarser level doubles the edge,
-- so its cells are the finer level's, halved.
CREATE FUNCTION refresh_asset_map_cells(finest integer, cell double precision) RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  UPDATE asset_map_cells_state SET stale = false, finest = refresh_asset_map_cells.finest WHERE stale;
  IF NOT FOUND THEN
    RETURN false;
  END IF;
  DELETE FROM asset_map_cells;
  INSERT INTO asset_map_cells (level, cx, cy, technology_type, development_status, region, n, capacity, lng_sum, lat_sum, single_id)
    SELECT finest, floor(longitude / cell)::int, floor(latitude / cell)::int, technology_type, development_status, region,
      count(*), coalesce(sum(installed_capacity), 0), sum(longitude), sum(latitude), CASE WHEN count(*) = 1 THEN min(id) END
    FROM assets WHERE latitude IS NOT NULL AND longitude IS NOT NULL
    GROUP BY 2, 3, 4, 5, 6;
  FOR lvl IN REVERSE finest - 1 .. 0 LOOP
    INSERT INTO asset_map_cells (level, cx, cy, technology_type, development_status, region, n, capacity, lng_sum, lat_sum, single_id)
      SELECT lvl, floor(cx / 2.0)::int, floor(cy / 2.0)::int, technology_type, development_status, region,
        sum(n), sum(capacity), sum(lng_sum), sum(lat_sum), CASE WHEN sum(n) = 1 THEN min(single_id) END
      FROM asset_map_cells WHERE level = lvl + 1
      GROUP BY 2, 3, 4, 5, 6;
  END LOOP;
  RETURN true;
END
$$;
