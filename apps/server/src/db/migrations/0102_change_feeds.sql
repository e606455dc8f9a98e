-- Feeds of changes per entity (issue 32, decision 0493): GET /api/changes/tenders and /assets let a
-- script keep a copy in sync by reading only what changed since its cursor.
--
-- Each tender and asset has one row here, moved to a new position by every write to it (an insert,
-- an update or a delete, the last kept as `deleted`). A position is (txid, seq): the writing
-- transaction's id and a number from one sequence. A reader is only given positions whose
-- transaction is older than every transaction still running when it reads
-- (`txid < pg_snapshot_xmin(pg_current_snapshot())`), in (txid, seq) order: those transactions have
-- all ended, so no row can later appear at a position before one already given, however late a
-- writer commits. A plain sequence would skip: a transaction that took number 10 and committed
-- after another took and committed 11 is never seen by a reader already past 11.
-- Written by statement triggers (one INSERT per statement, from its transition table), so a REPD
-- import or the million-row generator adds one statement per batch, not one per row.
-- SQL valid on PostgreSQL 15+ and on PGlite (PostgreSQL 18).
CREATE SEQUENCE change_feed_seq;

CREATE TABLE tender_feed (
  tender_id uuid PRIMARY KEY,
  txid xid8 NOT NULL,
  seq bigint NOT NULL,
  -- Whether any visitor could ever see this tender: only then is its leaving (deleted, back to a
  -- draft, made private) told to the feed's readers; a tender nobody outside could see never shows.
  public_once boolean NOT NULL,
  deleted boolean NOT NULL DEFAULT false
);
CREATE INDEX tender_feed_position_idx ON tender_feed (txid, seq);

CREATE TABLE asset_feed (
  asset_id bigint PRIMARY KEY,
  txid xid8 NOT NULL,
  seq bigint NOT NULL,
  deleted boolean NOT NULL DEFAULT false
);
CREATE INDEX asset_feed_position_idx ON asset_feed (txid, seq);

CREATE FUNCTION tender_feed_write() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO tender_feed AS f (tender_id, txid, seq, public_once, deleted)
      SELECT o.id, pg_current_xact_id(), nextval('change_feed_seq'), o.type = 'open' AND o.stage <> 'draft', true FROM old_rows o
      ON CONFLICT (tender_id) DO UPDATE SET txid = excluded.txid, seq = excluded.seq, deleted = true,
        public_once = f.public_once OR excluded.public_once;
  ELSE
    INSERT INTO tender_feed AS f (tender_id, txid, seq, public_once, deleted)
      SELECT n.id, pg_current_xact_id(), nextval('change_feed_seq'), n.type = 'open' AND n.stage <> 'draft', false FROM new_rows n
      ON CONFLICT (tender_id) DO UPDATE SET txid = excluded.txid, seq = excluded.seq, deleted = false,
        public_once = f.public_once OR excluded.public_once;
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER tenders_feed_insert AFTER INSERT ON tenders REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION tender_feed_write();
CREATE TRIGGER tenders_feed_update AFTER UPDATE ON tenders REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION tender_feed_write();
CREATE TRIGGER tenders_feed_delete AFTER DELETE ON tenders REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION tender_feed_write();

CREATE FUNCTION asset_feed_write() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO asset_feed AS f (asset_id, txid, seq, deleted)
      SELECT o.id, pg_current_xact_id(), nextval('change_feed_seq'), true FROM old_rows o
      ON CONFLICT (asset_id) DO UPDATE SET txid = excluded.txid, seq = excluded.seq, deleted = true;
  ELSE
    INSERT INTO asset_feed AS f (asset_id, txid, seq, deleted)
      SELECT n.id, pg_current_xact_id(), nextval('change_feed_seq'), false FROM new_rows n
      ON CONFLICT (asset_id) DO UPDATE SET txid = excluded.txid, seq = excluded.seq, deleted = false;
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER assets_feed_insert AFTER INSERT ON assets REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION asset_feed_write();
CREATE TRIGGER assets_feed_update AFTER UPDATE ON assets REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION asset_feed_write();
CREATE TRIGGER assets_feed_delete AFTER DELETE ON assets REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION asset_feed_write();

-- What exists now, each at a first position.
INSERT INTO tender_feed (tender_id, txid, seq, public_once)
  SELECT id, pg_current_xact_id(), nextval('change_feed_seq'), type = 'open' AND stage <> 'draft' FROM tenders ORDER BY created_at, id;
INSERT INTO asset_feed (asset_id, txid, seq)
  SELECT id, pg_current_xact_id(), nextval('change_feed_seq') FROM assets ORDER BY id;
