import type { FastifyInstance } from 'fastify';
import {
  contactTenderOwner,
  createTender,
  getMyTenders,
  getTender,
  getTenderFreshness,
  listPublicTenders,
  listSavedTenders,
  listTenders,
  saveTender,
  unsaveTender,
  updateTenderAlerts,
} from '@solar/shared/contracts/tenders';
import { TENDER_RATE_LIMIT as L } from '@solar/shared/constants/tenders';
import type { UserRow } from '../../db/rows';
import { bind } from '../../plugins/routes';
import { perAccount, perIp } from '../../plugins/rate-limit';
import * as service from './tenders.service';

const HOUR = 3_600_000;

/** The board and a visitor's tender: any tender write, and any change of a user's name (an owner's). */
const PUBLIC_TAGS = ['tenders', 'users:set'];

/**
 * A user's own tender lists (decision 0412, coarser since 0430): dropped by any write to their own rows
 * ('viewers:<user>': saves, alert setting, tenders and providers they own, invitations they accepted),
 * their account, any tender, invitation, response or question (a hidden saved tender may show again),
 * and the listed tenders' owners' names.
 */
function viewerTags(user: UserRow, tenders: Array<{ userId: string | null }>) {
  const owners = new Set(tenders.map((t) => t.userId).filter((id): id is string => id !== null));
  return [`viewers:${user.id}`, `users:${user.id}`, 'tenders', 'tender-invitations', 'tender-activity', 'provider-invitations', ...[...owners].map((id) => `users:${id}`)];
}

/** Every tender the Tenders tab lists. */
const listed = (data: { own: T[]; invitations: T[]; responses: T[]; saved: Array<{ tender: T }> }) => [...data.own, ...data.invitations, ...data.responses, ...data.saved.map((s) => s.tender)];
type T = { userId: string | null; status: string; closingDate: string | null };

/** The first moment a listed tender turns from open to closed with nothing written: the answer is not served past it. */
function firstClosing(tenders: Array<{ status: string; closingDate: string | null }>, now: Date): Date | undefined {
  const times = tenders.filter((t) => t.status === 'open' && t.closingDate).map((t) => new Date(t.closingDate!).getTime()).filter((t) => t > now.getTime());
  return times.length ? new Date(Math.min(...times)) : undefined;
}

export function tendersRoutes(app: FastifyInstance) {
  const ctx = app.ctx;
  // The same for everyone, computed at the minute (decision 0318): kept until a tender or a user's
  // name changes, or the minute ends (decisions 0384, 0430).
  bind(app, listPublicTenders, async ({ query }) => service.publicTenders(ctx, query), {
    cache: { scope: 'public', tags: () => PUBLIC_TAGS, until: (_answer, now) => service.endOfMinute(now) },
  });
  bind(app, getMyTenders, async ({ user }) => ({ success: true as const, data: await service.getMyTenders(ctx, user!) }), {
    cache: {
      scope: 'user',
      // A response's state turns when the owner asks it to clarify (migration 0052: 'tender-responses').
      tags: (answer, { user }) => [...viewerTags(user!, listed(answer.data)), 'tender-responses'],
      until: (answer, now) => firstClosing(listed(answer.data), now),
    },
  });
  bind(app, updateTenderAlerts, async ({ body, user }) => ({ success: true as const, data: await service.updateAlerts(ctx, user!, body.enabled) }));
  bind(app, listSavedTenders, async ({ user }) => ({ success: true as const, data: await service.listSavedTenders(ctx, user!) }), {
    cache: { scope: 'user', tags: (answer, { user }) => viewerTags(user!, answer.data.map((s) => s.tender)), until: (answer, now) => firstClosing(answer.data.map((s) => s.tender), now) },
  });
  bind(app, saveTender, async ({ params, user }) => {
    await service.setSaved(ctx, user!, params.id, params.kind, true);
    return { success: true as const };
  });
  bind(app, unsaveTender, async ({ params, user }) => {
    await service.setSaved(ctx, user!, params.id, params.kind, false);
    return { success: true as const };
  });
  bind(app, contactTenderOwner, async ({ params, body, user }) => service.contactOwner(ctx, user!, params.id, body.message), {
    limits: [perIp('tenders-contact-ip', L.contactPerIpPerHour, HOUR)],
  });
  bind(app, getTenderFreshness, async () => ({ data: await service.getFreshness(ctx) }));
  // A visitor's view is kept like the board's answers; a signed-in viewer's holds their own access.
  bind(app, getTender, async ({ params, user }) => ({ data: user ? await service.getTender(ctx, params.id, user) : await service.publicTender(ctx, params.id) }), {
    cache: { scope: 'visitors', tags: () => PUBLIC_TAGS, until: (_answer, now) => service.endOfMinute(now) },
  });
  bind(app, listTenders, async ({ user }) => ({ success: true as const, data: await service.listAllTenders(ctx, user!) }));
  bind(
    app,
    createTender,
    async ({ body, user }, reply) => {
      const data = await service.createTender(ctx, user!, body);
      return reply.code(201).send({ success: true as const, data });
    },
    {
      limits: [perIp('tenders-create-ip', L.createPerIpPerHour, HOUR), perAccount('tenders-create-account', L.createPerAccountPerHour, HOUR)],
    },
  );
}
