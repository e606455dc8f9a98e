import {
  type CreateTenderBody,
  type ListPublicTendersQuery,
} from '@solar/shared/contracts/tenders';
import { TENDER_MESSAGES } from '@solar/shared/constants/tenders';
import { DATA_SOURCE_LABELS, TENDER_FEED_IDS } from '@solar/shared/constants/data-sources';
import type { TenderFreshness } from '@solar/shared/contracts/tenders';
import type { z } from 'zod';
import type { createTenderBody } from '@solar/shared/contracts/tenders';
import type { UserRow } from '../../db/rows';
import { isUuid, toIsoTimestamp } from '../../db/sql-helpers';
import type { AppContext } from '../../plugins/context';
import { requireVerifiedEmail } from '../../plugins/auth';
import { AppError } from '../../platform/errors';
import { toTender } from './tenders.mapper';
import { setProfilesAlert } from '../alerts/saved-searches.service';
import * as repo from './tenders.repository';
import { listDataSources } from '../../platform/data-sources.repository';
import { toIsoTimestampOrNull } from '../../db/sql-helpers';
import { checkInvitationMails, issueInvitations, mailDraftInvitations, notifyInvitedOwners, plannedInvitationMails, reachable, unclaimedWithEmail } from './tender-invitations.service';
import * as state from './tender-state.service';
import * as eventsRepo from './tender-events.repository';
import { getTender, type TenderReads } from './tender-read.service';

export { getTender, type TenderReads };

const MINUTE_MS = 60_000;

type Ctx = Pick<AppContext, 'database' | 'clock' | 'mailer' | 'env' | 'log' | 'storage'>;

export async function listPublicTenders(ctx: Ctx, query: ListPublicTendersQuery, now = ctx.clock.now()) {
  const { rows, total } = await repo.listPublicTenders(ctx.database, query, now);
  return {
    data: rows.map((row) => toTender(row)),
    pagination: { page: query.page, pages: Math.ceil(total / query.limit), total, limit: query.limit },
  };
}

const startOfMinute = (now: Date) => new Date(Math.floor(now.getTime() / MINUTE_MS) * MINUTE_MS);

/**
 * The public board and a visitor's view of one tender compute statuses at the start of the current
 * minute (decision 0318), so an answer reads the same for the whole minute and may be kept until it
 * ends (`endOfMinute`): a tender shows as closed at most a minute late.
 */
export const endOfMinute = (now: Date) => new Date(startOfMinute(now).getTime() + MINUTE_MS);

/** GET /api/tenders/public, statuses at the start of the minute. */
export const publicTenders = (ctx: Ctx, query: ListPublicTendersQuery) => listPublicTenders(ctx, query, startOfMinute(ctx.clock.now()));

/** A visitor's view of one tender (GET /api/tenders/:id without a session), statuses at the start of the minute. */
export function publicTender(ctx: Ctx, id: string) {
  const minute = startOfMinute(ctx.clock.now());
  return getTender({ ...ctx, clock: { ...ctx.clock, now: () => minute } }, id, null);
}

/** The board's freshness line (decision 0393): the feeds switched on here, and the newest notice. */
export async function getFreshness(ctx: Ctx): Promise<TenderFreshness> {
  const enabled = TENDER_FEED_IDS.filter((id) => ctx.env.tenderFeeds.enabled.has(id));
  const rows = enabled.length > 0 ? await listDataSources(ctx.database.db, enabled) : [];
  return {
    sources: enabled.map((id) => ({ id, label: DATA_SOURCE_LABELS[id], lastSuccessAt: toIsoTimestampOrNull(rows.find((r) => r.id === id)?.lastSuccessAt) })),
    latestPublishedAt: toIsoTimestampOrNull(await repo.latestExternalPublished(ctx.database)),
  };
}
export async function listAllTenders(ctx: Ctx, viewer: UserRow) {
  const rows = await repo.listAllTenders(ctx.database, viewer.id, ctx.clock.now());
  return rows.map((row) => toTender(row, { invitedProviders: (row.invited_providers ?? []).map(String) }));
}

/**
 * Launches a tender for the signed-in user (decision 0171: providers and representatives alike), or
 * saves it as a draft (decision 0400). The owner comes from the session; a `userId` in the body is
 * ignored. Invited providers must exist; claimed ones' owners are emailed, unclaimed ones wait for
 * an admin (the Waiting list). The brief's additions are optional: a title from service and place,
 * a closing date 30 days ahead, the site from an asset, a budget, a contact person, and addresses
 * invited by email (decision 0403).
 */
export async function createTender(ctx: Ctx, user: UserRow, body: z.output<typeof createTenderBody>) {
  requireVerifiedEmail(user, 'tender'); // decision 0337
  const now = ctx.clock.now();
  const invited = body.type === 'private' ? [...new Set(body.invitedProviders)] : [];
  const closingDate = body.closingDate ? state.checkClosingDate(body.closingDate, now) : state.defaultClosingDate(now);
  const site = await state.siteFromAsset(ctx, body.siteAssetId);
  const location = body.location || site?.location || '';
  const latitude = body.location ? (body.latitude ?? null) : (site?.latitude ?? body.latitude ?? null);
  const longitude = body.location ? (body.longitude ?? null) : (site?.longitude ?? body.longitude ?? null);
  const place = location.split(',')[0]?.trim();
  const draft = body.draft;
  const emails = [...new Set(body.inviteEmails)].filter((e) => e !== user.email.toLowerCase());
  // Invitations made at launch are mails like any others (decision 0442); a draft's are counted at publication.
  if (!draft) await checkInvitationMails(ctx, user, plannedInvitationMails(await repo.findProvidersByIds(ctx.database.db, invited), emails, user.email));
  const { id, providers } = await ctx.database.db.transaction(async (tx) => {
    const providers = await repo.findProvidersByIds(tx, invited);
    if (providers.length !== invited.length) throw new AppError('BAD_REQUEST', 'One or more invited providers no longer exist');
    const id = await repo.insertTender(
      tx,
      {
        userId: user.id,
        source: 'Solar Manager',
        type: body.type,
        stage: draft ? 'draft' : 'active',
        service: body.service,
        title: body.title ?? (place ? `${body.service} in ${place}` : body.service),
        description: body.description,
        location: location || null,
        latitude,
        longitude,
        searchRadius: body.searchRadius,
        startTimePreference: body.startTimePreference,
        publishedDate: now,
        closingDate,
        startDate: body.startDate ? new Date(`${body.startDate}T00:00:00Z`) : null,
        valueMinimum: body.budgetMinimum ?? null,
        valueMaximum: body.budgetMaximum ?? null,
        siteAssetId: body.siteAssetId ?? null,
        siteCapacityMw: site?.capacityMw ?? null,
        contactName: body.contactName ?? null,
        contactEmail: body.contactEmail ?? null,
        contactPhone: body.contactPhone ?? null,
        createdAt: now,
        updatedAt: now,
      },
      invited,
    );
    await eventsRepo.insertEvent(tx, { tenderId: id, actorId: user.id, kind: draft ? 'created' : 'published', at: now });
    return { id, providers };
  });
  const created = await getTender(ctx, id, user);
  await issueInvitations(ctx, user, created, emails, unclaimedWithEmail(providers));
  if (!draft) await notifyInvitedOwners(ctx, created, providers, user);
  const invitedNames = [...providers.map((p) => p.business_name), ...emails];
  if (!draft && invitedNames.length > 0) {
    await eventsRepo.insertEvent(ctx.database.db, { tenderId: id, actorId: user.id, kind: 'invited', subject: invitedNames.join(', '), at: now });
  }
  return { ...created, waitingListProviders: providers.filter((p) => !reachable(p)).length };
}

/** Publishes a draft: the invitations held back while it was a draft are mailed now. */
export async function publishTender(ctx: Ctx, user: UserRow, id: string) {
  return state.publishTender(ctx, user, id, async (tenderId) => {
    const tender = await getTender(ctx, tenderId, user);
    const providers = await repo.findProvidersByIds(ctx.database.db, tender.invitedProviders);
    await notifyInvitedOwners(ctx, tender, providers, user);
    await mailDraftInvitations(ctx, user, tender);
  });
}

/**
 * Saved tenders (GET /api/tenders/saved). Most accounts saved none: an index probe answers them
 * (decision 0632). The list's statement costs its planning, 10–50 ms on PGlite's one thread, even
 * when it finds nothing; a process's slowest signed-in reads were those.
 */
export async function listSavedTenders(ctx: Ctx, user: UserRow, now = ctx.clock.now()) {
  if (!(await repo.hasSavedTenders(ctx.database, user.id))) return [];
  return savedTenders(ctx, user, now);
}

/** The saved list, for a caller that knows there are saves. */
async function savedTenders(ctx: Ctx, user: UserRow, now: Date) {
  const rows = await repo.listSavedTenders(ctx.database, user.id, now);
  return rows.map((row) => ({ kind: row.save_kind, savedAt: toIsoTimestamp(row.saved_at), tender: toTender(row) }));
}

/**
 * Save Tender / Save for Later (decision 0179): only tenders the caller may see, the same 404 as
 * `getTender` otherwise. One statement checks and writes (decision 0633): reading the whole tender
 * first cost its planning, on PGlite on the server's one thread, for an answer that is `success`.
 */
export async function setSaved(ctx: Ctx, user: UserRow, id: string, kind: 'saved' | 'later', saved: boolean) {
  if (!isUuid(id) || !(await repo.setSaveIfVisible(ctx.database, user.id, id, kind, saved, ctx.clock.now()))) throw new AppError('NOT_FOUND', TENDER_MESSAGES.notFound);
}

/**
 * Contact About Tender for a tender listed here: the owner gets the message by email with the
 * sender's name, company and email to reply to; the owner's email is never shown to the sender.
 * Imported notices are contacted directly through the buyer's published contact point.
 */
export async function contactOwner(ctx: Ctx, user: UserRow, id: string, message: string, reads: TenderReads = repo) {
  const tender = await getTender(ctx, id, user, reads);
  if (tender.source !== 'Solar Manager') throw new AppError('BAD_REQUEST', 'Please contact the buyer using the details on the original notice');
  if (tender.status !== 'open') throw new AppError('BAD_REQUEST', TENDER_MESSAGES.closed);
  if (tender.userId === user.id) throw new AppError('BAD_REQUEST', 'This is your own tender');
  // The owner is told to reply to the sender's address: one the sender has proved is theirs (decision 0440).
  requireVerifiedEmail(user, 'tender-contact');
  const owner = await reads.findOwnerContact(ctx.database, id);
  if (!owner) throw new AppError('NOT_FOUND', TENDER_MESSAGES.notFound);
  // The message is the change: written to the durable outbox (decision 0470).
  await ctx.mailer.send({
    to: owner.email,
    subject: `A provider has contacted you about your tender: ${tender.title}`.replace(/[\r\n]/g, ' ').slice(0, 200),
    text: [
      `Hello ${owner.name},`,
      '',
      `${user.name} (${user.company}) sent a message about your tender "${tender.title}":`,
      '',
      message,
      '',
      `Reply to ${user.name} at ${user.email}.`,
      `View the tender: ${ctx.env.PUBLIC_URL}/tender/${id}`,
    ].join('\n'),
  }, 'tender-contact');
  return { success: true as const, message: 'Your message has been sent to the tender owner.' };
}

/** A list read only when there is something to list. */
const readIf = <T>(has: boolean, read: () => Promise<T[]>): Promise<T[]> => (has ? read() : Promise.resolve([]));

/**
 * The dashboard Tenders tab (decision 0180): one statement says which lists have rows, and only those
 * are read, each with its counts (issue 26: a new account's tab was five statements and a sixth).
 */
export async function getMyTenders(ctx: Ctx, user: UserRow, now = ctx.clock.now()) {
  const facts = await repo.tendersTabFacts(ctx.database, user.id);
  const [own, invitations, responses, saved] = await Promise.all([
    readIf(facts.own, () => repo.listOwnTenders(ctx.database, user.id, now)),
    readIf(facts.invited, () => repo.listInvitations(ctx.database, user.id, now)),
    readIf(facts.responded, () => repo.listMyResponses(ctx.database, user.id, now)),
    readIf(facts.saved, () => savedTenders(ctx, user, now)),
  ]);
  return {
    own: own.map((row) => ({
      ...toTender(row, { invitedProviders: (row.invited_providers ?? []).map(String), signedIn: true }),
      responseCount: row.response_count,
      unansweredQuestions: row.unanswered_questions,
      emailInvitations: row.email_invitations,
    })),
    invitations: invitations.map((row) => ({
      ...toTender(row, { signedIn: true }),
      invitedProviderNames: row.invited_provider_names ?? [],
      responded: row.responded,
    })),
    responses: responses.map((row) => ({
      ...toTender(row, { signedIn: true }),
      response: { id: String(row.response_id), providerName: row.response_provider, state: row.response_state, updatedAt: toIsoTimestamp(row.response_updated_at) },
    })),
    saved,
    alerts: { enabled: facts.alerts_enabled, hasProviderProfile: facts.has_provider_profile },
  };
}

/** The Tenders tab's switch: the user's saved search of their profiles' services and area, on or paused (decision 0471). */
export async function updateAlerts(ctx: Ctx, user: UserRow, enabled: boolean) {
  await setProfilesAlert(ctx, user, enabled);
  return { enabled };
}

export type { CreateTenderBody };
