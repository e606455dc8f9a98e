-- The new-tender alert of decision 0180 becomes a saved search (issue 30, decision 0471), nothing
-- lost: each alert setting becomes a tender search 'Tenders for my services' matching the services
-- and service area of the business profiles its user owns (`myProfiles`), open tenders only, mailed
-- daily at 08:00 UK time; a switched-off alert is a paused search. The tenders a pending digest would
-- have listed (created since the last digest) are its first matches. Then the old table goes.
-- SQL valid on PostgreSQL 15+ and on PGlite (PostgreSQL 18).

INSERT INTO saved_searches (user_id, name, kind, criteria, frequency, digest_hour, digest_weekday, paused, next_digest_at,
                            last_mailed_at, t_stages, t_my_profiles, created_at, updated_at)
SELECT a.user_id, 'Tenders for my services', 'tenders',
       '{"cpv": [], "regions": [], "stages": ["open"], "sources": [], "myProfiles": true}'::jsonb,
       'daily', 8, 1, NOT a.enabled,
       -- The next 08:00 on the UK wall clock.
       CASE WHEN (now() AT TIME ZONE 'Europe/London')::time < time '08:00'
            THEN (date_trunc('day', now() AT TIME ZONE 'Europe/London') + interval '8 hours') AT TIME ZONE 'Europe/London'
            ELSE (date_trunc('day', now() AT TIME ZONE 'Europe/London') + interval '1 day 8 hours') AT TIME ZONE 'Europe/London' END,
       a.last_digest_at, ARRAY['open'], true, a.updated_at, now()
  FROM tender_alerts a;

SELECT refresh_saved_search_anchors(array_agg(id)) FROM saved_searches WHERE t_my_profiles;

-- The digest the old job still owed: open tenders created since the last one (or since the alert was
-- switched on) matching a service and the service area of a claim-approved profile the user owns.
INSERT INTO saved_search_matches (search_id, item_type, item_id, change, matched_at)
SELECT DISTINCT s.id, 'tender', t.id::text, 'published', now()
  FROM saved_searches s
  JOIN tender_alerts a ON a.user_id = s.user_id AND a.enabled
  JOIN providers p ON p.user_id = s.user_id AND p.claim_approved
  JOIN tenders t ON t.type = 'open' AND t.stage = 'active' AND coalesce(t.closing_date, t.published_date + interval '90 days') > now()
   AND greatest(t.created_at, t.published_date) > coalesce(a.last_digest_at, a.updated_at)
   AND (t.user_id IS NULL OR t.user_id <> s.user_id)
 WHERE s.t_my_profiles
   AND EXISTS (SELECT 1 FROM unnest(p.services) sv
                WHERE lower(t.service) = lower(sv)
                   OR (t.title || ' ' || t.description) ILIKE '%' || replace(replace(replace(sv, '\', '\\'), '%', '\%'), '_', '\_') || '%')
   AND (p.service_radius = -1 OR (t.latitude IS NOT NULL AND p.latitude IS NOT NULL AND p.service_radius > 0
        AND 2 * 6371 * asin(least(1, sqrt(power(sin(radians(t.latitude - p.latitude) / 2), 2)
            + cos(radians(p.latitude)) * cos(radians(t.latitude)) * power(sin(radians(t.longitude - p.longitude) / 2), 2)))) <= p.service_radius));

DROP TABLE tender_alerts;
