import { z } from 'zod';
import {
  TENDER_PRICE_ITEMS_MAX,
  TENDER_PRICE_ITEM_DESCRIPTION_MAX,
  TENDER_PRICE_ITEM_UNIT_MAX,
  TENDER_PRICE_QUANTITY_MAX,
  TENDER_PRICING_MESSAGES as M,
  TENDER_UNIT_PRICE_MAX,
} from '../constants/tender-pricing';
import { defineContract } from './contract';
import { errors, successEnvelope, visibleName } from './common';
import { readPence } from '../domain/tender-pricing';

/**
 * A tender's pricing schedule (issue 27, part B; docs/product/tenders.md#pricing-schedule; decision
 * 0521): line items the owner defines, unit prices bidders fill, totals in whole pence computed on
 * the server. Read through the one visibility rule (decision 0333); a response's prices are sealed
 * like the response until the closing date.
 */

const tenderParam = z.object({ id: z.string().min(1).max(200) });
const idOf = (name: string) => z.string().min(1).max(200).describe(name);
const actionErrors = { 400: errors[400], 401: errors[401], 403: errors[403], 404: errors[404], 409: errors[409], 429: errors[429] };

export const priceItemInput = z.strictObject({
  description: visibleName(
    z.string({ error: M.descriptionRequired }).trim().min(1, M.descriptionRequired).max(TENDER_PRICE_ITEM_DESCRIPTION_MAX, M.descriptionTooLong),
    'Description',
  ),
  quantity: z.preprocess(
    (v) => (typeof v === 'string' && /^\s*\d[\d,]*\s*$/.test(v) ? Number(v.replace(/[,\s]/g, '')) : v),
    z.number({ error: M.quantityWhole }).int(M.quantityWhole).min(1, M.quantityWhole).max(TENDER_PRICE_QUANTITY_MAX, M.quantityWhole),
  ),
  unit: visibleName(z.string({ error: M.unitRequired }).trim().min(1, M.unitRequired).max(TENDER_PRICE_ITEM_UNIT_MAX, M.unitTooLong), 'Unit'),
  /** An optional extra: priced apart, never in the schedule's total. */
  optional: z.boolean().optional(),
});

/** The whole schedule; an empty list means none. At least one line is not optional. */
export const updateTenderPricingScheduleBody = z
  .strictObject({ items: z.array(priceItemInput).max(TENDER_PRICE_ITEMS_MAX, M.tooManyItems) })
  .superRefine((body, ctx) => {
    if (body.items.length > 0 && body.items.every((i) => i.optional)) ctx.addIssue({ code: 'custom', message: M.needsRequiredItem, path: ['items'] });
  });
export type UpdateTenderPricingScheduleBody = z.input<typeof updateTenderPricingScheduleBody>;

export const tenderPriceItem = z.object({ id: z.string(), description: z.string(), quantity: z.number().int(), unit: z.string(), optional: z.boolean() });
export type TenderPriceItem = z.infer<typeof tenderPriceItem>;

const scheduleAnswer = z.object({
  items: z.array(tenderPriceItem),
  /** Whether the caller may change it now: the owner, while a draft or before any response (decision 0521). */
  editable: z.boolean(),
});
export type TenderPricingSchedule = z.infer<typeof scheduleAnswer>;

export const getTenderPricingSchedule = defineContract({
  method: 'GET',
  path: '/api/tenders/:id/pricing-schedule',
  access: 'public',
  source: 'project',
  summary: 'The pricing schedule’s lines, to everyone who may see the tender (decision 0521)',
  params: tenderParam,
  response: { 200: successEnvelope(scheduleAnswer), 404: errors[404] },
});

export const updateTenderPricingSchedule = defineContract({
  method: 'PUT',
  path: '/api/tenders/:id/pricing-schedule',
  access: 'user',
  source: 'project',
  summary: 'Owner sets the whole schedule: while a draft, or while open before any response arrives (decision 0521)',
  params: tenderParam,
  body: updateTenderPricingScheduleBody,
  response: { 200: z.object({ success: z.literal(true), message: z.string(), data: scheduleAnswer }), ...actionErrors },
});

/** A unit price as people type it ('£1,200', '1200.50') or a number of pounds; blank is unpriced. */
export const unitPriceField = z.preprocess(
  (v) => {
    if (v == null || (typeof v === 'string' && v.trim() === '')) return null;
    if (typeof v === 'string' || typeof v === 'number') {
      const pence = readPence(v);
      return pence === null || Number.isNaN(pence) ? v : pence;
    }
    return v;
  },
  z.number({ error: M.unitPriceInvalid }).int(M.unitPriceInvalid).min(0, M.unitPriceInvalid).max(TENDER_UNIT_PRICE_MAX * 100, M.unitPriceInvalid).nullable(),
);

export const submitTenderResponsePricesBody = z.strictObject({
  /** Unit prices in pounds as typed; the answer gives them back in pence. */
  prices: z.array(z.strictObject({ itemId: z.uuid({ error: M.unknownItem }), unitPrice: unitPriceField })).max(TENDER_PRICE_ITEMS_MAX),
});
export type SubmitTenderResponsePricesBody = z.input<typeof submitTenderResponsePricesBody>;

export const tenderResponsePrices = z.object({
  /** True to anyone but the responder before the closing date: nothing of the prices is given (sealed bids). */
  sealed: z.boolean(),
  lines: z.array(z.object({ itemId: z.string(), unitPricePence: z.number().int().nullable(), lineTotalPence: z.number().int().nullable() })),
  totalPence: z.number().int().nullable(),
  optionalPence: z.number().int(),
});
export type TenderResponsePrices = z.infer<typeof tenderResponsePrices>;

const responseParams = z.object({ id: idOf('tender'), responseId: idOf('response') });

export const getTenderResponsePrices = defineContract({
  method: 'GET',
  path: '/api/tenders/:id/responses/:responseId/prices',
  access: 'user',
  source: 'project',
  summary: 'A response’s priced schedule: its responder at any time; the owner, admins and declared evaluators after the closing date',
  params: responseParams,
  response: { 200: successEnvelope(tenderResponsePrices), 401: errors[401], 404: errors[404], 409: errors[409] },
});

export const submitTenderResponsePrices = defineContract({
  method: 'PUT',
  path: '/api/tenders/:id/responses/:responseId/prices',
  access: 'user',
  source: 'project',
  summary: 'The responder prices the schedule’s lines, until the closing date by the server’s clock; every line that is not optional needs a price',
  params: responseParams,
  body: submitTenderResponsePricesBody,
  response: { 200: z.object({ success: z.literal(true), message: z.string(), data: tenderResponsePrices }), ...actionErrors },
});
