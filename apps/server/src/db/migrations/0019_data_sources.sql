-- Data sources (issue 17): one row per external feed the server pulls by itself (the tender feeds,
-- and the REPD release job under id 'repd'), holding its resumable cursor and what its runs did.
-- Feed jobs write it; the admin 'Data sources' tab and the boards' freshness lines read it.
-- SQL valid on PostgreSQL 15+ and on PGlite (PostgreSQL 18).
CREATE TABLE data_sources (
  id text PRIMARY KEY CHECK (id ~ '^[a-z0-9-]{1,40}$'), -- 'find-a-tender', 'contracts-finder', …, 'repd'
  enabled boolean NOT NULL DEFAULT false, -- configured in this deployment (TENDER_FEEDS, …)
  -- Where the next run resumes, in the feed's own terms (a next-page address, a date window, a
  -- month and notice type, a release id). Written in the same transaction as the items it follows.
  cursor jsonb NOT NULL DEFAULT '{}'::jsonb,
  last_run_at timestamptz, -- a run started
  last_success_at timestamptz, -- a run ended without an error (the data is current as of then)
  last_error_at timestamptz,
  last_error text,
  next_run_at timestamptz, -- due from then (its period after a run)
  -- The source asked us to wait (429 / 403 with Retry-After, 5xx): no run before then, not even
  -- one an admin asked for.
  backoff_until timestamptz,
  run_requested_at timestamptz, -- an admin asked for a run now
  -- Totals over every run: items read from the source, kept (stored or updated), dropped as not
  -- relevant to this market, rejected as malformed; and failed runs.
  items_read bigint NOT NULL DEFAULT 0,
  items_kept bigint NOT NULL DEFAULT 0,
  items_dropped bigint NOT NULL DEFAULT 0,
  items_invalid bigint NOT NULL DEFAULT 0,
  errors integer NOT NULL DEFAULT 0,
  -- The same counts for the latest run alone.
  last_run_read integer NOT NULL DEFAULT 0,
  last_run_kept integer NOT NULL DEFAULT 0,
  last_run_dropped integer NOT NULL DEFAULT 0,
  last_run_invalid integer NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now()
);
