import { randomBytes } from 'node:crypto';
import { TENDER_LIFECYCLE_MESSAGES as M, TENDER_MAX_EMAIL_INVITATIONS } from '@solar/shared/constants/tender-lifecycle';
import type { Tender } from '@solar/shared/contracts/tenders';
import type { UserRow } from '../../db/rows';
import { toIsoTimestamp } from '../../db/sql-helpers';
import type { AppContext } from '../../plugins/context';
import { hashToken } from '../../plugins/auth';
import { AppError } from '../../platform/errors';
import type { MailMessage } from '../../platform/mail';
import { tenderLifecycleMails as mails } from './tender-lifecycle.mail';
import { sendAll } from './tender-participants.service';
import { tenderForOwner } from './tender-read.service';
import { stateError } from './tender-state.service';
import * as repo from './tender-invitations.repository';

/**
 * Invitations by email (decisions 0403, 0404): a signed link per address, bound to the first account
 * that redeems it. Only the token's hash is stored.
 */

type Ctx = Pick<AppContext, 'database' | 'clock' | 'mailer' | 'env' | 'log'>;

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
