-- Addenda (issue 27 part C, decision 0525): after publication the owner changes the documents by
-- numbered addenda, each with a note; a new version of a document keeps the old one (v1, v2, …),
-- linked by `previous_id` (unique: a version is replaced once). The current documents are those no
-- later version points at. SQL valid on PostgreSQL 15+ and PGlite.
CREATE TABLE tender_addenda (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tender_id uuid NOT NULL REFERENCES tenders(id) ON DELETE CASCADE,
  number integer NOT NULL,
  note text NOT NULL,
  author_id uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (tender_id, number)
);

ALTER TABLE tender_documents ADD COLUMN version integer NOT NULL DEFAULT 1;
ALTER TABLE tender_documents ADD COLUMN previous_id uuid UNIQUE REFERENCES tender_documents(id) ON DELETE SET NULL;
ALTER TABLE tender_documents ADD COLUMN addendum_id uuid REFERENCES tender_addenda(id) ON DELETE SET NULL;
