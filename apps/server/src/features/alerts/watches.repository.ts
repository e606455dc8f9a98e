import { sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/client';
import { rowsOf } from '../../db/sql-helpers';
import { visibleTo } from '../tenders/tenders.repository';

/** Watched tenders (decision 0473): the watches, and who is told of a tender's changes. */

export async function isWatching(database: Database, userId: string, tenderId: string): Promise<boolean> {
  return (await database.query('SELECT 1 FROM tender_watches WHERE user_id = $1 AND tender_id = $2', [userId, tenderId])).length > 0;
}

export async function addWatch(database: Database, userId: string, tenderId: string, now: Date) {
  await database.query('INSERT INTO tender_watches (user_id, tender_id, created_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [userId, tenderId, now.toISOString()]);
}

export async function removeWatch(db: Db, userId: string, tenderId: string): Promise<boolean> {
  return rowsOf(await db.execute(sql`DELETE FROM tender_watches WHERE user_id = ${userId} AND tender_id = ${tenderId} RETURNING 1`)).length > 0;
}

/** The tenders a user watches and may still see (decision 0333), newest watch first. */
export function listWatched(database: Database, userId: string, now: Date) {
  return database.query<{ tender_id: string; title: string; status: string; closing_date: Date | string | null; watched_at: Date | string }>(
    `SELECT t.id::text AS tender_id, t.title, t.closing_date, w.created_at AS watched_at,
            CASE WHEN t.stage = 'awarded' THEN 'awarded' WHEN t.stage = 'cancelled' THEN 'cancelled'
                 WHEN coalesce(t.closing_date, t.published_date + interval '90 days') <= $2::timestamptz THEN 'closed' ELSE 'open' END AS status
       FROM tender_watches w JOIN tenders t ON t.id = w.tender_id
      WHERE w.user_id = $1 AND ${visibleTo('w.user_id')}
      ORDER BY w.created_at DESC LIMIT 200`,
    [userId, now.toISOString()],
  );
}

/** The title of a tender a user watches (the unsubscribe page), if they still may see it. */
export async function findWatchedTitle(db: Db, userId: string, tenderId: string): Promise<{ title: string; watching: boolean } | undefined> {
  return rowsOf<{ title: string; watching: boolean }>(
    await db.execute(sql`SELECT t.title, EXISTS (SELECT 1 FROM tender_watches w WHERE w.user_id = ${userId} AND w.tender_id = t.id) AS watching
      FROM tenders t CROSS JOIN (SELECT ${userId}::uuid AS id) viewer WHERE t.id = ${tenderId} AND ${sql.raw(visibleTo('viewer.id'))}`),
  )[0];
}

export interface ChangeRow {
  seq: number;
  tender_id: string;
  kind: 'published' | 'updated' | 'deadline' | 'awarded' | 'cancelled' | 'stage' | 'clarification' | 'document';
  detail: Record<string, unknown>;
}

/** Up to `limit` tender changes the watch notifier has not handled, locked for this transaction. */
export async function claimWatchChanges(tx: Db, limit: number): Promise<ChangeRow[]> {
  return rowsOf<ChangeRow & { seq: string | number }>(
    await tx.execute(sql`SELECT seq, tender_id::text AS tender_id, kind, detail FROM tender_changes WHERE watched_at IS NULL ORDER BY seq LIMIT ${limit} FOR UPDATE SKIP LOCKED`),
  ).map((r) => ({ ...r, seq: Number(r.seq) }));
}

export async function markWatched(tx: Db, seqs: number[], now: Date) {
  await tx.execute(sql`UPDATE tender_changes SET watched_at = ${now.toISOString()}::timestamptz WHERE seq = ANY(${`{${seqs.join(',')}}`}::bigint[])`);
}

export interface WatcherRow {
  user_id: string;
  email: string;
  name: string;
  tender_id: string;
  title: string;
}

/**
 * The watchers of these tenders who may see them now (the visibility rule at send time, decision
 * 0333), the tender's owner left out (the changes are theirs).
 */
export async function listWatchersToTell(tx: Db, tenderIds: string[]): Promise<WatcherRow[]> {
  if (tenderIds.length === 0) return [];
  return rowsOf<WatcherRow>(
    await tx.execute(sql`SELECT w.user_id::text AS user_id, u.email, u.name, t.id::text AS tender_id, t.title
      FROM tender_watches w JOIN users u ON u.id = w.user_id JOIN tenders t ON t.id = w.tender_id
     WHERE w.tender_id::text = ANY(${`{${tenderIds.join(',')}}`}::text[]) AND t.stage <> 'draft'
       AND (t.user_id IS NULL OR t.user_id <> w.user_id) AND ${sql.raw(visibleTo('w.user_id'))}
     ORDER BY w.tender_id, w.user_id`),
  );
}

/** Who asked the answered questions, where they may still see the tender. */
export async function listAskers(tx: Db, questionIds: string[]): Promise<Array<{ user_id: string; tender_id: string; title: string }>> {
  if (questionIds.length === 0) return [];
  return rowsOf(
    await tx.execute(sql`SELECT q.asker_id::text AS user_id, t.id::text AS tender_id, t.title
      FROM tender_questions q JOIN tenders t ON t.id = q.tender_id
     WHERE q.id::text = ANY(${`{${questionIds.join(',')}}`}::text[]) AND q.asker_id IS NOT NULL AND ${sql.raw(visibleTo('q.asker_id'))}`),
  );
}
