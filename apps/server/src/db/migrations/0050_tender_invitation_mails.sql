-- Invitation mails are counted, not requests (issue 25 finding 5, decision 0442): when each email
-- invitation's link was mailed (a draft's links are mailed at publication, so its rows wait with
-- NULL). SQL valid on PostgreSQL 15+ and PGlite.
ALTER TABLE tender_email_invitations ADD COLUMN mailed_at timestamptz;
UPDATE tender_email_invitations e SET mailed_at = e.created_at FROM tenders t WHERE t.id = e.tender_id AND t.stage <> 'draft';
CREATE INDEX tender_email_invitations_mailed_idx ON tender_email_invitations (invited_by, mailed_at) WHERE mailed_at IS NOT NULL;
