import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/sql-helpers';
import type { Executor } from './tenders.repository';

/**
 * Queries of the clarification log (decision 0524). An entry is a question (tender_questions), a
 * clarification asked of one response (tender_clarifications) or the owner's notice to all; the
 * triggers of migration 0119 number the first two as they are written.
 */

export interface LogEntryRecord {
  id: string;
  tender_id: string;
  number: number;
  kind: 'question' | 'clarification' | 'notice';
  /** The first message: the question, the clarification asked, or the notice. */
  opening: string;
  /** A question's answer (the older Q&A path publishes with it). */
  answer: string | null;
  answered_at: Date | string | null;
  published_at: Date | string | null;
  created_at: Date | string;
  /** The account on the bidder's side: the asker, or the account behind the response asked. */
  bidder_id: string | null;
  bidder_email: string | null;
  bidder_name: string | null;
  provider_name: string | null;
}

const ENTRY_SQL = `SELECT e.id, e.tender_id, e.number,
    CASE WHEN e.question_id IS NOT NULL THEN 'question' WHEN e.clarification_id IS NOT NULL THEN 'clarification' ELSE 'notice' END AS kind,
    coalesce(q.question, c.message, e.notice) AS opening, q.answer, q.answered_at,
    coalesce(e.published_at, q.answered_at) AS published_at, e.created_at,
    coalesce(q.asker_id, ou.id, ru.id) AS bidder_id, coalesce(qu.email, ou.email, ru.email) AS bidder_email,
    coalesce(qu.name, ou.name, ru.name) AS bidder_name, p.business_name AS provider_name
  FROM tender_log_entries e
  LEFT JOIN tender_questions q ON q.id = e.question_id
  LEFT JOIN users qu ON qu.id = q.asker_id
  LEFT JOIN tender_clarifications c ON c.id = e.clarification_id
  LEFT JOIN tender_responses r ON r.id = c.response_id
  LEFT JOIN providers p ON p.id = r.provider_id
  LEFT JOIN users ou ON ou.id = p.user_id AND p.claim_approved
  LEFT JOIN users ru ON ru.id = r.user_id`;

export async function listEntries(database: Database, tenderId: string) {
  return database.query<LogEntryRecord>(`${ENTRY_SQL} WHERE e.tender_id = $1 ORDER BY e.number`, [tenderId]);
}

export async function findEntry(database: Database, tenderId: string, entryId: string) {
  const rows = await database.query<LogEntryRecord>(`${ENTRY_SQL} WHERE e.tender_id = $1 AND e.id = $2`, [tenderId, entryId]);
  return rows[0];
}

export interface LogMessageRecord {
  id: string;
  entry_id: string;
  author_id: string | null;
  from_owner: boolean;
  body: string;
  created_at: Date | string;
}

export async function listMessages(database: Database, tenderId: string) {
  return database.query<LogMessageRecord>(
    `SELECT m.id, m.entry_id, m.author_id, m.from_owner, m.body, m.created_at FROM tender_log_messages m
       JOIN tender_log_entries e ON e.id = m.entry_id WHERE e.tender_id = $1 ORDER BY m.seq`,
    [tenderId],
  );
}

/** Locks the tender row and gives its stage: a write to the log waits for a state change under way. */
export async function lockStage(tx: Executor, tenderId: string) {
  return rowsOf<{ stage: string }>(await tx.execute(sql`SELECT stage FROM tenders WHERE id = ${tenderId} FOR UPDATE`))[0]?.stage;
}

export async function insertNotice(tx: Executor, values: { tenderId: string; authorId: string; notice: string; at: Date }) {
  const rows = rowsOf<{ id: string; number: number }>(
    await tx.execute(sql`INSERT INTO tender_log_entries (tender_id, number, notice, author_id, published_at, created_at)
      VALUES (${values.tenderId}, tender_log_next_number(${values.tenderId}), ${values.notice}, ${values.authorId}, ${values.at.toISOString()}::timestamptz, ${values.at.toISOString()}::timestamptz)
      RETURNING id, number`),
  );
  return rows[0]!;
}

/** How many replies an entry's thread holds, read under the caller's lock. */
export async function countMessages(tx: Executor, entryId: string) {
  return Number(rowsOf<{ n: number }>(await tx.execute(sql`SELECT count(*)::int AS n FROM tender_log_messages WHERE entry_id = ${entryId}`))[0]?.n ?? 0);
}

export async function insertMessage(tx: Executor, values: { entryId: string; authorId: string; fromOwner: boolean; body: string; at: Date }) {
  await tx.execute(sql`INSERT INTO tender_log_messages (entry_id, author_id, from_owner, body, created_at)
    VALUES (${values.entryId}, ${values.authorId}, ${values.fromOwner}, ${values.body}, ${values.at.toISOString()}::timestamptz)`);
}

/** Publishes an entry once: false when it already was (a question counts as published once answered). */
export async function publishEntry(tx: Executor, entryId: string, at: Date) {
  const rows = rowsOf<{ id: string }>(
    await tx.execute(sql`UPDATE tender_log_entries e SET published_at = ${at.toISOString()}::timestamptz
      WHERE e.id = ${entryId} AND e.published_at IS NULL
        AND NOT EXISTS (SELECT 1 FROM tender_questions q WHERE q.id = e.question_id AND q.answer IS NOT NULL)
      RETURNING e.id`),
  );
  return rows.length > 0;
}

/** A question's first published reply is its answer, as the Q&A path records it (counts of unanswered questions read it). */
export async function answerQuestionOf(tx: Executor, entryId: string, answer: string, at: Date) {
  await tx.execute(sql`UPDATE tender_questions q SET answer = ${answer}, answered_at = ${at.toISOString()}::timestamptz
    FROM tender_log_entries e WHERE e.id = ${entryId} AND q.id = e.question_id AND q.answer IS NULL`);
}
