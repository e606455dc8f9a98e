-- Mail that is never lost (issue 30, docs/decisions/0470): every mail is a row of the outbox,
-- written in the transaction of the change that causes it, and delivered by the outbox worker
-- (platform/mail-delivery.ts) with retries and backoff. A row is 'pending' until delivered
-- ('sent': to SMTP, or to DATA_DIR/outbox files when no SMTP server is configured) or refused for
-- good ('failed': a 5xx answer, or still undelivered after the retry window).
-- SQL valid on PostgreSQL 15+ and on PGlite (PostgreSQL 18).
ALTER TABLE outbox
  -- What the mail is ('welcome', 'tender-outcome', …): the admin Mail tab and the logs name it, never the recipient.
  ADD COLUMN kind text NOT NULL DEFAULT 'mail',
  -- Extra headers (List-Unsubscribe, List-Unsubscribe-Post), name → value.
  ADD COLUMN headers jsonb NOT NULL DEFAULT '{}'::jsonb,
  ADD COLUMN status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
  ADD COLUMN attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  -- The first attempt (the worker's clock): retries stop MAIL_DELIVERY.giveUpAfterMs after it.
  ADD COLUMN first_attempt_at timestamptz,
  -- When the next attempt is due; null: at once.
  ADD COLUMN next_attempt_at timestamptz,
  -- A worker's lease on the row while it sends; after it the row is due again (a killed process).
  ADD COLUMN locked_until timestamptz,
  ADD COLUMN last_error text,
  ADD COLUMN sent_at timestamptz,
  -- 'smtp', or 'file' (no SMTP server configured: DATA_DIR/outbox, read by `npm run outbox`).
  ADD COLUMN transport text CHECK (transport IS NULL OR transport IN ('smtp', 'file'));

-- Rows written before this migration were mail with no SMTP server: the outbox was their destination.
UPDATE outbox SET status = 'sent', sent_at = created_at, transport = 'file';

CREATE INDEX outbox_due_idx ON outbox (next_attempt_at NULLS FIRST, created_at) WHERE status = 'pending';
CREATE INDEX outbox_status_idx ON outbox (status, created_at DESC);

-- Tells every server process that mail is waiting, when the writing transaction commits.
CREATE FUNCTION outbox_notify() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM pg_notify('mail_outbox', '');
  RETURN NULL;
END
$fn$;
CREATE TRIGGER outbox_notify AFTER INSERT ON outbox FOR EACH STATEMENT EXECUTE FUNCTION outbox_notify();
