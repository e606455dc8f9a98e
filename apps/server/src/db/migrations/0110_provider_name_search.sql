-- Company-name search as people type names (docs/decisions/0503): the key of
-- packages/shared/src/domain/company-name.ts#companyNameKey (dots and apostrophes dropped, '&' read
-- as 'and', anything but ASCII letters and digits a space, lower case, single spaces, trimmed), and a
-- trigram index on it for the directory's company filter and the name suggestions. A test holds this
-- function and the TypeScript one to the same answer. SQL valid on PostgreSQL 15+ and PGlite.

CREATE OR REPLACE FUNCTION provider_name_key(name text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT btrim(lower(regexp_replace(
    regexp_replace(regexp_replace(name, '[.''’]', '', 'g'), '&', ' and ', 'g'),
    '[^A-Za-z0-9]+', ' ', 'g')))
$$;

CREATE INDEX providers_name_key_trgm_idx ON providers USING gin (provider_name_key(business_name) gin_trgm_ops);
