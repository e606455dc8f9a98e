import {
  getMyTenders as getMyTendersContract,
  getTender as getTenderContract,
  listPublicTenders as listPublicTendersContract,
  listSavedTenders as listSavedTendersContract,
  type CreateTenderBody,
  type ListPublicTendersQuery,
} from '@solar/shared/contracts/tenders';
import { TENDER_MESSAGES } from '@solar/shared/constants/tenders';
import { VIEWER_READ_CACHE } from '@solar/shared/constants/read-cache';
import { DATA_SOURCE_LABELS, TENDER_FEED_IDS } from '@solar/shared/constants/data-sources';
import type { TenderFreshness } from '@solar/shared/contracts/tenders';
import type { z } from 'zod';
import type { createTenderBody } from '@solar/shared/contracts/tenders';
import type { UserRow } from '../../db/rows';
import { toIsoTimestamp } from '../../db/sql-helpers';
import type { AppContext } from '../../plugins/context';
import { requireVerifiedEmail } from '../../plugins/auth';
import { AppError } from '../../platform/errors';
import { cacheKey, createReadCache, encodeResponse, type CachedJson, type Tag } from '../../platform/read-cache';
import { toTender } from './tenders.mapper';
import { getAlertSetting, setAlertSetting } from './tender-alerts.repository';
import * as repo from './tenders.repository';
import { listDataSources } from '../../platform/data-sources.repository';
import { toIsoTimestampOrNull } from '../../db/sql-helpers';
import { checkInvitationMails, issueInvitations, mailDraftInvitations, notifyInvitedOwners, plannedInvitationMails, reachable, unclaimedWithEmail } from './tender-invitations.service';
import * as state from './tender-state.service';
import * as eventsRepo from './tender-events.repository';
import { responseCounts } from './tender-responses.service';
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

/**
 * Public board answers are the same for every visitor, so identical ones are served from memory
 * while no tender and no user's name has changed (migration 0026) and within the same minute: status
 * is computed at the start of that minute, so a tender shows as closed at most a minute late
 * (docs/decisions/0318).
 */
const PUBLIC_TAGS = ['tenders', 'users:set'];
const publicCache = createReadCache(PUBLIC_TAGS, { maxEntries: 2_000, maxBytes: 32 * 1024 * 1024, ttlMs: MINUTE_MS });

const startOfMinute = (now: Date) => new Date(Math.floor(now.getTime() / MINUTE_MS) * MINUTE_MS);

/**
 * A board answer is kept for the minute its statuses were computed at: a lookup by address alone
 * (plugins/answer-replay.ts) must not serve it in the next.
 */
const forTheMinute = (minute: Date) => ({ tags: PUBLIC_TAGS, expiresAt: new Date(minute.getTime() + MINUTE_MS) });

/** GET /api/tenders/public as the JSON of its 200 response (cached). */
export function publicTendersJson(ctx: Ctx, query: ListPublicTendersQuery): Promise<CachedJson> {
  const now = ctx.clock.now();
  const minute = startOfMinute(now);
  return publicCache(
    ctx.database,
    cacheKey({ ...query, minute: minute.toISOString() }),
    async () => ({
      text: encodeResponse(listPublicTendersContract.response[200], await listPublicTenders(ctx, query, minute)),
      ...forTheMinute(minute),
    }),
    now,
  );
}

/**
 * A visitor's view of one tender (GET /api/tenders/:id without a session), kept like the board's
 * answers: until a tender or a user's name changes, within the minute its status is computed at
 * (decisions 0318, 0384). Unknown and non-public tenders throw the usual 404 and are not kept.
 */
export function publicTenderJson(ctx: Ctx, id: string): Promise<CachedJson> {
  const now = ctx.clock.now();
  const minute = startOfMinute(now);
  const atMinute = { ...ctx, clock: { ...ctx.clock, now: () => minute } };
  return publicCache(
    ctx.database,
    cacheKey({ tender: id, minute: minute.toISOString() }),
    async () => ({ text: encodeResponse(getTenderContract.response[200], { data: await getTender(atMinute, id, null) }), ...forTheMinute(minute) }),
    now,
  );
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

export async function listSavedTenders(ctx: Ctx, user: UserRow, now = ctx.clock.now()) {
  return (await savedTenders(ctx, user, now)).data;
}

/** The saved list, and what it depends on (decision 0412). */
async function savedTenders(ctx: Ctx, user: UserRow, now: Date) {
  const [rows, savedIds] = await Promise.all([repo.listSavedTenders(ctx.database, user.id, now), repo.listSavedTenderIds(ctx.database, user.id)]);
  return {
    rows,
    data: rows.map((row) => ({ kind: row.save_kind, savedAt: toIsoTimestamp(row.saved_at), tender: toTender(row) })),
    // Every saved tender, shown or hidden: a hidden one shows again when its row or its invitations change.
    tags: savedIds.flatMap((id) => [`tenders:${id}`, `tender-invitations:${id}`]),
  };
}

/** Save Tender / Save for Later (decision 0179): only tenders the caller may see. */
export async function setSaved(ctx: Ctx, user: UserRow, id: string, kind: 'saved' | 'later', saved: boolean) {
  await getTender(ctx, id, user);
  if (saved) await repo.upsertSave(ctx.database, user.id, id, kind, ctx.clock.now());
  else await repo.deleteSave(ctx.database, user.id, id, kind);
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
  });
  return { success: true as const, message: 'Your message has been sent to the tender owner.' };
}

/** The dashboard Tenders tab (decision 0180). */
export async function getMyTenders(ctx: Ctx, user: UserRow, now = ctx.clock.now()) {
  return (await myTenders(ctx, user, now)).data;
}

/** The Tenders tab, and what it depends on (decision 0412). */
async function myTenders(ctx: Ctx, user: UserRow, now: Date) {
  const [own, invitations, responses, saved, { providerIds, ...alerts }] = await Promise.all([
    repo.listOwnTenders(ctx.database, user.id, now),
    repo.listInvitations(ctx.database, user.id, now),
    repo.listMyResponses(ctx.database, user.id, now),
    savedTenders(ctx, user, now),
    getAlertSetting(ctx.database, user.id),
  ]);
  const counts = await responseCounts(ctx, [...own, ...invitations].map((row) => String(row.id)), user.id);
  const tags = [
    ...saved.tags,
    // Responses and questions counted on either list; invited providers shown on own tenders.
    ...[...own, ...invitations, ...responses].map((row) => `tender-activity:${row.id}`),
    // A response's state turns when the owner asks it to clarify (migration 0052).
    ...responses.map((row) => `tender-responses:${row.response_id}`),
    ...own.map((row) => `tender-invitations:${row.id}`),
    // A tender joins or leaves the invitations list when one of the user's providers is invited or uninvited.
    ...providerIds.map((id) => `provider-invitations:${id}`),
  ];
  const data = {
    own: own.map((row) => ({
      ...toTender(row, { invitedProviders: (row.invited_providers ?? []).map(String), signedIn: true }),
      responseCount: counts.get(String(row.id))?.responses ?? 0,
      unansweredQuestions: counts.get(String(row.id))?.unanswered ?? 0,
      emailInvitations: counts.get(String(row.id))?.emails ?? 0,
    })),
    invitations: invitations.map((row) => ({
      ...toTender(row, { signedIn: true }),
      invitedProviderNames: row.invited_provider_names ?? [],
      responded: (counts.get(String(row.id))?.mine ?? 0) > 0,
    })),
    responses: responses.map((row) => ({
      ...toTender(row, { signedIn: true }),
      response: { id: String(row.response_id), providerName: row.response_provider, state: row.response_state, updatedAt: toIsoTimestamp(row.response_updated_at) },
    })),
    saved: saved.data,
    alerts,
  };
  return { data, rows: [...own, ...invitations, ...responses, ...saved.rows], tags };
}

/**
 * A signed-in user's saved tenders and Tenders tab, from memory (decision 0412): keyed by the user,
 * looked up only after the route's session check, and dropped by exactly the writes that can change
 * them (migrations 0026, 0028, 0030): the user's own rows ('viewers:<user>': saves, alert setting,
 * tenders and providers they own, email invitations they accepted), their account (`users:<user>`:
 * the admin right widens what they see), each tender listed or saved (`tenders:<id>`) and its
 * owner's name (`users:<owner>`), and the invitations, responses and questions of those tenders.
 * A tender's status turns at its closing date with nothing written, so an answer expires at the
 * earliest such moment among its rows.
 */
const viewerCache = createReadCache(['viewers'], VIEWER_READ_CACHE);

function viewerAnswer(user: UserRow, answer: { rows: repo.TenderRecord[]; tags: Tag[] }, text: string, now: Date) {
  const tags = new Set<Tag>([`viewers:${user.id}`, `users:${user.id}`, ...answer.tags]);
  let expiresAt: number | undefined;
  for (const row of answer.rows) {
    tags.add(`tenders:${row.id}`);
    if (row.user_id) tags.add(`users:${row.user_id}`);
    const turns = row.status_until == null ? undefined : new Date(row.status_until).getTime();
    if (turns !== undefined && turns > now.getTime() && (expiresAt === undefined || turns < expiresAt)) expiresAt = turns;
  }
  return { text, tags: [...tags], expiresAt: expiresAt === undefined ? undefined : new Date(expiresAt) };
}

/** GET /api/tenders/saved as the JSON of its 200 response, from memory per user (decision 0412). */
export function savedTendersJson(ctx: Ctx, user: UserRow): Promise<CachedJson> {
  const now = ctx.clock.now();
  return viewerCache(
    ctx.database,
    cacheKey({ read: 'saved', user: user.id }),
    async () => {
      const saved = await savedTenders(ctx, user, now);
      return viewerAnswer(user, saved, encodeResponse(listSavedTendersContract.response[200], { success: true, data: saved.data }), now);
    },
    now,
  );
}

/** GET /api/tenders/mine as the JSON of its 200 response, from memory per user (decision 0412). */
export function myTendersJson(ctx: Ctx, user: UserRow): Promise<CachedJson> {
  const now = ctx.clock.now();
  return viewerCache(
    ctx.database,
    cacheKey({ read: 'mine', user: user.id }),
    async () => {
      const mine = await myTenders(ctx, user, now);
      return viewerAnswer(user, mine, encodeResponse(getMyTendersContract.response[200], { success: true, data: mine.data }), now);
    },
    now,
  );
}

export async function updateAlerts(ctx: Ctx, user: UserRow, enabled: boolean) {
  await setAlertSetting(ctx.database, user.id, enabled, ctx.clock.now());
  return { enabled };
}

export type { CreateTenderBody };
