import { z } from 'zod';
import {
  TENDER_CRITERIA_MAX,
  TENDER_CRITERION_DESCRIPTION_MAX,
  TENDER_CRITERION_NAME_MAX,
  TENDER_DECLARATIONS,
  TENDER_EVALUATION_MESSAGES as M,
  TENDER_SCORE_COMMENT_MAX,
  TENDER_SCORE_MAX,
  TENDER_SCORING_PHASES,
} from '../constants/tender-evaluation';
import { TENDER_STAGES } from '../constants/tender-lifecycle';
import { defineContract } from './contract';
import { errors, okBody, successEnvelope, visibleName } from './common';
import { emailField } from './email';
import { weightTotal } from '../domain/tender-scoring';

/**
 * A tender's evaluation (issue 27, part B; docs/product/tenders.md#evaluation): weighted criteria
 * on the brief (decision 0518), scoring after the closing date by the server's clock (decision
 * 0519), and evaluators from the owner's organisation who declare no conflict of interest first
 * (decision 0520). Every route reads the tender through the one visibility rule (decision 0333).
 */

const tenderParam = z.object({ id: z.string().min(1).max(200) });
const idOf = (name: string) => z.string().min(1).max(200).describe(name);
const actionErrors = { 400: errors[400], 401: errors[401], 403: errors[403], 404: errors[404], 409: errors[409], 429: errors[429] };
const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
/** A whole number typed in a form ('40', '40%') or sent as one. */
const wholeNumber = (message: string, min: number, max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^\s*\d{1,3}\s*%?\s*$/.test(v) ? Number(v.replace(/[%\s]/g, '')) : v),
    z.number({ error: message }).int(message).min(min, message).max(max, message),
  );

// ---- Criteria --------------------------------------------------------------------------------------

export const criterionInput = z.strictObject({
  name: visibleName(z.string({ error: M.criterionNameRequired }).trim().min(1, M.criterionNameRequired).max(TENDER_CRITERION_NAME_MAX, M.criterionNameTooLong), 'Criterion'),
  weight: wholeNumber(M.weightWhole, 1, 100),
  description: z.preprocess(blankToNull, z.string().trim().max(TENDER_CRITERION_DESCRIPTION_MAX, M.criterionDescriptionTooLong).nullable()).optional(),
});

/** The whole list: weights are whole percentages adding up to 100; an empty list means no criteria. */
export const updateTenderCriteriaBody = z
  .strictObject({ criteria: z.array(criterionInput).max(TENDER_CRITERIA_MAX, M.tooManyCriteria) })
  .superRefine((body, ctx) => {
    if (body.criteria.length === 0) return;
    const total = weightTotal(body.criteria);
    if (total !== 100) ctx.addIssue({ code: 'custom', message: M.weightsSum(total), path: ['criteria'] });
    const seen = new Set<string>();
    body.criteria.forEach((c, i) => {
      const key = c.name.toLowerCase();
      if (seen.has(key)) ctx.addIssue({ code: 'custom', message: M.duplicateCriterion, path: ['criteria', i, 'name'] });
      seen.add(key);
    });
  });
export type UpdateTenderCriteriaBody = z.input<typeof updateTenderCriteriaBody>;

export const tenderCriterion = z.object({ id: z.string(), name: z.string(), weight: z.number().int(), description: z.string().nullable() });
export type TenderCriterion = z.infer<typeof tenderCriterion>;

const criteriaAnswer = z.object({
  criteria: z.array(tenderCriterion),
  /** Whether the caller may change them now: the owner, while a draft or before any response (decision 0518). */
  editable: z.boolean(),
});
export type TenderCriteria = z.infer<typeof criteriaAnswer>;

export const getTenderCriteria = defineContract({
  method: 'GET',
  path: '/api/tenders/:id/criteria',
  access: 'public',
  source: 'project',
  summary: 'The evaluation criteria and their weights, to everyone who may see the tender (decision 0518)',
  params: tenderParam,
  response: { 200: successEnvelope(criteriaAnswer), 404: errors[404] },
});

export const updateTenderCriteria = defineContract({
  method: 'PUT',
  path: '/api/tenders/:id/criteria',
  access: 'user',
  source: 'project',
  summary: 'Owner sets the whole list of criteria: while a draft, or while open before any response arrives (decision 0518)',
  params: tenderParam,
  body: updateTenderCriteriaBody,
  response: { 200: z.object({ success: z.literal(true), message: z.string(), data: criteriaAnswer }), ...actionErrors },
});

// ---- Evaluators ------------------------------------------------------------------------------------

export const tenderEvaluator = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  declaration: z.enum(TENDER_DECLARATIONS),
  declaredAt: z.string().nullable(),
  /** What the evaluator said of a declared conflict (the owner and admins only). */
  conflictReason: z.string().nullable(),
  invitedAt: z.string(),
});
export type TenderEvaluator = z.infer<typeof tenderEvaluator>;

export const listTenderEvaluators = defineContract({
  method: 'GET',
  path: '/api/tenders/:id/evaluators',
  access: 'user',
  source: 'project',
  summary: 'The evaluators the owner invited and their declarations (owner and admins; decision 0520)',
  params: tenderParam,
  response: { 200: successEnvelope(z.array(tenderEvaluator)), 401: errors[401], 404: errors[404] },
});

export const inviteTenderEvaluatorBody = z.strictObject({ email: emailField });
export const inviteTenderEvaluator = defineContract({
  method: 'POST',
  path: '/api/tenders/:id/evaluators',
  access: 'user',
  source: 'project',
  summary: 'Owner invites a registered user of their organisation (same confirmed email domain) to evaluate; they are mailed (decision 0520)',
  params: tenderParam,
  body: inviteTenderEvaluatorBody,
  response: { 201: z.object({ success: z.literal(true), message: z.string(), data: tenderEvaluator }), ...actionErrors },
});

export const removeTenderEvaluator = defineContract({
  method: 'DELETE',
  path: '/api/tenders/:id/evaluators/:evaluatorId',
  access: 'user',
  source: 'project',
  summary: 'Owner removes an evaluator (their scores go with them) until the award',
  params: z.object({ id: idOf('tender'), evaluatorId: idOf('evaluator') }),
  response: { 200: okBody, ...actionErrors },
});

export const declareTenderInterestBody = z
  .strictObject({
    decision: z.enum(['no-conflict', 'conflict'], { error: M.declarationRequired }),
    /** The no-conflict statement, ticked. */
    statementAccepted: z.boolean().optional(),
    /** What the conflict is, when declaring one. */
    reason: z.preprocess(blankToNull, z.string().trim().max(1000).nullable()).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.decision === 'no-conflict' && body.statementAccepted !== true) ctx.addIssue({ code: 'custom', message: M.declarationRequired, path: ['statementAccepted'] });
    if (body.decision === 'conflict' && (body.reason ?? '').length < 10) ctx.addIssue({ code: 'custom', message: M.conflictReasonRequired, path: ['reason'] });
  });
export type DeclareTenderInterestBody = z.input<typeof declareTenderInterestBody>;

export const declareTenderInterest = defineContract({
  method: 'POST',
  path: '/api/tenders/:id/evaluation/declaration',
  access: 'user',
  source: 'project',
  summary: 'An evaluator declares no conflict of interest (the statement ticked, stored with the time), or a conflict, which bars them (decision 0520)',
  params: tenderParam,
  body: declareTenderInterestBody,
  response: { 200: okBody, ...actionErrors },
});

// ---- Scoring ---------------------------------------------------------------------------------------

export const scoreInput = z.strictObject({
  criterionId: z.uuid({ error: M.criterionNotFound }),
  score: wholeNumber(M.scoreWhole, 0, TENDER_SCORE_MAX),
  comment: z.preprocess(blankToNull, z.string().trim().max(TENDER_SCORE_COMMENT_MAX, M.commentTooLong).nullable()).optional(),
});
export const scoreTenderResponseBody = z.strictObject({ scores: z.array(scoreInput).min(1, M.scoreWhole).max(50) });
export type ScoreTenderResponseBody = z.input<typeof scoreTenderResponseBody>;

export const scoreTenderResponse = defineContract({
  method: 'PUT',
  path: '/api/tenders/:id/responses/:responseId/scores',
  access: 'user',
  source: 'project',
  summary: 'The owner or a declared evaluator scores one response on criteria (0–10 with a comment), after the closing date by the server’s clock and until the award (decision 0519)',
  params: z.object({ id: idOf('tender'), responseId: idOf('response') }),
  body: scoreTenderResponseBody,
  response: { 200: okBody, ...actionErrors },
});

const cellScore = z.object({ criterionId: z.string(), score: z.number().int(), comment: z.string().nullable() });
const pricing = z.object({
  lines: z.array(z.object({ itemId: z.string(), unitPricePence: z.number().int().nullable(), lineTotalPence: z.number().int().nullable() })),
  /** The lines that are not optional, in pence; null while one is unpriced. */
  totalPence: z.number().int().nullable(),
  /** Optional extras priced, in pence, apart from the total. */
  optionalPence: z.number().int(),
});

export const evaluatedResponse = z.object({
  id: z.string(),
  provider: z.object({ name: z.string(), slug: z.string() }),
  message: z.string(),
  priceMinimum: z.number(),
  priceMaximum: z.number(),
  leadTimeDays: z.number().int(),
  createdAt: z.string(),
  pricing,
  /** The response's files, downloaded through downloadTenderResponseAttachment (decision 0557). */
  attachments: z.array(z.object({ id: z.string(), filename: z.string(), mimeType: z.string(), size: z.number().int(), createdAt: z.string() })),
  /** The caller's own sheet for this response. */
  myScores: z.array(cellScore),
  /** Average per criterion id (the owner and admins; empty for an evaluator, who scores independently). */
  averages: z.record(z.string(), z.number()),
  /** Weighted total out of 100 and rank (the owner and admins; null for an evaluator). */
  total: z.number().nullable(),
  rank: z.number().int().nullable(),
  /** Every evaluator's sheet for it (the owner and admins only). */
  sheets: z.array(z.object({ evaluator: z.string(), scores: z.array(cellScore) })),
});
export type EvaluatedResponse = z.infer<typeof evaluatedResponse>;

export const tenderEvaluation = z.object({
  role: z.enum(['owner', 'evaluator', 'admin']),
  /** sealed before the closing date; scoring until the award; final after it (or a cancellation). */
  phase: z.enum(TENDER_SCORING_PHASES),
  stage: z.enum(TENDER_STAGES),
  title: z.string(),
  closingDate: z.string().nullable(),
  /** The caller's declaration when an evaluator; null for the owner and admins. */
  declaration: z.enum(TENDER_DECLARATIONS).nullable(),
  criteria: z.array(tenderCriterion),
  /** Best first once ranked (owner and admins); in response order for an evaluator. Empty while sealed or before the declaration. */
  responses: z.array(evaluatedResponse),
  /** How many evaluators (the owner included) have scored anything. */
  scorers: z.number().int(),
});
export type TenderEvaluation = z.infer<typeof tenderEvaluation>;

export const getTenderEvaluation = defineContract({
  method: 'GET',
  path: '/api/tenders/:id/evaluation',
  access: 'user',
  source: 'project',
  summary: 'The scoring sheet: the owner’s and admins’ with averages, totals and ranks; an evaluator’s own after the declaration; nothing of a response before the closing date (decision 0519)',
  params: tenderParam,
  response: { 200: successEnvelope(tenderEvaluation), 401: errors[401], 404: errors[404] },
});

export const evaluatingTender = z.object({
  id: z.string(),
  title: z.string(),
  closingDate: z.string().nullable(),
  stage: z.enum(TENDER_STAGES),
  declaration: z.enum(TENDER_DECLARATIONS),
});
export type EvaluatingTender = z.infer<typeof evaluatingTender>;

export const listEvaluatingTenders = defineContract({
  method: 'GET',
  path: '/api/tenders/evaluating',
  access: 'user',
  source: 'project',
  summary: 'The tenders the caller was invited to evaluate (the dashboard’s Evaluating list)',
  response: { 200: successEnvelope(z.array(evaluatingTender)), 401: errors[401] },
});
