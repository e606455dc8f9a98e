import { z } from 'zod';
import { PARTS_LIMITS, PARTS_MESSAGES, PART_KINDS } from '../constants/parts';
import { defineContract } from './contract';
import { errors, idParam, successEnvelope } from './common';

/** An empty quantity field ('' or NaN from a number input, or null) means no quantity. */
const emptyToUndefined = (v: unknown) => (v === '' || v === null || (typeof v === 'number' && Number.isNaN(v)) ? undefined : v);

/**
 * Parts search request (docs/product/parts.md#request): a product is required ('Please select a product');
 * quantity is numeric and optional. The same schema validates the form and the server.
 */
export const partsSearchBody = z.strictObject({
  product: z
    .string({ error: PARTS_MESSAGES.productRequired })
    .trim()
    .min(1, PARTS_MESSAGES.productRequired)
    .max(PARTS_LIMITS.productMax, `Product must be at most ${PARTS_LIMITS.productMax} characters`),
  providers: z
    .array(z.string().trim().min(1).max(PARTS_LIMITS.brandMax, `A brand must be at most ${PARTS_LIMITS.brandMax} characters`))
    .max(PARTS_LIMITS.brandsMax, `Choose at most ${PARTS_LIMITS.brandsMax} brands`)
    .optional()
    .default([]),
  quantity: z.preprocess(
    emptyToUndefined,
    z
      .number({ error: 'Quantity must be a number' })
      .int('Quantity must be a whole number')
      .min(1, 'Quantity must be at least 1')
      .max(PARTS_LIMITS.quantityMax, 'Quantity is too large')
      .optional(),
  ),
  location: z.string().trim().max(PARTS_LIMITS.locationMax, `Location must be at most ${PARTS_LIMITS.locationMax} characters`).optional().default(''),
  additionalSpecs: z
    .string()
    .trim()
    .max(PARTS_LIMITS.additionalSpecsMax, `Additional specifications must be at most ${PARTS_LIMITS.additionalSpecsMax} characters`)
    .optional()
    .default(''),
});
export type PartsSearchInput = z.input<typeof partsSearchBody>;
export type PartsSearchRequest = z.output<typeof partsSearchBody>;

/** The answer (docs/product/parts.md#answer): markdown with headings, bold and [n] markers; citations[n-1] is marker n. */
export const partsAnswer = z.object({ content: z.string(), citations: z.array(z.string()) });
export type PartsAnswer = z.infer<typeof partsAnswer>;

export const searchParts = defineContract({
  method: 'POST',
  path: '/api/parts/search',
  access: 'public',
  source: 'accounts §7',
  summary: 'A cited markdown answer from the parts catalogue and the provider directory',
  body: partsSearchBody,
  response: { 200: successEnvelope(partsAnswer), 400: errors[400], 429: errors[429] },
});

/** One catalogue product (the page each answer cites). */
export const part = z.object({
  id: z.string(),
  kind: z.enum(PART_KINDS),
  manufacturer: z.string(),
  model: z.string(),
  technology: z.string().nullable(),
  powerW: z.number().nullable(),
  efficiencyPct: z.number().nullable(),
  lengthM: z.number().nullable(),
  widthM: z.number().nullable(),
  areaM2: z.number().nullable(),
  cells: z.number().nullable(),
  vocV: z.number().nullable(),
  vmpV: z.number().nullable(),
  acVoltageV: z.number().nullable(),
  dcVoltageMaxV: z.number().nullable(),
  mpptLowV: z.number().nullable(),
  mpptHighV: z.number().nullable(),
  capacityKwh: z.number().nullable(),
  coupling: z.enum(['AC', 'DC']).nullable(),
  hybrid: z.boolean(),
  bifacial: z.boolean(),
  bipv: z.boolean(),
  listedOn: z.string().nullable(),
  source: z.string(),
});
export type Part = z.infer<typeof part>;

export const getPart = defineContract({
  method: 'GET',
  path: '/api/parts/:id',
  access: 'public',
  source: 'project',
  summary: 'One product of the parts catalogue',
  params: idParam,
  response: { 200: successEnvelope(part), 404: errors[404] },
});
