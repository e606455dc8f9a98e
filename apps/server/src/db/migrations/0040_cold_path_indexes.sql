-- The directory's map view on a first-time address (issue 26, docs/benchmarks/cold-path.md): every
-- positioned provider in the default order, up to the map's cap. Measured with EXPLAIN ANALYZE it
-- was a sequential scan and a sort of whole rows (830 bytes each) on both databases, 90–155 ms for
-- the 3,800 providers of the seed; with this covering index in that order it is an index-only scan
-- without a sort (the query numbers the rows in the same pass, so its JSON aggregate orders by an
-- integer). Filters the index does not cover still read it in order and filter as they go.
-- SQL valid on PostgreSQL 15+ and on PGlite.
CREATE INDEX providers_map_order_idx ON providers (claim_approved DESC, completeness DESC, lower(business_name), id)
  INCLUDE (slug, business_name, latitude, longitude, service_radius)
  WHERE latitude IS NOT NULL AND longitude IS NOT NULL;
ANALYZE providers;
