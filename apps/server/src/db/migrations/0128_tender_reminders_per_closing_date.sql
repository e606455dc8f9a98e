-- Reminders before closing are kept per closing date (issue 27, decision 0556): a tender whose
-- closing date is extended reminds its invitees again before the new date, still once per invitee,
-- threshold and date on any number of processes. Reminders already sent count for the date the
-- tender closes on now (they were sent for it, or for an earlier one that is no longer due).
-- SQL valid on PostgreSQL 15+ and PGlite.
ALTER TABLE tender_invitee_reminders ADD COLUMN closing_date timestamptz;
UPDATE tender_invitee_reminders r SET closing_date = coalesce(t.closing_date, r.sent_at) FROM tenders t WHERE t.id = r.tender_id;
ALTER TABLE tender_invitee_reminders ALTER COLUMN closing_date SET NOT NULL;
ALTER TABLE tender_invitee_reminders DROP CONSTRAINT tender_invitee_reminders_pkey;
ALTER TABLE tender_invitee_reminders ADD PRIMARY KEY (tender_id, invitee, threshold, closing_date);
