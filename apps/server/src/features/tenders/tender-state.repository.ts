import { eq, sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/client';
import { tenderEvents, tenders, type NewTenderRow, type TenderEventKind } from '../../db/schema/index';
import { rowsOf } from '../../db/sql-helpers';
import type { Executor } from './tenders.repository';

/** Queries of a tender's state changes and edits, and their audit (decision 0401). */

export async function updateTenderRow(tx: Executor, id: string, values: Partial<NewTenderRow>) {
  await tx.update(tenders).set(values).where(eq(tenders.id, id));
}

export async function insertEvent(
  tx: Executor,
  event: { tenderId: string; actorId: string | null; kind: TenderEventKind; reason?: string | null; changes?: Record<string, unknown>; at: Date },
) {
  await tx.insert(tenderEvents).values({
    tenderId: event.tenderId,
    actorId: event.actorId,
    kind: event.kind,
    reason: event.reason ?? null,
    changes: event.changes ?? {},
    createdAt: event.at,
  });
}

export async function listEvents(database: Database, tenderId: string) {
  return database.query<{ id: string; kind: TenderEventKind; actor_name: string | null; reason: string | null; changes: Record<string, { from: unknown; to: unknown }>; created_at: Date | string }>(
    `SELECT e.id, e.kind, u.name AS actor_name, e.reason, e.changes, e.created_at
       FROM tender_events e LEFT JOIN users u ON u.id = e.actor_id
      WHERE e.tender_id = $1 ORDER BY e.seq`,
    [tenderId],
  );
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
