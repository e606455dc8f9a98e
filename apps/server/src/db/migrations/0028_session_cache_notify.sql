-- Sessions and the admin lists are answered from memory (docs/decisions/0386): each process keeps the session → user
-- rows it has read and drops them when a committed write says so, with the notifications of
-- migration 0026 (`read_cache_notify`, channel 'read_cache'). SQL valid on PostgreSQL 15+ and PGlite.
--
--   'sessions|…|<session ids>'       a session was deleted (sign-out, revocation, expiry purge,
--                                     a password reset) or changed in a column other than
--                                     last_seen_at (the idle clock: each process writes it at most
--                                     once a minute and checks idle expiry against its own copy,
--                                     asking the database before it refuses).
--   'session-users|…|<user ids>'     a user row changed in any column (role, verification,
--                                     password, name, deletion request) or was deleted.
--
-- No insert triggers: a new session or user is in no process's memory yet (a lookup that finds
-- nothing keeps nothing). TRUNCATE drops everything.

CREATE TRIGGER sessions_session_cache_upd AFTER UPDATE ON sessions REFERENCING OLD TABLE AS read_cache_old NEW TABLE AS read_cache_new
  FOR EACH STATEMENT EXECUTE FUNCTION read_cache_notify('sessions', 'rows', '', 'last_seen_at');
CREATE TRIGGER sessions_session_cache_del AFTER DELETE ON sessions REFERENCING OLD TABLE AS read_cache_old
  FOR EACH STATEMENT EXECUTE FUNCTION read_cache_notify('sessions', 'rows', '', '');
CREATE TRIGGER sessions_session_cache_trunc AFTER TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION read_cache_notify('sessions', 'coarse', '', '');

CREATE TRIGGER users_session_cache_upd AFTER UPDATE ON users REFERENCING OLD TABLE AS read_cache_old NEW TABLE AS read_cache_new
  FOR EACH STATEMENT EXECUTE FUNCTION read_cache_notify('session-users', 'rows', '', '');
CREATE TRIGGER users_session_cache_del AFTER DELETE ON users REFERENCING OLD TABLE AS read_cache_old
  FOR EACH STATEMENT EXECUTE FUNCTION read_cache_notify('session-users', 'rows', '', '');
CREATE TRIGGER users_session_cache_trunc AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION read_cache_notify('session-users', 'coarse', '', '');

-- The admin lists (users, claims, audit log, waiting requests) are cached by query for every admin.
-- 'admin|all|' on any write to a table they read; the providers and tenders they show are named by
-- migration 0026's triggers.
CREATE TRIGGER users_admin_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION read_cache_notify('admin', 'coarse', '', '');
CREATE TRIGGER account_deletion_requests_admin_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON account_deletion_requests
  FOR EACH STATEMENT EXECUTE FUNCTION read_cache_notify('admin', 'coarse', '', '');
CREATE TRIGGER admin_audit_log_admin_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON admin_audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION read_cache_notify('admin', 'coarse', '', '');
CREATE TRIGGER provider_claims_admin_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON provider_claims
  FOR EACH STATEMENT EXECUTE FUNCTION read_cache_notify('admin', 'coarse', '', '');
CREATE TRIGGER tender_invitations_admin_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON tender_invitations
  FOR EACH STATEMENT EXECUTE FUNCTION read_cache_notify('admin', 'coarse', '', '');
CREATE TRIGGER tender_email_invitations_admin_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON tender_email_invitations
  FOR EACH STATEMENT EXECUTE FUNCTION read_cache_notify('admin', 'coarse', '', '');
CREATE TRIGGER quotes_admin_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON quotes
  FOR EACH STATEMENT EXECUTE FUNCTION read_cache_notify('admin', 'coarse', '', '');
CREATE TRIGGER admin_waiting_actions_admin_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON admin_waiting_actions
  FOR EACH STATEMENT EXECUTE FUNCTION read_cache_notify('admin', 'coarse', '', '');
