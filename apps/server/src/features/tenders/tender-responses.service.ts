import type { z } from 'zod';
import {
  TENDER_LIFECYCLE_MESSAGES as M,
  TENDER_RESPONSE_MAX_FILES,
  TENDER_RESPONSE_MAX_TOTAL_BYTES,
} from '@solar/shared/constants/tender-lifecycle';
import type { Tender } from '@solar/shared/contracts/tenders';
import { TENDER_SEALED_MESSAGES as S } from '@solar/shared/constants/tender-sealed';
import { TENDER_EVALUATION_MESSAGES as EM } from '@solar/shared/constants/tender-evaluation';
import { clarificationReference } from '@solar/shared/constants/tender-records';
import type { TenderResponse, tenderResponseBody } from '@solar/shared/contracts/tender-lifecycle';
import type { UserRow } from '../../db/rows';
import { isUuid, toIsoTimestamp } from '../../db/sql-helpers';
import { queueMail } from '../../platform/mail';
import type { AppContext } from '../../plugins/context';
import { requireVerifiedEmail } from '../../plugins/auth';
import { AppError } from '../../platform/errors';
import { purgeUnownedFiles, tenderRowOwnsFile } from '../../platform/stored-files';
import { tenderLifecycleMails as mails } from './tender-lifecycle.mail';
import { tenderBidderMails } from './tender-bidders.mail';
import { storePrivateFiles, type TenderFile } from './tender-files';
import { mayBeTold, queueAll } from './tender-participants.service';
import { issueReceipt, listReceipts, sha256Hex } from './tender-receipts.service';
import { isSealed } from './tender-sealed';
import * as biddersRepo from './tender-bidders.repository';
import * as evaluationRepo from './tender-evaluation.repository';
import { insertEvent } from './tender-events.repository';
import { getTender, stateError, tenderForOwner } from './tender-read.service';
import { lockTenderState } from './tender-state.repository';
import * as repo from './tender-responses.repository';
import { findOwnerContact } from './tenders.repository';

/**
 * Responses to tenders (issue 18; decision 0401): one per provider per tender, from an invited
 * provider (private) or any provider (open), editable until the closing date by server time; the
 * owner (and admins) see them side by side, shortlist them and ask for clarification.
 */

type Ctx = Pick<AppContext, 'database' | 'clock' | 'mailer' | 'env' | 'log' | 'storage'>;

export function toResponse(r: repo.ResponseRecord): TenderResponse {
  return {
    id: String(r.id),
    tenderId: String(r.tender_id),
    provider: {
      id: String(r.provider_id),
      name: r.provider_name,
      slug: r.provider_slug,
      verified: r.provider_verified,
      since: toIsoTimestamp(r.provider_since),
      services: r.provider_services ?? [],
      location: r.provider_location ?? '',
    },
    distanceKm: r.distance_km == null ? null : Number(r.distance_km),
    message: r.message,
    priceMinimum: Number(r.price_minimum),
    priceMaximum: Number(r.price_maximum),
    leadTimeDays: r.lead_time_days,
    shortlisted: r.shortlisted,
    awarded: r.awarded,
    createdAt: toIsoTimestamp(r.created_at),
    updatedAt: toIsoTimestamp(r.updated_at),
    attachments: r.attachments.map((a) => ({ id: String(a.id), filename: a.filename, mimeType: a.mime_type, size: Number(a.size_bytes), createdAt: toIsoTimestamp(a.created_at) })),
    clarifications: r.clarifications.map((c) => ({ id: String(c.id), message: c.message, createdAt: toIsoTimestamp(c.created_at) })),
  };
}

const forResponder = ({ shortlisted: _s, ...rest }: TenderResponse) => rest;

/** Whether a tender takes responses now, by server time. */
const takesResponses = (tender: Tender, now: Date) =>
  tender.stage === 'active' && tender.status === 'open' && (!tender.closingDate || new Date(tender.closingDate).getTime() > now.getTime());

/** The reason the caller may not respond, or null. */
async function refusalFor(ctx: Ctx, tender: Tender, user: UserRow, providers: Array<{ id: string }>): Promise<string | null> {
  if (tender.userId === user.id) return M.responseOwnTender;
  if (tender.source !== 'Solar Manager') return M.notOpen;
  if (!takesResponses(tender, ctx.clock.now())) return M.responseClosed;
  if (providers.length === 0) return M.responseNeedsProvider;
  if (tender.type === 'private') {
    const invited = await Promise.all(providers.map((p) => repo.isInvited(ctx.database, tender.id, p.id, user.id)));
    if (!invited.some(Boolean)) return M.responseNotInvited;
  }
  return null;
}

export async function getMyResponses(ctx: Ctx, user: UserRow, id: string) {
  const tender = await getTender(ctx, id, user);
  const providers = await repo.listOwnedProviders(ctx.database, user.id);
  const responses = await repo.listResponsesOfUser(ctx.database, id, user.id);
  return {
    responses: responses.map((r) => forResponder(toResponse(r))),
    providers,
    refusal: await refusalFor(ctx, tender, user, providers),
    receipts: await listReceipts(ctx, id, user.id),
  };
}

/** Refuses, at commit, a change to a response once the tender no longer takes them (by the server's clock). */
async function stillTakesResponses(tx: Parameters<typeof lockTenderState>[0], id: string, now: Date) {
  const state = await lockTenderState(tx, id, now);
  if (!state || state.stage !== 'active' || !state.open) throw new AppError('CONFLICT', M.responseClosed);
}

/**
 * Submits or edits the one response of the caller's provider (an upsert: a provider never has two).
 * Refused after the closing date by server time, from the owner, from a user without a provider
 * profile, and, for a private tender, from providers not invited.
 */
export async function submitResponse(ctx: Ctx, user: UserRow, id: string, body: z.output<typeof tenderResponseBody>) {
  const tender = await getTender(ctx, id, user);
  const providers = await repo.listOwnedProviders(ctx.database, user.id);
  const refusal = await refusalFor(ctx, tender, user, providers);
  if (refusal) throw new AppError(refusal === M.responseClosed || refusal === M.notOpen ? 'CONFLICT' : 'FORBIDDEN', refusal);
  requireVerifiedEmail(user, 'tender-response');
  const provider = body.providerId ? providers.find((p) => p.id === body.providerId) : providers.length === 1 ? providers[0] : undefined;
  if (!provider) throw new AppError('BAD_REQUEST', M.chooseProvider);
  if (tender.type === 'private' && !(await repo.isInvited(ctx.database, id, provider.id, user.id))) throw new AppError('FORBIDDEN', M.responseNotInvited);

  const owner = await findOwnerContact(ctx.database, id);
  // One transaction (decision 0470): the response, its History entry, its e-receipt and the mails
  // exist together or not at all, judged by the tender's state at commit.
  const { responseId, updated, receipt } = await ctx.database.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    await stillTakesResponses(tx, id, now);
    const values = { userId: user.id, message: body.message, priceMinimum: body.priceMinimum, priceMaximum: body.priceMaximum, leadTimeDays: body.leadTimeDays, at: now };
    let responseId = await repo.findResponseId(tx, id, provider.id);
    const updated = !!responseId;
    if (responseId) await repo.updateResponse(tx, responseId, values);
    else {
      responseId = await repo.insertResponse(tx, { tenderId: id, providerId: provider.id, ...values });
      // Another request for the same provider got in first: this one edits it.
      if (!responseId) {
        responseId = await repo.findResponseId(tx, id, provider.id);
        if (!responseId) throw new Error('a response neither inserted nor found');
        await repo.updateResponse(tx, responseId, values);
      }
    }
    if (!responseId) throw new Error('a response neither inserted nor found');
    await insertEvent(tx, { tenderId: id, actorId: user.id, kind: updated ? 'response-updated' : 'response-submitted', subject: provider.name, at: now });
    const kind = updated ? 'updated' : 'submitted';
    // A response is the invitee's reply: it stands as intending to respond (decision 0514), not declined.
    await biddersRepo.upsertIntents(tx, id, await biddersRepo.inviteeKeysOf(tx, id, user.id), { intent: 'responding', reason: null, userId: user.id, at: now });
    const receipt = await issueReceipt(tx, ctx, { tender, responseId, providerName: provider.name, user, kind, at: now });
    // The owner is told that one arrived and how many there are: never who, nor the price (sealed, decision 0512).
    if (owner) await queueMail(tx, tenderBidderMails.responseActivity(owner, tender, kind, await repo.countResponses(tx, id), ctx.env.PUBLIC_URL), 'tender-response');
    return { responseId, updated, receipt };
  });
  const saved = (await repo.findResponse(ctx.database, id, responseId))!;
  return { message: updated ? M.responseUpdated : M.responseSubmitted, data: forResponder(toResponse(saved)), receipt };
}

/**
 * Responses side by side: the owner and admins only. Sealed until the closing time by the server's
 * clock (decision 0512): until then only how many arrived and when, and no response row is read.
 */
export async function listResponses(ctx: Ctx, user: UserRow, id: string) {
  const tender = await tenderForOwner(ctx, id, user, { adminMayRead: true });
  if (isSealed(tender, ctx.clock.now())) {
    const arrivals = await repo.listArrivals(ctx.database, id);
    return {
      data: [],
      sealed: {
        closesAt: tender.closingDate,
        count: arrivals.length,
        arrivals: arrivals.map((a) => ({ receivedAt: toIsoTimestamp(a.created_at), updatedAt: toIsoTimestamp(a.updated_at) })),
      },
    };
  }
  return { data: (await repo.listResponses(ctx.database, id)).map(toResponse), sealed: null };
}

async function ownResponse(ctx: Ctx, user: UserRow, id: string, responseId: string) {
  const tender = await getTender(ctx, id, user);
  const response = isUuid(responseId) ? await repo.findResponse(ctx.database, id, responseId) : undefined;
  const mine = response && (await repo.listResponsesOfUser(ctx.database, id, user.id)).some((r) => r.id === response.id);
  if (!response || !mine) throw new AppError('NOT_FOUND', M.responseNotFound);
  if (!takesResponses(tender, ctx.clock.now())) throw new AppError('CONFLICT', M.responseClosed);
  return { tender, response };
}

/** What the responder may still attach (checked before the body is read). */
export async function attachmentRoom(ctx: Ctx, user: UserRow, id: string, responseId: string) {
  const { response } = await ownResponse(ctx, user, id, responseId);
  const files = TENDER_RESPONSE_MAX_FILES - response.attachments.length;
  if (files <= 0) throw new AppError('BAD_REQUEST', M.tooManyResponseFiles);
  const bytes = response.attachments.reduce((sum, a) => sum + Number(a.size_bytes), 0);
  return { files, bytes: TENDER_RESPONSE_MAX_TOTAL_BYTES - bytes, tooMany: M.tooManyResponseFiles };
}

/**
 * Stores the files, then in one transaction checks again what the upload was let in on (issue 25
 * findings 4 and 8): the response still exists (a withdrawal during the upload wins, and the files
 * go), the tender still takes responses by the server's clock at commit (not awarded, cancelled or
 * past its closing date), and the totals still fit.
 */
export async function addAttachments(ctx: Ctx, user: UserRow, id: string, responseId: string, files: TenderFile[]) {
  const { tender, response } = await ownResponse(ctx, user, id, responseId);
  // Each file's SHA-256 from the bytes as uploaded: the e-receipt hashes them (decision 0513).
  const hashes = files.map((f) => sha256Hex(f.bytes));
  await storePrivateFiles(ctx, files, (stored) =>
    ctx.database.db.transaction(async (tx) => {
      const now = ctx.clock.now();
      const held = await repo.lockResponseFiles(tx, id, responseId);
      if (!held) throw new AppError('NOT_FOUND', M.responseNotFound);
      await stillTakesResponses(tx, id, now);
      if (held.files + stored.length > TENDER_RESPONSE_MAX_FILES) throw new AppError('BAD_REQUEST', M.tooManyResponseFiles);
      if (held.bytes + stored.reduce((sum, f) => sum + f.sizeBytes, 0) > TENDER_RESPONSE_MAX_TOTAL_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', M.filesTooLarge);
      await repo.insertAttachments(tx, responseId, user.id, stored.map((f, i) => ({ ...f, sha256: hashes[i]! })), now);
      await issueReceipt(tx, ctx, { tender, responseId, providerName: response.provider_name, user, kind: 'updated', at: now });
    }),
  );
  const saved = await repo.findResponse(ctx.database, id, responseId);
  if (!saved) throw new AppError('NOT_FOUND', M.responseNotFound);
  return toResponse(saved).attachments;
}

export async function deleteAttachment(ctx: Ctx, user: UserRow, id: string, responseId: string, attachmentId: string) {
  const { tender, response } = await ownResponse(ctx, user, id, responseId);
  if (!isUuid(attachmentId)) throw new AppError('NOT_FOUND', M.attachmentNotFound);
  const key = await ctx.database.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    await stillTakesResponses(tx, id, now);
    const key = await repo.deleteAttachment(tx, responseId, attachmentId);
    if (!key) throw new AppError('NOT_FOUND', M.attachmentNotFound);
    await issueReceipt(tx, ctx, { tender, responseId, providerName: response.provider_name, user, kind: 'updated', at: now });
    return key;
  });
  await purgeUnownedFiles(ctx, { storageClass: 'private', keys: [key] });
}

/**
 * The responder withdraws their response before the closing date (decision 0406): the row, its
 * attachments (and their files) and clarifications go; the owner is told. An awarded response
 * cannot be withdrawn (the tender no longer takes responses by then).
 */
export async function withdrawResponse(ctx: Ctx, user: UserRow, id: string, responseId: string) {
  const { tender, response } = await ownResponse(ctx, user, id, responseId);
  const owner = await findOwnerContact(ctx.database, id);
  const { keys, receipt } = await ctx.database.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    await stillTakesResponses(tx, id, now);
    // The receipt hashes what is withdrawn, so it is issued before the row goes.
    const receipt = await issueReceipt(tx, ctx, { tender, responseId: response.id, providerName: response.provider_name, user, kind: 'withdrawn', at: now });
    const keys = await repo.deleteResponse(tx, id, response.id);
    if (!keys) throw new AppError('NOT_FOUND', M.responseNotFound);
    await insertEvent(tx, { tenderId: id, actorId: user.id, kind: 'response-withdrawn', subject: response.provider_name, at: now });
    if (owner) await queueMail(tx, tenderBidderMails.responseActivity(owner, tender, 'withdrawn', await repo.countResponses(tx, id), ctx.env.PUBLIC_URL), 'tender-response-withdrawn');
    return { keys, receipt };
  });
  await purgeUnownedFiles(ctx, { storageClass: 'private', keys });
  return { message: M.responseWithdrawn, receipt };
}

/** An attachment, to the tender's owner, admins and the responder only (through the stored-file record). */
export async function openAttachment(ctx: Ctx, user: UserRow, id: string, responseId: string, attachmentId: string) {
  const tender = await getTender(ctx, id, user);
  const response = isUuid(responseId) ? await repo.findResponse(ctx.database, id, responseId) : undefined;
  const manager = tender.userId === user.id || user.isAdmin;
  const mine = response && (await repo.listResponsesOfUser(ctx.database, id, user.id)).some((r) => r.id === response.id);
  // An invited evaluator (decision 0557) reads them as the owner does, once declared free of conflict;
  // one who declared a conflict no longer sees the tender at all (getTender's 404 above).
  const evaluator = manager || mine ? undefined : await evaluationRepo.findEvaluator(ctx.database, id, user.id);
  if (!response || !(manager || mine || evaluator)) throw new AppError('NOT_FOUND', M.attachmentNotFound);
  const attachment = response.attachments.find((a) => String(a.id) === attachmentId);
  if (!attachment || !(await tenderRowOwnsFile(ctx.database.db, { attachmentId: attachment.id }, attachment.storage_key))) {
    throw new AppError('NOT_FOUND', M.attachmentNotFound);
  }
  if (evaluator && evaluator.declaration !== 'no-conflict') throw new AppError('FORBIDDEN', EM.declarationFirst);
  // Sealed until the closing time (decision 0512): the bidder alone reads its files before then.
  if (!mine && isSealed(tender, ctx.clock.now())) throw new AppError('CONFLICT', S.attachmentSealed);
  const file = await ctx.storage.open('private', attachment.storage_key);
  if (!file) throw new AppError('NOT_FOUND', M.attachmentNotFound);
  return { ...file, filename: attachment.filename, mimeType: attachment.mime_type };
}

/** Shortlisting is evaluation: done until the award (issue 27 defect 11), not after it or a cancellation. */
export async function setShortlisted(ctx: Ctx, user: UserRow, id: string, responseId: string, shortlisted: boolean) {
  const tender = await tenderForOwner(ctx, id, user);
  if (tender.stage !== 'active') throw stateError(tender);
  if (isSealed(tender, ctx.clock.now())) throw new AppError('CONFLICT', S.sealedAction);
  const response = isUuid(responseId) ? await repo.findResponse(ctx.database, id, responseId) : undefined;
  if (!response || !(await repo.setShortlisted(ctx.database.db, id, responseId, shortlisted))) throw new AppError('NOT_FOUND', M.responseNotFound);
  if (response.shortlisted !== shortlisted) {
    await insertEvent(ctx.database.db, { tenderId: id, actorId: user.id, kind: shortlisted ? 'shortlisted' : 'unshortlisted', subject: response.provider_name, at: ctx.clock.now() });
  }
  return { shortlisted };
}

export async function requestClarification(ctx: Ctx, user: UserRow, id: string, responseId: string, message: string) {
  const tender = await tenderForOwner(ctx, id, user);
  // A clarification changes a response: nothing to change once the tender is awarded or cancelled.
  if (tender.stage !== 'active') throw stateError(tender);
  if (isSealed(tender, ctx.clock.now())) throw new AppError('CONFLICT', S.sealedAction);
  const response = isUuid(responseId) ? await repo.findResponse(ctx.database, id, responseId) : undefined;
  if (!response) throw new AppError('NOT_FOUND', M.responseNotFound);
  // The responder is told if they may still see the tender (decision 0441), in the request's transaction.
  const to = response.owner_id && response.owner_email ? [{ id: String(response.owner_id), email: response.owner_email, name: response.owner_name ?? response.provider_name }] : [];
  const told = await mayBeTold(ctx, id, to);
  await ctx.database.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const number = await repo.insertClarification(tx, response.id, message, now);
    await insertEvent(tx, { tenderId: id, actorId: user.id, kind: 'clarification-requested', subject: response.provider_name, at: now });
    // What the bidder can do now: responses are closed, so they reply in the log (decision 0524).
    const reference = number == null ? null : clarificationReference(Number(number));
    await queueAll(tx, told.map((r) => mails.clarification(r, tender, response.provider_name, message, reference, ctx.env.PUBLIC_URL)), 'tender-clarification');
  });
  return { success: true as const, message: M.clarificationSent };
}

