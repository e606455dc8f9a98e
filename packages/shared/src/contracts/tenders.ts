import { z } from 'zod';
import {
  DEFAULT_TENDER_PAGE_SIZE,
  DEFAULT_TENDER_RADIUS_KM,
  DEFAULT_TENDER_SORT,
  DEFAULT_TENDER_STATUS_FILTER,
  DEFAULT_START_TIME,
  SORT_ORDERS,
  START_TIME_OPTIONS,
  TENDER_CONTACT_MESSAGE_MAX,
  TENDER_DESCRIPTION_MAX,
  TENDER_MAX_INVITED_PROVIDERS,
  TENDER_BOARD_LIMITS,
  TENDER_MESSAGES,
  TENDER_PAGE_SIZES,
  TENDER_RADIUS_OPTIONS_KM,
  TENDER_SECTORS,
  TENDER_SORT_FIELDS,
  TENDER_SOURCE_FILTERS,
  TENDER_SOURCES,
  TENDER_STATUS_FILTERS,
  TENDER_STATUSES,
  TENDER_TYPES,
  TENDER_VALUE_FILTER_MAX,
} from '../constants/tenders';
import { DATA_SOURCE_IDS } from '../constants/data-sources';
import { TENDER_RESPONSE_STATES, TENDER_STAGES, TENDER_VIEWER_RELATIONS } from '../constants/tender-lifecycle';
import { defineContract } from './contract';
import { errors, idParam, successEnvelope, visibleName } from './common';
import { about } from './fields';
import { FIELD_MESSAGES } from '../constants/text';
import { checkBudget, inviteEmailsField, tenderBriefFields } from './tender-brief';
import { tenderNotice } from './tender-notices';

/**
 * A tender as the API shows it (docs/product/tenders.md#tender). Built from an explicit field list on the server:
 * the owner appears by name only, never by email (docs/product/platform.md#access-and-visibility).
 */
export const tender = z.object({
  id: z.string(),
  userId: z.string().nullable(),
  user: z.object({ name: z.string() }).nullable(),
  service: z.string().nullable(),
  title: z.string(),
  description: z.string(),
  location: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  searchRadius: z.number().nullable(),
  startTimePreference: z.string().nullable(),
  type: z.enum(TENDER_TYPES),
  /** Provider ids; only the owner and admins see them, others get []. */
  invitedProviders: z.array(z.string()),
  /** Computed when read: closed once closingDate has passed, awarded after an award release. */
  status: z.enum(TENDER_STATUSES),
  source: z.enum(TENDER_SOURCES),
  externalId: z.string().nullable(),
  organisationName: z.string().nullable(),
  publishedDate: z.string(),
  closingDate: z.string().nullable(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  valueMinimum: z.number().nullable(),
  valueMaximum: z.number().nullable(),
  contactName: z.string().nullable(),
  contactEmail: z.string().nullable(),
  contactPhone: z.string().nullable(),
  contactWebsite: z.string().nullable(),
  contactAddress: z.string().nullable(),
  contactTown: z.string().nullable(),
  contactPostcode: z.string().nullable(),
  /** The original notice (View Original), for imported notices. */
  noticeUrl: z.string().nullable(),
  region: z.string().nullable(),
  sectors: z.array(z.enum(TENDER_SECTORS)),
  /**
   * An imported notice's award as published. A tender listed here: the winner's name and date to
   * its owner, admins and participants, the value to the owner, admins and the winner; null to
   * the public, whose status says closed (decision 0441).
   */
  award: z.object({ supplier: z.string().nullable(), value: z.number().nullable(), date: z.string().nullable() }).nullable(),
  isDemo: z.boolean(),
  /** Imported notices' OCDS fields (decision 0392); empty or null for tenders listed here. CPV 2008 codes, main code first. */
  cpvCodes: z.array(z.string()),
  lots: z.array(z.object({ id: z.string(), title: z.string(), status: z.string().nullable(), value: z.number().nullable() })),
  procedureType: z.string().nullable(),
  documents: z.array(z.object({ title: z.string(), url: z.string(), type: z.string().nullable() })),
  /** The buyer's organisation identifier (org-id, e.g. 'GB-CFS-18525'). */
  buyerId: z.string().nullable(),
  /** Every awarded supplier, with its identifier ('GB-COH-…' for Companies House) where the notice gives one. */
  awardSuppliers: z.array(z.object({ name: z.string(), id: z.string().nullable() })),
  /** Issue 18 (decision 0400): draft, active, awarded or cancelled; drafts are seen by their owner and admins only. */
  stage: z.enum(TENDER_STAGES),
  /** The site chosen from asset intelligence, and its capacity (MW). */
  siteAssetId: z.number().nullable(),
  siteCapacityMw: z.number().nullable(),
  /** To the owner, admins and those told of the cancellation (decision 0441); null to the public. */
  cancelReason: z.string().nullable(),
  /** What the signed-in viewer is to a tender listed here (decision 0441); null for the public and imported notices. */
  viewerRelation: z.enum(TENDER_VIEWER_RELATIONS).nullable(),
  /** Imported notices only (issue 29, decision 0460): stage, deadline kind, threshold, sources, awards, why it matched. */
  notice: tenderNotice.nullable().optional(),
});
export type Tender = z.infer<typeof tender>;

const optionalText = (max: number) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), z.string().trim().max(max).optional());

const optionalNumber = (min: number, max: number) =>
  z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().min(min).max(max).optional());

/** Public list filters (docs/product/tenders.md#tender-board) (all optional; defaults applied on the server). */
export const listPublicTendersQuery = z.object({
  service: optionalText(TENDER_BOARD_LIMITS.textLength),
  /** Project addition (decision 0471): words all required, "exact phrase", -word left out, `or` between alternatives (websearch syntax). */
  keywords: optionalText(TENDER_BOARD_LIMITS.keywordsLength),
  location: optionalText(TENDER_BOARD_LIMITS.textLength),
  /** Project addition: the location's point and a radius (km) for a distance filter (decision 0175). */
  lat: optionalNumber(-90, 90),
  lng: optionalNumber(-180, 180),
  radius: optionalNumber(TENDER_BOARD_LIMITS.radiusMinKm, TENDER_BOARD_LIMITS.radiusMaxKm),
  sector: z.enum(TENDER_SECTORS).optional(),
  /** A CPV 2008 code (8 digits): notices classified under it (decision 0392). */
  cpv: z.preprocess((v) => (v === '' ? undefined : v), z.string().regex(/^\d{8}$/, 'cpv must be 8 digits').optional()),
  source: z.enum(TENDER_SOURCE_FILTERS).default('all'),
  status: z.enum(TENDER_STATUS_FILTERS).default(DEFAULT_TENDER_STATUS_FILTER),
  minValue: optionalNumber(0, TENDER_VALUE_FILTER_MAX),
  maxValue: optionalNumber(0, TENDER_VALUE_FILTER_MAX),
  sortBy: z.enum(TENDER_SORT_FIELDS).default(DEFAULT_TENDER_SORT.sortBy),
  sortOrder: z.enum(SORT_ORDERS).default(DEFAULT_TENDER_SORT.sortOrder),
  page: z.coerce.number().int().min(1).max(TENDER_BOARD_LIMITS.pageMax).default(1),
  limit: z.coerce
    .number()
    .int()
    .refine((n) => (TENDER_PAGE_SIZES as readonly number[]).includes(n), { message: `limit must be one of ${TENDER_PAGE_SIZES.join(', ')}` })
    .default(DEFAULT_TENDER_PAGE_SIZE),
});
export type ListPublicTendersQuery = z.infer<typeof listPublicTendersQuery>;

export const pagination = z.object({ page: z.number(), pages: z.number(), total: z.number(), limit: z.number() });

export const listPublicTenders = defineContract({
  method: 'GET',
  path: '/api/tenders/public',
  access: 'public',
  source: 'accounts §7',
  summary: 'Open-type tenders (listed here and imported), filtered, sorted and paginated in SQL',
  query: listPublicTendersQuery,
  response: { 200: z.object({ data: z.array(tender), pagination }), 400: errors[400] },
});

/** Where the board's notices come from and how fresh they are (decision 0393). */
export const tenderFreshness = z.object({
  /** The tender feeds switched on here, with the end of each one's last successful run. */
  sources: z.array(z.object({ id: z.enum(DATA_SOURCE_IDS), label: z.string(), lastSuccessAt: z.string().nullable() })),
  /** The newest imported notice's publication date. */
  latestPublishedAt: z.string().nullable(),
});
export type TenderFreshness = z.infer<typeof tenderFreshness>;

export const getTenderFreshness = defineContract({
  method: 'GET',
  path: '/api/tenders/freshness',
  access: 'public',
  source: 'project',
  summary: "The tender board's data sources and when each was last updated",
  response: { 200: z.object({ data: tenderFreshness }) },
});

export const getTender = defineContract({
  method: 'GET',
  path: '/api/tenders/:id',
  access: 'public',
  source: 'accounts §7',
  summary: 'One tender; private tenders are 404 to anyone but the owner, invited providers’ owners and admins',
  params: idParam,
  response: { 200: z.object({ data: tender }), 404: errors[404] },
});

export const listTenders = defineContract({
  method: 'GET',
  path: '/api/tenders',
  access: 'admin',
  source: 'accounts §7',
  summary: 'Every tender, open and private (admin dashboard)',
  response: { 200: successEnvelope(z.array(tender)), 401: errors[401], 403: errors[403] },
});

/**
 * The List a Tender form's schema, used by the form and the server (docs/style.md#4-validate-once-at-the-boundary-from-the-shared-schema). `userId` is accepted
 * for compatibility with the original call (docs/product/tenders.md#calls) and ignored: the owner is the session's user.
 */
export const createTenderBody = z
  .strictObject({
    userId: z.unknown().optional(),
    // Short texts shown in lists and mail subjects follow the name rule (decision 0338, issue 25).
    service: visibleName(z.string({ error: TENDER_MESSAGES.serviceRequired }).trim().min(1, TENDER_MESSAGES.serviceRequired).max(200, FIELD_MESSAGES.tooLong('Service', 200)), 'Service'),
    title: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), visibleName(z.string({ error: about('Title') }).trim().max(200), 'Title').optional()),
    location: visibleName(z.string({ error: about('Location') }).trim().max(200), 'Location').default(''),
    latitude: z.number().min(-90).max(90).nullable().optional(),
    longitude: z.number().min(-180).max(180).nullable().optional(),
    searchRadius: z
      .number({ error: 'Choose a search radius from the list' })
      .int()
      .refine((n) => (TENDER_RADIUS_OPTIONS_KM as readonly number[]).includes(n), { message: 'Choose a search radius from the list' })
      .default(DEFAULT_TENDER_RADIUS_KM),
    startTimePreference: z.enum(START_TIME_OPTIONS).default(DEFAULT_START_TIME),
    description: z.string({ error: about('Description') }).trim().max(TENDER_DESCRIPTION_MAX).default(''),
    type: z.enum(TENDER_TYPES).default('open'),
    invitedProviders: z.array(z.uuid()).max(TENDER_MAX_INVITED_PROVIDERS).default([]),
    // Issue 18 additions (decision 0400), all optional: the brief, addresses to invite, a draft.
    ...tenderBriefFields,
    inviteEmails: inviteEmailsField.default([]),
    draft: z.boolean({ error: about('Save as draft') }).default(false),
  })
  .superRefine((body, ctx) => {
    if ((body.latitude == null) !== (body.longitude == null)) {
      ctx.addIssue({ code: 'custom', message: TENDER_MESSAGES.locationIncomplete, path: ['location'] });
    }
    checkBudget(body, ctx);
    if (body.type === 'private' && !body.draft && body.invitedProviders.length === 0 && body.inviteEmails.length === 0) {
      ctx.addIssue({ code: 'custom', message: TENDER_MESSAGES.inviteRequired, path: ['invitedProviders'] });
    }
  });
export type CreateTenderBody = z.input<typeof createTenderBody>;

export const createTender = defineContract({
  method: 'POST',
  path: '/api/tenders',
  access: 'user',
  source: 'accounts §7',
  summary: 'Launches a tender owned by the signed-in user (open, or private with invited providers)',
  body: createTenderBody,
  response: {
    201: successEnvelope(tender.extend({ waitingListProviders: z.number() })),
    400: errors[400],
    401: errors[401],
    /** The caller has not verified their email address yet (decision 0337). */
    403: errors[403],
    429: errors[429],
  },
});

export const TENDER_SAVE_KINDS = ['saved', 'later'] as const;
export type TenderSaveKind = (typeof TENDER_SAVE_KINDS)[number];

export const savedTender = z.object({ kind: z.enum(TENDER_SAVE_KINDS), savedAt: z.string(), tender });
export type SavedTender = z.infer<typeof savedTender>;

export const listSavedTenders = defineContract({
  method: 'GET',
  path: '/api/tenders/saved',
  access: 'user',
  source: 'project',
  summary: 'The caller’s saved tenders (Save Tender) and reminders (Save for Later), decision 0179',
  response: { 200: successEnvelope(z.array(savedTender)), 401: errors[401] },
});

const saveParams = z.object({ id: z.string().min(1).max(200), kind: z.enum(TENDER_SAVE_KINDS) });

export const saveTender = defineContract({
  method: 'PUT',
  path: '/api/tenders/:id/saves/:kind',
  access: 'user',
  source: 'project',
  summary: 'Save Tender (kind saved) or Save for Later (kind later, reminded before closing)',
  params: saveParams,
  response: { 200: z.object({ success: z.literal(true) }), 401: errors[401], 404: errors[404] },
});

export const unsaveTender = defineContract({
  method: 'DELETE',
  path: '/api/tenders/:id/saves/:kind',
  access: 'user',
  source: 'project',
  summary: 'Removes a saved tender or reminder',
  params: saveParams,
  response: { 200: z.object({ success: z.literal(true) }), 401: errors[401], 404: errors[404] },
});

export const contactTenderBody = z.strictObject({
  message: z.string({ error: about('Message') }).trim().min(10, 'Please write a message of at least 10 characters').max(TENDER_CONTACT_MESSAGE_MAX),
});

export const contactTenderOwner = defineContract({
  method: 'POST',
  path: '/api/tenders/:id/contact',
  access: 'user',
  source: 'project',
  summary: 'Contact About Tender: mails the owner of a tender listed here without revealing their email (decision 0179)',
  params: idParam,
  body: contactTenderBody,
  response: { 200: z.object({ success: z.literal(true), message: z.string() }), 400: errors[400], 401: errors[401], 404: errors[404], 429: errors[429] },
});

/** The dashboard 'Tenders' tab (decision 0180): own tenders, invitations, saved tenders and the alert switch. */
export const myTenders = z.object({
  /** Issue 18: responses received and questions waiting for an answer, per own tender. */
  own: z.array(
    tender.extend({
      responseCount: z.number().int(),
      unansweredQuestions: z.number().int(),
      /** Addresses invited by email, besides `invitedProviders` (issue 27 defect 11). */
      emailInvitations: z.number().int(),
    }),
  ),
  /** Issue 18: whether one of the caller's providers has responded. Issue 27: email invitations the caller redeemed too. */
  invitations: z.array(tender.extend({ invitedProviderNames: z.array(z.string()), responded: z.boolean() })),
  /** Issue 27 defect 6 (decision 0448): the caller's responses, newest first, each with where it stands. */
  responses: z.array(
    tender.extend({
      response: z.object({ id: z.string(), providerName: z.string(), state: z.enum(TENDER_RESPONSE_STATES), updatedAt: z.string() }),
    }),
  ),
  saved: z.array(savedTender),
  alerts: z.object({ enabled: z.boolean(), hasProviderProfile: z.boolean() }),
});
export type MyTenders = z.infer<typeof myTenders>;

export const getMyTenders = defineContract({
  method: 'GET',
  path: '/api/tenders/mine',
  access: 'user',
  source: 'project',
  summary: 'The dashboard Tenders tab: own tenders, invitations to the caller’s providers, saved tenders, alert setting',
  response: { 200: successEnvelope(myTenders), 401: errors[401] },
});

export const updateTenderAlertsBody = z.strictObject({ enabled: z.boolean() });

export const updateTenderAlerts = defineContract({
  method: 'PUT',
  path: '/api/tenders/alerts',
  access: 'user',
  source: 'project',
  summary: 'Switches the daily new-tender alert email on or off (decision 0180)',
  body: updateTenderAlertsBody,
  response: { 200: successEnvelope(z.object({ enabled: z.boolean() })), 400: errors[400], 401: errors[401] },
});
