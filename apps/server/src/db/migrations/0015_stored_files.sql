-- Every stored file has an owner (docs/decisions/0330): a provider (logo, cover, media and its
-- thumbnail; public class) or a quote (attachments; private class). A record whose owner row is
-- deleted (an account's quotes, a provider) loses its owner by ON DELETE SET NULL and the
-- stored-files sweep then deletes the file and the record; no other path deletes a file.
-- Provider quotas are sums over these rows (docs/decisions/0331). Valid on PostgreSQL 15+ and PGlite.
CREATE TABLE stored_files (
  storage_class text NOT NULL CHECK (storage_class IN ('public', 'private')),
  key text NOT NULL CHECK (key ~ '^[0-9a-f-]{36}\.[a-z0-9]{1,5}$'),
  kind text NOT NULL CHECK (kind IN ('logo', 'cover', 'media', 'media-thumbnail', 'quote-attachment')),
  provider_id uuid REFERENCES providers (id) ON DELETE SET NULL,
  quote_id uuid REFERENCES quotes (id) ON DELETE SET NULL,
  uploaded_by uuid REFERENCES users (id) ON DELETE SET NULL,
  size_bytes bigint NOT NULL DEFAULT 0 CHECK (size_bytes >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (storage_class, key),
  CONSTRAINT stored_files_one_owner CHECK (num_nonnulls(provider_id, quote_id) <= 1),
  -- Quote attachments are the only private files and belong to quotes; everything else is a
  -- provider's public file.
  CONSTRAINT stored_files_class_of_kind CHECK ((kind = 'quote-attachment') = (storage_class = 'private')),
  CONSTRAINT stored_files_owner_of_kind CHECK (
    (kind = 'quote-attachment' AND provider_id IS NULL) OR (kind <> 'quote-attachment' AND quote_id IS NULL)
  )
);
CREATE INDEX stored_files_provider_idx ON stored_files (provider_id) WHERE provider_id IS NOT NULL;
CREATE INDEX stored_files_quote_idx ON stored_files (quote_id) WHERE quote_id IS NOT NULL;
CREATE INDEX stored_files_unowned_idx ON stored_files (created_at) WHERE provider_id IS NULL AND quote_id IS NULL;

-- Backfill. Media rows were written by the upload route, so they name their owner for certain;
-- they go first. Sizes the database does not know (logos, covers, thumbnails) are recorded as 0.
INSERT INTO stored_files (storage_class, key, kind, provider_id, uploaded_by, size_bytes, created_at)
SELECT 'public', storage_key, 'media', provider_id, uploaded_by, greatest(size_bytes, 0), created_at
  FROM provider_media_files
 WHERE storage_key ~ '^[0-9a-f-]{36}\.[a-z0-9]{1,5}$'
ON CONFLICT DO NOTHING;

INSERT INTO stored_files (storage_class, key, kind, provider_id, uploaded_by, size_bytes, created_at)
SELECT 'public', thumbnail_key, 'media-thumbnail', provider_id, uploaded_by, 0, created_at
  FROM provider_media_files
 WHERE thumbnail_key ~ '^[0-9a-f-]{36}\.[a-z0-9]{1,5}$'
ON CONFLICT DO NOTHING;

-- A logo or cover address names its file; a file named by several profiles (the defect this
-- migration closes) goes to the oldest profile, deterministically.
INSERT INTO stored_files (storage_class, key, kind, provider_id, uploaded_by, size_bytes, created_at)
SELECT DISTINCT ON (ref.key) 'public', ref.key, ref.kind, ref.provider_id, ref.user_id, 0, ref.updated_at
  FROM (
    SELECT substr(logo, 10) AS key, 'logo' AS kind, id AS provider_id, user_id, created_at, updated_at
      FROM providers WHERE logo ~ '^/uploads/[0-9a-f-]{36}\.[a-z0-9]{1,5}$'
    UNION ALL
    SELECT substr(cover_image, 10), 'cover', id, user_id, created_at, updated_at
      FROM providers WHERE cover_image ~ '^/uploads/[0-9a-f-]{36}\.[a-z0-9]{1,5}$'
  ) AS ref
 ORDER BY ref.key, ref.created_at, ref.provider_id
ON CONFLICT DO NOTHING;

INSERT INTO stored_files (storage_class, key, kind, quote_id, uploaded_by, size_bytes, created_at)
SELECT 'private', a.storage_key, 'quote-attachment', a.quote_id, q.sender_id, greatest(a.size_bytes, 0), a.created_at
  FROM quote_attachments a JOIN quotes q ON q.id = a.quote_id
 WHERE a.storage_key ~ '^[0-9a-f-]{36}\.[a-z0-9]{1,5}$'
ON CONFLICT DO NOTHING;
