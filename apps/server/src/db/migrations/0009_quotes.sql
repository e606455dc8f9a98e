-- Quotes (issue 7): quote requests to providers, with their private attachments.
-- SQL valid on PostgreSQL 15+ and on PGlite (PostgreSQL 18).

CREATE TABLE quotes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  provider_id uuid NOT NULL REFERENCES providers (id) ON DELETE CASCADE,
  -- The account that sent it; its quotes go with it when the account is deleted.
  sender_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  service text NOT NULL DEFAULT '',
  location text NOT NULL DEFAULT '',
  time_preference text NOT NULL DEFAULT '',
  description text NOT NULL DEFAULT '',
  -- Contact details typed on the form (directory §3); the phone is stored with the quote.
  contact_name text NOT NULL,
  contact_email text NOT NULL,
  contact_phone text NOT NULL,
  requires_nda boolean NOT NULL DEFAULT false,
  use_default_contract boolean NOT NULL DEFAULT false,
  selected_contract text CHECK (selected_contract IN ('data-processing', 'uav-hire')),
  -- 'provider': the profile had an approved owner at send time; 'marketplace': it was unclaimed and
  -- the request went to the marketplace team (the admin Waiting list, docs/decisions/0251).
  routed_to text NOT NULL CHECK (routed_to IN ('provider', 'marketplace')),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'responded', 'declined')),
  reply_message text,
  replied_by uuid REFERENCES users (id) ON DELETE SET NULL,
  replied_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (use_default_contract = (selected_contract IS NOT NULL)),
  CHECK ((status = 'pending') = (replied_at IS NULL))
);
-- Received Quotes (by provider), Sent Quotes (by sender), newest first.
CREATE INDEX quotes_provider_idx ON quotes (provider_id, created_at DESC, id);
CREATE INDEX quotes_sender_idx ON quotes (sender_id, created_at DESC, id);
-- The admin Waiting list: pending requests that went to the marketplace team.
CREATE INDEX quotes_waiting_idx ON quotes (created_at, id) WHERE status = 'pending' AND routed_to = 'marketplace';

CREATE TABLE quote_attachments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  quote_id uuid NOT NULL REFERENCES quotes (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('nda', 'scope')),
  filename text NOT NULL,
  mime_type text NOT NULL,
  -- A key in the private storage class: served only through GET /api/quotes/:id/attachments/:attachmentId.
  storage_key text NOT NULL,
  size_bytes integer NOT NULL CHECK (size_bytes > 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (quote_id, kind)
);
