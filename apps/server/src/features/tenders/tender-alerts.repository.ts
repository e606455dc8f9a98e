import { sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/client';
import { haversineKmSql } from '../../db/sql-helpers';
import { OPEN_SQL, visibleTo } from './tenders.repository';

/** Tender alerts and Save for Later reminders (decisions 0179, 0180); every read applies visibleTo (decision 0333). */

/** The alert setting, and the providers the user owns with an approved claim (the cached Tenders tab's tags, decision 0412). */
export async function getAlertSetting(database: Database, userId: string) {
  const rows = await database.query<{ enabled: boolean; provider_ids: string[] }>(
    `SELECT coalesce((SELECT enabled FROM tender_alerts WHERE user_id = $1), false) AS enabled,
            array(SELECT id::text FROM providers WHERE user_id = $1 AND claim_approved ORDER BY id) AS provider_ids`,
    [userId],
  );
  const providerIds = rows[0]!.provider_ids;
  return { enabled: rows[0]!.enabled, hasProviderProfile: providerIds.length > 0, providerIds };
}

export async function setAlertSetting(database: Database, userId: string, enabled: boolean, now: Date) {
  await database.query(
    `INSERT INTO tender_alerts (user_id, enabled, updated_at) VALUES ($1, $2, $3)
     ON CONFLICT (user_id) DO UPDATE SET enabled = EXCLUDED.enabled, updated_at = EXCLUDED.updated_at`,
    [userId, enabled, now.toISOString()],
  );
}

/**
 * New open tenders for one alert subscriber (decision 0180): open-type and open now, created since the
 * last digest (or since alerts were switched on; a draft counts from when it was published), matching one of the services of a provider the user
 * owns, and inside that provider's service area (countrywide: all; otherwise the tender needs
 * coordinates within the provider's radius of the provider's own point).
 */
export async function findAlertMatches(database: Database, userId: string, since: Date, now: Date) {
  return database.query<{ id: string; title: string; source: string; closing_date: Date | string | null; location: string | null }>(
    `SELECT DISTINCT ON (t.published_date, t.id) t.id, t.title, t.source, t.closing_date, coalesce(t.location, t.contact_town) AS location
       FROM tenders t
       JOIN providers p ON p.user_id = $2::uuid AND p.claim_approved
      WHERE t.type = 'open' AND ${visibleTo('$2::uuid')} AND ${OPEN_SQL} AND greatest(t.created_at, t.published_date) > $3::timestamptz AND greatest(t.created_at, t.published_date) <= $1::timestamptz
        AND (t.user_id IS NULL OR t.user_id <> $2::uuid)
        AND EXISTS (SELECT 1 FROM unnest(p.services) s
                     WHERE lower(t.service) = lower(s) OR (t.title || ' ' || t.description) ILIKE '%' || replace(replace(replace(s, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%')
        AND (p.service_radius = -1 OR (t.latitude IS NOT NULL AND p.latitude IS NOT NULL AND p.service_radius > 0
             AND ${haversineKmSql('p.latitude', 'p.longitude', 't.latitude', 't.longitude')} <= p.service_radius))
      ORDER BY t.published_date DESC, t.id LIMIT 50`,
    [now.toISOString(), userId, since.toISOString()],
  );
}

export async function listAlertSubscribers(database: Database, dueBefore: Date) {
  return database.query<{ user_id: string; email: string; name: string; since: Date | string }>(
    `SELECT a.user_id, u.email, u.name, coalesce(a.last_digest_at, a.updated_at) AS since
       FROM tender_alerts a JOIN users u ON u.id = a.user_id
      WHERE a.enabled AND (a.last_digest_at IS NULL OR a.last_digest_at <= $1::timestamptz)`,
    [dueBefore.toISOString()],
  );
}

export async function markDigestSent(tx: Db, userId: string, now: Date) {
  await tx.execute(sql`UPDATE tender_alerts SET last_digest_at = ${now.toISOString()} WHERE user_id = ${userId}`);
}

/** Save for Later reminders due: open tenders closing before `until`, not yet reminded, that the saver may still see. */
export async function findDueReminders(database: Database, now: Date, until: Date) {
  return database.query<{ user_id: string; tender_id: string; email: string; name: string; title: string; closing_date: Date | string }>(
    `SELECT s.user_id, s.tender_id, u.email, u.name, t.title, t.closing_date
       FROM tender_saves s JOIN users u ON u.id = s.user_id JOIN tenders t ON t.id = s.tender_id
      WHERE s.kind = 'later' AND s.reminded_at IS NULL AND t.stage = 'active' AND ${visibleTo('s.user_id')}
        AND t.closing_date > $1::timestamptz AND t.closing_date <= $2::timestamptz
      LIMIT 1000`,
    [now.toISOString(), until.toISOString()],
  );
}

export async function markReminded(tx: Db, userId: string, tenderId: string, now: Date) {
  await tx.execute(sql`UPDATE tender_saves SET reminded_at = ${now.toISOString()} WHERE user_id = ${userId} AND tender_id = ${tenderId} AND kind = 'later'`);
}
