import { sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/client';
import { visibleTo } from './tenders.repository';

/** The alert switch and Save for Later reminders (decisions 0179, 0180, 0471); every read applies visibleTo (decision 0333). */

/**
 * The Tenders tab's alert switch (decision 0180's alert, a saved search since decision 0471): on when
 * the user's search of their profiles' services and area is neither paused nor mailing off; and the
 * providers the user owns with an approved claim (the cached Tenders tab's tags, decision 0412).
 */
export async function getAlertSetting(database: Database, userId: string) {
  const rows = await database.query<{ enabled: boolean; provider_ids: string[] }>(
    `SELECT EXISTS (SELECT 1 FROM saved_searches WHERE user_id = $1 AND t_my_profiles AND NOT paused AND frequency <> 'off') AS enabled,
            array(SELECT id::text FROM providers WHERE user_id = $1 AND claim_approved ORDER BY id) AS provider_ids`,
    [userId],
  );
  const providerIds = rows[0]!.provider_ids;
  return { enabled: rows[0]!.enabled, hasProviderProfile: providerIds.length > 0, providerIds };
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
