import { sql } from 'drizzle-orm';
import type { Database, Db } from '../db/client';
import { rowsOf } from '../db/sql-helpers';
import { outbox } from '../db/schema/index';

/** The queries of the durable mail outbox (migration 0080, decision 0470); the rules are in mail-delivery.ts. */

export interface OutboxRow {
  id: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  headers: Record<string, string> | null;
  kind: string;
  attempts: number;
  first_attempt_at: Date | string | null;
}

/** One mail, written by the caller's transaction (or the database itself); due at once. */
export async function insertMail(
  tx: Db,
  values: { to: string; subject: string; text: string; html?: string; headers?: Record<string, string>; kind: string },
): Promise<string> {
  const [row] = await tx
    .insert(outbox)
    .values({
      toAddress: values.to,
      subject: values.subject,
      textBody: values.text,
      htmlBody: values.html,
      headers: values.headers ?? {},
      kind: values.kind,
    })
    .returning({ id: outbox.id });
  return row!.id;
}

/**
 * Claims up to `limit` due mails for this worker: each gets a lease until `leaseUntil` and one more
 * attempt counted. SKIP LOCKED: two processes on one PostgreSQL never claim the same row; a row
 * whose lease ran out (its process died mid-send) is due again.
 */
export function claimDue(database: Database, now: Date, leaseUntil: Date, limit: number) {
  return database.query<OutboxRow>(
    `UPDATE outbox o SET locked_until = $2, attempts = o.attempts + 1, first_attempt_at = coalesce(o.first_attempt_at, $1)
      WHERE o.id IN (SELECT id FROM outbox
                      WHERE status = 'pending' AND (next_attempt_at IS NULL OR next_attempt_at <= $1)
                        AND (locked_until IS NULL OR locked_until <= $1)
                      ORDER BY next_attempt_at NULLS FIRST, created_at LIMIT $3 FOR UPDATE SKIP LOCKED)
      RETURNING o.id, o.to_address, o.subject, o.text_body, o.html_body, o.headers, o.kind, o.attempts, o.first_attempt_at`,
    [now.toISOString(), leaseUntil.toISOString(), limit],
  );
}

export async function markSent(database: Database, id: string, transport: 'smtp' | 'file', now: Date) {
  await database.query(
    `UPDATE outbox SET status = 'sent', sent_at = $2, transport = $3, locked_until = NULL, last_error = NULL WHERE id = $1`,
    [id, now.toISOString(), transport],
  );
}

export async function markRetry(database: Database, id: string, nextAttemptAt: Date, error: string) {
  await database.query(`UPDATE outbox SET next_attempt_at = $2, locked_until = NULL, last_error = $3 WHERE id = $1 AND status = 'pending'`, [
    id,
    nextAttemptAt.toISOString(),
    error,
  ]);
}

export async function markFailed(database: Database, id: string, error: string) {
  await database.query(`UPDATE outbox SET status = 'failed', locked_until = NULL, last_error = $2 WHERE id = $1`, [id, error]);
}

/**
 * Leases of a process that is gone: on PGlite one process holds the database (the data-directory
 * lock), so at its start every lease is a dead process's, and its mail is due again at once.
 */
export async function releaseAllLeases(database: Database) {
  await database.query(`UPDATE outbox SET locked_until = NULL WHERE status = 'pending' AND locked_until IS NOT NULL`);
}

/** Whether any mail is due (the poll's cheap question). */
export async function anyDue(database: Database, now: Date): Promise<boolean> {
  const rows = await database.query(
    `SELECT 1 FROM outbox WHERE status = 'pending' AND (next_attempt_at IS NULL OR next_attempt_at <= $1)
        AND (locked_until IS NULL OR locked_until <= $1) LIMIT 1`,
    [now.toISOString()],
  );
  return rows.length > 0;
}

/** Delivered mail older than `before` goes (failed mail stays for the admin until retried or deleted with it). */
export async function purgeSent(database: Database, before: Date): Promise<number> {
  const rows = await database.query(`DELETE FROM outbox WHERE status = 'sent' AND sent_at < $1 RETURNING 1`, [before.toISOString()]);
  return rows.length;
}

export interface OutboxListRow {
  id: string;
  kind: string;
  to_address: string;
  subject: string;
  status: 'pending' | 'sent' | 'failed';
  attempts: number;
  created_at: Date | string;
  next_attempt_at: Date | string | null;
  sent_at: Date | string | null;
  last_error: string | null;
}

const LIST_COLUMNS = 'id, kind, to_address, subject, status, attempts, created_at, next_attempt_at, sent_at, last_error';

/** The admin Mail tab: failed mail and mail retrying after a failed attempt, or the newest of all. */
export function listOutbox(database: Database, show: 'problems' | 'all', limit: number) {
  const where = show === 'problems' ? `WHERE status = 'failed' OR (status = 'pending' AND last_error IS NOT NULL)` : '';
  return database.query<OutboxListRow>(`SELECT ${LIST_COLUMNS} FROM outbox ${where} ORDER BY created_at DESC, id DESC LIMIT $1`, [limit]);
}

export async function outboxCounts(database: Database, sentSince: Date) {
  const [row] = await database.query<{ pending: number; failed: number; sent_last_day: number }>(
    `SELECT count(*) FILTER (WHERE status = 'pending')::int AS pending, count(*) FILTER (WHERE status = 'failed')::int AS failed,
            count(*) FILTER (WHERE status = 'sent' AND sent_at >= $1)::int AS sent_last_day
       FROM outbox`,
    [sentSince.toISOString()],
  );
  return row!;
}

/** A failed mail due again, its retry window counted afresh; undefined unless it was failed. */
export async function requeueFailed(tx: Db, id: string): Promise<OutboxListRow | undefined> {
  const result = await tx.execute(
    sql`UPDATE outbox SET status = 'pending', next_attempt_at = NULL, first_attempt_at = NULL, locked_until = NULL
         WHERE id = ${id} AND status = 'failed' RETURNING ${sql.raw(LIST_COLUMNS)}`,
  );
  return rowsOf<OutboxListRow>(result)[0];
}

export async function findOutboxMail(database: Database, id: string) {
  const [row] = await database.query<OutboxListRow>(`SELECT ${LIST_COLUMNS} FROM outbox WHERE id = $1`, [id]);
  return row;
}
