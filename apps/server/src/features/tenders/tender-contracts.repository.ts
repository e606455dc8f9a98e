import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/sql-helpers';
import type { Executor } from './tenders.repository';

/** Queries of the contract after an award: the standstill, the confirmation, the feedback (decisions 0526, 0527; migration 0121). */

export interface ContractRecord {
  awarded_at: Date | string;
  standstill_days: number;
  standstill_ends_at: Date | string;
  confirmed_at: Date | string | null;
}

export async function findContract(database: Database, tenderId: string) {
  const rows = await database.query<ContractRecord>(
    'SELECT awarded_at, standstill_days, standstill_ends_at, confirmed_at FROM tender_contracts WHERE tender_id = $1',
    [tenderId],
  );
  return rows[0];
}

/** Written in the award's transaction; false when another award of the same tender got in first. */
export async function insertContract(tx: Executor, values: { tenderId: string; awardedAt: Date; days: number; endsAt: Date }) {
  const rows = rowsOf<{ tender_id: string }>(
    await tx.execute(sql`INSERT INTO tender_contracts (tender_id, awarded_at, standstill_days, standstill_ends_at)
      VALUES (${values.tenderId}, ${values.awardedAt.toISOString()}::timestamptz, ${values.days}, ${values.endsAt.toISOString()}::timestamptz)
      ON CONFLICT (tender_id) DO NOTHING RETURNING tender_id`),
  );
  return rows.length > 0;
}

export async function insertFeedback(tx: Executor, values: { tenderId: string; responseId: string; feedback: string; at: Date }) {
  await tx.execute(sql`INSERT INTO tender_response_feedback (response_id, tender_id, feedback, created_at)
    VALUES (${values.responseId}, ${values.tenderId}, ${values.feedback}, ${values.at.toISOString()}::timestamptz)`);
}

export async function listFeedback(database: Database, tenderId: string) {
  const rows = await database.query<{ response_id: string; feedback: string }>('SELECT response_id, feedback FROM tender_response_feedback WHERE tender_id = $1', [tenderId]);
  return new Map(rows.map((r) => [String(r.response_id), r.feedback]));
}

/** Confirms once, after the standstill by `now`: the row, or undefined when it was confirmed or is still in standstill. */
export async function confirmContract(tx: Executor, tenderId: string, userId: string, now: Date) {
  return rowsOf<{ tender_id: string }>(
    await tx.execute(sql`UPDATE tender_contracts SET confirmed_at = ${now.toISOString()}::timestamptz, confirmed_by = ${userId}
      WHERE tender_id = ${tenderId} AND confirmed_at IS NULL AND standstill_ends_at <= ${now.toISOString()}::timestamptz RETURNING tender_id`),
  )[0];
}
