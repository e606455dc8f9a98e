import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/sql-helpers';

/** The rating's aggregates, the reply times and what else there is to read, for one profile. */
export interface TrustFacts {
  count: number;
  quality: string | null;
  value: string | null;
  reliability: string | null;
  average: string | null;
  replies: number;
  medianHours: number | null;
  hasAccreditations: boolean;
  hasConfirmedMatches: boolean;
}

/**
 * One statement for what a profile's trust parts need first (issue 26: on PGlite a first-time
 * profile's cost was its eight statements, not their plans): the published reviews' aggregates,
 * the median hours from a quote's arrival to the provider's reply since `repliesSince` (decision 0480), and whether there are accreditations or
 * admin-confirmed award matches, so that their own reads run only when there is something to read.
 */
export async function trustFacts(db: Db, providerId: string, repliesSince: Date): Promise<TrustFacts> {
  const result = await db.execute(sql`
    SELECT r.count, r.quality, r.value, r.reliability, r.average, q.replies, q.median_hours,
           EXISTS (SELECT 1 FROM provider_accreditations a WHERE a.provider_id = ${providerId}) AS has_accreditations,
           EXISTS (SELECT 1 FROM award_supplier_matches m WHERE m.provider_id = ${providerId} AND m.status = 'confirmed') AS has_confirmed_matches
      FROM (SELECT count(*)::int AS count, avg(quality)::text AS quality, avg(value)::text AS value, avg(reliability)::text AS reliability,
                   avg((quality + value + reliability) / 3.0)::text AS average
              FROM reviews WHERE provider_id = ${providerId} AND status = 'published') r,
           (SELECT count(*)::int AS replies,
                   percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM (replied_at - created_at)) / 3600.0) AS median_hours
              FROM quotes
             WHERE provider_id = ${providerId} AND routed_to = 'provider' AND replied_at IS NOT NULL AND created_at >= ${repliesSince.toISOString()}) q`);
  const row = rowsOf<{
    count: number;
    quality: string | null;
    value: string | null;
    reliability: string | null;
    average: string | null;
    replies: number;
    median_hours: number | string | null;
    has_accreditations: boolean;
    has_confirmed_matches: boolean;
  }>(result)[0]!;
  return {
    count: Number(row.count),
    quality: row.quality,
    value: row.value,
    reliability: row.reliability,
    average: row.average,
    replies: Number(row.replies),
    medianHours: row.median_hours === null ? null : Number(row.median_hours),
    hasAccreditations: row.has_accreditations,
    hasConfirmedMatches: row.has_confirmed_matches,
  };
}
