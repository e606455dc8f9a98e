-- Suspended accounts and the audit log's tender events (issue 28 item 8, decision 0424).
-- SQL valid on PostgreSQL 15+ and on PGlite (PostgreSQL 18).

-- A suspended account cannot sign in and its sessions are ended; NULL while it is active.
ALTER TABLE users ADD COLUMN suspended_at timestamptz;
ALTER TABLE users ADD COLUMN suspended_by uuid REFERENCES users (id) ON DELETE SET NULL;

-- The audit log shows tender lifecycle events beside admin actions: a new event drops the cached
-- admin lists (migration 0028's 'admin' notification).
CREATE TRIGGER tender_events_admin_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON tender_events
  FOR EACH STATEMENT EXECUTE FUNCTION read_cache_notify('admin', 'coarse', '', '');
-- The audit log pages admin actions and tender events together, newest first.
CREATE INDEX tender_events_created_idx ON tender_events (created_at DESC, seq DESC);
