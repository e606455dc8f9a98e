-- The asset map's wide views with a capacity filter (decision 0411): the cells of migration 0027 are
-- counted per technology, status and region only, so a minimum capacity took the live query
-- (0.4-0.8 s at a million assets). These cells are also counted per capacity band, for the coarse
-- levels that wide views read (0 to the finest built); a view adds up the bands wholly inside its
-- capacity range and groups only the assets of the band a threshold falls inside, live, through
-- the covering index below. Rebuilt with the cells of 0027, under the same stale flag.
CREATE TABLE asset_map_capacity_cells (
  level smallint NOT NULL,
  cx integer NOT NULL,
  cy integer NOT NULL,
  technology_type text,
  development_status text,
  region text,
  -- width_bucket(installed_capacity, the band edges): 0 below the first edge, i from edge i on; null when unknown.
  band smallint,
  n integer NOT NULL,
  capacity double precision NOT NULL,
  lng_sum double precision NOT NULL,
  lat_sum double precision NOT NULL,
  single_id bigint
);
CREATE INDEX asset_map_capacity_cells_level_idx ON asset_map_capacity_cells (level, cx, cy);
-- A technology's rows at a level, in a band range: a UK-wide view with a technology reads a few
-- thousand rows instead of filtering the whole level (7 ms instead of 60 ms for batteries of 50 MW+).
CREATE INDEX asset_map_capacity_cells_technology_idx ON asset_map_capacity_cells (level, technology_type, band);

-- The finest level counted by band, and the band edges (MW) the cells were counted with, which are
-- the ones a read uses: a change of edges in the code is exact from the next rebuild on.
ALTER TABLE asset_map_cells_state
  ADD COLUMN capacity_finest integer NOT NULL DEFAULT -1,
  ADD COLUMN capacity_bands double precision[] NOT NULL DEFAULT '{}';

-- The assets of one band within a view, grouped into cells without reading the table's rows (an
-- index-only scan: 100,000 rows in about 35 ms, against 200 ms through the heap at a million).
CREATE INDEX assets_capacity_map_idx ON assets (installed_capacity)
  INCLUDE (longitude, latitude, technology_type, development_status, region, id)
  WHERE latitude IS NOT NULL AND longitude IS NOT NULL;

DROP FUNCTION refresh_asset_map_cells(integer, double precision);

-- As in 0027, plus the banded cells: level `capacity_finest` (edge `capacity_cell`, as the server
-- computes it) grouped from `assets`, each coarser one from the level below.
CREATE FUNCTION refresh_asset_map_cells(finest integer, cell double precision, capacity_finest integer,
  capacity_cell double precision, bands double precision[]) RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  UPDATE asset_map_cells_state
    SET stale = false, finest = refresh_asset_map_cells.finest, capacity_finest = refresh_asset_map_cells.capacity_finest,
      capacity_bands = bands
    WHERE stale;
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
  DELETE FROM asset_map_capacity_cells;
  IF capacity_finest >= 0 THEN
    INSERT INTO asset_map_capacity_cells (level, cx, cy, technology_type, development_status, region, band, n, capacity, lng_sum, lat_sum, single_id)
      SELECT capacity_finest, floor(longitude / capacity_cell)::int, floor(latitude / capacity_cell)::int, technology_type, development_status, region,
        width_bucket(installed_capacity, bands), count(*), coalesce(sum(installed_capacity), 0), sum(longitude), sum(latitude),
        CASE WHEN count(*) = 1 THEN min(id) END
      FROM assets WHERE latitude IS NOT NULL AND longitude IS NOT NULL
      GROUP BY 2, 3, 4, 5, 6, 7;
  END IF;
  FOR lvl IN REVERSE capacity_finest - 1 .. 0 LOOP
    INSERT INTO asset_map_capacity_cells (level, cx, cy, technology_type, development_status, region, band, n, capacity, lng_sum, lat_sum, single_id)
      SELECT lvl, floor(cx / 2.0)::int, floor(cy / 2.0)::int, technology_type, development_status, region, band,
        sum(n), sum(capacity), sum(lng_sum), sum(lat_sum), CASE WHEN sum(n) = 1 THEN min(single_id) END
      FROM asset_map_capacity_cells WHERE level = lvl + 1
      GROUP BY 2, 3, 4, 5, 6, 7;
  END LOOP;
  RETURN true;
END
$$;

-- Built by the next refresh (after an import, the generator or the minute's warm-up).
UPDATE asset_map_cells_state SET stale = true;
