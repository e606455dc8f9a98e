-- Read caches learn of writes by notification instead of reading a version on every lookup
-- (docs/decisions/0384, superseding the versions of migrations 0011 and 0014). A statement trigger
-- sends one `pg_notify('read_cache', 'cache|kind|ids')` when it commits, whoever wrote: the app,
-- a migration, a CLI import or psql. PGlite delivers it to the one process in the same call;
-- PostgreSQL to every process that listens. SQL valid on PostgreSQL 15+ and PGlite.
--
--   kind 'row'   the rows named by ids changed only in columns that decide no search's matches or
--                order (TG_ARGV[2]): answers holding one of them are dropped, other searches kept.
--   kind 'match' the rows named by ids were inserted, deleted or changed in a column searches
--                filter or sort on: every search of the cache is dropped, and answers holding them.
--   kind 'all'   anything may have changed (TRUNCATE, more than 100 rows, a coarse table).
--
-- TG_ARGV: cache name; mode ('rows' keyed by the table's id, 'child' keyed by a parent id column,
-- 'coarse'); for 'child' the parent id column, else the columns whose change is kind 'row'
-- (comma-separated); columns no cached answer reads (comma-separated; a change only there is
-- not sent). A column missing from both lists counts as a search column: the safe side.

-- Every trigger of the version scheme (migrations 0011, 0014, 0020), found by its function.
DO $$
DECLARE
  r record;
BEGIN
  FOR r IN SELECT t.tgname, t.tgrelid::regclass AS rel FROM pg_trigger t JOIN pg_proc p ON p.oid = t.tgfoid
           WHERE p.proname = 'read_cache_bump' LOOP
    EXECUTE format('DROP TRIGGER %I ON %s', r.tgname, r.rel);
  END LOOP;
END
$$;
DROP FUNCTION IF EXISTS read_cache_bump();
DROP TABLE IF EXISTS read_cache_versions;

CREATE OR REPLACE FUNCTION read_cache_notify() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  cache text := TG_ARGV[0];
  mode text := TG_ARGV[1];
  content text[] := CASE WHEN mode = 'rows' THEN string_to_array(TG_ARGV[2], ',') ELSE '{}'::text[] END;
  ignored text[] := string_to_array(TG_ARGV[3], ',');
  parent text := CASE WHEN mode = 'child' THEN TG_ARGV[2] END;
  changed int;
  ids text;
  matched boolean;
BEGIN
  IF mode = 'coarse' OR TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('read_cache', cache || '|all|');
    RETURN NULL;
  END IF;
  IF mode = 'child' THEN
    -- Any change of a child row changes its parent's answers, never which parents a search finds.
    EXECUTE format(
      $q$SELECT count(DISTINCT k), string_agg(DISTINCT k, ',') FROM (
           %s
         ) AS c(k) WHERE k IS NOT NULL$q$,
      CASE TG_OP
        WHEN 'INSERT' THEN format('SELECT %I::text FROM read_cache_new', parent)
        WHEN 'DELETE' THEN format('SELECT %I::text FROM read_cache_old', parent)
        ELSE format('SELECT %1$I::text FROM read_cache_new UNION ALL SELECT %1$I::text FROM read_cache_old', parent)
      END)
      INTO changed, ids;
    matched := false;
  ELSIF TG_OP = 'UPDATE' THEN
    EXECUTE
      $q$SELECT count(*), string_agg(k, ','), coalesce(bool_or(m), false) FROM (
           SELECT coalesce(n.id, o.id)::text AS k,
                  (to_jsonb(o) - $1 - $2) IS DISTINCT FROM (to_jsonb(n) - $1 - $2) AS m,
                  (to_jsonb(o) - $2) IS DISTINCT FROM (to_jsonb(n) - $2) AS d
             FROM read_cache_old o FULL JOIN read_cache_new n ON n.id = o.id
         ) AS c WHERE d$q$
      INTO changed, ids, matched USING content, ignored;
  ELSE
    EXECUTE format('SELECT count(*), string_agg(id::text, '','') FROM %I',
                   CASE TG_OP WHEN 'INSERT' THEN 'read_cache_new' ELSE 'read_cache_old' END)
      INTO changed, ids;
    matched := true;
  END IF;
  IF changed = 0 THEN
    RETURN NULL;
  END IF;
  IF changed > 100 THEN
    PERFORM pg_notify('read_cache', cache || '|all|');
  ELSE
    PERFORM pg_notify('read_cache', cache || '|' || CASE WHEN matched THEN 'match' ELSE 'row' END || '|' || ids);
  END IF;
  RETURN NULL;
END
$$;

-- Providers: searches filter and sort on id, slug, business_name, type, services, technologies,
-- scale, phase, latitude, longitude, service_radius, claim_approved and completeness (and the map
-- answer shows only those); every other column is only shown by the answers that hold the row.
CREATE TRIGGER providers_read_cache_ins AFTER INSERT ON providers REFERENCING NEW TABLE AS read_cache_new
  FOR EACH STATEMENT EXECUTE FUNCTION read_cache_notify('providers', 'rows', '', '');
CREATE TRIGGER providers_read_cache_upd AFTER UPDATE ON providers REFERENCING OLD TABLE AS read_cache_old NEW TABLE AS read_cache_new
  FOR EACH STATEMENT EXECUTE FUNCTION read_cache_notify('providers', 'rows',
    'description,expertise,certifications,industry_associations,location,logo,cover_image,website,phone,email,linkedin,twitter,facebook,place_id,user_id,claimed,source,source_ref,created_at,updated_at',
    '');
CREATE TRIGGER providers_read_cache_del AFTER DELETE ON providers REFERENCING OLD TABLE AS read_cache_old
  FOR EACH STATEMENT EXECUTE FUNCTION read_cache_notify('providers', 'rows', '', '');
CREATE TRIGGER providers_read_cache_trunc AFTER TRUNCATE ON providers
  FOR EACH STATEMENT EXECUTE FUNCTION read_cache_notify('providers', 'coarse', '', '');

-- A profile shows its media files: a change there is a change of its provider's answers.
CREATE TRIGGER provider_media_read_cache_ins AFTER INSERT ON provider_media_files REFERENCING NEW TABLE AS read_cache_new
  FOR EACH STATEMENT EXECUTE FUNCTION read_cache_notify('providers', 'child', 'provider_id', '');
CREATE TRIGGER provider_media_read_cache_upd AFTER UPDATE ON provider_media_files REFERENCING OLD TABLE AS read_cache_old NEW TABLE AS read_cache_new
  FOR EACH STATEMENT EXECUTE FUNCTION read_cache_notify('providers', 'child', 'provider_id', '');
CREATE TRIGGER provider_media_read_cache_del AFTER DELETE ON provider_media_files REFERENCING OLD TABLE AS read_cache_old
  FOR EACH STATEMENT EXECUTE FUNCTION read_cache_notify('providers', 'child', 'provider_id', '');
CREATE TRIGGER provider_media_read_cache_trunc AFTER TRUNCATE ON provider_media_files
  FOR EACH STATEMENT EXECUTE FUNCTION read_cache_notify('providers', 'coarse', '', '');

-- Users: cached answers show an owner's name (profiles, the tender board). Sign-ins, password
-- changes and verification touch no cached answer.
CREATE TRIGGER users_read_cache_ins AFTER INSERT ON users REFERENCING NEW TABLE AS read_cache_new
  FOR EACH STATEMENT EXECUTE FUNCTION read_cache_notify('users', 'rows', '', '');
CREATE TRIGGER users_read_cache_upd AFTER UPDATE ON users REFERENCING OLD TABLE AS read_cache_old NEW TABLE AS read_cache_new
  FOR EACH STATEMENT EXECUTE FUNCTION read_cache_notify('users', 'rows', '', 'password_hash,updated_at,email_verified_at');
CREATE TRIGGER users_read_cache_del AFTER DELETE ON users REFERENCING OLD TABLE AS read_cache_old
  FOR EACH STATEMENT EXECUTE FUNCTION read_cache_notify('users', 'rows', '', '');
CREATE TRIGGER users_read_cache_trunc AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION read_cache_notify('users', 'coarse', '', '');

-- Tenders and assets: their answers are cached whole per table (a tender save writes tender_saves,
-- which no public answer reads).
CREATE TRIGGER tenders_read_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON tenders
  FOR EACH STATEMENT EXECUTE FUNCTION read_cache_notify('tenders', 'coarse', '', '');
CREATE TRIGGER assets_read_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON assets
  FOR EACH STATEMENT EXECUTE FUNCTION read_cache_notify('assets', 'coarse', '', '');
CREATE TRIGGER asset_changes_read_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON asset_changes
  FOR EACH STATEMENT EXECUTE FUNCTION read_cache_notify('assets', 'coarse', '', '');
