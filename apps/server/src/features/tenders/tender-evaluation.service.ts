import type { z } from 'zod';
import {
  PUBLIC_MAIL_DOMAINS,
  TENDER_EVALUATORS_MAX,
  TENDER_EVALUATION_MESSAGES as M,
  TENDER_NO_CONFLICT_STATEMENT,
  type TenderScoringPhase,
} from '@solar/shared/constants/tender-evaluation';
import { TENDER_LIFECYCLE_MESSAGES as LM } from '@solar/shared/constants/tender-lifecycle';
import { TENDER_MESSAGES } from '@solar/shared/constants/tenders';
import type {
  declareTenderInterestBody,
  EvaluatedResponse,
  EvaluatingTender,
  scoreTenderResponseBody,
  TenderCriteria,
  TenderEvaluation,
  TenderEvaluator,
  updateTenderCriteriaBody,
} from '@solar/shared/contracts/tender-evaluation';
import type { Tender } from '@solar/shared/contracts/tenders';
import { byRank, rankResponses } from '@solar/shared/domain/tender-scoring';
import { scheduleTotals } from '@solar/shared/domain/tender-pricing';
import type { UserRow } from '../../db/rows';
import { isUuid, toIsoTimestamp } from '../../db/sql-helpers';
import type { AppContext } from '../../plugins/context';
import { AppError } from '../../platform/errors';
import { queueMail } from '../../platform/mail';
import { tenderEvaluationMails as mails } from './tender-evaluation.mail';
import { insertEvent } from './tender-events.repository';
import { criteriaLines, planChange } from './tender-plan-changes';
import { getTender, tenderForOwner } from './tender-read.service';
import * as pricingRepo from './tender-pricing.repository';
import * as responsesRepo from './tender-responses.repository';
import * as repo from './tender-evaluation.repository';
import { findOwnerContact } from './tenders.repository';

/**
 * A tender's evaluation (issue 27, part B): weighted criteria on the brief (decision 0518), scoring
 * after the closing date by the server's clock (decision 0519), and evaluators from the owner's
 * organisation who declare no conflict of interest before seeing any response (decision 0520).
 */

type Ctx = Pick<AppContext, 'database' | 'clock' | 'env'>;

/**
 * Where scoring stands by the server's clock: never before the closing date. `status` is computed
 * when the tender is read, from the server's clock (decision 0170); a closing date is checked too.
 */
export function scoringPhase(tender: Pick<Tender, 'stage' | 'status' | 'closingDate'>, now: Date): TenderScoringPhase {
  if (tender.stage === 'awarded' || tender.stage === 'cancelled') return 'final';
  if (tender.stage !== 'active' || tender.status === 'open') return 'sealed';
  return !tender.closingDate || new Date(tender.closingDate).getTime() <= now.getTime() ? 'scoring' : 'sealed';
}

/**
 * Whether the owner may change the criteria or the pricing schedule (decisions 0518, 0521): while a
 * draft, and once published only until the first response arrives; never after the award or a
 * cancellation. Checked again under the tender's row lock where it is written.
 */
export function planChangeRefusal(stage: string, hasResponses: boolean, lockedMessage: string): string | null {
  if (stage === 'awarded' || stage === 'cancelled') return LM.notEditable;
  if (stage !== 'draft' && hasResponses) return lockedMessage;
  return null;
}

// ---- Criteria ----

export async function getCriteria(ctx: Ctx, user: UserRow | null, id: string): Promise<TenderCriteria> {
  const tender = await getTender(ctx, id, user);
  const criteria = await repo.listCriteria(ctx.database, id);
  const editable = !!user && tender.userId === user.id && planChangeRefusal(tender.stage, await repo.hasResponses(ctx.database, id), M.criteriaLocked) === null;
  return { criteria, editable };
}

export async function updateCriteria(ctx: Ctx, user: UserRow, id: string, body: z.output<typeof updateTenderCriteriaBody>) {
  const tender = await tenderForOwner(ctx, id, user);
  // Recorded and told to bidders when it changes (decision 0555).
  const change = await planChange(ctx, tender, 'criteria', criteriaLines(await repo.listCriteria(ctx.database, id)), criteriaLines(body.criteria));
  await ctx.database.db.transaction(async (tx) => {
    const held = await repo.lockForPlanChange(tx, id);
    if (!held) throw new AppError('NOT_FOUND', TENDER_MESSAGES.notFound);
    const refusal = planChangeRefusal(held.stage, held.has_responses, M.criteriaLocked);
    if (refusal) throw new AppError('CONFLICT', refusal);
    await repo.replaceCriteria(tx, id, body.criteria);
    await change.record(tx, user.id, ctx.clock.now());
  });
  return { message: M.criteriaSaved, data: await getCriteria(ctx, user, id) };
}

// ---- Evaluators ----

const toEvaluator = (r: repo.EvaluatorRow): TenderEvaluator => ({
  id: r.id,
  name: r.name,
  email: r.email,
  declaration: r.declaration,
  declaredAt: r.declared_at ? toIsoTimestamp(r.declared_at) : null,
  conflictReason: r.conflict_reason,
  invitedAt: toIsoTimestamp(r.created_at),
});

export async function listEvaluators(ctx: Ctx, user: UserRow, id: string) {
  await tenderForOwner(ctx, id, user, { adminMayRead: true });
  return (await repo.listEvaluators(ctx.database, id)).map(toEvaluator);
}

const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

/**
 * Invites a registered colleague (decision 0520): "from the owner's organisation" is the same
 * confirmed email domain as the owner's, and not a public mail service. The domain is checked before
 * any account is looked up, so an owner can only learn which addresses of their own domain have
 * accounts. The invitation mail is written in the transaction that adds the evaluator.
 */
export async function inviteEvaluator(ctx: Ctx, user: UserRow, id: string, email: string) {
  const tender = await tenderForOwner(ctx, id, user);
  if (tender.stage === 'awarded' || tender.stage === 'cancelled') throw new AppError('CONFLICT', M.evaluatorsClosed);
  const ownerDomain = domainOf(user.email);
  if (!user.emailVerifiedAt || (PUBLIC_MAIL_DOMAINS as readonly string[]).includes(ownerDomain)) throw new AppError('BAD_REQUEST', M.evaluatorPublicDomain);
  if (domainOf(email) !== ownerDomain) throw new AppError('BAD_REQUEST', M.evaluatorOtherOrganisation(ownerDomain));
  if (email.toLowerCase() === user.email.toLowerCase()) throw new AppError('BAD_REQUEST', M.evaluatorSelf);
  const target = await repo.findUserByEmail(ctx.database, email);
  if (!target) throw new AppError('BAD_REQUEST', M.evaluatorNoAccount);
  if (!target.confirmed) throw new AppError('BAD_REQUEST', M.evaluatorUnconfirmed);
  if (await repo.isResponder(ctx.database, id, target.id)) throw new AppError('BAD_REQUEST', M.evaluatorResponder);
  const now = ctx.clock.now();
  await ctx.database.db.transaction(async (tx) => {
    // The tender's row first, so two invitations at once count each other.
    const held = await repo.lockForPlanChange(tx, id);
    if (!held || held.stage === 'awarded' || held.stage === 'cancelled') throw new AppError('CONFLICT', M.evaluatorsClosed);
    if ((await repo.countEvaluators(tx, id)) >= TENDER_EVALUATORS_MAX) throw new AppError('BAD_REQUEST', M.tooManyEvaluators);
    const added = await repo.insertEvaluator(tx, { tenderId: id, userId: target.id, invitedBy: user.id, at: now });
    if (!added) throw new AppError('CONFLICT', M.evaluatorAlready);
    await insertEvent(tx, { tenderId: id, actorId: user.id, kind: 'evaluator-invited', subject: target.name, at: now });
    await queueMail(tx, mails.evaluatorInvited(target, tender, user, ctx.env.PUBLIC_URL), 'tender-evaluator-invitation');
  });
  const row = (await repo.findEvaluator(ctx.database, id, target.id))!;
  return { message: M.evaluatorInvited, data: toEvaluator(row) };
}

/** Removes an evaluator and their scores, until the award (an awarded tender's record stays whole). */
export async function removeEvaluator(ctx: Ctx, user: UserRow, id: string, evaluatorId: string) {
  const tender = await tenderForOwner(ctx, id, user);
  if (tender.stage === 'awarded' || tender.stage === 'cancelled') throw new AppError('CONFLICT', LM.notEditable);
  if (!isUuid(evaluatorId)) throw new AppError('NOT_FOUND', M.evaluatorNotFound);
  const removed = await ctx.database.db.transaction(async (tx) => {
    const userId = await repo.deleteEvaluator(tx, id, evaluatorId);
    if (userId) await insertEvent(tx, { tenderId: id, actorId: user.id, kind: 'evaluator-removed', subject: await repo.userName(tx, userId), at: ctx.clock.now() });
    return userId;
  });
  if (!removed) throw new AppError('NOT_FOUND', M.evaluatorNotFound);
  return M.evaluatorRemoved;
}

/**
 * The evaluator's declaration (decision 0520), made once: no conflict (the statement ticked, stored
 * with its text and time) opens the responses to them after the closing date; a conflict bars them
 * from the tender and the owner is mailed, in the same transaction.
 */
export async function declareInterest(ctx: Ctx, user: UserRow, id: string, body: z.output<typeof declareTenderInterestBody>) {
  const tender = await getTender(ctx, id, user);
  const evaluator = await repo.findEvaluator(ctx.database, id, user.id);
  if (!evaluator) throw new AppError('NOT_FOUND', M.evaluatorNotFound);
  if (evaluator.declaration !== 'pending') throw new AppError('CONFLICT', M.alreadyDeclared);
  const conflict = body.decision === 'conflict';
  const owner = conflict ? await findOwnerContact(ctx.database, id) : undefined;
  const now = ctx.clock.now();
  await ctx.database.db.transaction(async (tx) => {
    const recorded = await repo.declare(tx, {
      tenderId: id,
      userId: user.id,
      declaration: body.decision,
      statement: conflict ? null : TENDER_NO_CONFLICT_STATEMENT,
      conflictReason: conflict ? (body.reason ?? null) : null,
      at: now,
    });
    if (!recorded) throw new AppError('CONFLICT', M.alreadyDeclared);
    // The History names the evaluator and, for a conflict, what it is (decision 0555): the owner reads both already.
    await insertEvent(tx, { tenderId: id, actorId: user.id, kind: conflict ? 'evaluator-conflict' : 'evaluator-no-conflict', subject: user.name, reason: conflict ? (body.reason ?? null) : null, at: now });
    if (conflict && owner) await queueMail(tx, mails.conflictDeclared(owner, tender, user.name, body.reason ?? '', ctx.env.PUBLIC_URL), 'tender-evaluator-conflict');
  });
  return conflict ? M.declaredConflict : M.declaredNoConflict;
}

export async function listEvaluating(ctx: Ctx, user: UserRow): Promise<EvaluatingTender[]> {
  return (await repo.listEvaluating(ctx.database, user.id)).map((r) => ({
    id: r.id,
    title: r.title,
    closingDate: r.closing_date ? toIsoTimestamp(r.closing_date) : null,
    stage: r.stage as EvaluatingTender['stage'],
    declaration: r.declaration,
  }));
}

// ---- Scoring ----

/**
 * The tender's criteria and each response's standing (averages, weighted total, rank), for the
 * owner's records and the letters (decision 0557): the same computation as the scoring sheet's.
 * The caller has checked who may read them.
 */
export async function standingsOf(ctx: Pick<Ctx, 'database'>, tenderId: string, responseIds: readonly string[]) {
  const [criteria, scores] = await Promise.all([repo.listCriteria(ctx.database, tenderId), repo.listScores(ctx.database, tenderId)]);
  const cells = scores.map((s) => ({ responseId: s.response_id, criterionId: s.criterion_id, score: s.score }));
  return { criteria, standings: new Map(rankResponses(responseIds, criteria, cells).map((s) => [s.responseId, s])) };
}

type Role = { kind: 'owner' } | { kind: 'admin' } | { kind: 'evaluator'; declaration: repo.EvaluatorRow['declaration'] };

/** The caller's part in the evaluation: the owner, an evaluator (by their row), an admin (reads only); else null. */
async function roleOf(ctx: Ctx, tender: Tender, user: UserRow): Promise<Role | null> {
  if (tender.userId === user.id) return { kind: 'owner' };
  const evaluator = await repo.findEvaluator(ctx.database, tender.id, user.id);
  if (evaluator) return { kind: 'evaluator', declaration: evaluator.declaration };
  return user.isAdmin ? { kind: 'admin' } : null;
}

/** Whether the caller may read the tender's responses for evaluation now: after the closing date, and for an evaluator after declaring no conflict. */
export async function mayReadResponses(ctx: Ctx, tender: Tender, user: UserRow) {
  const role = await roleOf(ctx, tender, user);
  if (!role || (role.kind === 'evaluator' && role.declaration !== 'no-conflict')) return { role, open: false };
  return { role, open: scoringPhase(tender, ctx.clock.now()) !== 'sealed' };
}

/**
 * The scoring sheet (decision 0519). Nothing of a response before the closing date by the server's
 * clock, to anyone; an evaluator sees responses only after declaring no conflict, and only their own
 * scores (they score independently); the owner and admins see every sheet, the averages, the
 * weighted totals and the ranks, best first.
 */
export async function getEvaluation(ctx: Ctx, user: UserRow, id: string): Promise<TenderEvaluation> {
  const tender = await getTender(ctx, id, user);
  const role = await roleOf(ctx, tender, user);
  if (!role) throw new AppError('NOT_FOUND', TENDER_MESSAGES.notFound);
  const phase = scoringPhase(tender, ctx.clock.now());
  const criteria = await repo.listCriteria(ctx.database, id);
  const base: TenderEvaluation = {
    role: role.kind,
    phase,
    stage: tender.stage,
    title: tender.title,
    closingDate: tender.closingDate,
    declaration: role.kind === 'evaluator' ? role.declaration : null,
    criteria,
    responses: [],
    scorers: 0,
  };
  if (phase === 'sealed' || (role.kind === 'evaluator' && role.declaration !== 'no-conflict')) return base;

  const rows = await responsesRepo.listResponses(ctx.database, id);
  const ids = rows.map((r) => String(r.id));
  const [items, prices, scores] = await Promise.all([pricingRepo.listItems(ctx.database, id), pricingRepo.listPrices(ctx.database, ids), repo.listScores(ctx.database, id)]);
  const standings = new Map(rankResponses(ids, criteria, scores.map((s) => ({ responseId: s.response_id, criterionId: s.criterion_id, score: s.score }))).map((s) => [s.responseId, s]));
  const manager = role.kind !== 'evaluator';
  const cell = (s: repo.ScoreRow) => ({ criterionId: s.criterion_id, score: s.score, comment: s.comment });
  const responses: EvaluatedResponse[] = rows.map((r) => {
    const rid = String(r.id);
    const own = prices.get(rid);
    const totals = scheduleTotals(items.map((i) => ({ itemId: i.id, quantity: i.quantity, optional: i.optional, unitPricePence: own?.get(i.id) ?? null })));
    const mine = scores.filter((s) => s.response_id === rid);
    const standing = standings.get(rid)!;
    const sheets = new Map<string, { evaluator: string; scores: ReturnType<typeof cell>[] }>();
    if (manager) for (const s of mine) sheets.set(s.scorer_id, { evaluator: s.scorer_name, scores: [...(sheets.get(s.scorer_id)?.scores ?? []), cell(s)] });
    return {
      id: rid,
      provider: { name: r.provider_name, slug: r.provider_slug },
      message: r.message,
      priceMinimum: Number(r.price_minimum),
      priceMaximum: Number(r.price_maximum),
      leadTimeDays: r.lead_time_days,
      createdAt: toIsoTimestamp(r.created_at),
      pricing: {
        lines: items.map((i, n) => ({ itemId: i.id, unitPricePence: own?.get(i.id) ?? null, lineTotalPence: totals.lines[n]!.lineTotalPence })),
        totalPence: totals.totalPence,
        optionalPence: totals.optionalPence,
      },
      attachments: r.attachments.map((a) => ({ id: String(a.id), filename: a.filename, mimeType: a.mime_type, size: Number(a.size_bytes), createdAt: toIsoTimestamp(a.created_at) })),
      myScores: mine.filter((s) => s.scorer_id === user.id).map(cell),
      averages: manager ? standing.averages : {},
      total: manager ? standing.total : null,
      rank: manager ? standing.rank : null,
      sheets: [...sheets.values()],
    };
  });
  return { ...base, responses: manager ? byRank(responses) : responses, scorers: new Set(scores.map((s) => s.scorer_id)).size };
}

/**
 * Scores one response on some criteria for the caller (decision 0519): the owner or an evaluator who
 * declared no conflict; after the closing date by the server's clock, checked again under the
 * tender's row lock when the scores are written, and never after the award or a cancellation.
 */
export async function scoreResponse(ctx: Ctx, user: UserRow, id: string, responseId: string, body: z.output<typeof scoreTenderResponseBody>) {
  const tender = await getTender(ctx, id, user);
  const role = await roleOf(ctx, tender, user);
  if (!role || role.kind === 'admin') throw new AppError('FORBIDDEN', M.notEvaluator);
  if (role.kind === 'evaluator' && role.declaration !== 'no-conflict') throw new AppError('FORBIDDEN', M.declarationFirst);
  const phase = scoringPhase(tender, ctx.clock.now());
  if (phase === 'sealed') throw new AppError('CONFLICT', M.scoringSealed);
  if (phase === 'final') throw new AppError('CONFLICT', M.scoringFinal);
  const criteria = new Set((await repo.listCriteria(ctx.database, id)).map((c) => c.id));
  if (criteria.size === 0) throw new AppError('CONFLICT', M.noCriteria);
  if (body.scores.some((s) => !criteria.has(s.criterionId))) throw new AppError('BAD_REQUEST', M.criterionNotFound);
  const response = isUuid(responseId) ? await responsesRepo.findResponse(ctx.database, id, responseId) : undefined;
  if (!response) throw new AppError('NOT_FOUND', LM.responseNotFound);
  // One score per criterion in a request: the last given wins.
  const scores = [...new Map(body.scores.map((s) => [s.criterionId, s])).values()];
  const now = ctx.clock.now();
  await ctx.database.db.transaction(async (tx) => {
    const held = await repo.lockForScoring(tx, id, now);
    if (!held) throw new AppError('NOT_FOUND', TENDER_MESSAGES.notFound);
    if (held.stage === 'awarded' || held.stage === 'cancelled') throw new AppError('CONFLICT', M.scoringFinal);
    if (held.stage !== 'active' || !held.closed) throw new AppError('CONFLICT', M.scoringSealed);
    await repo.upsertScores(tx, { tenderId: id, responseId: String(response.id), scorerId: user.id, at: now, scores });
  });
  return M.scoresSaved;
}
