-- Rate-limit counters shared by every server process on one PostgreSQL (docs/decisions/0381): one
-- row per key and fixed window; `used` is the requests handed out as leases so far, `granted` the
-- last lease (read back by the claiming statement). PGlite (one process) counts in memory and
-- leaves the table empty. SQL valid on PostgreSQL 15+ and PGlite.
CREATE TABLE rate_limit_windows (
  key text NOT NULL,
  window_start bigint NOT NULL,
  window_end timestamptz NOT NULL,
  used integer NOT NULL,
  granted integer NOT NULL,
  PRIMARY KEY (key, window_start)
);
CREATE INDEX rate_limit_windows_end ON rate_limit_windows (window_end);
