import type { z } from 'zod';
import {
  TENDER_DEFAULT_OPEN_DAYS,
  TENDER_LIFECYCLE_MESSAGES as M,
  TENDER_MAX_OPEN_DAYS,
  TENDER_FIELD_LABELS,
} from '@solar/shared/constants/tender-lifecycle';
import { START_TIME_LABELS, TENDER_MESSAGES, type StartTimePreference } from '@solar/shared/constants/tenders';
import type { updateTenderBody } from '@solar/shared/contracts/tender-lifecycle';
import type { Tender } from '@solar/shared/contracts/tenders';
import { formatDate, formatUkDateTime } from '@solar/shared/domain/format';
import type { NewTenderRow, TenderEventKind, UserRow } from '../../db/rows';
import { isUuid, toIsoTimestamp } from '../../db/sql-helpers';
import type { AppContext } from '../../plugins/context';
import { requireVerifiedEmail } from '../../plugins/auth';
import { AppError } from '../../platform/errors';
import type { MailMessage } from '../../platform/mail';
import { tenderLifecycleMails as mails } from './tender-lifecycle.mail';
import * as invitationsRepo from './tender-invitations.repository';
import { checkInvitationMails, inviteByEmail, plannedInvitationMails, setInvitedProviders } from './tender-invitations.service';
import { findProvidersByIds } from './tenders.repository';
import { mayBeTold, participantMails, queueAll } from './tender-participants.service';
import { isSealed, RESPONSE_EVENT_KINDS } from './tender-sealed';
import * as responsesRepo from './tender-responses.repository';
import { getTender, stateError, tenderForOwner } from './tender-read.service';
import * as eventsRepo from './tender-events.repository';
import * as repo from './tender-state.repository';
import { outcomeLines, recordAward } from './tender-contracts.service';
import { TENDER_STANDSTILL_MIN_DAYS } from '@solar/shared/constants/tender-records';
import { standstillDefaultDays } from '@solar/shared/domain/tender-records';
import type { Executor } from './tenders.repository';

/**
 * A tender's state changes (decision 0401): edit, publish, extend, close early, cancel, award, and
 * the audit every one of them writes. Owner only; admins read the audit.
 */

type Ctx = Pick<AppContext, 'database' | 'clock' | 'mailer' | 'env' | 'log' | 'storage'>;
const DAY_MS = 86_400_000;

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

// ---- Edit ----

type UpdateBody = z.output<typeof updateTenderBody>;

const shown = (field: string, value: unknown): string => {
  if (value == null || value === '') return '(none)';
  // Dates as a UK reader reads them (decision 0444): the day, or the day and time in UK time.
  if (value instanceof Date || field === 'closingDate') return field === 'startDate' ? formatDate(value as Date) : formatUkDateTime(value as Date | string);
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
  const { invitedProviders, inviteEmails, ...brief } = body;
  if (brief.type !== undefined && brief.type !== tender.type && tender.stage !== 'draft') throw new AppError('BAD_REQUEST', M.typeFixed);
  const type = brief.type ?? tender.type;
  // The brief first (who takes part now is told what changed), then who is invited (decision 0447).
  const result = await updateBrief(ctx, user, tender, brief);
  const now = type === tender.type ? result.tender : await getTender(ctx, id, user);
  if (invitedProviders !== undefined || (type === 'open' && now.invitedProviders.length > 0)) {
    await setInvitedProviders(ctx, user, now, type === 'open' ? [] : (invitedProviders ?? now.invitedProviders));
  }
  if (inviteEmails !== undefined && inviteEmails.length > 0) await inviteByEmail(ctx, user, id, inviteEmails);
  return { tender: await getTender(ctx, id, user), message: M.edited };
}

async function updateBrief(ctx: Ctx, user: UserRow, tender: Tender, body: Omit<UpdateBody, 'invitedProviders' | 'inviteEmails'>) {
  const id = tender.id;
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
  set('type', body.type);
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
  const lines = Object.entries(changes).map(([key, c]) => `${TENDER_FIELD_LABELS[key] ?? key}: ${shown(key, c.from)} → ${shown(key, c.to)}`);
  const told = published ? await participantMails(ctx, id, (to) => mails.edited(to, tender, lines, ctx.env.PUBLIC_URL)) : [];
  await ctx.database.db.transaction(async (tx) => {
    await repo.updateTenderRow(tx, id, { ...next, updatedAt: now });
    if (published) await eventsRepo.insertEvent(tx, { tenderId: id, actorId: user.id, kind: 'edited', changes, at: now });
    await queueAll(tx, told, 'tender-edited');
  });
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
  const pending = (await invitationsRepo.listEmailInvitations(ctx.database, id)).filter((i) => !i.accepted_by);
  if (tender.type === 'private' && tender.invitedProviders.length === 0 && pending.length === 0) {
    throw new AppError('BAD_REQUEST', TENDER_MESSAGES.inviteRequired);
  }
  // The draft's invitations are mailed now, and counted now (decision 0442).
  const providers = await findProvidersByIds(ctx.database.db, tender.invitedProviders);
  await checkInvitationMails(ctx, user, plannedInvitationMails(providers, pending.map((i) => i.email), user.email));
  await ctx.database.db.transaction(async (tx) => {
    await repo.updateTenderRow(tx, id, { stage: 'active', publishedDate: now, closingDate: closing, updatedAt: now });
    await eventsRepo.insertEvent(tx, { tenderId: id, actorId: user.id, kind: 'published', at: now });
    // Whom it invites, in the History as when a tender is launched at once (issue 27 defect 11).
    const invited = [...providers.map((p) => p.business_name), ...pending.map((i) => i.email)];
    if (invited.length > 0) await eventsRepo.insertEvent(tx, { tenderId: id, actorId: user.id, kind: 'invited', subject: invited.join(', '), at: now });
  });
  await notify(id);
  return { tender: await getTender(ctx, id, user), message: M.published };
}

/**
 * One state change: the row, its audit entry, what the change adds (`also`) and its mails, queued
 * in the same transaction (decision 0470); mails may read the change's time.
 */
async function change(
  ctx: Ctx,
  user: UserRow,
  id: string,
  kind: TenderEventKind,
  values: Partial<NewTenderRow>,
  extra: { reason?: string; subject?: string; changes?: Record<string, unknown> } = {},
  told: { messages: MailMessage[] | ((now: Date) => MailMessage[]); kind: string } = { messages: [], kind },
  also?: (tx: Executor, now: Date) => Promise<void>,
) {
  const now = ctx.clock.now();
  await ctx.database.db.transaction(async (tx) => {
    await repo.updateTenderRow(tx, id, { ...values, updatedAt: now });
    await eventsRepo.insertEvent(tx, { tenderId: id, actorId: user.id, kind, at: now, ...extra });
    if (also) await also(tx, now);
    await queueAll(tx, typeof told.messages === 'function' ? told.messages(now) : told.messages, told.kind);
  });
}

/** A later closing date; reopens a tender that closed by date (not one closed by award or cancellation). */
export async function extendTender(ctx: Ctx, user: UserRow, id: string, closingDateIso: string) {
  const tender = await tenderForOwner(ctx, id, user);
  if (tender.stage !== 'active') throw stateError(tender);
  const now = ctx.clock.now();
  const closing = checkClosingDate(closingDateIso, now);
  if (tender.closingDate && closing.getTime() <= new Date(tender.closingDate).getTime()) throw new AppError('BAD_REQUEST', M.extendNotLater);
  const messages = await participantMails(ctx, id, (to) => mails.extended(to, tender, closing.toISOString(), ctx.env.PUBLIC_URL));
  await change(ctx, user, id, 'extended', { closingDate: closing }, { changes: { closingDate: { from: tender.closingDate, to: closing.toISOString() } } }, { messages, kind: 'tender-extended' });
  return { tender: await getTender(ctx, id, user), message: M.extended };
}

/**
 * Closes an open tender now: its closing date becomes the current server time, so its sealed
 * responses open (decision 0512). The reason is required and kept in the History.
 */
export async function closeTenderEarly(ctx: Ctx, user: UserRow, id: string, reason: string) {
  const tender = await tenderForOwner(ctx, id, user);
  if (tender.stage !== 'active') throw stateError(tender);
  if (tender.status !== 'open') throw new AppError('CONFLICT', M.alreadyClosed);
  const now = ctx.clock.now();
  const messages = await participantMails(ctx, id, (to) => mails.closedEarly(to, tender, ctx.env.PUBLIC_URL));
  await change(ctx, user, id, 'closed-early', { closingDate: now }, { reason, changes: { closingDate: { from: tender.closingDate, to: now.toISOString() } } }, { messages, kind: 'tender-closed' });
  return { tender: await getTender(ctx, id, user), message: M.closedEarly };
}

export async function cancelTender(ctx: Ctx, user: UserRow, id: string, reason: string) {
  const tender = await tenderForOwner(ctx, id, user);
  if (tender.stage === 'cancelled' || tender.stage === 'awarded') throw stateError(tender);
  const messages = tender.stage === 'draft' ? [] : await participantMails(ctx, id, (to) => mails.cancelled(to, tender, reason, ctx.env.PUBLIC_URL));
  await change(ctx, user, id, 'cancelled', { stage: 'cancelled', cancelReason: reason }, { reason }, { messages, kind: 'tender-cancelled' });
  return { tender: await getTender(ctx, id, user), message: M.cancelled };
}

/**
 * Awards one response (decision 0401): the tender is awarded; every responder is told the outcome.
 * Only once responses are closed (issue 27 defect 11): by its closing date, or closed early by the owner.
 */
export async function awardTender(ctx: Ctx, user: UserRow, id: string, responseId: string, feedback: Record<string, string> = {}, chosenDays?: number) {
  const tender = await tenderForOwner(ctx, id, user);
  if (tender.stage !== 'active') throw stateError(tender);
  if (tender.status === 'open') throw new AppError('CONFLICT', M.awardBeforeClosing);
  const winner = isUuid(responseId) ? await responsesRepo.findResponse(ctx.database, id, responseId) : undefined;
  if (!winner) throw new AppError('NOT_FOUND', M.responseNotFound);
  const responses = await responsesRepo.listResponses(ctx.database, id);
  const min = Number(winner.price_minimum);
  const max = Number(winner.price_maximum);
  // Each responder who may still see the tender is told (decision 0441), in the award's transaction.
  const responders = responses.flatMap((r) =>
    r.owner_id && r.owner_email ? [{ id: String(r.owner_id), email: r.owner_email, name: r.owner_name ?? r.provider_name, response: r }] : [],
  );
  const told = await mayBeTold(ctx, id, responders);
  // The owner's choice, else eight working days from today (decision 0559).
  const standstillDays = chosenDays ?? standstillDefaultDays(ctx.clock.now(), TENDER_STANDSTILL_MIN_DAYS);
  await change(
    ctx,
    user,
    id,
    'awarded',
    { stage: 'awarded', awardedResponseId: responseId, awardSupplier: winner.provider_name, awardValue: min === max ? min : null, awardDate: ctx.clock.now() },
    { subject: winner.provider_name, changes: { responseId: { from: null, to: responseId } } },
    {
      messages: (at) =>
        told.map((to) =>
          mails.outcome(to, tender, to.response.provider_name, to.response.id === responseId, winner.provider_name, ctx.env.PUBLIC_URL, outcomeLines(at, standstillDays, id, String(to.response.id), feedback[String(to.response.id)], ctx.env.PUBLIC_URL)),
        ),
      kind: 'tender-outcome',
    },
    // The standstill and the feedback of the letters, in the award's transaction (decisions 0526, 0527).
    (tx, at) => recordAward(tx, { tenderId: id, at, days: standstillDays, feedback, responseIds: responses.map((r) => String(r.id)) }),
  );
  return { tender: await getTender(ctx, id, user), message: M.awarded };
}

/**
 * The audit: the owner and admins. While responses are sealed (decision 0512) the entries of
 * responses say when, not who.
 */
export async function listEvents(ctx: Ctx, user: UserRow, id: string) {
  const tender = await tenderForOwner(ctx, id, user, { adminMayRead: true });
  const sealed = isSealed(tender, ctx.clock.now());
  const rows = await eventsRepo.listEvents(ctx.database, id);
  return rows.map((r) => ({
    id: String(r.id),
    kind: r.kind,
    actor: r.actor_name && !(sealed && RESPONSE_EVENT_KINDS.has(r.kind)) ? { name: r.actor_name } : null,
    reason: r.reason,
    subject: sealed && RESPONSE_EVENT_KINDS.has(r.kind) ? null : r.subject,
    changes: r.changes ?? {},
    createdAt: toIsoTimestamp(r.created_at),
  }));
}
