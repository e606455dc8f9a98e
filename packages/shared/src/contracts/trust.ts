import { z } from 'zod';
import { STORED_FILE_MEDIA_TYPES } from '../constants/media-types';
import {
  ACCREDITATION_LIMITS as AL,
  ACCREDITATION_SCHEME_IDS,
  ACCREDITATION_STATUSES,
  REVIEW_LIMITS as RL,
  TRUST_MESSAGES as M,
} from '../constants/trust';
import { normaliseCompanyNumber, normalisePpon } from '../domain/trust';
import { defineContract } from './contract';
import { errors, idParam, okBody, successEnvelope } from './common';
import { about } from './fields';

// ---------------------------------------------------------------------------------------------
// Company checks (docs/product/trust.md#company-checks, decision 0481)
// ---------------------------------------------------------------------------------------------

export const checkItem = z.object({
  key: z.string(),
  status: z.enum(['pass', 'warn', 'fail']),
  label: z.string(),
  detail: z.string(),
});
export type CheckItem = z.infer<typeof checkItem>;

/**
 * The latest check: what was checked and when (`checkedAt`, `items`), and when the latest attempt
 * could not be made, what failed (`failure`): a failed refresh does not hide the dated results.
 */
export const companyCheck = z.object({
  companyNumber: z.string(),
  checkedAt: z.string().nullable(),
  companyName: z.string().nullable(),
  items: z.array(checkItem),
  failure: z.object({ at: z.string(), message: z.string() }).nullable(),
});
export type CompanyCheck = z.infer<typeof companyCheck>;

export const companyNumberField = z
  .string({ error: about('Company number') })
  .max(20, M.companyNumberInvalid)
  .transform((v, ctx) => {
    if (v.trim() === '') return null;
    const n = normaliseCompanyNumber(v);
    if (!n) ctx.addIssue({ code: 'custom', message: M.companyNumberInvalid });
    return n;
  })
  .nullable();

export const pponField = z
  .string({ error: about('PPON') })
  .max(60, M.pponInvalid)
  .transform((v, ctx) => {
    if (v.trim() === '') return null;
    const n = normalisePpon(v);
    if (!n) ctx.addIssue({ code: 'custom', message: M.pponInvalid });
    return n;
  })
  .nullable();

export const updateCompanyBody = z.strictObject({ companyNumber: companyNumberField, pponId: pponField.optional() });
export type UpdateCompanyInput = z.input<typeof updateCompanyBody>;

export const providerCompany = z.object({
  companyNumber: z.string().nullable(),
  pponId: z.string().nullable(),
  /** Whether this site has a Companies House key (checks run only then). */
  checksEnabled: z.boolean(),
  check: companyCheck.nullable(),
});
export type ProviderCompany = z.infer<typeof providerCompany>;

/**
 * What claim review shows beside a claim (issue 31; issue 28 item 8): the claimant's verified
 * email domain against the company website's, and the company checks with whether the claimant is
 * named among the officers.
 */
export const claimChecks = z.object({
  emailDomain: z.string().nullable(),
  websiteDomain: z.string().nullable(),
  /** null when either domain is unknown. */
  domainsMatch: z.boolean().nullable(),
  companyNumber: z.string().nullable(),
  companyCheck: companyCheck.nullable(),
  /** The officer name that matches the claimant's ('SMITH, Jane'), or null. */
  claimantOfficer: z.string().nullable(),
});
export type ClaimChecks = z.infer<typeof claimChecks>;

// ---------------------------------------------------------------------------------------------
// Accreditations (docs/product/trust.md#accreditations, decision 0482)
// ---------------------------------------------------------------------------------------------

/** As the public sees it: never the evidence, never a verified state without its date. */
export const publicAccreditation = z.object({
  id: z.string(),
  scheme: z.enum(ACCREDITATION_SCHEME_IDS),
  label: z.string(),
  number: z.string(),
  scope: z.string(),
  expiresOn: z.string().nullable(),
  status: z.enum(ACCREDITATION_STATUSES),
  verifiedAt: z.string().nullable(),
});
export type PublicAccreditation = z.infer<typeof publicAccreditation>;

/** As the owner and admins see it: with the evidence file and the reviewer's note. */
export const accreditation = publicAccreditation.extend({
  otherName: z.string().nullable(),
  evidence: z.object({ filename: z.string(), mimeType: z.string(), size: z.number().int(), url: z.string() }).nullable(),
  reviewNote: z.string().nullable(),
  createdAt: z.string(),
});
export type Accreditation = z.infer<typeof accreditation>;

const dateOnly = z
  .string({ error: about('Expiry date') })
  .trim()
  .optional()
  .refine((v) => !v || (/^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`))), M.expiryInvalid)
  .transform((v) => (v ? v : null));

/** The multipart text fields of POST /api/providers/:id/accreditations (the file part is `evidence`). */
export const createAccreditationFields = z
  .strictObject({
    scheme: z.enum(ACCREDITATION_SCHEME_IDS, { error: 'Choose an accreditation from the list' }),
    otherName: z.string({ error: about('Name') }).trim().max(AL.otherName).default(''),
    number: z.string({ error: M.numberRequired }).trim().min(1, M.numberRequired).max(AL.number),
    scope: z.string({ error: about('Scope') }).trim().max(AL.scope).default(''),
    expiresOn: dateOnly,
  })
  .superRefine((v, ctx) => {
    if (v.scheme === 'other' && !v.otherName) ctx.addIssue({ code: 'custom', path: ['otherName'], message: M.otherNameRequired });
  });
export type CreateAccreditationInput = z.input<typeof createAccreditationFields>;

export const verifyAccreditationBody = z.strictObject({
  decision: z.enum(['verify', 'decline']),
  note: z.string().trim().max(AL.note).default(''),
});

export const adminAccreditation = accreditation.extend({
  provider: z.object({ id: z.string(), slug: z.string(), name: z.string() }),
});
export type AdminAccreditation = z.infer<typeof adminAccreditation>;

// ---------------------------------------------------------------------------------------------
// Reviews (docs/product/trust.md#reviews, decision 0480)
// ---------------------------------------------------------------------------------------------

const rating = z.number({ error: M.ratingRequired }).int(M.ratingRequired).min(1, M.ratingRequired).max(5, M.ratingRequired);

export const review = z.object({
  id: z.string(),
  providerId: z.string(),
  authorName: z.string(),
  /** "Tender awarded 03/2026" */
  workLabel: z.string(),
  workKind: z.enum(['quote', 'tender']),
  quality: z.number().int(),
  value: z.number().int(),
  reliability: z.number().int(),
  overall: z.number(),
  body: z.string(),
  reply: z.string().nullable(),
  repliedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Review = z.infer<typeof review>;

export const ratingSummary = z.object({
  average: z.number(),
  count: z.number().int(),
  quality: z.number(),
  value: z.number(),
  reliability: z.number(),
});
export type RatingSummary = z.infer<typeof ratingSummary>;

export const reviewableWork = z.object({
  workKind: z.enum(['quote', 'tender']),
  workId: z.string(),
  workLabel: z.string(),
  title: z.string(),
  provider: z.object({ id: z.string(), slug: z.string(), name: z.string() }),
});
export type ReviewableWork = z.infer<typeof reviewableWork>;

export const createReviewBody = z.strictObject({
  workKind: z.enum(['quote', 'tender']),
  workId: z.string().trim().min(1).max(100),
  quality: rating,
  value: rating,
  reliability: rating,
  body: z.string({ error: M.bodyTooShort }).trim().min(RL.bodyMin, M.bodyTooShort).max(RL.bodyMax),
});
export type CreateReviewInput = z.input<typeof createReviewBody>;

export const replyReviewBody = z.strictObject({ reply: z.string({ error: about('Reply') }).trim().min(1, 'Write a reply').max(RL.replyMax) });
export const flagReviewBody = z.strictObject({ reason: z.string({ error: M.reasonRequired }).trim().min(1, M.reasonRequired).max(RL.reasonMax) });
export const moderateReviewBody = z.strictObject({
  action: z.enum(['remove', 'keep']),
  reason: z.string({ error: M.reasonRequired }).trim().min(1, M.reasonRequired).max(RL.reasonMax),
});

export const adminReview = review.extend({
  status: z.enum(['published', 'removed']),
  provider: z.object({ id: z.string(), slug: z.string(), name: z.string() }),
  flaggedAt: z.string().nullable(),
  flagReason: z.string().nullable(),
  removedAt: z.string().nullable(),
  removalReason: z.string().nullable(),
});
export type AdminReview = z.infer<typeof adminReview>;

// ---------------------------------------------------------------------------------------------
// Public track record (docs/product/trust.md#public-contracts, decision 0483)
// ---------------------------------------------------------------------------------------------

export const publicContract = z.object({
  tenderId: z.string(),
  title: z.string(),
  buyer: z.object({ name: z.string(), slug: z.string() }).nullable(),
  value: z.number().nullable(),
  awardedOn: z.string().nullable(),
  startsOn: z.string().nullable(),
  endsOn: z.string().nullable(),
  sourceUrl: z.string().nullable(),
  /** How the award was tied to this profile: by the company's identifier, or an admin's confirmation. */
  matchedBy: z.enum(['identifier', 'confirmed-name']),
});
export type PublicContract = z.infer<typeof publicContract>;

/** Everything the profile shows about trust (part of GET /api/providers/:id). */
export const providerTrust = z.object({
  companyNumber: z.string().nullable(),
  companyCheck: companyCheck.nullable(),
  accreditations: z.array(publicAccreditation),
  rating: ratingSummary.nullable(),
  reviews: z.array(review),
  /** Computed from quote replies (decision 0480); null with too few replies to say. */
  responseTime: z.object({ medianHours: z.number(), replies: z.number().int(), text: z.string() }).nullable(),
  publicContracts: z.array(publicContract),
  publicContractCount: z.number().int(),
  /** 'award': the profile was made from a public award notice's supplier, not by the company. */
  madeFromAward: z.boolean(),
});
export type ProviderTrust = z.infer<typeof providerTrust>;

export const supplierSuggestion = z.object({
  tenderId: z.string(),
  tenderTitle: z.string(),
  buyerName: z.string().nullable(),
  awardedOn: z.string().nullable(),
  value: z.number().nullable(),
  supplierName: z.string(),
  supplierId: z.string().nullable(),
  /** Profiles whose name is close; empty when none is. */
  candidates: z.array(z.object({ id: z.string(), slug: z.string(), name: z.string(), similarity: z.number() })),
});
export type SupplierSuggestion = z.infer<typeof supplierSuggestion>;

export const decideSupplierMatchBody = z.strictObject({
  tenderId: z.string().uuid(),
  supplierName: z.string().trim().min(1).max(300),
  providerId: z.string().uuid(),
  decision: z.enum(['confirm', 'reject']),
});
export const createSupplierProfileBody = z.strictObject({
  tenderId: z.string().uuid(),
  supplierName: z.string().trim().min(1).max(300),
});

// ---------------------------------------------------------------------------------------------
// Buyer pages (docs/product/trust.md#buyer-pages)
// ---------------------------------------------------------------------------------------------

export const buyerSummary = z.object({
  slug: z.string(),
  name: z.string(),
  notices: z.number().int(),
  awards: z.number().int(),
  awardedValue: z.number(),
});
export type BuyerSummary = z.infer<typeof buyerSummary>;

export const buyerNotice = z.object({
  id: z.string(),
  title: z.string(),
  stage: z.string(),
  publishedOn: z.string(),
  closingOn: z.string().nullable(),
  value: z.number().nullable(),
});

export const buyerAward = z.object({
  tenderId: z.string(),
  title: z.string(),
  awardedOn: z.string().nullable(),
  value: z.number().nullable(),
  startsOn: z.string().nullable(),
  endsOn: z.string().nullable(),
  suppliers: z.array(z.object({ name: z.string(), provider: z.object({ slug: z.string(), name: z.string() }).nullable() })),
  /** Extension options as the notice words them ('Renewal for a further 12 months'), when it gives them. */
  extensionOptions: z.string().nullable(),
  sourceUrl: z.string().nullable(),
});
export type BuyerAward = z.infer<typeof buyerAward>;

export const buyer = buyerSummary.extend({
  website: z.string().nullable(),
  town: z.string().nullable(),
  notices: z.number().int(),
  recentNotices: z.array(buyerNotice),
  awardList: z.array(buyerAward),
  suppliers: z.array(z.object({ name: z.string(), awards: z.number().int(), value: z.number(), provider: z.object({ slug: z.string(), name: z.string() }).nullable() })),
  totalsByYear: z.array(z.object({ year: z.number().int(), awards: z.number().int(), value: z.number() })),
  /** Awards whose contract ends in the next 12 months, soonest first. */
  endingSoon: z.array(buyerAward),
});
export type Buyer = z.infer<typeof buyer>;

const pageQuery = z.object({ page: z.coerce.number().int().min(1).max(10_000).default(1) });
const pagination = z.object({ page: z.number().int(), pages: z.number().int(), total: z.number().int() });
const listOf = <T extends z.ZodType>(item: T) => z.object({ success: z.literal(true), data: z.array(item), pagination });

// ---------------------------------------------------------------------------------------------
// The calls
// ---------------------------------------------------------------------------------------------

const accreditationParams = idParam.extend({ accreditationId: z.string().min(1).max(100) });

export const updateProviderCompany = defineContract({
  method: 'PUT',
  path: '/api/providers/:id/company',
  access: 'user',
  source: 'project',
  summary: "Set the profile's Companies House number and PPON (owner or admin); checks the company at once when checks are set up",
  params: idParam,
  body: updateCompanyBody,
  response: { 200: successEnvelope(providerCompany), ...errors },
});

export const getProviderCompany = defineContract({
  method: 'GET',
  path: '/api/providers/:id/company',
  access: 'user',
  source: 'project',
  summary: "The profile's company number, PPON and latest Companies House check (owner or admin)",
  params: idParam,
  response: { 200: successEnvelope(providerCompany), ...errors },
});

export const recheckProviderCompany = defineContract({
  method: 'POST',
  path: '/api/admin/providers/:id/company-check',
  access: 'admin',
  source: 'project',
  summary: 'Check the profile’s company at Companies House now (admin)',
  params: idParam,
  response: { 200: successEnvelope(providerCompany), ...errors },
});

export const listProviderAccreditations = defineContract({
  method: 'GET',
  path: '/api/providers/:id/accreditations',
  access: 'user',
  source: 'project',
  summary: "The profile's accreditations with their evidence and notes (owner or admin)",
  params: idParam,
  response: { 200: successEnvelope(z.array(accreditation)), ...errors },
});

export const createProviderAccreditation = defineContract({
  method: 'POST',
  path: '/api/providers/:id/accreditations',
  access: 'user',
  source: 'project',
  summary: 'Add an accreditation (multipart: scheme, otherName, number, scope, expiresOn; optional file `evidence`, PDF or image ≤ 5 MB)',
  params: idParam,
  multipart: { fields: createAccreditationFields },
  response: { 201: successEnvelope(accreditation), ...errors, 415: errors[400] },
});

export const deleteProviderAccreditation = defineContract({
  method: 'DELETE',
  path: '/api/providers/:id/accreditations/:accreditationId',
  access: 'user',
  source: 'project',
  summary: 'Remove an accreditation and its evidence (owner or admin)',
  params: accreditationParams,
  response: { 200: okBody, ...errors },
});

export const downloadAccreditationEvidence = defineContract({
  method: 'GET',
  path: '/api/providers/:id/accreditations/:accreditationId/evidence',
  access: 'user',
  source: 'project',
  summary: 'The evidence file (owner or admin only; private)',
  params: accreditationParams,
  produces: STORED_FILE_MEDIA_TYPES,
  response: { 200: z.unknown(), ...errors },
});

export const listAdminAccreditations = defineContract({
  method: 'GET',
  path: '/api/admin/accreditations',
  access: 'admin',
  source: 'project',
  summary: 'Accreditations waiting for verification (evidence uploaded), oldest first; or all with status',
  query: pageQuery.extend({ status: z.enum(['waiting', ...ACCREDITATION_STATUSES]).default('waiting') }),
  response: { 200: listOf(adminAccreditation), 400: errors[400], 401: errors[401], 403: errors[403] },
});

export const verifyAccreditation = defineContract({
  method: 'POST',
  path: '/api/admin/accreditations/:id/verify',
  access: 'admin',
  source: 'project',
  summary: 'Verify an accreditation against its evidence, or decline with a note (admin)',
  params: idParam,
  body: verifyAccreditationBody,
  response: { 200: successEnvelope(adminAccreditation), ...errors },
});

export const listProviderReviews = defineContract({
  method: 'GET',
  path: '/api/providers/:id/reviews',
  access: 'public',
  source: 'project',
  summary: "A provider's published reviews, newest first",
  params: idParam,
  query: pageQuery,
  response: { 200: listOf(review), 400: errors[400], 404: errors[404] },
});

export const listReviewableWork = defineContract({
  method: 'GET',
  path: '/api/reviews/eligible',
  access: 'user',
  source: 'project',
  summary: "The caller's completed work not yet reviewed: quotes a provider marked completed, tenders awarded",
  response: { 200: successEnvelope(z.array(reviewableWork)), 401: errors[401] },
});

export const createReview = defineContract({
  method: 'POST',
  path: '/api/reviews',
  access: 'user',
  source: 'project',
  summary: 'Review a provider for one completed piece of work (its other party only; one review per piece of work)',
  body: createReviewBody,
  response: { 201: successEnvelope(review), ...errors },
});

export const replyToReview = defineContract({
  method: 'POST',
  path: '/api/reviews/:id/reply',
  access: 'user',
  source: 'project',
  summary: "The reviewed provider's one public reply (its owner or an admin)",
  params: idParam,
  body: replyReviewBody,
  response: { 200: successEnvelope(review), ...errors },
});

export const flagReview = defineContract({
  method: 'POST',
  path: '/api/reviews/:id/flag',
  access: 'user',
  source: 'project',
  summary: 'The reviewed provider asks for moderation, with a reason (its owner)',
  params: idParam,
  body: flagReviewBody,
  response: { 200: okBody, ...errors },
});

export const listAdminReviews = defineContract({
  method: 'GET',
  path: '/api/admin/reviews',
  access: 'admin',
  source: 'project',
  summary: 'The moderation queue: flagged reviews first, then the newest; or removed ones',
  query: pageQuery.extend({ status: z.enum(['flagged', 'published', 'removed']).default('flagged') }),
  response: { 200: listOf(adminReview), 400: errors[400], 401: errors[401], 403: errors[403] },
});

export const moderateReview = defineContract({
  method: 'POST',
  path: '/api/admin/reviews/:id/moderate',
  access: 'admin',
  source: 'project',
  summary: 'Remove a review that breaks the policy, or keep it and clear its flag; either way with a reason for the log',
  params: idParam,
  body: moderateReviewBody,
  response: { 200: successEnvelope(adminReview), ...errors },
});

export const listSupplierSuggestions = defineContract({
  method: 'GET',
  path: '/api/admin/supplier-matches',
  access: 'admin',
  source: 'project',
  summary: 'Award suppliers no identifier ties to a profile, with profiles of a similar name to confirm',
  query: pageQuery,
  response: { 200: listOf(supplierSuggestion), 400: errors[400], 401: errors[401], 403: errors[403] },
});

export const decideSupplierMatch = defineContract({
  method: 'POST',
  path: '/api/admin/supplier-matches',
  access: 'admin',
  source: 'project',
  summary: 'Confirm or reject a suggested match between an award supplier and a profile (admin)',
  body: decideSupplierMatchBody,
  response: { 200: okBody, ...errors },
});

export const createSupplierProfile = defineContract({
  method: 'POST',
  path: '/api/admin/supplier-profiles',
  access: 'admin',
  source: 'project',
  summary: 'Make an unclaimed profile from an award supplier, labelled as made from the award (admin)',
  body: createSupplierProfileBody,
  response: { 201: successEnvelope(z.object({ id: z.string(), slug: z.string(), name: z.string() })), ...errors },
});

export const listBuyers = defineContract({
  method: 'GET',
  path: '/api/buyers',
  access: 'public',
  source: 'project',
  summary: 'Public buyers named on imported notices, most awards first',
  query: pageQuery,
  response: { 200: listOf(buyerSummary), 400: errors[400] },
});

export const getBuyer = defineContract({
  method: 'GET',
  path: '/api/buyers/:slug',
  access: 'public',
  source: 'project',
  summary: "One public buyer: its notices and awards, suppliers used, totals by year and contracts ending in the next 12 months",
  params: z.object({ slug: z.string().min(1).max(200) }),
  response: { 200: successEnvelope(buyer), 404: errors[404] },
});
