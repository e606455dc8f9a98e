import { z } from 'zod';
import { CSV_MEDIA, PDF_MEDIA, XLSX_MEDIA, ZIP_MEDIA } from '../constants/media-types';
import {
  TENDER_ADDENDUM_NOTE_MAX,
  TENDER_ADDENDUM_NOTE_MIN,
  TENDER_CONTRACT_STATES,
  TENDER_LOG_KINDS,
  TENDER_LOG_MESSAGE_MAX,
  TENDER_LOG_MESSAGE_MIN,
  TENDER_RECORDS_MESSAGES as M,
} from '../constants/tender-records';
import { defineContract } from './contract';
import { errors, successEnvelope } from './common';

/**
 * Issue 27 part C (docs/product/tenders.md#records): the clarification log, addenda, the contract
 * after the award. Every route reads the tender through the one visibility rule (decision 0333).
 */

const tenderParam = z.object({ id: z.string().min(1).max(200) });
const idOf = (name: string) => z.string().min(1).max(200).describe(name);
const actionErrors = { 400: errors[400], 401: errors[401], 403: errors[403], 404: errors[404], 409: errors[409], 429: errors[429] };

// ---- The clarification log (decision 0524) -----------------------------------------------------

export const logMessageField = z
  .string({ error: M.logMessageRequired })
  .trim()
  .min(TENDER_LOG_MESSAGE_MIN, M.logMessageRequired)
  .max(TENDER_LOG_MESSAGE_MAX);

export const tenderLogMessage = z.object({
  id: z.string(),
  fromOwner: z.boolean(),
  /** 'You', 'The buyer', a provider's name (to the owner, on a clarification it asked), or 'A bidder'. */
  author: z.string(),
  mine: z.boolean(),
  body: z.string(),
  createdAt: z.string(),
});
export const tenderLogEntry = z.object({
  id: z.string(),
  number: z.number().int(),
  /** CL-001, … */
  reference: z.string(),
  kind: z.enum(TENDER_LOG_KINDS),
  published: z.boolean(),
  publishedAt: z.string().nullable(),
  /** To the owner: the provider a clarification was asked of; null otherwise (askers stay anonymous). */
  withProvider: z.string().nullable(),
  /** The caller is the bidder of this entry. */
  mine: z.boolean(),
  canReply: z.boolean(),
  canPublish: z.boolean(),
  createdAt: z.string(),
  messages: z.array(tenderLogMessage),
});
export type TenderLogEntry = z.infer<typeof tenderLogEntry>;

export const listTenderClarifications = defineContract({
  method: 'GET',
  path: '/api/tenders/:id/clarifications',
  access: 'user',
  source: 'project',
  summary: 'The numbered clarification log: published entries to everyone who may see the tender, private ones to their bidder and the owner (decision 0524)',
  params: tenderParam,
  response: { 200: successEnvelope(z.array(tenderLogEntry)), 401: errors[401], 404: errors[404] },
});

export const publishTenderClarificationBody = z.strictObject({ message: logMessageField });
export const publishTenderClarification = defineContract({
  method: 'POST',
  path: '/api/tenders/:id/clarifications',
  access: 'user',
  source: 'project',
  summary: 'Owner publishes a clarification to everyone taking part (a new log entry, mailed)',
  params: tenderParam,
  body: publishTenderClarificationBody,
  response: { 201: z.object({ success: z.literal(true), message: z.string(), data: tenderLogEntry }), ...actionErrors },
});

export const replyTenderClarificationBody = z
  .strictObject({
    message: logMessageField,
    /** Owner only: publish the entry, its thread and this reply, to everyone taking part. */
    publish: z.boolean().optional(),
    /**
     * With `publish`: how many earlier messages of the thread the owner was shown as becoming
     * visible to all (decision 0558). Publishing is refused if the thread has changed since.
     */
    confirmedMessages: z.number({ error: M.logPublishUnconfirmed }).int(M.logPublishUnconfirmed).min(1, M.logPublishUnconfirmed).optional(),
  })
  .refine((b) => !b.publish || b.confirmedMessages !== undefined, { message: M.logPublishUnconfirmed, path: ['confirmedMessages'] });
export const replyTenderClarification = defineContract({
  method: 'POST',
  path: '/api/tenders/:id/clarifications/:entryId/replies',
  access: 'user',
  source: 'project',
  summary: 'The owner or the entry’s bidder replies in its thread; the owner may publish it to all at once',
  params: z.object({ id: idOf('tender'), entryId: idOf('clarification') }),
  body: replyTenderClarificationBody,
  response: { 201: z.object({ success: z.literal(true), message: z.string(), data: tenderLogEntry }), ...actionErrors },
});

// ---- Addenda: versioned documents (decision 0525) ----------------------------------------------

export const addendumNoteField = z
  .string({ error: M.addendumNoteRequired })
  .trim()
  .min(TENDER_ADDENDUM_NOTE_MIN, M.addendumNoteRequired)
  .max(TENDER_ADDENDUM_NOTE_MAX);

export const tenderDocumentVersion = z.object({
  id: z.string(),
  filename: z.string(),
  mimeType: z.string(),
  size: z.number().int(),
  version: z.number().int(),
  /** The addendum that brought this version, or null (the brief's first documents). */
  addendum: z.number().int().nullable(),
  createdAt: z.string(),
});
export const tenderDocumentFile = tenderDocumentVersion.extend({
  /** Earlier versions, newest first: kept and downloadable. */
  earlier: z.array(tenderDocumentVersion),
});
export const tenderAddendum = z.object({
  id: z.string(),
  number: z.number().int(),
  note: z.string(),
  createdAt: z.string(),
  documents: z.array(z.object({ filename: z.string(), version: z.number().int() })),
});
export const tenderDocumentSet = z.object({ documents: z.array(tenderDocumentFile), addenda: z.array(tenderAddendum) });
export type TenderDocumentSet = z.infer<typeof tenderDocumentSet>;

export const listTenderAddenda = defineContract({
  method: 'GET',
  path: '/api/tenders/:id/addenda',
  access: 'user',
  source: 'project',
  summary: 'The documents with their versions, and the numbered addenda that changed them (decision 0525)',
  params: tenderParam,
  response: { 200: successEnvelope(tenderDocumentSet), 401: errors[401], 404: errors[404] },
});

export const issueTenderAddendum = defineContract({
  method: 'POST',
  path: '/api/tenders/:id/addenda',
  access: 'user',
  source: 'project',
  summary:
    'Owner issues an addendum to a published tender: a note and files (multipart `files`, `note`, and `replaces`: a current document each new file replaces, as its next version); everyone taking part is told',
  params: tenderParam,
  multipart: { fields: z.strictObject({ note: addendumNoteField, replaces: z.uuid().optional() }) },
  response: { 201: z.object({ success: z.literal(true), message: z.string(), data: tenderDocumentSet }), ...actionErrors, 413: errors[413], 415: errors[400] },
});

// ---- The contract after the award: standstill and confirmation (decision 0526) -----------------

export const tenderContract = z.object({
  state: z.enum(TENDER_CONTRACT_STATES),
  awardedAt: z.string(),
  standstillDays: z.number().int(),
  standstillEndsAt: z.string(),
  confirmedAt: z.string().nullable(),
  /** The owner may confirm now (the standstill is over and it is not confirmed). */
  canConfirm: z.boolean(),
  /** The letters the caller may download: the owner every one, a bidder its own (decision 0527). */
  letters: z.array(z.object({ responseId: z.string(), kind: z.enum(['award', 'regret']), provider: z.string() })),
});
export type TenderContract = z.infer<typeof tenderContract>;

export const getTenderContract = defineContract({
  method: 'GET',
  path: '/api/tenders/:id/contract',
  access: 'user',
  source: 'project',
  summary: 'After the award: the standstill, its end and the confirmation, to the owner, admins and those taking part (null before the award)',
  params: tenderParam,
  response: { 200: successEnvelope(tenderContract.nullable()), 401: errors[401], 404: errors[404] },
});

export const confirmTenderContract = defineContract({
  method: 'POST',
  path: '/api/tenders/:id/contract/confirm',
  access: 'user',
  source: 'project',
  summary: 'Owner confirms the contract once the standstill period has ended; the winner and the other responders are told',
  params: tenderParam,
  response: { 200: z.object({ success: z.literal(true), message: z.string(), data: tenderContract }), ...actionErrors },
});

// ---- Letters (decision 0527) and the owner's records (decision 0528) --------------------------

export const downloadTenderLetter = defineContract({
  method: 'GET',
  path: '/api/tenders/:id/letters/:responseId',
  access: 'user',
  // Session only: a letter names a bidder's price and the buyer's feedback (decision 0527).
  apiKeys: false,
  source: 'project',
  summary: 'The award letter (winner) or regret letter (another responder) as PDF, with the standstill and the owner’s feedback: each bidder its own, the owner and admins every one',
  params: z.object({ id: idOf('tender'), responseId: idOf('response') }),
  produces: PDF_MEDIA,
  response: { 200: z.unknown(), 401: errors[401], 403: errors[403], 404: errors[404] },
});

export const TENDER_RECORD_FILES = ['responses.zip', 'comparison.csv', 'comparison.xlsx', 'audit-log.csv'] as const;
export type TenderRecordFile = (typeof TENDER_RECORD_FILES)[number];

export const downloadTenderRecords = defineContract({
  method: 'GET',
  path: '/api/tenders/:id/records/:file',
  access: 'user',
  // Session only: the whole commercial record of a tender (decision 0528).
  apiKeys: false,
  source: 'project',
  summary:
    'The owner’s records once responses have closed (409 before): responses.zip (every response with its attachments), comparison.csv and comparison.xlsx, audit-log.csv (every event of the tender)',
  params: z.object({ id: idOf('tender'), file: z.enum(TENDER_RECORD_FILES, { error: 'Choose responses.zip, comparison.csv, comparison.xlsx or audit-log.csv' }) }),
  produces: [ZIP_MEDIA, CSV_MEDIA, XLSX_MEDIA],
  response: { 200: z.unknown(), 400: errors[400], 401: errors[401], 403: errors[403], 404: errors[404], 409: errors[409] },
});
