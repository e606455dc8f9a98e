-- A tender's evaluation and pricing schedule (issue 27, part B; decisions 0518-0521): weighted
-- criteria on the brief, evaluators with their conflict-of-interest declarations, a score per
-- response, criterion and scorer, the schedule's lines and each response's unit prices (whole
-- pence). SQL valid on PostgreSQL 15+ and PGlite.

CREATE TABLE tender_criteria (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tender_id uuid NOT NULL REFERENCES tenders (id) ON DELETE CASCADE,
  position integer NOT NULL CHECK (position >= 0),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
  -- Whole percentages; the list adds up to 100 (checked where it is written, in one transaction).
  weight integer NOT NULL CHECK (weight BETWEEN 1 AND 100),
  description text CHECK (description IS NULL OR length(description) <= 500),
  UNIQUE (tender_id, position)
);

-- Who evaluates a tender besides its owner, and what they declared (decision 0520).
CREATE TABLE tender_evaluators (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tender_id uuid NOT NULL REFERENCES tenders (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  invited_by uuid REFERENCES users (id) ON DELETE SET NULL,
  declaration text NOT NULL DEFAULT 'pending' CHECK (declaration IN ('pending', 'no-conflict', 'conflict')),
  declared_at timestamptz,
  -- The statement as it was ticked, or what the conflict is.
  statement text,
  conflict_reason text,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (tender_id, user_id),
  CHECK ((declaration = 'pending') = (declared_at IS NULL))
);
CREATE INDEX tender_evaluators_user_idx ON tender_evaluators (user_id);

-- One score per response, criterion and scorer (the owner or an evaluator; decision 0519).
CREATE TABLE tender_scores (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tender_id uuid NOT NULL REFERENCES tenders (id) ON DELETE CASCADE,
  response_id uuid NOT NULL REFERENCES tender_responses (id) ON DELETE CASCADE,
  criterion_id uuid NOT NULL REFERENCES tender_criteria (id) ON DELETE CASCADE,
  scorer_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  score integer NOT NULL CHECK (score BETWEEN 0 AND 10),
  comment text CHECK (comment IS NULL OR length(comment) <= 2000),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (response_id, criterion_id, scorer_id)
);
CREATE INDEX tender_scores_tender_idx ON tender_scores (tender_id, scorer_id);

-- The pricing schedule's lines (decision 0521).
CREATE TABLE tender_price_items (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tender_id uuid NOT NULL REFERENCES tenders (id) ON DELETE CASCADE,
  position integer NOT NULL CHECK (position >= 0),
  description text NOT NULL CHECK (length(description) BETWEEN 1 AND 200),
  quantity integer NOT NULL CHECK (quantity BETWEEN 1 AND 100000),
  unit text NOT NULL CHECK (length(unit) BETWEEN 1 AND 40),
  optional boolean NOT NULL DEFAULT false,
  UNIQUE (tender_id, position)
);

-- A response's unit price of each line, in whole pence; a line's total is computed when read.
CREATE TABLE tender_response_prices (
  response_id uuid NOT NULL REFERENCES tender_responses (id) ON DELETE CASCADE,
  item_id uuid NOT NULL REFERENCES tender_price_items (id) ON DELETE CASCADE,
  unit_price_pence bigint NOT NULL CHECK (unit_price_pence >= 0),
  PRIMARY KEY (response_id, item_id)
);
CREATE INDEX tender_response_prices_item_idx ON tender_response_prices (item_id);
