-- The clarification log (issue 27 part C, decision 0524): the questions bidders ask
-- (tender_questions), the clarifications the owner asks of one bidder (tender_clarifications) and
-- the owner's notices to all become one numbered log per tender (CL-001, CL-002, …) with threaded
-- replies; an entry is private to its one bidder until the owner publishes it to everyone who may
-- see the tender. The entry rows number what the older tables hold (a trigger numbers each new
-- question and clarification, so every path that writes them is logged); replies live here.
-- SQL valid on PostgreSQL 15+ and PGlite.
CREATE TABLE tender_log_entries (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tender_id uuid NOT NULL REFERENCES tenders(id) ON DELETE CASCADE,
  number integer NOT NULL,
  question_id uuid UNIQUE REFERENCES tender_questions(id) ON DELETE CASCADE,
  clarification_id uuid UNIQUE REFERENCES tender_clarifications(id) ON DELETE CASCADE,
  notice text,
  author_id uuid REFERENCES users(id) ON DELETE SET NULL,
  published_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (tender_id, number),
  CHECK (num_nonnulls(question_id, clarification_id, notice) = 1)
);

CREATE TABLE tender_log_messages (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  seq bigint GENERATED ALWAYS AS IDENTITY,
  entry_id uuid NOT NULL REFERENCES tender_log_entries(id) ON DELETE CASCADE,
  author_id uuid REFERENCES users(id) ON DELETE SET NULL,
  from_owner boolean NOT NULL,
  body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX tender_log_messages_entry_idx ON tender_log_messages (entry_id, seq);

-- The next number of a tender's log, taken under a lock on the tender row so two writes at once
-- never share one.
CREATE FUNCTION tender_log_next_number(t uuid) RETURNS integer LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM tenders WHERE id = t FOR UPDATE;
  RETURN (SELECT coalesce(max(number), 0) + 1 FROM tender_log_entries WHERE tender_id = t);
END $$;

CREATE FUNCTION tender_log_question() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO tender_log_entries (tender_id, number, question_id, created_at)
  VALUES (NEW.tender_id, tender_log_next_number(NEW.tender_id), NEW.id, NEW.created_at);
  RETURN NEW;
END $$;
CREATE TRIGGER tender_questions_logged AFTER INSERT ON tender_questions FOR EACH ROW EXECUTE FUNCTION tender_log_question();

CREATE FUNCTION tender_log_clarification() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE t uuid;
BEGIN
  SELECT tender_id INTO t FROM tender_responses WHERE id = NEW.response_id;
  INSERT INTO tender_log_entries (tender_id, number, clarification_id, created_at)
  VALUES (t, tender_log_next_number(t), NEW.id, NEW.created_at);
  RETURN NEW;
END $$;
CREATE TRIGGER tender_clarifications_logged AFTER INSERT ON tender_clarifications FOR EACH ROW EXECUTE FUNCTION tender_log_clarification();

-- What is already there, numbered in the order it happened.
INSERT INTO tender_log_entries (tender_id, number, question_id, clarification_id, published_at, created_at)
SELECT tender_id, row_number() OVER (PARTITION BY tender_id ORDER BY created_at, kind, id), question_id, clarification_id, published_at, created_at
  FROM (SELECT q.tender_id, q.id, 'q' AS kind, q.id AS question_id, NULL::uuid AS clarification_id, q.answered_at AS published_at, q.created_at FROM tender_questions q
        UNION ALL
        SELECT r.tender_id, c.id, 'c', NULL, c.id, NULL, c.created_at FROM tender_clarifications c JOIN tender_responses r ON r.id = c.response_id) x;

-- The History's new entries (decision 0524): the kinds already allowed are kept as they are, so a
-- migration of another part of the cycle that added its own is not undone.
DO $$
DECLARE kinds text[];
BEGIN
  SELECT array_agg(DISTINCT m[1]) INTO kinds
    FROM pg_constraint c, regexp_matches(pg_get_constraintdef(c.oid), '''([a-z-]+)''', 'g') AS m
   WHERE c.conname = 'tender_events_kind_check' AND c.conrelid = 'tender_events'::regclass;
  kinds := kinds || ARRAY['clarification-replied', 'clarification-published', 'addendum-issued', 'contract-confirmed'];
  ALTER TABLE tender_events DROP CONSTRAINT tender_events_kind_check;
  -- Written out as ARRAY['…', …] so the next migration can read the kinds back the same way.
  EXECUTE format('ALTER TABLE tender_events ADD CONSTRAINT tender_events_kind_check CHECK (kind = ANY (ARRAY[%s]::text[]))',
    (SELECT string_agg(quote_literal(k), ', ' ORDER BY k) FROM unnest(kinds) AS k));
END $$;
