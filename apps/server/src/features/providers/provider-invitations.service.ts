import type { z } from 'zod';
import type { inviteProviderBody } from '@solar/shared/contracts/providers';
import { PROVIDER_INVITE_LIMITS as LIMITS, PROVIDER_MESSAGES as M } from '@solar/shared/constants/providers';
import type { UserRow } from '../../db/rows';
import { AppError } from '../../platform/errors';
import { queueMail } from '../../platform/mail';
import type { AppContext } from '../../plugins/context';
import { requireVerifiedEmail } from '../../plugins/auth';
import { invitationMail } from './providers.mail';
import { countSentSince, insertInvitation, invitedSince } from './provider-invitations.repository';

type Ctx = Pick<AppContext, 'database' | 'clock' | 'mailer' | 'log' | 'env'>;
type InviteInput = z.output<typeof inviteProviderBody>;

const DAY_MS = 86_400_000;
/** Serialises invitations (a PostgreSQL advisory lock), so two at once cannot both mail one address. */
const INVITATION_LOCK_KEY = 727_017;

/**
 * POST /api/providers/invitations (decision 0360): a verified account invites a company it could not
 * find to list its services. An address is mailed at most once in `repeatDays` whoever asks, and an
 * account sends at most `perAccountPerDay` a day (counted in the database, so it holds across
 * processes); the route adds a per-IP limit.
 */
export async function inviteProvider(ctx: Ctx, user: UserRow, input: InviteInput): Promise<{ message: string }> {
  requireVerifiedEmail(user, 'invite');
  const email = input.email.trim();
  if (email.toLowerCase() === user.email.toLowerCase()) throw new AppError('BAD_REQUEST', M.inviteOwnAddress);
  await ctx.database.withLock(INVITATION_LOCK_KEY, async () => {
    const now = ctx.clock.now();
    const sent = await countSentSince(ctx.database, user.id, new Date(now.getTime() - DAY_MS));
    if (sent >= LIMITS.perAccountPerDay)
      throw new AppError('RATE_LIMITED', M.inviteDailyLimit(LIMITS.perAccountPerDay));
    if (await invitedSince(ctx.database, email, new Date(now.getTime() - LIMITS.repeatDays * DAY_MS))) {
      throw new AppError('CONFLICT', M.inviteRecent);
    }
    await ctx.database.db.transaction(async (tx) => {
      await insertInvitation(tx, { invitedBy: user.id, ...input, email }, now);
      await queueMail(tx, invitationMail({ ...input, email }, user, ctx.env.PUBLIC_URL), 'provider-invitation');
    });
  });
  ctx.log.info({ userId: user.id }, 'provider invited');
  return { message: M.inviteSent(email) };
}
