-- The public tender board's read cache (docs/decisions/0318): an answer comes from tenders and
-- from the owners' names in users, so any statement writing either table bumps the 'tenders'
-- version (the mechanism of migration 0011). SQL valid on PostgreSQL 15+ and PGlite.
INSERT INTO read_cache_versions (name) VALUES ('tenders');
CREATE TRIGGER tenders_read_cache_bump AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON tenders
  FOR EACH STATEMENT EXECUTE FUNCTION read_cache_bump('tenders');
CREATE TRIGGER users_tenders_read_cache_bump AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION read_cache_bump('tenders');
