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
import { sendCachedJson } from '../../platform/read-cache';
import { bind } from '../../plugins/routes';
import { perAccount, perIp } from '../../plugins/rate-limit';
import * as service from './tenders.service';

const HOUR = 3_600_000;

export function tendersRoutes(app: FastifyInstance) {
  const ctx = app.ctx;
  bind(app, listPublicTenders, async ({ query }, reply) => sendCachedJson(reply, await service.publicTendersJson(ctx, query)));
  bind(app, getMyTenders, async ({ user }, reply) => sendCachedJson(reply, await service.myTendersJson(ctx, user!)));
  bind(app, updateTenderAlerts, async ({ body, user }) => ({ success: true as const, data: await service.updateAlerts(ctx, user!, body.enabled) }));
  bind(app, listSavedTenders, async ({ user }, reply) => sendCachedJson(reply, await service.savedTendersJson(ctx, user!)));
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
  bind(app, getTender, async ({ params, user }, reply) =>
    user ? { data: await service.getTender(ctx, params.id, user) } : sendCachedJson(reply, await service.publicTenderJson(ctx, params.id)),
  );
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
