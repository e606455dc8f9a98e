-- 'Providers serving this site' (issue 9, docs/decisions/0198): which local providers' service
-- areas contain a point. Each provider's area is indexed as a box on the earth cube, so a site
-- lookup is one GiST probe (`box @> point`) before the exact haversine check. The multiplier turns
-- km into earthdistance metres (its sphere is 6378.168 km, the spec's 6371 km: ×1001.125) with a
-- margin; the query in features/assets/asset-providers.ts repeats this expression exactly.
-- SQL valid on PostgreSQL 15+ and PGlite.
CREATE INDEX providers_service_box_idx ON providers
  USING gist (earth_box(ll_to_earth(latitude, longitude), service_radius * 1003 + 100))
  WHERE service_radius > 0 AND latitude IS NOT NULL AND longitude IS NOT NULL;
