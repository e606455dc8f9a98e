-- Sessions are answered from memory (docs/decisions/0386): each process keeps the session → user
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
