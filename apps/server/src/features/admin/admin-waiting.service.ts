import type { z } from 'zod';
import { ADMIN_MESSAGES as M } from '@solar/shared/constants/admin';
import type { actOnWaitingBody, WaitingItem } from '@solar/shared/contracts/admin';
import type { UserRow } from '../../db/rows';
import { isUuid } from '../../db/sql-helpers';
import { AppError } from '../../platform/errors';
import { queueMail } from '../../platform/mail';
import type { AppContext } from '../../plugins/context';
import { writeAudit } from './admin-audit.service';
import * as waiting from './admin-waiting.repository';
import { adminMails } from './admin.mail';
import { toWaitingInvitation, toWaitingQuote } from './admin.mapper';

/** The Waiting tab (decision 0234): requests to providers without an approved owner. */

type Ctx = Pick<AppContext, 'database' | 'clock' | 'mailer' | 'log' | 'env'>;

export async function listWaiting(ctx: Ctx, show: 'open' | 'all'): Promise<WaitingItem[]> {
  const [invitations, quotes] = await Promise.all([
    waiting.listWaitingInvitations(ctx.database.db, show),
    waiting.listWaitingQuotes(ctx.database.db, show),
  ]);
  return [...invitations.map(toWaitingInvitation), ...quotes.map(toWaitingQuote)].sort((a, b) => b.sentAt.localeCompare(a.sentAt));
}

function parseInvitationRef(refId: string) {
  const [tenderId, providerId, ...rest] = refId.split(':');
  if (rest.length || !tenderId || !providerId || !isUuid(tenderId) || !isUuid(providerId)) return null;
  return { tenderId, providerId };
}

interface WaitingRow {
  item: WaitingItem;
  description: string;
  tenderId: string | null;
}

async function loadWaiting(ctx: Ctx, kind: waiting.WaitingKind, refId: string): Promise<WaitingRow | undefined> {
  if (kind === 'invitation') {
    const ref = parseInvitationRef(refId);
    if (!ref) return undefined;
    const [row] = await waiting.listWaitingInvitations(ctx.database.db, 'all', ref);
    return row && { item: toWaitingInvitation(row), description: '', tenderId: row.tender_id };
  }
  if (!isUuid(refId)) return undefined;
  const [row] = await waiting.listWaitingQuotes(ctx.database.db, 'all', refId);
  return row && { item: toWaitingQuote(row), description: row.description, tenderId: null };
}

/** Forward to the company's public email, close, or resolve once the provider is claimed (decision 0234). */
export async function actOnWaiting(
  ctx: Ctx,
  actor: UserRow,
  kind: waiting.WaitingKind,
  refId: string,
  input: z.output<typeof actOnWaitingBody>,
): Promise<WaitingItem> {
  const found = await loadWaiting(ctx, kind, refId);
  if (!found) throw new AppError('NOT_FOUND', M.waitingNotFound);
  const { item } = found;
  if (item.status === 'closed' || item.status === 'resolved') throw new AppError('CONFLICT', `This request is already ${item.status}`);
  if (input.action === 'forward' && !item.provider.email) throw new AppError('CONFLICT', M.noPublicEmail);
  if (input.action === 'resolve' && !item.provider.claimApproved) throw new AppError('CONFLICT', M.notClaimedYet);
  const status = input.action === 'forward' ? 'forwarded' : input.action === 'close' ? 'closed' : 'resolved';
  const now = ctx.clock.now();
  const forwardedTo = input.action === 'forward' ? item.provider.email : item.forwardedTo;
  await ctx.database.db.transaction(async (tx) => {
    await waiting.upsertWaitingAction(tx, { kind, refId, status, forwardedTo, actedBy: actor.id, actedAt: now });
    await writeAudit(tx, actor, now, {
      action: `waiting.${input.action}`,
      targetType: 'waiting',
      targetId: `${kind}:${refId}`,
      summary: `${actor.name} ${status} the ${kind === 'quote' ? 'quote request' : 'invitation'} to ${item.provider.name}: "${item.title}"`,
      before: { status: item.status },
      after: { status, ...(input.action === 'forward' && { forwardedTo }) },
    });
    if (input.action === 'forward') {
      const common = {
        providerName: item.provider.name,
        providerSlug: item.provider.slug,
        title: item.title,
        senderName: item.sender?.name ?? null,
        senderCompany: item.sender?.company ?? null,
      };
      const mail =
        kind === 'invitation'
          ? adminMails.forwardedInvitation(item.provider.email!, { ...common, tenderId: found.tenderId! }, ctx.env.PUBLIC_URL)
          : adminMails.forwardedQuote(item.provider.email!, { ...common, description: found.description }, ctx.env.PUBLIC_URL);
      await queueMail(tx, mail, 'waiting-forward');
    }
  });
  return (await loadWaiting(ctx, kind, refId))!.item;
}
