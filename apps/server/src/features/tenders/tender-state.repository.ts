import { eq, sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/client';
import { tenders, type NewTenderRow } from '../../db/schema/index';
import { rowsOf } from '../../db/sql-helpers';
import type { Executor } from './tenders.repository';

/** Queries of a tender's state changes and edits (decision 0401); their audit is `tender-events.repository.ts`. */

export async function updateTenderRow(tx: Executor, id: string, values: Partial<NewTenderRow>) {
  await tx.update(tenders).set(values).where(eq(tenders.id, id));
}

/** The stored columns an edit may change, as they are now (for the recorded changes). */
export async function findEditableRow(db: Db, id: string) {
  const [row] = await db.select().from(tenders).where(eq(tenders.id, id)).limit(1);
  return row;
}

export async function findAsset(database: Database, id: number) {
  const rows = await database.query<{ site_name: string; latitude: number | null; longitude: number | null; installed_capacity: number | null; county: string | null }>(
    'SELECT site_name, latitude, longitude, installed_capacity, county FROM assets WHERE id = $1',
    [id],
  );
  return rows[0];
}

/**
 * The tender's stage and whether it takes responses at `now`, its row locked against a state
 * change until the transaction ends: a file committed here is judged by the state it lands in
 * (issue 25 finding 4), not the state its upload started in.
 */
export async function lockTenderState(tx: Executor, id: string, now: Date) {
  const result = await tx.execute(
    sql`SELECT stage, (closing_date IS NULL OR closing_date > ${now.toISOString()}::timestamptz) AS open FROM tenders WHERE id = ${id} FOR SHARE`,
  );
  return rowsOf<{ stage: string; open: boolean }>(result)[0];
}
