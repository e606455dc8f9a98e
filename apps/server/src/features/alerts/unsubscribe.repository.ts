import { sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/client';
import { rowsOf } from '../../db/sql-helpers';

/** The signing key of unsubscribe links (migration 0081) and what a link stops (decision 0474). */

export async function readSigningKey(database: Database): Promise<string> {
  const [row] = await database.query<{ value: string }>(`SELECT value #>> '{}' AS value FROM app_meta WHERE key = 'alerts:unsubscribe-key'`);
  if (!row?.value) throw new Error('the unsubscribe signing key is missing (migration 0081)');
  return row.value;
}

export async function findSearchForUnsubscribe(db: Db, id: string) {
  return rowsOf<{ name: string; frequency: string }>(await db.execute(sql`SELECT name, frequency FROM saved_searches WHERE id = ${id}`))[0];
}

/** The search's mails stop; its matches still reach the bell and the dashboard. */
export async function turnMailOff(tx: Db, id: string, now: Date) {
  await tx.execute(sql`UPDATE saved_searches SET frequency = 'off', next_digest_at = NULL, updated_at = ${now.toISOString()}::timestamptz WHERE id = ${id}`);
}
