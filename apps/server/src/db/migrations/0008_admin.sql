-- Admin (issue 6): the audit log of admin actions, the Waiting list's actions, and a search index
-- for the admin users list. SQL valid on PostgreSQL 15+ and on PGlite (PostgreSQL 18).
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- Every admin action (docs/decisions/0230-admin-audit-log.md): who, what, when, before and after.
-- The actor's name is copied so the row still reads after that account is deleted.
CREATE TABLE admin_audit_log (
  id bigserial PRIMARY KEY,
  actor_id uuid REFERENCES users (id) ON DELETE SET NULL,
  actor_name text NOT NULL,
  action text NOT NULL,
  target_type text NOT NULL,
  target_id text NOT NULL,
  summary text NOT NULL DEFAULT '',
  before jsonb,
  after jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX admin_audit_log_created_idx ON admin_audit_log (created_at DESC, id DESC);
CREATE INDEX admin_audit_log_target_idx ON admin_audit_log (target_type, target_id, created_at DESC);

-- What an admin did with a request waiting on an unclaimed provider (docs/decisions/0234-waiting-list.md).
-- kind 'invitation': ref_id is '<tender id>:<provider id>'; kind 'quote': the quote id.
CREATE TABLE admin_waiting_actions (
  kind text NOT NULL CHECK (kind IN ('invitation', 'quote')),
  ref_id text NOT NULL,
  status text NOT NULL CHECK (status IN ('forwarded', 'closed', 'resolved')),
  forwarded_to text,
  acted_by uuid REFERENCES users (id) ON DELETE SET NULL,
  acted_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (kind, ref_id)
);

-- Admin users search: one substring match over name, email and company.
CREATE INDEX users_admin_search_trgm_idx ON users
  USING gin ((lower(name) || ' ' || lower(email) || ' ' || lower(company)) gin_trgm_ops);
CREATE INDEX users_created_at_idx ON users (created_at DESC, id);
