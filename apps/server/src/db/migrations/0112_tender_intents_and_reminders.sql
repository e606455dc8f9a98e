-- Bidder management (issue 27 part A): invitees say whether they intend to respond or decline, with
-- a reason (docs/decisions/0514), and are reminded before the closing date while they have done
-- neither (docs/decisions/0515). An invitee is named by its invitation: 'provider:<provider id>'
-- (invited from the directory) or 'email:<email invitation id>' (invited by address).
-- SQL valid on PostgreSQL 15+ and PGlite.

CREATE TABLE tender_intents (
  tender_id uuid NOT NULL REFERENCES tenders (id) ON DELETE CASCADE,
  invitee text NOT NULL CHECK (invitee ~ '^(provider|email):[0-9a-f-]{36}$'),
  intent text NOT NULL CHECK (intent IN ('responding', 'declined')),
  reason text,
  user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (tender_id, invitee)
);

-- One row per reminder sent: the key makes a reminder per invitee per threshold happen once, on any
-- number of processes (the insert and its mail share one transaction).
CREATE TABLE tender_invitee_reminders (
  tender_id uuid NOT NULL REFERENCES tenders (id) ON DELETE CASCADE,
  invitee text NOT NULL,
  threshold text NOT NULL CHECK (threshold IN ('3d', '24h')),
  sent_at timestamptz NOT NULL,
  PRIMARY KEY (tender_id, invitee, threshold)
);
