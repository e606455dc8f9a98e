import type { z } from 'zod';
import { TENDER_EVALUATION_MESSAGES as EM } from '@solar/shared/constants/tender-evaluation';
import { TENDER_LIFECYCLE_MESSAGES as LM } from '@solar/shared/constants/tender-lifecycle';
import { TENDER_PRICING_MESSAGES as M } from '@solar/shared/constants/tender-pricing';
import { TENDER_MESSAGES } from '@solar/shared/constants/tenders';
import type {
  submitTenderResponsePricesBody,
  TenderPricingSchedule,
  TenderResponsePrices,
  updateTenderPricingScheduleBody,
} from '@solar/shared/contracts/tender-pricing';
import { scheduleTotals } from '@solar/shared/domain/tender-pricing';
import type { UserRow } from '../../db/rows';
import { isUuid } from '../../db/sql-helpers';
import type { AppContext } from '../../plugins/context';
import { AppError } from '../../platform/errors';
import { mayReadResponses, planChangeRefusal } from './tender-evaluation.service';
import * as evaluationRepo from './tender-evaluation.repository';
import { getTender, tenderForOwner } from './tender-read.service';
import * as responsesRepo from './tender-responses.repository';
import { lockTenderState } from './tender-state.repository';
import * as repo from './tender-pricing.repository';
import { planChange, scheduleLines } from './tender-plan-changes';

/**
 * A tender's pricing schedule (issue 27, part B; decision 0521): lines the owner defines, unit
 * prices bidders fill until the closing date, totals in whole pence computed here. A response's
 * prices are sealed like the response: its responder reads them at any time, the owner, admins and
 * declared evaluators only after the closing date by the server's clock.
 */

type Ctx = Pick<AppContext, 'database' | 'clock' | 'env'>;

export async function getSchedule(ctx: Ctx, user: UserRow | null, id: string): Promise<TenderPricingSchedule> {
  const tender = await getTender(ctx, id, user);
  const items = await repo.listItems(ctx.database, id);
  const editable = !!user && tender.userId === user.id && planChangeRefusal(tender.stage, await evaluationRepo.hasResponses(ctx.database, id), M.scheduleLocked) === null;
  return { items, editable };
}

export async function updateSchedule(ctx: Ctx, user: UserRow, id: string, body: z.output<typeof updateTenderPricingScheduleBody>) {
  const tender = await tenderForOwner(ctx, id, user);
  // Recorded and told to bidders when it changes (decision 0555).
  const change = await planChange(ctx, tender, 'pricingSchedule', scheduleLines(await repo.listItems(ctx.database, id)), scheduleLines(body.items));
  await ctx.database.db.transaction(async (tx) => {
    const held = await evaluationRepo.lockForPlanChange(tx, id);
    if (!held) throw new AppError('NOT_FOUND', TENDER_MESSAGES.notFound);
    const refusal = planChangeRefusal(held.stage, held.has_responses, M.scheduleLocked);
    if (refusal) throw new AppError('CONFLICT', refusal);
    await repo.replaceItems(tx, id, body.items);
    await change.record(tx, user.id, ctx.clock.now());
  });
  return { message: M.scheduleSaved, data: await getSchedule(ctx, user, id) };
}

async function pricesOf(ctx: Ctx, tenderId: string, responseId: string, sealed = false): Promise<TenderResponsePrices> {
  if (sealed) return { sealed: true, lines: [], totalPence: null, optionalPence: 0 };
  const items = await repo.listItems(ctx.database, tenderId);
  const own = (await repo.listPrices(ctx.database, [responseId])).get(responseId);
  const totals = scheduleTotals(items.map((i) => ({ itemId: i.id, quantity: i.quantity, optional: i.optional, unitPricePence: own?.get(i.id) ?? null })));
  return {
    sealed: false,
    lines: items.map((i, n) => ({ itemId: i.id, unitPricePence: own?.get(i.id) ?? null, lineTotalPence: totals.lines[n]!.lineTotalPence })),
    totalPence: totals.totalPence,
    optionalPence: totals.optionalPence,
  };
}

/** The responder's own response, or a 404 (the same as for an unknown one). */
async function ownResponse(ctx: Ctx, user: UserRow, id: string, responseId: string) {
  if (!isUuid(responseId)) return undefined;
  return (await responsesRepo.listResponsesOfUser(ctx.database, id, user.id)).find((r) => String(r.id) === responseId);
}

export async function getPrices(ctx: Ctx, user: UserRow, id: string, responseId: string) {
  const tender = await getTender(ctx, id, user);
  if (await ownResponse(ctx, user, id, responseId)) return pricesOf(ctx, id, responseId);
  const { role, open } = await mayReadResponses(ctx, tender, user);
  if (!role) throw new AppError('NOT_FOUND', LM.responseNotFound);
  if (role.kind === 'evaluator' && role.declaration !== 'no-conflict') throw new AppError('FORBIDDEN', EM.declarationFirst);
  const response = isUuid(responseId) ? await responsesRepo.findResponse(ctx.database, id, responseId) : undefined;
  if (!response) throw new AppError('NOT_FOUND', LM.responseNotFound);
  // Sealed until the closing date by the server's clock, whoever asks (issue 27: sealed bids).
  return pricesOf(ctx, id, responseId, !open);
}

/**
 * The responder prices the schedule (decision 0521): unit prices as typed, stored in pence; every
 * line that is not optional needs one. Until the closing date by the server's clock, checked again
 * under the tender's row lock when the prices are written.
 */
export async function submitPrices(ctx: Ctx, user: UserRow, id: string, responseId: string, body: z.output<typeof submitTenderResponsePricesBody>) {
  await getTender(ctx, id, user);
  const response = await ownResponse(ctx, user, id, responseId);
  if (!response) throw new AppError('NOT_FOUND', LM.responseNotFound);
  const items = await repo.listItems(ctx.database, id);
  if (items.length === 0) throw new AppError('BAD_REQUEST', M.noSchedule);
  const known = new Map(items.map((i) => [i.id, i]));
  if (body.prices.some((p) => !known.has(p.itemId))) throw new AppError('BAD_REQUEST', M.unknownItem);
  const given = new Map(body.prices.map((p) => [p.itemId, p.unitPrice]));
  if (items.some((i) => !i.optional && given.get(i.id) == null)) throw new AppError('BAD_REQUEST', M.unitPriceRequired);
  const prices = [...given].flatMap(([itemId, pence]) => (pence == null ? [] : [{ itemId, pence }]));
  await ctx.database.db.transaction(async (tx) => {
    const state = await lockTenderState(tx, id, ctx.clock.now());
    if (!state || state.stage !== 'active' || !state.open) throw new AppError('CONFLICT', LM.responseClosed);
    await repo.replacePrices(tx, responseId, items.map((i) => i.id), prices);
  });
  return { message: M.pricesSaved, data: await pricesOf(ctx, id, responseId) };
}
