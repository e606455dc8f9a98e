-- The map cells (0027) and the Insights tables (0100) are marked stale only by a statement that
-- wrote at least one asset row (docs/decisions/0600). A statement-level trigger runs even when its
-- statement touched nothing: a REPD import that changed no row (its upsert skips unchanged content
-- hashes, and the duplicate flags update nothing) still marked both stale, and the import and the
-- map's warm-up then rebuilt them for nothing. Transition tables say whether any row was written;
-- PostgreSQL allows them on one event per trigger, so each event has its own trigger. TRUNCATE
-- has no transition table and still always marks them stale.
CREATE FUNCTION asset_tables_stale_if_written() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM 1 FROM asset_rows_old LIMIT 1;
  ELSE
    PERFORM 1 FROM asset_rows_new LIMIT 1;
  END IF;
  IF FOUND THEN
    UPDATE asset_map_cells_state SET stale = true WHERE NOT stale;
    UPDATE asset_insights_state SET stale = true WHERE NOT stale;
  END IF;
  RETURN NULL;
END
$$;

CREATE FUNCTION asset_tables_stale() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE asset_map_cells_state SET stale = true WHERE NOT stale;
  UPDATE asset_insights_state SET stale = true WHERE NOT stale;
  RETURN NULL;
END
$$;

DROP TRIGGER assets_map_cells_stale ON assets;
DROP TRIGGER assets_insights_stale ON assets;
DROP FUNCTION asset_map_cells_stale();
DROP FUNCTION asset_insights_stale();

CREATE TRIGGER assets_tables_stale_insert AFTER INSERT ON assets REFERENCING NEW TABLE AS asset_rows_new
  FOR EACH STATEMENT EXECUTE FUNCTION asset_tables_stale_if_written();
CREATE TRIGGER assets_tables_stale_update AFTER UPDATE ON assets REFERENCING NEW TABLE AS asset_rows_new
  FOR EACH STATEMENT EXECUTE FUNCTION asset_tables_stale_if_written();
CREATE TRIGGER assets_tables_stale_delete AFTER DELETE ON assets REFERENCING OLD TABLE AS asset_rows_old
  FOR EACH STATEMENT EXECUTE FUNCTION asset_tables_stale_if_written();
CREATE TRIGGER assets_tables_stale_truncate AFTER TRUNCATE ON assets
  FOR EACH STATEMENT EXECUTE FUNCTION asset_tables_stale();
