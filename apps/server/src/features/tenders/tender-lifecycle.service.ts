import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import {
  TENDER_DEFAULT_OPEN_DAYS,
  TENDER_DOCUMENT_MAX_FILES,
  TENDER_DOCUMENTS_MAX_TOTAL_BYTES,
  TENDER_LIFECYCLE_MESSAGES as M,
  TENDER_MAX_EMAIL_INVITATIONS,
  TENDER_MAX_OPEN_DAYS,
  TENDER_FIELD_LABELS,
} from '@solar/shared/constants/tender-lifecycle';
import { START_TIME_LABELS, TENDER_MESSAGES, type StartTimePreference } from '@solar/shared/constants/tenders';
import type { Tender } from '@solar/shared/contracts/tenders';
import type { updateTenderBody } from '@solar/shared/contracts/tender-lifecycle';
import type { NewTenderRow, TenderEventKind, UserRow } from '../../db/rows';
import { isUuid, toIsoTimestamp, toIsoTimestampOrNull } from '../../db/sql-helpers';
import type { AppContext } from '../../plugins/context';
import { hashToken, requireVerifiedEmail } from '../../plugins/auth';
import { AppError } from '../../platform/errors';
import { sendInBackground, type MailMessage } from '../../platform/mail';
import { purgeUnownedFiles, tenderRowOwnsFile } from '../../platform/stored-files';
import { tenderLifecycleMails as mails, type Recipient } from './tender-lifecycle.mail';
import type { TenderFile } from './tender-files';
import * as repo from './tender-lifecycle.repository';
import * as responsesRepo from './tender-responses.repository';
import { getTender } from './tender-read.service';
import { findOwnerContact } from './tenders.repository';

type Ctx = Pick<AppContext, 'database' | 'clock' | 'mailer' | 'env' | 'log' | 'storage'>;
const DAY_MS = 86_400_000;

/** Mail is sent after the commit, in the background; a failure is logged and undoes nothing. */
export function sendAll(ctx: Ctx, messages: MailMessage[], kind: string) {
  for (const message of messages) void sendInBackground(ctx, message, kind);
}

const isOwner = (tender: Tender, user: UserRow) => tender.userId === user.id;

/** A tender the caller may see and manage (owner; admins for reads). Others get the same 404 as for an unknown id. */
export async function tenderForOwner(ctx: Ctx, id: string, user: UserRow, opts: { adminMayRead?: boolean } = {}) {
  const tender = await getTender(ctx, id, user);
  if (isOwner(tender, user) || (opts.adminMayRead && user.isAdmin)) return tender;
  throw new AppError('NOT_FOUND', TENDER_MESSAGES.notFound);
}

/** The closing date an owner asks for: in the future by server time, within a year (decision 0400). */
export function checkClosingDate(iso: string, now: Date): Date {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime()) || date.getTime() <= now.getTime()) throw new AppError('BAD_REQUEST', M.closingInPast);
  if (date.getTime() > now.getTime() + TENDER_MAX_OPEN_DAYS * DAY_MS) throw new AppError('BAD_REQUEST', M.closingTooFar);
  return date;
}

export const defaultClosingDate = (now: Date) => new Date(now.getTime() + TENDER_DEFAULT_OPEN_DAYS * DAY_MS);

/** The site: an asset fills the place, its point and capacity where the brief leaves them empty. */
export async function siteFromAsset(ctx: Ctx, assetId: number | null | undefined) {
  if (assetId == null) return null;
  const asset = await repo.findAsset(ctx.database, assetId);
  if (!asset) throw new AppError('BAD_REQUEST', 'Choose an asset from the list');
  return {
    location: [asset.site_name, asset.county].filter(Boolean).join(', '),
    latitude: asset.latitude,
    longitude: asset.longitude,
    capacityMw: asset.installed_capacity,
  };
}

const stateError = (tender: Tender) => new AppError('CONFLICT', tender.stage === 'cancelled' || tender.stage === 'awarded' ? M.notEditable : M.notOpen);

// ---- Edit ----

type UpdateBody = z.output<typeof updateTenderBody>;


const shown = (field: string, value: unknown): string => {
  if (value == null || value === '') return '(none)';
  if (value instanceof Date) return value.toISOString().slice(0, field === 'startDate' ? 10 : 16).replace('T', ' ');
  if (field === 'startTimePreference') return START_TIME_LABELS[value as StartTimePreference] ?? String(value);
  if (field === 'description') return String(value).length > 200 ? `${String(value).slice(0, 200)}…` : String(value);
  return String(value);
};

/**
 * Edits the brief (decision 0401). A draft changes quietly. After publication every changed field
 * is recorded in the audit (from → to) and invitees and responders are mailed what changed.
 */
export async function updateTender(ctx: Ctx, user: UserRow, id: string, body: UpdateBody) {
  const tender = await tenderForOwner(ctx, id, user);
  if (tender.stage === 'cancelled' || tender.stage === 'awarded') throw stateError(tender);
  const now = ctx.clock.now();
  const row = (await repo.findEditableRow(ctx.database.db, id))!;
  const site = body.siteAssetId !== undefined && body.siteAssetId !== row.siteAssetId ? await siteFromAsset(ctx, body.siteAssetId) : undefined;

  const next: Partial<NewTenderRow> = {};
  const set = <K extends keyof NewTenderRow>(key: K, value: NewTenderRow[K] | undefined) => {
    if (value !== undefined) next[key] = value;
  };
  set('title', body.title);
  set('service', body.service);
  set('description', body.description);
  set('location', body.location === undefined ? undefined : body.location || null);
  set('latitude', body.latitude);
  set('longitude', body.longitude);
  set('searchRadius', body.searchRadius);
  set('startTimePreference', body.startTimePreference);
  if (body.closingDate !== undefined) next.closingDate = checkClosingDate(body.closingDate, now);
  if (body.startDate !== undefined) next.startDate = body.startDate ? new Date(`${body.startDate}T00:00:00Z`) : null;
  set('valueMinimum', body.budgetMinimum);
  set('valueMaximum', body.budgetMaximum);
  set('contactName', body.contactName);
  set('contactEmail', body.contactEmail);
  set('contactPhone', body.contactPhone);
  if (body.siteAssetId !== undefined) {
    next.siteAssetId = body.siteAssetId;
    if (site === null) next.siteCapacityMw = null;
    if (site) {
      next.siteCapacityMw = site.capacityMw;
      if (!body.location) {
        next.location = site.location;
        next.latitude = site.latitude;
        next.longitude = site.longitude;
      }
    }
  }
  const minimum = next.valueMinimum !== undefined ? next.valueMinimum : row.valueMinimum;
  const maximum = next.valueMaximum !== undefined ? next.valueMaximum : row.valueMaximum;
  if (minimum != null && maximum != null && maximum < minimum) throw new AppError('BAD_REQUEST', M.budgetRange);

  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const [key, value] of Object.entries(next) as Array<[keyof NewTenderRow, unknown]>) {
    const before = row[key as keyof typeof row];
    const same = before instanceof Date && value instanceof Date ? before.getTime() === value.getTime() : before === value;
    if (!same) changes[key] = { from: before ?? null, to: value ?? null };
  }
  if (Object.keys(changes).length === 0) return { tender, message: M.edited };

  const published = tender.stage !== 'draft';
  await ctx.database.db.transaction(async (tx) => {
    await repo.updateTenderRow(tx, id, { ...next, updatedAt: now });
    if (published) await repo.insertEvent(tx, { tenderId: id, actorId: user.id, kind: 'edited', changes, at: now });
  });
  if (published) {
    const lines = Object.entries(changes).map(([key, c]) => `${TENDER_FIELD_LABELS[key] ?? key}: ${shown(key, c.from)} → ${shown(key, c.to)}`);
    const people = await repo.listParticipants(ctx.database, id);
    sendAll(ctx, people.map((p) => mails.edited(p, tender, lines, ctx.env.PUBLIC_URL)), 'tender-edited');
  }
  return { tender: await getTender(ctx, id, user), message: M.edited };
}

// ---- State changes ----

/** Publishes a draft: its closing date must still be ahead; invitations are mailed now (decision 0400). */
export async function publishTender(ctx: Ctx, user: UserRow, id: string, notify: (tenderId: string) => Promise<void>) {
  requireVerifiedEmail(user, 'tender');
  const tender = await tenderForOwner(ctx, id, user);
  if (tender.stage !== 'draft') throw new AppError('CONFLICT', M.notDraft);
  const now = ctx.clock.now();
  const closing = tender.closingDate ? checkClosingDate(tender.closingDate, now) : defaultClosingDate(now);
  if (tender.type === 'private' && tender.invitedProviders.length === 0 && (await repo.listEmailInvitations(ctx.database, id)).length === 0) {
    throw new AppError('BAD_REQUEST', TENDER_MESSAGES.inviteRequired);
  }
  await ctx.database.db.transaction(async (tx) => {
    await repo.updateTenderRow(tx, id, { stage: 'active', publishedDate: now, closingDate: closing, updatedAt: now });
    await repo.insertEvent(tx, { tenderId: id, actorId: user.id, kind: 'published', at: now });
  });
  await notify(id);
  return { tender: await getTender(ctx, id, user), message: M.published };
}

async function tellParticipants(ctx: Ctx, id: string, kind: string, build: (to: Recipient) => MailMessage) {
  const people = await repo.listParticipants(ctx.database, id);
  sendAll(ctx, people.map(build), kind);
}

async function change(ctx: Ctx, user: UserRow, id: string, kind: TenderEventKind, values: Partial<NewTenderRow>, extra: { reason?: string; changes?: Record<string, unknown> } = {}) {
  const now = ctx.clock.now();
  await ctx.database.db.transaction(async (tx) => {
    await repo.updateTenderRow(tx, id, { ...values, updatedAt: now });
    await repo.insertEvent(tx, { tenderId: id, actorId: user.id, kind, at: now, ...extra });
  });
}

/** A later closing date; reopens a tender that closed by date (not one closed by award or cancellation). */
export async function extendTender(ctx: Ctx, user: UserRow, id: string, closingDateIso: string) {
  const tender = await tenderForOwner(ctx, id, user);
  if (tender.stage !== 'active') throw stateError(tender);
  const now = ctx.clock.now();
  const closing = checkClosingDate(closingDateIso, now);
  if (tender.closingDate && closing.getTime() <= new Date(tender.closingDate).getTime()) throw new AppError('BAD_REQUEST', M.extendNotLater);
  await change(ctx, user, id, 'extended', { closingDate: closing }, { changes: { closingDate: { from: tender.closingDate, to: closing.toISOString() } } });
  await tellParticipants(ctx, id, 'tender-extended', (to) => mails.extended(to, tender, closing.toISOString(), ctx.env.PUBLIC_URL));
  return { tender: await getTender(ctx, id, user), message: M.extended };
}

/** Closes an open tender now: its closing date becomes the current server time. */
export async function closeTenderEarly(ctx: Ctx, user: UserRow, id: string) {
  const tender = await tenderForOwner(ctx, id, user);
  if (tender.stage !== 'active') throw stateError(tender);
  if (tender.status !== 'open') throw new AppError('CONFLICT', M.alreadyClosed);
  const now = ctx.clock.now();
  await change(ctx, user, id, 'closed-early', { closingDate: now }, { changes: { closingDate: { from: tender.closingDate, to: now.toISOString() } } });
  await tellParticipants(ctx, id, 'tender-closed', (to) => mails.closedEarly(to, tender, ctx.env.PUBLIC_URL));
  return { tender: await getTender(ctx, id, user), message: M.closedEarly };
}

export async function cancelTender(ctx: Ctx, user: UserRow, id: string, reason: string) {
  const tender = await tenderForOwner(ctx, id, user);
  if (tender.stage === 'cancelled' || tender.stage === 'awarded') throw stateError(tender);
  await change(ctx, user, id, 'cancelled', { stage: 'cancelled', cancelReason: reason }, { reason });
  if (tender.stage !== 'draft') await tellParticipants(ctx, id, 'tender-cancelled', (to) => mails.cancelled(to, tender, reason, ctx.env.PUBLIC_URL));
  return { tender: await getTender(ctx, id, user), message: M.cancelled };
}

/** Awards one response (decision 0401): the tender is awarded; every responder is told the outcome. */
export async function awardTender(ctx: Ctx, user: UserRow, id: string, responseId: string) {
  const tender = await tenderForOwner(ctx, id, user);
  if (tender.stage !== 'active') throw stateError(tender);
  const winner = isUuid(responseId) ? await responsesRepo.findResponse(ctx.database, id, responseId) : undefined;
  if (!winner) throw new AppError('NOT_FOUND', M.responseNotFound);
  const now = ctx.clock.now();
  const min = Number(winner.price_minimum);
  const max = Number(winner.price_maximum);
  await change(
    ctx,
    user,
    id,
    'awarded',
    { stage: 'awarded', awardedResponseId: responseId, awardSupplier: winner.provider_name, awardValue: min === max ? min : null, awardDate: now },
    { changes: { responseId: { from: null, to: responseId } } },
  );
  const responses = await responsesRepo.listResponses(ctx.database, id);
  const messages = responses
    .filter((r) => r.owner_email)
    .map((r) => mails.outcome({ email: r.owner_email!, name: r.owner_name ?? r.provider_name }, tender, r.provider_name, r.id === responseId, winner.provider_name, ctx.env.PUBLIC_URL));
  sendAll(ctx, messages, 'tender-outcome');
  return { tender: await getTender(ctx, id, user), message: M.awarded };
}

export async function listEvents(ctx: Ctx, user: UserRow, id: string) {
  await tenderForOwner(ctx, id, user, { adminMayRead: true });
  const rows = await repo.listEvents(ctx.database, id);
  return rows.map((r) => ({
    id: String(r.id),
    kind: r.kind,
    actor: r.actor_name ? { name: r.actor_name } : null,
    reason: r.reason,
    changes: r.changes ?? {},
    createdAt: toIsoTimestamp(r.created_at),
  }));
}

// ---- Documents (decision 0402) ----

const toStored = (d: { id: string; filename: string; mimeType: string; sizeBytes: number; createdAt: Date | string }) => ({
  id: String(d.id),
  filename: d.filename,
  mimeType: d.mimeType,
  size: Number(d.sizeBytes),
  createdAt: toIsoTimestamp(d.createdAt),
});

/** Documents follow the tender's visibility: a private tender's to its owner, invitees and admins; an open one's to signed-in users. */
export async function listDocuments(ctx: Ctx, user: UserRow, id: string) {
  await getTender(ctx, id, user);
  return (await repo.listDocuments(ctx.database.db, id)).map(toStored);
}

/** What the owner may still attach: checked before the body is read, and again by the totals after. */
export async function documentRoom(ctx: Ctx, user: UserRow, id: string) {
  const tender = await tenderForOwner(ctx, id, user);
  if (tender.stage === 'cancelled' || tender.stage === 'awarded') throw stateError(tender);
  const existing = await repo.listDocuments(ctx.database.db, id);
  const bytes = existing.reduce((sum, d) => sum + Number(d.sizeBytes), 0);
  const files = TENDER_DOCUMENT_MAX_FILES - existing.length;
  if (files <= 0) throw new AppError('BAD_REQUEST', M.tooManyFiles);
  return { files, bytes: TENDER_DOCUMENTS_MAX_TOTAL_BYTES - bytes, tooMany: M.tooManyFiles };
}

/** Stores checked files privately, then their rows and owner records in one transaction (decision 0330). */
export async function storePrivateFiles<T>(ctx: Ctx, files: TenderFile[], write: (stored: Array<{ filename: string; mimeType: string; storageKey: string; sizeBytes: number }>) => Promise<T>) {
  const written: string[] = [];
  try {
    const stored = [];
    for (const file of files) {
      const put = await ctx.storage.put('private', file.bytes, file.extension);
      written.push(put.key);
      stored.push({ filename: file.filename, mimeType: file.mime, storageKey: put.key, sizeBytes: put.size });
    }
    return await write(stored);
  } catch (error) {
    // Never a file without its row.
    await Promise.all(written.map((key) => ctx.storage.delete('private', key).catch(() => undefined)));
    throw error;
  }
}

export async function addDocuments(ctx: Ctx, user: UserRow, id: string, files: TenderFile[]) {
  const now = ctx.clock.now();
  await storePrivateFiles(ctx, files, (stored) =>
    ctx.database.db.transaction(async (tx) => {
      // The totals again inside the transaction: two uploads at once cannot pass the limits together.
      const existing = await repo.listDocuments(tx, id);
      if (existing.length + stored.length > TENDER_DOCUMENT_MAX_FILES) throw new AppError('BAD_REQUEST', M.tooManyFiles);
      const total = [...existing, ...stored].reduce((sum, d) => sum + Number(d.sizeBytes), 0);
      if (total > TENDER_DOCUMENTS_MAX_TOTAL_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', M.filesTooLarge);
      await repo.insertDocuments(tx, id, user.id, stored, now);
    }),
  );
  return (await repo.listDocuments(ctx.database.db, id)).map(toStored);
}

export async function openDocument(ctx: Ctx, user: UserRow, id: string, documentId: string) {
  await getTender(ctx, id, user);
  const doc = (await repo.listDocuments(ctx.database.db, id)).find((d) => String(d.id) === documentId);
  if (!doc || !(await tenderRowOwnsFile(ctx.database.db, { documentId: doc.id }, doc.storageKey))) throw new AppError('NOT_FOUND', M.documentNotFound);
  const file = await ctx.storage.open('private', doc.storageKey);
  if (!file) throw new AppError('NOT_FOUND', M.documentNotFound);
  return { ...file, filename: doc.filename, mimeType: doc.mimeType };
}

export async function deleteDocument(ctx: Ctx, user: UserRow, id: string, documentId: string) {
  const tender = await tenderForOwner(ctx, id, user);
  if (tender.stage === 'cancelled' || tender.stage === 'awarded') throw stateError(tender);
  const key = isUuid(documentId) ? await repo.deleteDocument(ctx.database.db, id, documentId) : undefined;
  if (!key) throw new AppError('NOT_FOUND', M.documentNotFound);
  await purgeUnownedFiles(ctx, { storageClass: 'private', keys: [key] });
}

// ---- Questions and answers (decision 0401) ----

const toQuestion = (q: Awaited<ReturnType<typeof repo.listQuestions>>[number], viewer: UserRow) => ({
  id: String(q.id),
  question: q.question,
  answer: q.answer,
  answeredAt: toIsoTimestampOrNull(q.answered_at),
  createdAt: toIsoTimestamp(q.created_at),
  mine: q.asker_id === viewer.id,
});

export async function listQuestions(ctx: Ctx, user: UserRow, id: string) {
  const tender = await getTender(ctx, id, user);
  const manager = isOwner(tender, user) || user.isAdmin;
  const rows = await repo.listQuestions(ctx.database, id);
  return rows.filter((q) => q.answer !== null || manager || q.asker_id === user.id).map((q) => toQuestion(q, user));
}

export async function askQuestion(ctx: Ctx, user: UserRow, id: string, question: string) {
  const tender = await getTender(ctx, id, user);
  if (isOwner(tender, user)) throw new AppError('FORBIDDEN', M.ownQuestion);
  if (tender.stage !== 'active' || tender.status !== 'open') throw new AppError('CONFLICT', M.notOpen);
  requireVerifiedEmail(user, 'tender-response');
  const row = await repo.insertQuestion(ctx.database.db, { tenderId: id, askerId: user.id, question, at: ctx.clock.now() });
  const owner = await findOwnerContact(ctx.database, id);
  if (owner) sendAll(ctx, [mails.questionAsked(owner, tender, question, ctx.env.PUBLIC_URL)], 'tender-question');
  return {
    message: M.questionSent,
    data: toQuestion({ id: row.id, asker_id: row.askerId, question: row.question, answer: null, answered_at: null, created_at: row.createdAt }, user),
  };
}

export async function answerQuestion(ctx: Ctx, user: UserRow, id: string, questionId: string, answer: string) {
  const tender = await tenderForOwner(ctx, id, user);
  const row = isUuid(questionId) ? await repo.answerQuestion(ctx.database.db, id, questionId, answer, ctx.clock.now()) : undefined;
  if (!row) throw new AppError('NOT_FOUND', M.questionNotFound);
  await tellParticipants(ctx, id, 'tender-answer', (to) => mails.answerPublished(to, tender, row.question, answer, ctx.env.PUBLIC_URL));
  return {
    message: M.answerPublished,
    data: toQuestion({ id: row.id, asker_id: row.askerId, question: row.question, answer: row.answer, answered_at: row.answeredAt, created_at: row.createdAt }, user),
  };
}

// ---- Invitations by email (decision 0403) ----

export const invitationLink = (publicUrl: string, tenderId: string, token: string) => `${publicUrl}/tender/${tenderId}/respond?invite=${token}`;

/**
 * Records invitations for new addresses and, once the tender is published, mails each its link.
 * Only the token's hash is stored, so links are mailed when they are made: a draft's invitations
 * get their links at publication (`mailDraftInvitations`), which replaces the hash.
 */
export async function inviteByEmail(ctx: Ctx, user: UserRow, id: string, emails: string[]) {
  const tender = await tenderForOwner(ctx, id, user);
  if (tender.stage === 'cancelled' || tender.stage === 'awarded' || (tender.stage === 'active' && tender.status !== 'open')) throw stateError(tender);
  const wanted = [...new Set(emails.map((e) => e.toLowerCase()))].filter((e) => e !== user.email.toLowerCase());
  const already = await repo.countEmailInvitations(ctx.database.db, id);
  if (already + wanted.length > TENDER_MAX_EMAIL_INVITATIONS) throw new AppError('BAD_REQUEST', M.tooManyInvites);
  await issueInvitations(ctx, user, tender, wanted);
  return { message: M.invitesSent, data: await listEmailInvitations(ctx, user, id) };
}

/**
 * Inserts invitations (existing addresses keep theirs) and mails the new ones when the tender is
 * published. `profiles` names the directory profile behind an address the owner did not type: an
 * unclaimed profile invited from the directory, reached at its public email (decision 0404).
 */
export async function issueInvitations(
  ctx: Ctx,
  owner: UserRow,
  tender: Pick<Tender, 'id' | 'title' | 'closingDate' | 'stage'>,
  emails: string[],
  profiles: Array<{ email: string; providerId: string }> = [],
) {
  const own = owner.email.toLowerCase();
  const chosen = profiles.map((p) => ({ ...p, email: p.email.toLowerCase() })).filter((p) => p.email !== own);
  emails = [...new Set([...emails, ...chosen.map((p) => p.email)])];
  if (emails.length === 0) return;
  const now = ctx.clock.now();
  const unclaimed = new Map((await repo.findUnclaimedProvidersByEmail(ctx.database, emails)).map((p) => [p.email, p.id]));
  for (const p of chosen) unclaimed.set(p.email, p.providerId);
  const tokens = new Map(emails.map((email) => [email, randomBytes(32).toString('base64url')]));
  const inserted = await repo.insertEmailInvitations(
    ctx.database.db,
    emails.map((email) => ({ tenderId: tender.id, email, tokenHash: hashToken(tokens.get(email)!), invitedBy: owner.id, providerId: unclaimed.get(email) ?? null, createdAt: now })),
  );
  if (tender.stage === 'draft') return;
  sendAll(
    ctx,
    inserted.map(({ email }) => mails.emailInvitation(email, tender, owner, invitationLink(ctx.env.PUBLIC_URL, tender.id, tokens.get(email)!))),
    'tender-email-invitation',
  );
}

/** At publication: a new link for each invitation not yet redeemed, mailed now. */
export async function mailDraftInvitations(ctx: Ctx, owner: UserRow, tender: Pick<Tender, 'id' | 'title' | 'closingDate'>) {
  const open = (await repo.listEmailInvitations(ctx.database, tender.id)).filter((i) => !i.accepted_by);
  const messages: MailMessage[] = [];
  for (const invitation of open) {
    const token = randomBytes(32).toString('base64url');
    await repo.replaceInvitationToken(ctx.database.db, invitation.id, hashToken(token));
    messages.push(mails.emailInvitation(invitation.email, tender, owner, invitationLink(ctx.env.PUBLIC_URL, tender.id, token)));
  }
  sendAll(ctx, messages, 'tender-email-invitation');
}

export async function listEmailInvitations(ctx: Ctx, user: UserRow, id: string) {
  await tenderForOwner(ctx, id, user, { adminMayRead: true });
  const rows = await repo.listEmailInvitations(ctx.database, id);
  return rows.map((r) => ({ id: String(r.id), email: r.email, createdAt: toIsoTimestamp(r.created_at), accepted: r.accepted_by !== null, responded: r.responded }));
}

/**
 * Redeems a link (decision 0403): the first signed-in account to use it is bound to it, and it
 * keeps working for that account alone; it stops working once the tender no longer takes responses.
 */
export async function acceptInvitation(ctx: Ctx, user: UserRow, token: string) {
  const invitation = await repo.findEmailInvitation(ctx.database.db, hashToken(token));
  if (!invitation) throw new AppError('BAD_REQUEST', M.inviteInvalid);
  if (invitation.acceptedBy && invitation.acceptedBy !== user.id) throw new AppError('CONFLICT', M.inviteUsed);
  const state = await repo.findTenderState(ctx.database, invitation.tenderId, ctx.clock.now());
  if (!state || state.stage !== 'active' || !state.open) throw new AppError('CONFLICT', M.inviteClosed);
  if (!(await repo.acceptEmailInvitation(ctx.database.db, invitation.id, user.id, ctx.clock.now()))) throw new AppError('CONFLICT', M.inviteUsed);
  return { tenderId: String(invitation.tenderId) };
}
