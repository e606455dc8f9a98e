import { and, eq } from 'drizzle-orm';
import type { Database, Db } from '../../db/client';
import { tenderQuestions } from '../../db/schema/index';

/** Queries of a tender's questions and answers (decision 0401). */

export async function listQuestions(database: Database, tenderId: string) {
  return database.query<{ id: string; asker_id: string | null; question: string; answer: string | null; answered_at: Date | string | null; created_at: Date | string }>(
    'SELECT id, asker_id, question, answer, answered_at, created_at FROM tender_questions WHERE tender_id = $1 ORDER BY seq',
    [tenderId],
  );
}

export async function insertQuestion(db: Db, values: { tenderId: string; askerId: string; question: string; at: Date }) {
  const [row] = await db
    .insert(tenderQuestions)
    .values({ tenderId: values.tenderId, askerId: values.askerId, question: values.question, createdAt: values.at })
    .returning();
  return row!;
}

export async function answerQuestion(db: Db, tenderId: string, questionId: string, answer: string, at: Date) {
  const [row] = await db
    .update(tenderQuestions)
    .set({ answer, answeredAt: at })
    .where(and(eq(tenderQuestions.tenderId, tenderId), eq(tenderQuestions.id, questionId)))
    .returning();
  return row;
}
