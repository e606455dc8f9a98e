import type { FastifyInstance } from 'fastify';
import { API_KEY_LIMITS } from '@solar/shared/constants/developers';
import { createApiKey, listApiKeys, listAssetChanges, listTenderChanges, revokeApiKey } from '@solar/shared/contracts/developers';
import { bind } from '../../plugins/routes';
import { perAccount } from '../../plugins/rate-limit';
import * as keys from './api-keys.service';
import * as feeds from './change-feed.service';

/**
 * The API for scripts (docs/product/developers.md): API keys (decision 0492) and the feeds of
 * changes (decision 0493). The feeds are public reads; not cached here (each page depends on the
 * cursor and on which transactions have ended).
 */
export function developersRoutes(app: FastifyInstance) {
  const { ctx } = app;
  bind(app, listApiKeys, async ({ user }) => ({ data: await keys.listApiKeys(ctx, user!) }));
  bind(app, createApiKey, async ({ user, body }, reply) => reply.code(201).send(await keys.createApiKey(ctx, user!, body.name)), {
    limits: [perAccount('api-key-create', API_KEY_LIMITS.createPerHour, 3_600_000)],
  });
  bind(app, revokeApiKey, async ({ user, params }) => ({ data: await keys.revokeApiKey(ctx, user!, params.id) }));
  bind(app, listTenderChanges, async ({ query }) => feeds.listTenderChanges(ctx, query.after, query.limit));
  bind(app, listAssetChanges, async ({ query }) => feeds.listAssetChanges(ctx, query.after, query.limit));
}
