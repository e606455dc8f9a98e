import type { z } from 'zod';
import { TENDER_LIFECYCLE_MESSAGES as LM } from '@solar/shared/constants/tender-lifecycle';
import { TENDER_INTENT_MESSAGES as I, type TenderInviteeStatus } from '@solar/shared/constants/tender-sealed';
import type { setTenderIntentBody } from '@solar/shared/contracts/tender-bidders';
import type { Tender } from '@solar/shared/contracts/tenders';
import type { UserRow } from '../../db/rows';
import { toIsoTimestamp, toIsoTimestampOrNull } from '../../db/sql-helpers';
import type { AppContext } from '../../plugins/context';
import { AppError } from '../../platform/errors';
import { hashToken } from '../../plugins/auth';
import { getTender, tenderForOwner } from './tender-read.service';
import { lockTenderState } from './tender-state.repository';
import { isSealed } from './tender-sealed';
import * as repo from './tender-bidders.repository';
import * as invitationsRepo from './tender-invitations.repository';

/**
 * Bidder management (issue 27 part A): an invitee says it intends to respond, or declines with a
 * reason, reversibly until the closing time by the server's clock (decision 0514); the owner sees
 * where each invitee stands, without who responded while responses are sealed (decision 0512).
 */

type Ctx = Pick<AppContext, 'database' | 'clock'>;

const takesReplies = (tender: Tender, now: Date) =>
  tender.source === 'Solar Manager' && tender.stage === 'active' && !!tender.closingDate && new Date(tender.closingDate).getTime() > now.getTime();

async function intentOf(ctx: Ctx, tender: Tender, user: UserRow) {
  const keys = await repo.inviteeKeysOf(ctx.database.db, tender.id, user.id);
  const [latest] = await repo.findIntents(ctx.database, tender.id, keys);
  return {
    invited: keys.length > 0,
    intent: latest?.intent ?? null,
    reason: latest?.reason ?? null,
    updatedAt: latest ? toIsoTimestamp(latest.updated_at) : null,
    open: takesReplies(tender, ctx.clock.now()),
  };
}

export async function getIntent(ctx: Ctx, user: UserRow, id: string) {
  return intentOf(ctx, await getTender(ctx, id, user), user);
}

/**
 * Records the caller's reply on each of their invitations to the tender: refused to anyone not
 * invited, after the closing time (checked at commit), and a decline once they have responded.
 */
export async function setIntent(ctx: Ctx, user: UserRow, id: string, body: z.output<typeof setTenderIntentBody>) {
  const tender = await getTender(ctx, id, user);
  if (tender.userId === user.id) throw new AppError('FORBIDDEN', I.notInvited);
  await ctx.database.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const keys = await repo.inviteeKeysOf(tx, id, user.id);
    if (keys.length === 0) throw new AppError('FORBIDDEN', I.notInvited);
    const state = await lockTenderState(tx, id, now);
    if (!state || state.stage !== 'active' || !state.open) throw new AppError('CONFLICT', I.closed);
    if (body.intent === 'declined' && (await repo.hasResponded(tx, id, user.id))) throw new AppError('CONFLICT', I.declineAfterResponse);
    await repo.upsertIntents(tx, id, keys, { intent: body.intent, reason: body.intent === 'declined' ? (body.reason ?? null) : null, userId: user.id, at: now });
  });
  return { message: I.saved, data: await intentOf(ctx, tender, user) };
}

/** Every invitee and where it stands: the owner and admins. 'Responded' only once responses are open. */
export async function listInvitees(ctx: Ctx, user: UserRow, id: string) {
  const tender = await tenderForOwner(ctx, id, user, { adminMayRead: true });
  const sealed = isSealed(tender, ctx.clock.now());
  return (await repo.listInvitees(ctx.database, id)).map((r) => ({
    kind: r.kind,
    name: r.name,
    status: (r.responded && !sealed ? 'responded' : (r.intent ?? 'invited')) as TenderInviteeStatus,
    reason: r.intent === 'declined' ? r.reason : null,
    updatedAt: toIsoTimestampOrNull(r.updated_at),
  }));
}

/**
 * An address invited by email declines from its link without an account (decision 0558): the
 * token is the authority, so a forged one is the same 400 as on the landing; it declines once (the
 * decline cannot be changed or repeated through the link); once an account has redeemed the link,
 * that account replies, signed in; and never after the closing time by the server's clock (checked
 * at commit). The owner sees it on the Invitees card, and reminders stop.
 */
export async function declineByLink(ctx: Ctx, token: string, reason: string) {
  const invitation = await invitationsRepo.findEmailInvitation(ctx.database.db, hashToken(token));
  if (!invitation) throw new AppError('BAD_REQUEST', LM.inviteInvalid);
  const tenderId = String(invitation.tenderId);
  const now = ctx.clock.now();
  await ctx.database.db.transaction(async (tx) => {
    const state = await lockTenderState(tx, tenderId, now);
    if (!state || state.stage !== 'active' || !state.open) throw new AppError('CONFLICT', I.closed);
    const held = await repo.lockEmailInvitation(tx, invitation.id);
    if (!held) throw new AppError('BAD_REQUEST', LM.inviteInvalid);
    if (held.accepted_by) throw new AppError('CONFLICT', I.linkRedeemed);
    if (!(await repo.insertLinkDecline(tx, tenderId, `email:${invitation.id}`, reason, now))) throw new AppError('CONFLICT', I.linkAlreadyDeclined);
  });
  return { message: I.linkDeclined, data: { tenderId, declinedAt: toIsoTimestamp(now) } };
}
