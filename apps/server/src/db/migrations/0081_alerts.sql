-- Saved searches and their alerts, watched tenders, in-app notifications (issue 30, docs/decisions
-- 0471–0474). SQL valid on PostgreSQL 15+ and on PGlite (PostgreSQL 18).

-- Keywords of tender searches (and the board's Keywords filter): the notice's words, stemmed.
ALTER TABLE tenders ADD COLUMN search_vector tsvector
  GENERATED ALWAYS AS (to_tsvector('english', coalesce(title, '') || ' ' || coalesce(description, ''))) STORED;
CREATE INDEX tenders_search_vector_idx ON tenders USING gin (search_vector);

-- What happened to each tender, written by triggers whoever wrote the row (the lifecycle, the feeds,
-- an import, psql): new ('published'), corrected ('updated', with the fields), a deadline moved,
-- awarded, cancelled, another stage, a question answered ('clarification'), a document added. Read
-- by the saved-search matcher (matched_at) and the watch notifier (watched_at), each marking what it
-- has done, so a change committed late by a slow transaction is still seen.
CREATE TABLE tender_changes (
  seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tender_id uuid NOT NULL REFERENCES tenders (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('published', 'updated', 'deadline', 'awarded', 'cancelled', 'stage', 'clarification', 'document')),
  detail jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  matched_at timestamptz,
  watched_at timestamptz
);
CREATE INDEX tender_changes_unmatched_idx ON tender_changes (seq) WHERE matched_at IS NULL;
CREATE INDEX tender_changes_unwatched_idx ON tender_changes (seq) WHERE watched_at IS NULL;
CREATE INDEX tender_changes_tender_idx ON tender_changes (tender_id, seq);

CREATE FUNCTION tender_changes_record() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  fields text[] := '{}';
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.stage <> 'draft' THEN
      INSERT INTO tender_changes (tender_id, kind) VALUES (NEW.id, 'published');
    END IF;
    RETURN NULL;
  END IF;
  IF NEW.stage = 'draft' THEN
    RETURN NULL;
  END IF;
  IF OLD.stage = 'draft' THEN
    INSERT INTO tender_changes (tender_id, kind) VALUES (NEW.id, 'published');
    RETURN NULL;
  END IF;
  IF NEW.stage IS DISTINCT FROM OLD.stage THEN
    INSERT INTO tender_changes (tender_id, kind, detail)
    VALUES (NEW.id, CASE NEW.stage WHEN 'awarded' THEN 'awarded' WHEN 'cancelled' THEN 'cancelled' ELSE 'stage' END,
            jsonb_build_object('from', OLD.stage, 'to', NEW.stage, 'reason', NEW.cancel_reason, 'supplier', NEW.award_supplier));
  END IF;
  IF NEW.closing_date IS DISTINCT FROM OLD.closing_date THEN
    INSERT INTO tender_changes (tender_id, kind, detail)
    VALUES (NEW.id, 'deadline', jsonb_build_object('from', OLD.closing_date, 'to', NEW.closing_date));
  END IF;
  IF NEW.title IS DISTINCT FROM OLD.title THEN fields := fields || 'title'::text; END IF;
  IF NEW.description IS DISTINCT FROM OLD.description THEN fields := fields || 'description'::text; END IF;
  IF (NEW.value_minimum, NEW.value_maximum) IS DISTINCT FROM (OLD.value_minimum, OLD.value_maximum) THEN fields := fields || 'value'::text; END IF;
  IF (NEW.location, NEW.latitude, NEW.longitude) IS DISTINCT FROM (OLD.location, OLD.latitude, OLD.longitude) THEN fields := fields || 'location'::text; END IF;
  IF (NEW.start_date, NEW.end_date) IS DISTINCT FROM (OLD.start_date, OLD.end_date) THEN fields := fields || 'contract dates'::text; END IF;
  IF NEW.cpv_codes IS DISTINCT FROM OLD.cpv_codes THEN fields := fields || 'classification'::text; END IF;
  IF NEW.documents IS DISTINCT FROM OLD.documents THEN fields := fields || 'documents'::text; END IF;
  IF NEW.lots IS DISTINCT FROM OLD.lots THEN fields := fields || 'lots'::text; END IF;
  IF NEW.stage = OLD.stage AND (NEW.award_supplier, NEW.award_value) IS DISTINCT FROM (OLD.award_supplier, OLD.award_value) THEN
    fields := fields || 'award'::text;
  END IF;
  IF cardinality(fields) > 0 THEN
    INSERT INTO tender_changes (tender_id, kind, detail) VALUES (NEW.id, 'updated', jsonb_build_object('fields', to_jsonb(fields)));
  END IF;
  RETURN NULL;
END
$fn$;
CREATE TRIGGER tenders_changes AFTER INSERT OR UPDATE ON tenders FOR EACH ROW EXECUTE FUNCTION tender_changes_record();

CREATE FUNCTION tender_questions_answered() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  INSERT INTO tender_changes (tender_id, kind, detail) VALUES (NEW.tender_id, 'clarification', jsonb_build_object('questionId', NEW.id));
  RETURN NULL;
END
$fn$;
CREATE TRIGGER tender_questions_answered AFTER UPDATE OF answer ON tender_questions FOR EACH ROW
  WHEN (NEW.answer IS NOT NULL AND NEW.answer IS DISTINCT FROM OLD.answer) EXECUTE FUNCTION tender_questions_answered();

CREATE FUNCTION tender_documents_added() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  INSERT INTO tender_changes (tender_id, kind, detail)
  SELECT NEW.tender_id, 'document', jsonb_build_object('filename', NEW.filename) FROM tenders WHERE id = NEW.tender_id AND stage <> 'draft';
  RETURN NULL;
END
$fn$;
CREATE TRIGGER tender_documents_added AFTER INSERT ON tender_documents FOR EACH ROW EXECUTE FUNCTION tender_documents_added();

-- New providers and REPD changes waiting to be matched with saved searches (rows go once matched).
CREATE TABLE alert_queue (
  seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  item_type text NOT NULL CHECK (item_type IN ('provider', 'asset-change')),
  item_id text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE FUNCTION alert_queue_providers() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  INSERT INTO alert_queue (item_type, item_id) SELECT 'provider', id::text FROM alert_new_rows;
  RETURN NULL;
END
$fn$;
CREATE TRIGGER providers_alert_queue AFTER INSERT ON providers REFERENCING NEW TABLE AS alert_new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION alert_queue_providers();
CREATE FUNCTION alert_queue_asset_changes() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  INSERT INTO alert_queue (item_type, item_id) SELECT 'asset-change', id::text FROM alert_new_rows WHERE kind IN ('added', 'status', 'capacity');
  RETURN NULL;
END
$fn$;
CREATE TRIGGER asset_changes_alert_queue AFTER INSERT ON asset_changes REFERENCING NEW TABLE AS alert_new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION alert_queue_asset_changes();

-- A saved search: the page it came from (kind), its filters (criteria, as the contract defines them),
-- its schedule, and for tender searches the criteria as columns the set-based matcher reads
-- (written by the service from the criteria at every save; decision 0471).
CREATE TABLE saved_searches (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  kind text NOT NULL CHECK (kind IN ('providers', 'tenders', 'assets', 'projects')),
  criteria jsonb NOT NULL DEFAULT '{}'::jsonb,
  frequency text NOT NULL DEFAULT 'daily' CHECK (frequency IN ('instant', 'daily', 'weekly', 'off')),
  digest_hour smallint NOT NULL DEFAULT 8 CHECK (digest_hour BETWEEN 0 AND 23),
  digest_weekday smallint NOT NULL DEFAULT 1 CHECK (digest_weekday BETWEEN 1 AND 7),
  paused boolean NOT NULL DEFAULT false,
  next_digest_at timestamptz,
  last_mailed_at timestamptz,
  -- Tender criteria for the matcher (null: no condition).
  t_query tsquery,
  t_service text,
  t_cpv text[],
  t_regions text[],
  t_lat double precision,
  t_lng double precision,
  t_radius_km double precision,
  t_min_value numeric(16, 2),
  t_max_value numeric(16, 2),
  t_stages text[],
  t_sources text[],
  t_my_profiles boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX saved_searches_user_idx ON saved_searches (user_id, created_at DESC);
CREATE INDEX saved_searches_kind_idx ON saved_searches (kind) WHERE NOT paused;
CREATE INDEX saved_searches_digest_idx ON saved_searches (next_digest_at) WHERE NOT paused AND frequency IN ('daily', 'weekly');

-- The keys a tender must carry for a search to be worth checking (decision 0471): the grid cells
-- its circle covers, else its regions, else its CPV codes, else a word its keywords require, else
-- 'all'; a cell or a region is joined with a word the keywords require ('g:103:-2|w:solar'), since
-- most pairs of a place alone fail on the keywords. A tender's keys are its cell, region, codes,
-- words, and its cell and region each joined with each of its words: one hash join finds the few
-- (search, tender) pairs to check instead of every pair.
CREATE TABLE saved_search_anchors (
  key text NOT NULL,
  search_id uuid NOT NULL REFERENCES saved_searches (id) ON DELETE CASCADE,
  PRIMARY KEY (key, search_id)
);
CREATE INDEX saved_search_anchors_search_idx ON saved_search_anchors (search_id);

-- The cell of a point (0.5 degree grid), as tenders and anchors name it.
CREATE FUNCTION alert_cell(lat double precision, lng double precision) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$ SELECT 'g:' || floor(lat * 2)::int || ':' || floor(lng * 2)::int $fn$;

-- The anchors of the given tender searches, from their matcher columns (the one implementation:
-- the service after each save, migration 0082 and the benchmark call it).
CREATE FUNCTION refresh_saved_search_anchors(ids uuid[]) RETURNS void LANGUAGE plpgsql AS $fn$
BEGIN
  DELETE FROM saved_search_anchors WHERE search_id = ANY(ids);
  WITH s AS (
    SELECT id, t_lat, t_lng, t_radius_km, t_regions, t_cpv,
           CASE WHEN t_query IS NULL THEN NULL ELSE querytree(t_query) END AS tree,
           t_lat IS NOT NULL AND t_radius_km <= 250 AS by_cell
      FROM saved_searches WHERE id = ANY(ids) AND kind = 'tenders'
  ), all_words AS (
    SELECT s.id, m[1] AS word, position('|' IN s.tree) > 0 AS any_of
      FROM s, regexp_matches(s.tree, '''((?:[^'']|'''')+)''', 'g') AS m
     WHERE s.tree IS NOT NULL AND s.tree <> 'T'
  ), words AS (
    -- Every word of an either-or query; the longest of an all-of query (any one of them is required).
    SELECT id, 'w:' || replace(word, '''''', '''') AS w FROM all_words WHERE any_of
    UNION ALL
    (SELECT DISTINCT ON (id) id, 'w:' || replace(word, '''''', '''') FROM all_words WHERE NOT any_of ORDER BY id, length(word) DESC, word)
  ), places AS (
    SELECT s.id, alert_cell(la / 2.0, lo / 2.0) AS key
      FROM s,
           generate_series(floor((s.t_lat - s.t_radius_km / 111.0) * 2)::int, floor((s.t_lat + s.t_radius_km / 111.0) * 2)::int) AS la,
           generate_series(floor((s.t_lng - s.t_radius_km / (111.0 * greatest(cos(radians(s.t_lat)), 0.01))) * 2)::int,
                           floor((s.t_lng + s.t_radius_km / (111.0 * greatest(cos(radians(s.t_lat)), 0.01))) * 2)::int) AS lo
     WHERE s.by_cell
    UNION ALL
    SELECT s.id, 'r:' || lower(r) FROM s, unnest(s.t_regions) AS r WHERE NOT s.by_cell AND s.t_regions IS NOT NULL
  ), chosen AS (
    SELECT p.id, p.key FROM places p WHERE NOT EXISTS (SELECT 1 FROM words w WHERE w.id = p.id)
    UNION ALL
    SELECT p.id, p.key || '|' || w.w FROM places p JOIN words w ON w.id = p.id
    UNION ALL
    SELECT s.id, 'c:' || c FROM s, unnest(s.t_cpv) AS c WHERE NOT s.by_cell AND s.t_regions IS NULL AND s.t_cpv IS NOT NULL
    UNION ALL
    SELECT w.id, w.w FROM words w JOIN s ON s.id = w.id WHERE NOT s.by_cell AND s.t_regions IS NULL AND s.t_cpv IS NULL
  )
  INSERT INTO saved_search_anchors (key, search_id)
  SELECT DISTINCT key, id FROM chosen
  UNION
  SELECT 'all', s.id FROM s WHERE NOT EXISTS (SELECT 1 FROM chosen c WHERE c.id = s.id);
END
$fn$;

-- What matched a search: each item once per search (the primary key). `notified_at`: mailed (or,
-- for searches whose mail is off, put in the bell). A matching run inserts hundreds of thousands of
-- rows at once (decision 0471), so the table carries no foreign key (a per-row check) and no index
-- beyond what the reads need: the primary key serves one search's matches, the partial index the
-- searches with mail waiting. A search's matches go with it by the statement trigger below.
CREATE TABLE saved_search_matches (
  search_id uuid NOT NULL,
  item_type text NOT NULL CHECK (item_type IN ('tender', 'asset-change', 'provider')),
  item_id text NOT NULL,
  change text NOT NULL,
  matched_at timestamptz NOT NULL,
  notified_at timestamptz,
  PRIMARY KEY (search_id, item_type, item_id)
);
CREATE INDEX saved_search_matches_waiting_idx ON saved_search_matches (search_id) WHERE notified_at IS NULL;

CREATE FUNCTION saved_search_matches_forget() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  DELETE FROM saved_search_matches m USING gone WHERE m.search_id = gone.id;
  RETURN NULL;
END
$fn$;
CREATE TRIGGER saved_searches_forget_matches AFTER DELETE ON saved_searches REFERENCING OLD TABLE AS gone
  FOR EACH STATEMENT EXECUTE FUNCTION saved_search_matches_forget();

-- Watched tenders (decision 0473).
CREATE TABLE tender_watches (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  tender_id uuid NOT NULL REFERENCES tenders (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, tender_id)
);
CREATE INDEX tender_watches_tender_idx ON tender_watches (tender_id);

-- In-app notifications: the header's bell (decision 0473).
CREATE TABLE notifications (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('quote-request', 'quote-reply', 'tender-invitation', 'claim-decision', 'question-answered', 'watched-change', 'alert-match')),
  title text NOT NULL,
  body text,
  link text NOT NULL CHECK (link LIKE '/%'),
  created_at timestamptz NOT NULL DEFAULT now(),
  read_at timestamptz
);
CREATE INDEX notifications_user_idx ON notifications (user_id, created_at DESC);
CREATE INDEX notifications_unread_idx ON notifications (user_id) WHERE read_at IS NULL;

-- The dashboard's Tenders tab shows whether the user's tender alert is on (decision 0412's
-- per-viewer cache): a change of one of their saved searches drops their cached answers.
CREATE TRIGGER saved_searches_viewer_cache_ins AFTER INSERT ON saved_searches REFERENCING NEW TABLE AS read_cache_new
  FOR EACH STATEMENT EXECUTE FUNCTION read_cache_notify('viewers', 'child', 'user_id', '');
CREATE TRIGGER saved_searches_viewer_cache_upd AFTER UPDATE ON saved_searches REFERENCING OLD TABLE AS read_cache_old NEW TABLE AS read_cache_new
  FOR EACH STATEMENT EXECUTE FUNCTION read_cache_notify('viewers', 'child', 'user_id', '');
CREATE TRIGGER saved_searches_viewer_cache_del AFTER DELETE ON saved_searches REFERENCING OLD TABLE AS read_cache_old
  FOR EACH STATEMENT EXECUTE FUNCTION read_cache_notify('viewers', 'child', 'user_id', '');
CREATE TRIGGER saved_searches_viewer_cache_trunc AFTER TRUNCATE ON saved_searches
  FOR EACH STATEMENT EXECUTE FUNCTION read_cache_notify('viewers', 'coarse', '', '');

-- The key that signs one-click unsubscribe links (decision 0474): 244 random bits, made once per
-- database, so every server process signs and checks alike.
INSERT INTO app_meta (key, value) VALUES ('alerts:unsubscribe-key', to_jsonb(replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')))
  ON CONFLICT (key) DO NOTHING;
