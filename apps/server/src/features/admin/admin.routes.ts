import type { FastifyInstance } from 'fastify';
import {
  actOnWaitingRequest,
  getAdminAnalytics,
  listAdminClaims,
  listAdminUsers,
  listAuditLog,
  listDataSources,
  listWaitingRequests,
  runDataSource,
  reviewClaim,
  updateAdminUser,
  updateAdminUserSuspension,
} from '@solar/shared/contracts/admin';
import { cancelDeletion } from '@solar/shared/contracts/accounts';
import { perAccount } from '../../plugins/rate-limit';
import { bind } from '../../plugins/routes';
import { sendCachedJson } from '../../platform/read-cache';
import { adminAuditJson, adminClaimsJson, adminUsersJson, adminWaitingJson } from './admin-lists.service';
import { getAnalytics } from './admin-analytics.service';
import { recordAction } from './admin-audit.service';
import { reviewClaim as reviewProviderClaim } from './admin-claims.service';
import { setSuspension, updateUser } from './admin-users.service';
import { listDataSourceStatus, runDataSourceNow } from './admin-data-sources.service';
import { actOnWaiting } from './admin-waiting.service';

/** Admin writes are limited per account too: a stolen admin session cannot rewrite everything at once. */
const perAdmin = (name: string) => perAccount(name, 300, 60_000);

export function adminRoutes(app: FastifyInstance) {
  const { ctx } = app;

  bind(app, listDataSources, async () => ({ success: true as const, data: await listDataSourceStatus(ctx) }));
  bind(
    app,
    runDataSource,
    async ({ params }) => ({ success: true as const, data: await runDataSourceNow(ctx, params.id) }),
    {
      limits: [perAdmin('admin-run-data-source')],
    },
  );

  // The lists are answered from a cache shared by every admin, after the route's admin check (decision 0386).
  bind(app, listAdminUsers, async ({ query }, reply) => sendCachedJson(reply, await adminUsersJson(ctx, query)));

  bind(
    app,
    updateAdminUser,
    async ({ user, params, body }) => ({ success: true as const, data: await updateUser(ctx, user!, params.id, body) }),
    { limits: [perAdmin('admin-update-user')], bodyLimit: 8 * 1024 },
  );

  bind(
    app,
    updateAdminUserSuspension,
    async ({ user, params, body }) => ({ success: true as const, data: await setSuspension(ctx, user!, params.id, body) }),
    { limits: [perAdmin('admin-update-user')], bodyLimit: 1024 },
  );

  bind(app, listAdminClaims, async ({ query }, reply) => sendCachedJson(reply, await adminClaimsJson(ctx, query)));

  bind(
    app,
    reviewClaim,
    async ({ user, params, body }) => ({
      success: true as const,
      data: await reviewProviderClaim(ctx, user!, params.id, body),
    }),
    { limits: [perAdmin('admin-review-claim')], bodyLimit: 8 * 1024 },
  );

  bind(app, listAuditLog, async ({ query }, reply) => sendCachedJson(reply, await adminAuditJson(ctx, query)));

  bind(app, getAdminAnalytics, async ({ query }) => ({
    success: true as const,
    data: await getAnalytics(ctx, query.days),
  }));

  bind(app, listWaitingRequests, async ({ query }, reply) =>
    sendCachedJson(reply, await adminWaitingJson(ctx, query.show)),
  );

  bind(
    app,
    actOnWaitingRequest,
    async ({ user, params, body }) => ({
      success: true as const,
      data: await actOnWaiting(ctx, user!, params.kind, params.refId, body),
    }),
    { limits: [perAdmin('admin-waiting')], bodyLimit: 4 * 1024 },
  );

  // Cancelling a deletion is bound by the accounts feature; its successful calls are audited here.
  app.addHook('onResponse', async (request, reply) => {
    if (request.method !== cancelDeletion.method || reply.statusCode !== 200 || request.routeOptions.url !== cancelDeletion.path) return;
    const actor = await request.getUser();
    if (!actor?.isAdmin) return;
    const targetId = (request.params as { id: string }).id;
    await recordAction(ctx, actor, {
      action: 'user.cancel_deletion',
      targetType: 'user',
      targetId,
      summary: `${actor.name} cancelled a deletion request`,
      before: { deletionRequested: true },
      after: { deletionRequested: false },
    }).catch((err: unknown) =>
      ctx.log.error({ err: err instanceof Error ? { message: err.message } : String(err) }, 'audit write failed'),
    );
  });
}
