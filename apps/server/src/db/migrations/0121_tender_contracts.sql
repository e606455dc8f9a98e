-- After the award (issue 27 part C, decision 0526): the standstill period before the owner may
-- confirm the contract, and the owner's feedback to each responder given with the award (its
-- letters, decision 0527). Tenders awarded before this migration start their standstill from their
-- award date. SQL valid on PostgreSQL 15+ and PGlite.
CREATE TABLE tender_contracts (
  tender_id uuid PRIMARY KEY REFERENCES tenders(id) ON DELETE CASCADE,
  awarded_at timestamptz NOT NULL,
  standstill_days integer NOT NULL CHECK (standstill_days >= 0),
  standstill_ends_at timestamptz NOT NULL,
  confirmed_at timestamptz,
  confirmed_by uuid REFERENCES users(id) ON DELETE SET NULL
);

CREATE TABLE tender_response_feedback (
  response_id uuid PRIMARY KEY REFERENCES tender_responses(id) ON DELETE CASCADE,
  tender_id uuid NOT NULL REFERENCES tenders(id) ON DELETE CASCADE,
  feedback text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX tender_response_feedback_tender_idx ON tender_response_feedback (tender_id);

INSERT INTO tender_contracts (tender_id, awarded_at, standstill_days, standstill_ends_at)
SELECT id, award_date, 10, (date_trunc('day', award_date AT TIME ZONE 'Europe/London') + interval '11 days') AT TIME ZONE 'Europe/London'
  FROM tenders WHERE stage = 'awarded' AND source = 'Solar Manager' AND award_date IS NOT NULL;
