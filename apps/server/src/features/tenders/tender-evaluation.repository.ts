import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { tenderCriteria, tenderEvaluators, tenderScores } from '../../db/schema/index';
import { rowsOf } from '../../db/sql-helpers';
import { visibleTo, type Executor } from './tenders.repository';

/** Queries of a tender's evaluation (decisions 0518–0520): criteria, evaluators, scores. */

export interface CriterionRow {
  id: string;
  name: string;
  weight: number;
  description: string | null;
}

export function listCriteria(database: Database, tenderId: string) {
  return database.query<CriterionRow>('SELECT id::text AS id, name, weight, description FROM tender_criteria WHERE tender_id = $1 ORDER BY position', [tenderId]);
}

/** Replaces the whole list in the caller's transaction. */
export async function replaceCriteria(tx: Executor, tenderId: string, criteria: Array<{ name: string; weight: number; description?: string | null }>) {
  await tx.delete(tenderCriteria).where(eq(tenderCriteria.tenderId, tenderId));
  if (criteria.length === 0) return;
  await tx.insert(tenderCriteria).values(criteria.map((c, position) => ({ tenderId, position, name: c.name, weight: c.weight, description: c.description ?? null })));
}

/**
 * The tender's row locked against a response arriving or its stage changing, with whether any
 * response has arrived: criteria and the schedule change only before the first (decisions 0518, 0521).
 */
export async function lockForPlanChange(tx: Executor, tenderId: string) {
  const result = await tx.execute(
    sql`SELECT t.stage, EXISTS (SELECT 1 FROM tender_responses r WHERE r.tender_id = t.id) AS has_responses FROM tenders t WHERE t.id = ${tenderId} FOR UPDATE`,
  );
  return rowsOf<{ stage: string; has_responses: boolean }>(result)[0];
}

// ---- Evaluators ----

export interface EvaluatorRow {
  id: string;
  user_id: string;
  name: string;
  email: string;
  declaration: 'pending' | 'no-conflict' | 'conflict';
  declared_at: Date | string | null;
  conflict_reason: string | null;
  created_at: Date | string;
}

const SELECT_EVALUATORS = `SELECT e.id::text AS id, e.user_id::text AS user_id, u.name, u.email, e.declaration, e.declared_at, e.conflict_reason, e.created_at
  FROM tender_evaluators e JOIN users u ON u.id = e.user_id`;

export function listEvaluators(database: Database, tenderId: string) {
  return database.query<EvaluatorRow>(`${SELECT_EVALUATORS} WHERE e.tender_id = $1 ORDER BY e.created_at, e.id`, [tenderId]);
}

export async function findEvaluator(database: Database, tenderId: string, userId: string) {
  const rows = await database.query<EvaluatorRow>(`${SELECT_EVALUATORS} WHERE e.tender_id = $1 AND e.user_id = $2`, [tenderId, userId]);
  return rows[0];
}

/** The account invited, by address (case-insensitive), with whether its address is confirmed. */
export async function findUserByEmail(database: Database, email: string) {
  const rows = await database.query<{ id: string; name: string; email: string; confirmed: boolean }>(
    'SELECT id::text AS id, name, email, (email_verified_at IS NOT NULL) AS confirmed FROM users WHERE lower(email) = lower($1) LIMIT 1',
    [email],
  );
  return rows[0];
}

/** Whether the account is behind a response to the tender (its provider's approved owner, or who sent it). */
export async function isResponder(database: Database, tenderId: string, userId: string) {
  const rows = await database.query<{ ok: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM tender_responses r JOIN providers p ON p.id = r.provider_id
                     WHERE r.tender_id = $1 AND (r.user_id = $2 OR (p.user_id = $2 AND p.claim_approved))) AS ok`,
    [tenderId, userId],
  );
  return rows[0]?.ok === true;
}

export async function insertEvaluator(tx: Executor, values: { tenderId: string; userId: string; invitedBy: string; at: Date }) {
  const [row] = await tx
    .insert(tenderEvaluators)
    .values({ tenderId: values.tenderId, userId: values.userId, invitedBy: values.invitedBy, createdAt: values.at })
    .onConflictDoNothing()
    .returning({ id: tenderEvaluators.id });
  return row?.id;
}

export async function countEvaluators(tx: Executor, tenderId: string) {
  const result = await tx.execute(sql`SELECT count(*)::int AS n FROM tender_evaluators WHERE tender_id = ${tenderId}`);
  return rowsOf<{ n: number }>(result)[0]?.n ?? 0;
}

/** Removes an evaluator and the scores they gave on this tender; the user id removed, or undefined. */
export async function deleteEvaluator(tx: Executor, tenderId: string, evaluatorId: string) {
  const [row] = await tx
    .delete(tenderEvaluators)
    .where(and(eq(tenderEvaluators.tenderId, tenderId), eq(tenderEvaluators.id, evaluatorId)))
    .returning({ userId: tenderEvaluators.userId });
  if (!row) return undefined;
  await tx.delete(tenderScores).where(and(eq(tenderScores.tenderId, tenderId), eq(tenderScores.scorerId, row.userId)));
  return row.userId;
}

/** An account's name, for the History. */
export async function userName(tx: Executor, userId: string) {
  const result = await tx.execute(sql`SELECT name FROM users WHERE id = ${userId}`);
  return rowsOf<{ name: string }>(result)[0]?.name ?? null;
}

/** Records a declaration once: only a pending one changes. True when it was recorded. */
export async function declare(
  tx: Executor,
  values: { tenderId: string; userId: string; declaration: 'no-conflict' | 'conflict'; statement: string | null; conflictReason: string | null; at: Date },
) {
  const rows = await tx
    .update(tenderEvaluators)
    .set({ declaration: values.declaration, declaredAt: values.at, statement: values.statement, conflictReason: values.conflictReason })
    .where(and(eq(tenderEvaluators.tenderId, values.tenderId), eq(tenderEvaluators.userId, values.userId), eq(tenderEvaluators.declaration, 'pending')))
    .returning({ id: tenderEvaluators.id });
  return rows.length > 0;
}

/** The tenders a user was invited to evaluate and may still see (the one visibility rule, decision 0333). */
export function listEvaluating(database: Database, userId: string) {
  return database.query<{ id: string; title: string; closing_date: Date | string | null; stage: string; declaration: 'pending' | 'no-conflict' | 'conflict' }>(
    `SELECT t.id::text AS id, t.title, t.closing_date, t.stage, e.declaration
       FROM tender_evaluators e JOIN tenders t ON t.id = e.tender_id
      WHERE e.user_id = $1::uuid AND ${visibleTo('$1::uuid')}
      ORDER BY t.closing_date DESC NULLS LAST, t.id`,
    [userId],
  );
}

// ---- Scores ----

export interface ScoreRow {
  response_id: string;
  criterion_id: string;
  scorer_id: string;
  scorer_name: string;
  score: number;
  comment: string | null;
}

/** Every score of the tender, from scorers who may score now (the owner, or an evaluator who declared no conflict). */
export function listScores(database: Database, tenderId: string) {
  return database.query<ScoreRow>(
    `SELECT s.response_id::text AS response_id, s.criterion_id::text AS criterion_id, s.scorer_id::text AS scorer_id, u.name AS scorer_name, s.score, s.comment
       FROM tender_scores s JOIN users u ON u.id = s.scorer_id JOIN tenders t ON t.id = s.tender_id
      WHERE s.tender_id = $1
        AND (s.scorer_id = t.user_id OR EXISTS (SELECT 1 FROM tender_evaluators e WHERE e.tender_id = s.tender_id AND e.user_id = s.scorer_id AND e.declaration = 'no-conflict'))
      ORDER BY u.name, s.scorer_id`,
    [tenderId],
  );
}

export async function upsertScores(
  tx: Executor,
  values: { tenderId: string; responseId: string; scorerId: string; at: Date; scores: Array<{ criterionId: string; score: number; comment?: string | null }> },
) {
  for (const s of values.scores) {
    await tx
      .insert(tenderScores)
      .values({ tenderId: values.tenderId, responseId: values.responseId, criterionId: s.criterionId, scorerId: values.scorerId, score: s.score, comment: s.comment ?? null, updatedAt: values.at })
      .onConflictDoUpdate({
        target: [tenderScores.responseId, tenderScores.criterionId, tenderScores.scorerId],
        set: { score: s.score, comment: s.comment ?? null, updatedAt: values.at },
      });
  }
}

/**
 * The tender's stage and whether it has closed at `now` by the server's clock, its row held against
 * an award until the transaction ends: a score lands in the state it is judged by.
 */
export async function lockForScoring(tx: Executor, tenderId: string, now: Date) {
  const result = await tx.execute(
    sql`SELECT stage, coalesce(closing_date, published_date + interval '90 days') <= ${now.toISOString()}::timestamptz AS closed FROM tenders WHERE id = ${tenderId} FOR SHARE`,
  );
  return rowsOf<{ stage: string; closed: boolean }>(result)[0];
}

/** Whether any response has arrived (criteria and the schedule are fixed from then on). */
export async function hasResponses(database: Database, tenderId: string) {
  const rows = await database.query<{ ok: boolean }>('SELECT EXISTS (SELECT 1 FROM tender_responses WHERE tender_id = $1) AS ok', [tenderId]);
  return rows[0]?.ok === true;
}
