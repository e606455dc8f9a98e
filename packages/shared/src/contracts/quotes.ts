import { z } from 'zod';
import { STORED_FILE_MEDIA_TYPES } from '../constants/media-types';
import {
  CONTRACT_TYPES,
  QUOTE_ATTACHMENT_KINDS,
  QUOTE_MAX_PAGE_SIZE,
  QUOTE_MESSAGES as M,
  QUOTE_PAGE_SIZE,
  QUOTE_ROUTES,
  QUOTE_STATUSES,
  QUOTE_TEXT_MAX,
} from '../constants/quotes';
import { defineContract } from './contract';
import { errors, idParam, successEnvelope, visibleName } from './common';
import { about } from './fields';

// ---------------------------------------------------------------------------------------------
// The quote request form (docs/product/quotes.md#quote-form). The page and the server validate with this schema.
// ---------------------------------------------------------------------------------------------

/** Multipart sends booleans as text; the form sends real booleans. Both are accepted. */
const flag = z.preprocess((v) => (v === 'true' || v === 'on' ? true : v === 'false' || v === '' ? false : v), z.boolean()).default(false);

const optionalText = (label: string, max: number) => z.string({ error: about(label) }).trim().max(max).default('');

export const quoteFormSchema = z
  .object({
    service: optionalText('Service', 200),
    location: optionalText('Location', 200),
    timePreference: optionalText('Time preference', 100),
    description: optionalText('Description', QUOTE_TEXT_MAX),
    // The contact name is shown to the provider and mailed: no control or invisible characters (decision 0338).
    name: visibleName(z.string({ error: M.nameRequired }).trim().min(1, M.nameRequired).max(100), 'Name'),
    email: z
      .string({ error: M.emailRequired })
      .trim()
      .min(1, M.emailRequired)
      .pipe(z.email({ error: M.emailInvalid }).max(254, M.emailInvalid)),
    phone: z
      .string({ error: M.phoneRequired })
      .trim()
      .min(1, M.phoneRequired)
      .max(40, M.phoneInvalid)
      .regex(/^\+?[0-9()\s.-]{6,}$/, M.phoneInvalid),
    requiresNDA: flag,
    useDefaultContract: flag,
    selectedContract: z.preprocess((v) => (v === '' || v === undefined ? null : v), z.enum(CONTRACT_TYPES).nullable()),
  })
  .superRefine((value, ctx) => {
    if (value.useDefaultContract && !value.selectedContract) {
      ctx.addIssue({ code: 'custom', path: ['selectedContract'], message: M.selectContract });
    }
  })
  // Switching the default contract off clears the choice (docs/product/quotes.md#quote-form).
  .transform((value) => ({ ...value, selectedContract: value.useDefaultContract ? value.selectedContract : null }));
export type QuoteFormInput = z.input<typeof quoteFormSchema>;
export type QuoteForm = z.output<typeof quoteFormSchema>;

/** The multipart text fields of POST /api/quotes: the form plus the provider. */
export const createQuoteFields = z.object({ providerId: z.string().trim().min(1, M.providerNotFound).max(200) }).and(quoteFormSchema);

// ---------------------------------------------------------------------------------------------
// Response shapes: built from explicit field lists (quotes are private to sender, owner, admins).
// ---------------------------------------------------------------------------------------------

export const quoteAttachment = z.object({
  id: z.string(),
  kind: z.enum(QUOTE_ATTACHMENT_KINDS),
  filename: z.string(),
  mimeType: z.string(),
  size: z.number().int(),
  /** The authorised download route. */
  url: z.string(),
});
export type QuoteAttachment = z.infer<typeof quoteAttachment>;

export const quote = z.object({
  id: z.string(),
  provider: z.object({ id: z.string(), slug: z.string(), businessName: z.string(), claimed: z.boolean() }),
  /** The account that sent it: name and company only. */
  sender: z.object({ name: z.string(), company: z.string() }),
  service: z.string(),
  location: z.string(),
  timePreference: z.string(),
  description: z.string(),
  /** Contact details the sender typed on the form, for the provider to answer. */
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  requiresNDA: z.boolean(),
  useDefaultContract: z.boolean(),
  selectedContract: z.enum(CONTRACT_TYPES).nullable(),
  routedTo: z.enum(QUOTE_ROUTES),
  status: z.enum(QUOTE_STATUSES),
  replyMessage: z.string().nullable(),
  repliedAt: z.string().nullable(),
  createdAt: z.string(),
  attachments: z.array(quoteAttachment),
  /** What the caller may do: reply (the provider's owner or an admin, while pending). */
  canReply: z.boolean(),
  /** Mark the work completed (the provider's owner or an admin, once replied; decision 0480). */
  canComplete: z.boolean(),
  completedAt: z.string().nullable(),
});
export type Quote = z.infer<typeof quote>;

export const quotePagination = z.object({ page: z.number().int(), pages: z.number().int(), total: z.number().int() });

const listQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(QUOTE_MAX_PAGE_SIZE).default(QUOTE_PAGE_SIZE),
  status: z.enum(QUOTE_STATUSES).optional(),
});
export type ListQuotesQuery = z.input<typeof listQuery>;

const quoteList = z.object({ success: z.literal(true), data: z.array(quote), pagination: quotePagination });
export type QuoteList = z.infer<typeof quoteList>;

export const replyQuoteBody = z
  .strictObject({
    status: z.enum(['responded', 'declined']),
    replyMessage: z.string().trim().max(QUOTE_TEXT_MAX).default(''),
  })
  .superRefine((value, ctx) => {
    if (value.status === 'responded' && !value.replyMessage) ctx.addIssue({ code: 'custom', path: ['replyMessage'], message: M.replyRequired });
  });
export type ReplyQuoteInput = z.input<typeof replyQuoteBody>;

// ---------------------------------------------------------------------------------------------
// The calls (docs/product/quotes.md#calls: quotes are real).
// ---------------------------------------------------------------------------------------------

export const createQuote = defineContract({
  method: 'POST',
  path: '/api/quotes',
  access: 'user',
  source: 'project',
  summary:
    'Send a quote request (multipart: the form fields, providerId, optional files nda and scope; pdf/doc/docx by magic bytes, ≤ 5 MB each)',
  multipart: { fields: createQuoteFields },
  response: { 201: z.object({ success: z.literal(true), message: z.string(), data: quote }), ...errors, 415: errors[400] },
});

export const listReceivedQuotes = defineContract({
  method: 'GET',
  path: '/api/quotes/received',
  access: 'user',
  source: 'project',
  summary: "Quotes sent to the providers the caller owns (claim-approved), newest first",
  query: listQuery,
  response: { 200: quoteList, 400: errors[400], 401: errors[401] },
});

export const listSentQuotes = defineContract({
  method: 'GET',
  path: '/api/quotes/sent',
  access: 'user',
  source: 'project',
  summary: 'Quotes the caller sent, newest first',
  query: listQuery,
  response: { 200: quoteList, 400: errors[400], 401: errors[401] },
});

export const listWaitingQuotes = defineContract({
  method: 'GET',
  path: '/api/quotes/waiting',
  access: 'admin',
  source: 'project',
  summary: 'Admins: quotes to providers that are still unclaimed (the Waiting list), oldest first',
  query: listQuery,
  response: { 200: quoteList, 400: errors[400], 401: errors[401], 403: errors[403] },
});

export const getQuote = defineContract({
  method: 'GET',
  path: '/api/quotes/:id',
  access: 'user',
  source: 'project',
  summary: "One quote (its sender, the provider's owner or an admin; others 404)",
  params: idParam,
  response: { 200: successEnvelope(quote), 401: errors[401], 404: errors[404] },
});

export const replyToQuote = defineContract({
  method: 'PATCH',
  path: '/api/quotes/:id',
  access: 'user',
  source: 'project',
  summary: "The provider's owner (or an admin) marks a pending quote responded or declined, with a reply",
  params: idParam,
  body: replyQuoteBody,
  response: { 200: successEnvelope(quote), ...errors },
});

export const completeQuote = defineContract({
  method: 'POST',
  path: '/api/quotes/:id/complete',
  access: 'user',
  source: 'project',
  summary: "The provider's owner (or an admin) marks a replied quote as completed work; its requester may then review it (decision 0480)",
  params: idParam,
  response: { 200: successEnvelope(quote), ...errors },
});

export const downloadQuoteAttachment = defineContract({
  method: 'GET',
  path: '/api/quotes/:id/attachments/:attachmentId',
  access: 'user',
  source: 'project',
  summary: 'Download an attachment (same access as the quote; sent as an attachment with nosniff)',
  params: z.object({ id: z.string().min(1).max(200), attachmentId: z.string().min(1).max(200) }),
  produces: STORED_FILE_MEDIA_TYPES,
  response: { 200: z.unknown(), 401: errors[401], 404: errors[404] },
});
