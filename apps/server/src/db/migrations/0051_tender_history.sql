-- A tender's History tells the whole cycle (issue 27 defect 11, decision 0447): invitations,
-- questions and answers, responses, shortlisting and clarifications join the state changes, each
-- with what it is about (`subject`: a provider's name, addresses, a question). SQL valid on
-- PostgreSQL 15+ and PGlite.
ALTER TABLE tender_events DROP CONSTRAINT tender_events_kind_check;
ALTER TABLE tender_events ADD CONSTRAINT tender_events_kind_check CHECK (kind IN (
  'created', 'published', 'edited', 'extended', 'closed-early', 'cancelled', 'awarded',
  'invited', 'question-asked', 'question-answered', 'response-submitted', 'response-updated', 'response-withdrawn',
  'shortlisted', 'unshortlisted', 'clarification-requested'));
ALTER TABLE tender_events ADD COLUMN subject text;
