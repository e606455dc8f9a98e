import { z } from 'zod';
import { STORED_FILE_MEDIA_TYPES } from '../constants/media-types';
import {
  START_TIME_OPTIONS,
  TENDER_DESCRIPTION_MAX,
  TENDER_MAX_INVITED_PROVIDERS,
  TENDER_MESSAGES,
  TENDER_RADIUS_OPTIONS_KM,
  TENDER_TYPES,
} from '../constants/tenders';
import {
  TENDER_ANSWER_MAX,
  TENDER_EVENT_KINDS,
  TENDER_LEAD_TIME_MAX_DAYS,
  TENDER_LIFECYCLE_MESSAGES as M,
  TENDER_QUESTION_MAX,
  TENDER_QUESTION_MIN,
  TENDER_REASON_MAX,
  TENDER_REASON_MIN,
  TENDER_RESPONSE_MESSAGE_MAX,
  TENDER_RESPONSE_MESSAGE_MIN,
} from '../constants/tender-lifecycle';
import { TENDER_FEEDBACK_MAX, TENDER_RECORDS_MESSAGES, TENDER_STANDSTILL_MAX_DAYS, TENDER_STANDSTILL_MIN_DAYS } from '../constants/tender-records';
import { defineContract } from './contract';
import { errors, okBody, successEnvelope, visibleName } from './common';
import { checkBudget, instantField, inviteEmailsField, moneyField, tenderBriefFields } from './tender-brief';
import { tender } from './tenders';
import { tenderReceipt } from './tender-receipts';
import { readDays } from '../domain/tenders';

/**
 * The tender lifecycle after launch (issue 18; docs/product/tenders.md#lifecycle): owner actions,
 * documents, responses, questions and email invitations. Every route reads the tender through the
 * one visibility rule (decision 0333): a tender the caller may not see is 404 on every path.
 */

const tenderParam = z.object({ id: z.string().min(1).max(200) });
const idOf = (name: string) => z.string().min(1).max(200).describe(name);

const stored = z.object({ id: z.string(), filename: z.string(), mimeType: z.string(), size: z.number().int(), createdAt: z.string() });
export const tenderDocument = stored;
export type TenderDocument = z.infer<typeof tenderDocument>;

// ---- Owner actions ----------------------------------------------------------------------------

export const updateTenderBody = z
  .strictObject({
    // The name rule for short texts shown in lists and mail subjects (decision 0338, issue 25).
    title: visibleName(z.string().trim().min(1, M.titleRequired).max(200), 'Title').optional(),
    service: visibleName(z.string().trim().min(1, TENDER_MESSAGES.serviceRequired).max(200), 'Service').optional(),
    description: z.string().trim().max(TENDER_DESCRIPTION_MAX).optional(),
    location: visibleName(z.string().trim().max(200), 'Location').optional(),
    latitude: z.number().min(-90).max(90).nullable().optional(),
    longitude: z.number().min(-180).max(180).nullable().optional(),
    searchRadius: z
      .number()
      .int()
      .refine((n) => (TENDER_RADIUS_OPTIONS_KM as readonly number[]).includes(n), { message: 'Choose a search radius from the list' })
      .optional(),
    startTimePreference: z.enum(START_TIME_OPTIONS).optional(),
    /** A draft only: a published tender stays open or private (decision 0447). */
    type: z.enum(TENDER_TYPES).optional(),
    /** The whole list: a draft's is replaced; a published private tender's may only grow (decision 0447). */
    invitedProviders: z.array(z.uuid()).max(TENDER_MAX_INVITED_PROVIDERS).optional(),
    /** Addresses to add (decision 0403). */
    inviteEmails: inviteEmailsField.optional(),
    ...tenderBriefFields,
  })
  .superRefine((body, ctx) => {
    if (body.latitude !== undefined && (body.latitude == null) !== (body.longitude == null)) {
      ctx.addIssue({ code: 'custom', message: TENDER_MESSAGES.locationIncomplete, path: ['location'] });
    }
    checkBudget(body, ctx);
  });
export type UpdateTenderBody = z.input<typeof updateTenderBody>;

const tenderAnswer = z.object({ success: z.literal(true), message: z.string(), data: tender });
/** Every write route is rate limited per account (TENDER_LIFECYCLE_RATE_LIMIT, decision 0405). */
const actionErrors = { 400: errors[400], 401: errors[401], 403: errors[403], 404: errors[404], 409: errors[409], 429: errors[429] };

export const updateTender = defineContract({
  method: 'PATCH',
  path: '/api/tenders/:id',
  access: 'user',
  source: 'project',
  summary: 'Owner edits the brief, a draft in full (type, invitees); after publication the changes are recorded and mailed to everyone taking part (decisions 0401, 0447)',
  params: tenderParam,
  body: updateTenderBody,
  response: { 200: tenderAnswer, ...actionErrors },
});

export const publishTender = defineContract({
  method: 'POST',
  path: '/api/tenders/:id/publish',
  access: 'user',
  source: 'project',
  summary: 'Owner publishes a draft: invitations are mailed then (decision 0400)',
  params: tenderParam,
  response: { 200: tenderAnswer, ...actionErrors },
});

export const extendTenderBody = z.strictObject({ closingDate: instantField });
export const extendTender = defineContract({
  method: 'POST',
  path: '/api/tenders/:id/extend',
  access: 'user',
  source: 'project',
  summary: 'Owner moves the closing date later (reopens a tender that closed by date)',
  params: tenderParam,
  body: extendTenderBody,
  response: { 200: tenderAnswer, ...actionErrors },
});

export const reasonField = z.string({ error: M.reasonRequired }).trim().min(TENDER_REASON_MIN, M.reasonRequired).max(TENDER_REASON_MAX);
/** Closing early opens the sealed responses at once: the reason is required and kept in History (decision 0512). */
export const closeTenderEarlyBody = z.strictObject({ reason: reasonField });
export const closeTenderEarly = defineContract({
  method: 'POST',
  path: '/api/tenders/:id/close',
  access: 'user',
  source: 'project',
  summary: 'Owner closes an open tender now, with a reason kept in its History: the closing date becomes the current time and the responses open',
  params: tenderParam,
  body: closeTenderEarlyBody,
  response: { 200: tenderAnswer, ...actionErrors },
});

export const cancelTenderBody = z.strictObject({ reason: reasonField });
export const cancelTender = defineContract({
  method: 'POST',
  path: '/api/tenders/:id/cancel',
  access: 'user',
  source: 'project',
  summary: 'Owner cancels a draft or a tender not yet awarded, with a reason mailed to invitees and responders',
  params: tenderParam,
  body: cancelTenderBody,
  response: { 200: tenderAnswer, ...actionErrors },
});

export const awardTenderBody = z.strictObject({
  responseId: z.uuid({ error: M.responseNotFound }),
  /** The owner's feedback to each responder by response id, in its letter (issue 27 part C, decision 0527). */
  feedback: z.record(z.uuid({ error: M.responseNotFound }), z.string().trim().max(TENDER_FEEDBACK_MAX, TENDER_RECORDS_MESSAGES.feedbackTooLong)).optional(),
  /** Calendar days of standstill before the contract may be confirmed (decision 0559); `standstillDefaultDays` of the award's day when left out. */
  standstillDays: z
    .number({ error: TENDER_RECORDS_MESSAGES.standstillDaysRange })
    .int(TENDER_RECORDS_MESSAGES.standstillDaysRange)
    .min(TENDER_STANDSTILL_MIN_DAYS, TENDER_RECORDS_MESSAGES.standstillDaysRange)
    .max(TENDER_STANDSTILL_MAX_DAYS, TENDER_RECORDS_MESSAGES.standstillDaysRange)
    .optional(),
});
export const awardTender = defineContract({
  method: 'POST',
  path: '/api/tenders/:id/award',
  access: 'user',
  source: 'project',
  summary: 'Owner awards the tender to one response; every responder is told the outcome',
  params: tenderParam,
  body: awardTenderBody,
  response: { 200: tenderAnswer, ...actionErrors },
});

export const tenderEvent = z.object({
  id: z.string(),
  kind: z.enum(TENDER_EVENT_KINDS),
  /** Who did it; never an asker (questions are anonymous, decision 0401). */
  actor: z.object({ name: z.string() }).nullable(),
  reason: z.string().nullable(),
  /** What it is about: a provider's name, the addresses invited, a question (decision 0447). */
  subject: z.string().nullable(),
  changes: z.record(z.string(), z.object({ from: z.unknown(), to: z.unknown() })),
  createdAt: z.string(),
});
export type TenderEvent = z.infer<typeof tenderEvent>;

export const listTenderEvents = defineContract({
  method: 'GET',
  path: '/api/tenders/:id/events',
  access: 'user',
  source: 'project',
  summary: 'The audit of a tender’s state changes and edits (owner and admins)',
  params: tenderParam,
  response: { 200: successEnvelope(z.array(tenderEvent)), 401: errors[401], 404: errors[404] },
});

// ---- Documents ----------------------------------------------------------------------------------

export const listTenderDocuments = defineContract({
  method: 'GET',
  path: '/api/tenders/:id/documents',
  access: 'user',
  source: 'project',
  summary: 'The brief’s documents: a private tender’s to its owner and invitees, an open one’s to signed-in users (decision 0402)',
  params: tenderParam,
  response: { 200: successEnvelope(z.array(tenderDocument)), 401: errors[401], 404: errors[404] },
});

export const uploadTenderDocuments = defineContract({
  method: 'POST',
  path: '/api/tenders/:id/documents',
  access: 'user',
  source: 'project',
  summary: 'Owner adds documents (multipart `files`: PDF, DOCX, XLSX, PNG, JPEG, WebP by content; 10 files, 20 MB in all)',
  params: tenderParam,
  multipart: { fields: z.strictObject({}) },
  response: { 201: successEnvelope(z.array(tenderDocument)), ...actionErrors, 413: errors[413], 415: errors[400] },
});

const documentParams = z.object({ id: idOf('tender'), documentId: idOf('document') });

export const downloadTenderDocument = defineContract({
  method: 'GET',
  path: '/api/tenders/:id/documents/:documentId',
  access: 'user',
  source: 'project',
  summary: 'One document, through the visibility check, as an attachment with nosniff',
  params: documentParams,
  produces: STORED_FILE_MEDIA_TYPES,
  response: { 200: z.unknown(), 401: errors[401], 404: errors[404] },
});

export const deleteTenderDocument = defineContract({
  method: 'DELETE',
  path: '/api/tenders/:id/documents/:documentId',
  access: 'user',
  source: 'project',
  summary: 'Owner removes a document (its file is deleted with it)',
  params: documentParams,
  response: { 200: okBody, ...actionErrors },
});

// ---- Responses ----------------------------------------------------------------------------------

export const tenderResponseBody = z
  .strictObject({
    /** Which of the caller's providers responds; needed only when they own more than one. */
    providerId: z.uuid({ error: M.chooseProvider }).optional(),
    message: z.string({ error: M.messageTooShort }).trim().min(TENDER_RESPONSE_MESSAGE_MIN, M.messageTooShort).max(TENDER_RESPONSE_MESSAGE_MAX),
    /** A single price is a range with equal ends: an empty maximum is the price itself. */
    priceMinimum: moneyField.pipe(z.number({ error: M.moneyNotNumber })),
    priceMaximum: moneyField.optional(),
    /** Days; a form field's text is read as people type it ('30 days', `readDays`). */
    leadTimeDays: z.preprocess(
      (v) => (typeof v === 'string' && !Number.isNaN(readDays(v)) ? (readDays(v) ?? undefined) : v),
      z.number({ error: M.leadTimeNotDays }).int(M.leadTimeNotDays).min(0, M.leadTimeNotDays).max(TENDER_LEAD_TIME_MAX_DAYS, M.leadTimeNotDays),
    ),
  })
  .superRefine((body, ctx) => {
    if (body.priceMaximum != null && body.priceMaximum < body.priceMinimum) ctx.addIssue({ code: 'custom', message: M.priceRange, path: ['priceMaximum'] });
  })
  .transform((body) => ({ ...body, priceMaximum: body.priceMaximum ?? body.priceMinimum }));
export type TenderResponseBody = z.input<typeof tenderResponseBody>;

export const tenderResponse = z.object({
  id: z.string(),
  tenderId: z.string(),
  provider: z.object({
    id: z.string(),
    name: z.string(),
    slug: z.string(),
    /**
     * Its owner's claim was reviewed and approved by the marketplace team (issue 27 defect 11): a
     * profile its creator owns from the start is not 'verified' by anyone.
     */
    verified: z.boolean(),
    /** When the profile was listed (ISO). */
    since: z.string(),
    services: z.array(z.string()),
    location: z.string(),
  }),
  /** Kilometres from the provider's base to the tender's site, when both are known. */
  distanceKm: z.number().nullable(),
  message: z.string(),
  priceMinimum: z.number(),
  priceMaximum: z.number(),
  leadTimeDays: z.number().int(),
  shortlisted: z.boolean(),
  awarded: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  attachments: z.array(stored),
  clarifications: z.array(z.object({ id: z.string(), message: z.string(), createdAt: z.string() })),
});
export type TenderResponse = z.infer<typeof tenderResponse>;

/**
 * While responses are sealed (before the closing time by the server's clock, decision 0512): how
 * many have arrived and when, nothing of what they say or who sent them. Null once they are open.
 */
export const sealedResponses = z.object({
  closesAt: z.string().nullable(),
  count: z.number().int(),
  arrivals: z.array(z.object({ receivedAt: z.string(), updatedAt: z.string() })),
});
export type SealedResponses = z.infer<typeof sealedResponses>;

export const listTenderResponses = defineContract({
  method: 'GET',
  path: '/api/tenders/:id/responses',
  access: 'user',
  source: 'project',
  summary: 'Responses side by side: the owner and admins only (404 to anyone else); before the closing time only how many arrived and when',
  params: tenderParam,
  response: { 200: z.object({ success: z.literal(true), data: z.array(tenderResponse), sealed: sealedResponses.nullable() }), 401: errors[401], 404: errors[404] },
});

/** What the response form needs: the caller's responses and which of their providers may respond. */
export const myTenderResponses = z.object({
  responses: z.array(tenderResponse.omit({ shortlisted: true })),
  providers: z.array(z.object({ id: z.string(), name: z.string() })),
  /** Null when the caller may respond; otherwise the reason shown in place of the form. */
  refusal: z.string().nullable(),
  /** The e-receipts of the caller's providers' submissions, changes and withdrawals, newest first (decision 0513). */
  receipts: z.array(tenderReceipt),
});
export type MyTenderResponses = z.infer<typeof myTenderResponses>;

export const getMyTenderResponses = defineContract({
  method: 'GET',
  path: '/api/tenders/:id/my-responses',
  access: 'user',
  source: 'project',
  summary: 'The caller’s responses to a tender they may see, and whether they may respond',
  params: tenderParam,
  response: { 200: successEnvelope(myTenderResponses), 401: errors[401], 404: errors[404] },
});

export const submitTenderResponse = defineContract({
  method: 'PUT',
  path: '/api/tenders/:id/my-responses',
  access: 'user',
  source: 'project',
  summary: 'Submits or edits the caller’s provider’s one response, until the closing date by server time',
  params: tenderParam,
  body: tenderResponseBody,
  response: { 200: z.object({ success: z.literal(true), message: z.string(), data: tenderResponse.omit({ shortlisted: true }), receipt: tenderReceipt }), ...actionErrors },
});

const responseParams = z.object({ id: idOf('tender'), responseId: idOf('response') });
const attachmentParams = responseParams.extend({ attachmentId: idOf('attachment') });

export const withdrawTenderResponse = defineContract({
  method: 'DELETE',
  path: '/api/tenders/:id/responses/:responseId',
  access: 'user',
  source: 'project',
  summary: 'The responder withdraws their response before the closing date (its attachments are deleted; the owner is told)',
  params: responseParams,
  response: { 200: z.object({ success: z.literal(true), message: z.string(), receipt: tenderReceipt }), ...actionErrors },
});

export const uploadTenderResponseAttachments = defineContract({
  method: 'POST',
  path: '/api/tenders/:id/responses/:responseId/attachments',
  access: 'user',
  source: 'project',
  summary: 'The responder attaches files to their response before the closing date (multipart `files`; 5 files, 20 MB in all)',
  params: responseParams,
  multipart: { fields: z.strictObject({}) },
  response: { 201: successEnvelope(z.array(stored)), ...actionErrors, 413: errors[413], 415: errors[400] },
});

export const downloadTenderResponseAttachment = defineContract({
  method: 'GET',
  path: '/api/tenders/:id/responses/:responseId/attachments/:attachmentId',
  access: 'user',
  source: 'project',
  summary: 'A response attachment: to the responder; after the closing time to the tender’s owner, admins and evaluators who declared no conflict of interest; 409 while responses are sealed (decisions 0512, 0557)',
  params: attachmentParams,
  produces: STORED_FILE_MEDIA_TYPES,
  response: { 200: z.unknown(), 401: errors[401], 403: errors[403], 404: errors[404], 409: errors[409] },
});

export const deleteTenderResponseAttachment = defineContract({
  method: 'DELETE',
  path: '/api/tenders/:id/responses/:responseId/attachments/:attachmentId',
  access: 'user',
  source: 'project',
  summary: 'The responder removes an attachment before the closing date',
  params: attachmentParams,
  response: { 200: okBody, ...actionErrors },
});

export const shortlistTenderResponse = defineContract({
  method: 'PUT',
  path: '/api/tenders/:id/responses/:responseId/shortlist',
  access: 'user',
  source: 'project',
  summary: 'Owner shortlists a response or takes it off the shortlist',
  params: responseParams,
  body: z.strictObject({ shortlisted: z.boolean() }),
  response: { 200: successEnvelope(z.object({ shortlisted: z.boolean() })), ...actionErrors },
});

export const clarificationBody = z.strictObject({
  message: z.string({ error: M.messageTooShort }).trim().min(TENDER_RESPONSE_MESSAGE_MIN, M.messageTooShort).max(TENDER_ANSWER_MAX),
});
export const requestTenderClarification = defineContract({
  method: 'POST',
  path: '/api/tenders/:id/responses/:responseId/clarifications',
  access: 'user',
  source: 'project',
  summary: 'Owner asks a responder to clarify their response (recorded on it and mailed)',
  params: responseParams,
  body: clarificationBody,
  response: { 201: okBody, ...actionErrors },
});

// ---- Questions and answers ----------------------------------------------------------------------

export const tenderQuestion = z.object({
  id: z.string(),
  question: z.string(),
  answer: z.string().nullable(),
  answeredAt: z.string().nullable(),
  createdAt: z.string(),
  /** Whether the caller asked it; the asker is never named to anyone. */
  mine: z.boolean(),
});
export type TenderQuestion = z.infer<typeof tenderQuestion>;

export const listTenderQuestions = defineContract({
  method: 'GET',
  path: '/api/tenders/:id/questions',
  access: 'user',
  source: 'project',
  summary: 'Answered questions to everyone who may see the tender; unanswered ones to their asker and the owner',
  params: tenderParam,
  response: { 200: successEnvelope(z.array(tenderQuestion)), 401: errors[401], 404: errors[404] },
});

export const askTenderQuestionBody = z.strictObject({
  question: z.string({ error: M.questionTooShort }).trim().min(TENDER_QUESTION_MIN, M.questionTooShort).max(TENDER_QUESTION_MAX),
});
export const askTenderQuestion = defineContract({
  method: 'POST',
  path: '/api/tenders/:id/questions',
  access: 'user',
  source: 'project',
  summary: 'A participant asks the owner a question about an open tender',
  params: tenderParam,
  body: askTenderQuestionBody,
  response: { 201: z.object({ success: z.literal(true), message: z.string(), data: tenderQuestion }), ...actionErrors },
});

export const answerTenderQuestionBody = z.strictObject({
  answer: z.string({ error: M.answerRequired }).trim().min(1, M.answerRequired).max(TENDER_ANSWER_MAX),
});
export const answerTenderQuestion = defineContract({
  method: 'POST',
  path: '/api/tenders/:id/questions/:questionId/answer',
  access: 'user',
  source: 'project',
  summary: 'Owner answers (or corrects the answer); it is published to all participants without naming the asker',
  params: z.object({ id: idOf('tender'), questionId: idOf('question') }),
  body: answerTenderQuestionBody,
  response: { 200: z.object({ success: z.literal(true), message: z.string(), data: tenderQuestion }), ...actionErrors },
});

// ---- Invitations --------------------------------------------------------------------------------

export const tenderInvitedProvider = z.object({ id: z.string(), name: z.string(), slug: z.string(), claimed: z.boolean(), notified: z.boolean() });
export type TenderInvitedProvider = z.infer<typeof tenderInvitedProvider>;

export const listTenderInvitedProviders = defineContract({
  method: 'GET',
  path: '/api/tenders/:id/invited-providers',
  access: 'user',
  source: 'project',
  summary: 'The providers a tender invites from the directory, claimed or not and whether told (owner and admins; decision 0447)',
  params: tenderParam,
  response: { 200: successEnvelope(z.array(tenderInvitedProvider)), 401: errors[401], 404: errors[404] },
});

export const tenderEmailInvitation = z.object({
  id: z.string(),
  email: z.string(),
  createdAt: z.string(),
  accepted: z.boolean(),
  responded: z.boolean(),
});
export type TenderEmailInvitation = z.infer<typeof tenderEmailInvitation>;

export const listTenderEmailInvitations = defineContract({
  method: 'GET',
  path: '/api/tenders/:id/email-invitations',
  access: 'user',
  source: 'project',
  summary: 'The addresses the owner invited and whether each link was used (owner and admins)',
  params: tenderParam,
  response: { 200: successEnvelope(z.array(tenderEmailInvitation)), 401: errors[401], 404: errors[404] },
});

export const inviteTenderEmailsBody = z.strictObject({ emails: inviteEmailsField.min(1, 'Enter at least one email address') });
export const inviteTenderEmails = defineContract({
  method: 'POST',
  path: '/api/tenders/:id/email-invitations',
  access: 'user',
  source: 'project',
  summary: 'Owner invites addresses (providers outside the directory); each gets a signed single-account link (decision 0403)',
  params: tenderParam,
  body: inviteTenderEmailsBody,
  response: { 201: z.object({ success: z.literal(true), message: z.string(), data: z.array(tenderEmailInvitation) }), ...actionErrors },
});

export const acceptTenderInvitationBody = z.strictObject({ token: z.string().min(20).max(200) });

/** What the signed-out landing of an invitation link shows (decision 0443): the tender, its buyer and deadline. */
export const tenderInvitationPreview = z.object({
  tenderId: z.string(),
  title: z.string(),
  /** The owner's company (else name): who is buying. */
  buyer: z.string(),
  closingDate: z.string().nullable(),
  /** The address invited: registration starts with it. */
  email: z.string(),
  /** Whether the tender still takes responses. */
  open: z.boolean(),
  /** Whether its owner cancelled it (the reason goes to those taking part, decision 0441). */
  cancelled: z.boolean(),
  /** When the invitation was declined from its link or by its account, else null (decision 0558). */
  declinedAt: z.string().nullable(),
  /** Whether an account has redeemed the link (it then replies signed in). */
  redeemed: z.boolean(),
});
export type TenderInvitationPreview = z.infer<typeof tenderInvitationPreview>;

export const previewTenderInvitation = defineContract({
  method: 'POST',
  path: '/api/tenders/invitations/preview',
  access: 'public',
  source: 'project',
  summary: 'What an email invitation link is for (title, buyer, deadline, invited address), before sign-up; the token in the body, never the address',
  body: acceptTenderInvitationBody,
  response: { 200: successEnvelope(tenderInvitationPreview), 400: errors[400], 429: errors[429] },
});
export const acceptTenderInvitation = defineContract({
  method: 'POST',
  path: '/api/tenders/invitations/accept',
  access: 'user',
  source: 'project',
  summary: 'Redeems an email invitation link for the signed-in account; answers the tender to open the response form on',
  body: acceptTenderInvitationBody,
  /** `emailConfirmed`: the account's address is confirmed (redeeming a link mailed to it confirms it, decision 0440). */
  response: { 200: successEnvelope(z.object({ tenderId: z.string(), emailConfirmed: z.boolean() })), 400: errors[400], 401: errors[401], 409: errors[409], 429: errors[429] },
});
