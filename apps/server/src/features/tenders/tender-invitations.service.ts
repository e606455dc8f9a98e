import { randomBytes } from 'node:crypto';
import { TENDER_INVITATION_MAILS_PER_DAY, TENDER_LIFECYCLE_MESSAGES as M, TENDER_MAX_EMAIL_INVITATIONS } from '@solar/shared/constants/tender-lifecycle';
import { TENDER_MAX_INVITED_PROVIDERS } from '@solar/shared/constants/tenders';
import type { Tender } from '@solar/shared/contracts/tenders';
import type { UserRow } from '../../db/rows';
import { toIsoTimestamp, toIsoTimestampOrNull } from '../../db/sql-helpers';
import type { AppContext } from '../../plugins/context';
import { hashToken } from '../../plugins/auth';
import { AppError } from '../../platform/errors';
import { queueMail, type MailMessage } from '../../platform/mail';
import { tenderLifecycleMails as mails } from './tender-lifecycle.mail';
import { queueAll } from './tender-participants.service';
import { notify } from '../../platform/notifications';
import { stateError, tenderForOwner } from './tender-read.service';
import { isSealed } from './tender-sealed';
import { markEmailVerified } from '../accounts/accounts.repository';
import * as repo from './tender-invitations.repository';
import { findLinkIntent } from './tender-bidders.repository';
import { insertEvent } from './tender-events.repository';
import { findProvidersByIds, markInvitationNotified, type ProviderForInvite } from './tenders.repository';

/**
 * Invitations by email (decisions 0403, 0404): a signed link per address, bound to the first account
 * that redeems it. Only the token's hash is stored.
 */

type Ctx = Pick<AppContext, 'database' | 'clock' | 'mailer' | 'env' | 'log'>;

/**
 * The signed link, its token in the fragment (issue 25 finding 7): a fragment never reaches the
 * server, so no request log, page view or proxy records it (as the reset and verification links).
 */
export const invitationLink = (publicUrl: string, tenderId: string, token: string) => `${publicUrl}/tender/${tenderId}/respond#invite=${token}`;

const DAY_MS = 86_400_000;

/** An invited profile someone can be told of: its approved owner, or its public address (decision 0404). */
export const reachable = (p: ProviderForInvite) => (p.claim_approved && !!p.owner_email) || !!p.public_email?.trim();

/**
 * Invited profiles with no owner to tell but a public address: they get the signed link of an
 * invitation by email (decision 0404), so whoever answers that address can sign up or claim and respond.
 */
export const unclaimedWithEmail = (providers: ProviderForInvite[]) =>
  providers.filter((p) => !(p.claim_approved && p.owner_email) && p.public_email?.trim()).map((p) => ({ email: p.public_email!.trim(), providerId: p.id }));

/** How many invitation mails inviting these providers and addresses sends: one per owner, one per distinct address. */
export function plannedInvitationMails(providers: ProviderForInvite[], emails: string[], ownerEmail: string) {
  const owners = providers.filter((p) => p.claim_approved && p.owner_email).length;
  const addresses = new Set([...emails, ...unclaimedWithEmail(providers).map((p) => p.email)].map((e) => e.toLowerCase()));
  addresses.delete(ownerEmail.toLowerCase());
  return owners + addresses.size;
}

/**
 * Refuses, before anything is written, what would take the account past its invitation mails of
 * the last 24 hours (decision 0442), saying how many are left and when the next frees up.
 */
export async function checkInvitationMails(ctx: Pick<Ctx, 'database' | 'clock'>, user: UserRow, planned: number) {
  if (planned === 0) return;
  const now = ctx.clock.now();
  const sent = await repo.countInvitationMails(ctx.database, user.id, new Date(now.getTime() - DAY_MS));
  if (sent.count + planned <= TENDER_INVITATION_MAILS_PER_DAY) return;
  const left = Math.max(0, TENDER_INVITATION_MAILS_PER_DAY - sent.count);
  const wait = sent.oldest ? Math.max(1, Math.ceil((sent.oldest.getTime() + DAY_MS - now.getTime()) / 1000)) : DAY_MS / 1000;
  throw new AppError('RATE_LIMITED', M.invitationMailsPerDay(left, planned), wait);
}

/**
 * Tells the approved owners of invited providers (decision 0177), and records each mail sent
 * (`notified_at`, counted by `checkInvitationMails`). The subject names the tender and its closing
 * date: these go to directory members, about a tender they may now see.
 */
export async function notifyInvitedOwners(ctx: Ctx, tender: Pick<Tender, 'id' | 'title' | 'closingDate'>, providers: ProviderForInvite[], owner: UserRow) {
  for (const provider of providers) {
    if (!provider.claim_approved || !provider.owner_email) continue;
    // The mail, the record that it was sent and the bell in one transaction (decision 0470): an
    // invitation is told exactly once, or is still marked untold.
    try {
      await ctx.database.db.transaction(async (tx) => {
        await queueMail(tx, mails.directoryInvitation({ email: provider.owner_email!, name: provider.owner_name ?? provider.business_name }, provider.business_name, tender, owner, ctx.env.PUBLIC_URL), 'tender-invitation');
        await markInvitationNotified(tx, tender.id, provider.id, ctx.clock.now());
        if (provider.user_id) {
          // The bell (decision 0473) beside the mail.
          await notify(tx, { userId: provider.user_id, kind: 'tender-invitation', title: `${provider.business_name} is invited to a private tender: ${tender.title}`, link: `/tender/${tender.id}` });
        }
      });
    } catch (err) {
      // The invitation stands, marked untold (notified_at is null), for the owner's list to show.
      ctx.log.error({ err, tenderId: tender.id, providerId: provider.id }, 'tender invitation mail failed');
    }
  }
}

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
  // A draft's links are mailed, and counted, at publication.
  if (tender.stage !== 'draft') {
    const invited = new Set((await repo.listEmailInvitations(ctx.database, id)).map((i) => i.email.toLowerCase()));
    await checkInvitationMails(ctx, user, wanted.filter((e) => !invited.has(e)).length);
  }
  await issueInvitations(ctx, user, tender, wanted);
  if (tender.stage !== 'draft' && wanted.length > 0) {
    await insertEvent(ctx.database.db, { tenderId: id, actorId: user.id, kind: 'invited', subject: wanted.join(', '), at: ctx.clock.now() });
  }
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
  // The token's hash and the mail carrying the token in one transaction (decision 0470): a link is
  // never stored without being sent.
  await ctx.database.db.transaction(async (tx) => {
    const inserted = await repo.insertEmailInvitations(
      tx,
      emails.map((email) => ({
        tenderId: tender.id,
        email,
        tokenHash: hashToken(tokens.get(email)!),
        invitedBy: owner.id,
        providerId: unclaimed.get(email) ?? null,
        createdAt: now,
        mailedAt: tender.stage === 'draft' ? null : now,
      })),
    );
    if (tender.stage === 'draft') return;
    await queueAll(
      tx,
      inserted.map(({ email }) => mails.emailInvitation(email, tender, owner, invitationLink(ctx.env.PUBLIC_URL, tender.id, tokens.get(email)!), ctx.env.links.contact)),
      'tender-email-invitation',
    );
  });
}

/** At publication: a new link for each invitation not yet redeemed, mailed now. */
export async function mailDraftInvitations(ctx: Ctx, owner: UserRow, tender: Pick<Tender, 'id' | 'title' | 'closingDate'>) {
  const open = (await repo.listEmailInvitations(ctx.database, tender.id)).filter((i) => !i.accepted_by);
  await ctx.database.db.transaction(async (tx) => {
    const messages: MailMessage[] = [];
    for (const invitation of open) {
      const token = randomBytes(32).toString('base64url');
      await repo.replaceInvitationToken(tx, invitation.id, hashToken(token), ctx.clock.now());
      messages.push(mails.emailInvitation(invitation.email, tender, owner, invitationLink(ctx.env.PUBLIC_URL, tender.id, token), ctx.env.links.contact));
    }
    await queueAll(tx, messages, 'tender-email-invitation');
  });
}

/**
 * The providers a tender invites, changed with the brief (issue 27 defect 1; decision 0447). A
 * draft's list is replaced as the owner leaves it (nothing was mailed); a published private tender's
 * only grows: the providers added are told now, and counted (decision 0442), and the History says so.
 */
export async function setInvitedProviders(ctx: Ctx, owner: UserRow, tender: Tender, wanted: string[]) {
  const current = new Set(tender.invitedProviders);
  const next = [...new Set(wanted)];
  const added = next.filter((p) => !current.has(p));
  const removed = [...current].filter((p) => !next.includes(p));
  if (tender.stage !== 'draft' && removed.length > 0) throw new AppError('BAD_REQUEST', M.uninviteAfterPublish);
  if (added.length > 0 && tender.type !== 'private') throw new AppError('BAD_REQUEST', M.inviteOnlyPrivate);
  if (next.length > TENDER_MAX_INVITED_PROVIDERS) throw new AppError('BAD_REQUEST', M.tooManyProviders);
  const providers = await findProvidersByIds(ctx.database.db, added);
  if (providers.length !== added.length) throw new AppError('BAD_REQUEST', M.providersGone);
  if (tender.stage !== 'draft') await checkInvitationMails(ctx, owner, plannedInvitationMails(providers, [], owner.email));
  const now = ctx.clock.now();
  await ctx.database.db.transaction(async (tx) => {
    await repo.removeProviderInvitations(tx, tender.id, removed);
    await repo.addProviderInvitations(tx, tender.id, added, now);
    if (tender.stage !== 'draft' && providers.length > 0) {
      await insertEvent(tx, { tenderId: tender.id, actorId: owner.id, kind: 'invited', subject: providers.map((p) => p.business_name).join(', '), at: now });
    }
  });
  await issueInvitations(ctx, owner, tender, [], unclaimedWithEmail(providers));
  if (tender.stage !== 'draft') await notifyInvitedOwners(ctx, tender, providers, owner);
}

/** The providers a tender invites from the directory, with whether each was claimed and told (owner and admins). */
export async function listInvitedProviders(ctx: Ctx, user: UserRow, id: string) {
  await tenderForOwner(ctx, id, user, { adminMayRead: true });
  return (await repo.listInvitedProviders(ctx.database, id)).map((p) => ({ id: p.id, name: p.name, slug: p.slug, claimed: p.claimed, notified: p.notified }));
}

/** The addresses invited; whether each responded only once responses are open (sealed, decision 0512). */
export async function listEmailInvitations(ctx: Ctx, user: UserRow, id: string) {
  const tender = await tenderForOwner(ctx, id, user, { adminMayRead: true });
  const sealed = isSealed(tender, ctx.clock.now());
  const rows = await repo.listEmailInvitations(ctx.database, id);
  return rows.map((r) => ({ id: String(r.id), email: r.email, createdAt: toIsoTimestamp(r.created_at), accepted: r.accepted_by !== null, responded: r.responded && !sealed }));
}

/**
 * What a link is for, shown before sign-up (decision 0443): the token comes in the body, so it is
 * in no address; an unknown token is the same 400 as on redemption. A draft's first tokens were
 * never mailed, so a stored hash always belongs to a published tender.
 */
export async function previewInvitation(ctx: Pick<Ctx, 'database' | 'clock'>, token: string) {
  const invitation = await repo.findEmailInvitation(ctx.database.db, hashToken(token));
  const tender = invitation && (await repo.findInvitationPreview(ctx.database, invitation.tenderId, ctx.clock.now()));
  if (!invitation || !tender) throw new AppError('BAD_REQUEST', M.inviteInvalid);
  const intent = await findLinkIntent(ctx.database, String(invitation.tenderId), invitation.id);
  return {
    tenderId: String(invitation.tenderId),
    title: tender.title,
    buyer: tender.buyer ?? 'A Solar Manager user',
    closingDate: toIsoTimestampOrNull(tender.closing_date),
    email: invitation.email,
    open: tender.open,
    cancelled: tender.cancelled,
    declinedAt: intent?.intent === 'declined' ? toIsoTimestamp(intent.updated_at) : null,
    redeemed: invitation.acceptedBy != null,
  };
}

/**
 * Redeems a link (decision 0403): the first signed-in account to use it is bound to it, and it
 * keeps working for that account alone; it stops working once the tender no longer takes responses.
 * The link was mailed to the invited address, so an account with that address that redeems it has
 * shown it receives mail there: its address is confirmed (decision 0440).
 */
export async function acceptInvitation(ctx: Ctx, user: UserRow, token: string) {
  const invitation = await repo.findEmailInvitation(ctx.database.db, hashToken(token));
  if (!invitation) throw new AppError('BAD_REQUEST', M.inviteInvalid);
  if (invitation.acceptedBy && invitation.acceptedBy !== user.id) throw new AppError('CONFLICT', M.inviteUsed);
  const state = await repo.findTenderState(ctx.database, invitation.tenderId, ctx.clock.now());
  if (!state || state.stage !== 'active' || !state.open) throw new AppError('CONFLICT', M.inviteClosed);
  if (!(await repo.acceptEmailInvitation(ctx.database.db, invitation.id, user.id, ctx.clock.now()))) throw new AppError('CONFLICT', M.inviteUsed);
  const confirmed = !user.emailVerifiedAt && user.email.toLowerCase() === invitation.email.toLowerCase() && (await markEmailVerified(ctx.database.db, user.id, invitation.email, ctx.clock.now()));
  return { tenderId: String(invitation.tenderId), emailConfirmed: !!user.emailVerifiedAt || confirmed };
}
