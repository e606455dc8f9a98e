import { TENDER_LIFECYCLE_MESSAGES as M } from '@solar/shared/constants/tender-lifecycle';
import type { UserRow } from '../../db/rows';
import { isUuid, toIsoTimestamp, toIsoTimestampOrNull } from '../../db/sql-helpers';
import type { AppContext } from '../../plugins/context';
import { requireVerifiedEmail } from '../../plugins/auth';
import { AppError } from '../../platform/errors';
import { tenderLifecycleMails as mails } from './tender-lifecycle.mail';
import { participantMails, queueAll } from './tender-participants.service';
import { getTender, tenderForOwner } from './tender-read.service';
import { findOwnerContact } from './tenders.repository';
import { insertEvent } from './tender-events.repository';
import * as repo from './tender-questions.repository';

/** A question as a History entry names it. */
const cut = (text: string) => (text.length > 200 ? `${text.slice(0, 200)}…` : text);

/**
 * Questions and answers (decision 0401): anyone who may see an open tender asks; the owner answers;
 * answers go to everyone taking part, never naming the asker.
 */

type Ctx = Pick<AppContext, 'database' | 'clock' | 'mailer' | 'env' | 'log'>;

const toQuestion = (q: Awaited<ReturnType<typeof repo.listQuestions>>[number], viewer: UserRow) => ({
  id: String(q.id),
  question: q.question,
  answer: q.answer,
  answeredAt: toIsoTimestampOrNull(q.answered_at),
  createdAt: toIsoTimestamp(q.created_at),
  mine: q.asker_id === viewer.id,
});

export async function listQuestions(ctx: Ctx, user: UserRow, id: string) {
  const tender = await getTender(ctx, id, user);
  const manager = tender.userId === user.id || user.isAdmin;
  const rows = await repo.listQuestions(ctx.database, id);
  return rows.filter((q) => q.answer !== null || manager || q.asker_id === user.id).map((q) => toQuestion(q, user));
}

export async function askQuestion(ctx: Ctx, user: UserRow, id: string, question: string) {
  const tender = await getTender(ctx, id, user);
  if (tender.userId === user.id) throw new AppError('FORBIDDEN', M.ownQuestion);
  if (tender.stage !== 'active' || tender.status !== 'open') throw new AppError('CONFLICT', M.notOpen);
  requireVerifiedEmail(user, 'tender-response');
  const owner = await findOwnerContact(ctx.database, id);
  // The question, its History entry and the owner's mail in one transaction (decision 0470).
  const row = await ctx.database.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const row = await repo.insertQuestion(tx, { tenderId: id, askerId: user.id, question, at: now });
    // The asker is never named, not even in the owner's History (decision 0401).
    await insertEvent(tx, { tenderId: id, actorId: null, kind: 'question-asked', subject: cut(question), at: now });
    if (owner) await queueAll(tx, [mails.questionAsked(owner, tender, question, ctx.env.PUBLIC_URL)], 'tender-question');
    return row;
  });
  return {
    message: M.questionSent,
    data: toQuestion({ id: row.id, asker_id: row.askerId, question: row.question, answer: null, answered_at: null, created_at: row.createdAt }, user),
  };
}

export async function answerQuestion(ctx: Ctx, user: UserRow, id: string, questionId: string, answer: string) {
  const tender = await tenderForOwner(ctx, id, user);
  if (!isUuid(questionId)) throw new AppError('NOT_FOUND', M.questionNotFound);
  const question = (await repo.listQuestions(ctx.database, id)).find((q) => String(q.id) === questionId);
  if (!question) throw new AppError('NOT_FOUND', M.questionNotFound);
  const told = await participantMails(ctx, id, (to) => mails.answerPublished(to, tender, question.question, answer, ctx.env.PUBLIC_URL));
  const row = await ctx.database.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const row = await repo.answerQuestion(tx, id, questionId, answer, now);
    if (!row) throw new AppError('NOT_FOUND', M.questionNotFound);
    await insertEvent(tx, { tenderId: id, actorId: user.id, kind: 'question-answered', subject: cut(row.question), at: now });
    await queueAll(tx, told, 'tender-answer');
    return row;
  });
  return {
    message: M.answerPublished,
    data: toQuestion({ id: row.id, asker_id: row.askerId, question: row.question, answer: row.answer, answered_at: row.answeredAt, created_at: row.createdAt }, user),
  };
}
