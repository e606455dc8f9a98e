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
import { listAdminMail, retryAdminMail } from '@solar/shared/contracts/mail';
import { perAccount } from '../../plugins/rate-limit';
import { bind } from '../../plugins/routes';
import { getAnalytics } from './admin-analytics.service';
import { listAudit, recordAction } from './admin-audit.service';
import { listClaims, reviewClaim as reviewProviderClaim } from './admin-claims.service';
import { listUsers, setSuspension, updateUser } from './admin-users.service';
import { listDataSourceStatus, runDataSourceNow } from './admin-data-sources.service';
import { actOnWaiting, listWaiting } from './admin-waiting.service';
import { getMailOverview, retryMail } from './admin-mail.service';

/** Admin writes are limited per account too: a stolen admin session cannot rewrite everything at once. */
const perAdmin = (name: string) => perAccount(name, 300, 60_000);

const providerTags = (ids: Iterable<string>) => ['providers:set', ...new Set([...ids].map((id) => `providers:${id}`))];

export function adminRoutes(app: FastifyInstance) {
  const { ctx } = app;

  // The Mail tab (decision 0470).
  bind(app, listAdminMail, async ({ query }) => ({ success: true as const, data: await getMailOverview(ctx, query.show) }));
  bind(app, retryAdminMail, async ({ user, params }) => ({ success: true as const, data: await retryMail(ctx, user!, params.id) }), {
    limits: [perAdmin('admin-retry-mail')],
  });

  bind(app, listDataSources, async () => ({ success: true as const, data: await listDataSourceStatus(ctx) }));
  bind(
    app,
    runDataSource,
    async ({ params }) => ({ success: true as const, data: await runDataSourceNow(ctx, params.id) }),
    {
      limits: [perAdmin('admin-run-data-source')],
    },
  );

  // The lists are the same for every admin, kept after the route's admin check (decisions 0386, 0430). 'admin' is
  // dropped by any write to the tables they read (migration 0028); the providers they show by that
  // provider's changes, the tenders by any tender write (migration 0026).
  bind(app, listAdminUsers, async ({ query }) => ({ success: true as const, ...(await listUsers(ctx, query)) }), { cache: { scope: 'access', tags: () => ['admin'] } });

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

  bind(app, listAdminClaims, async ({ query }) => ({ success: true as const, ...(await listClaims(ctx, query)) }), {
    cache: { scope: 'access', tags: (answer) => ['admin', ...providerTags(answer.data.map((claim) => claim.provider.id))] },
  });

  bind(
    app,
    reviewClaim,
    async ({ user, params, body }) => ({
      success: true as const,
      data: await reviewProviderClaim(ctx, user!, params.id, body),
    }),
    { limits: [perAdmin('admin-review-claim')], bodyLimit: 8 * 1024 },
  );

  // The audit log names tenders and providers as they are now: their writes drop it too (decision 0424).
  bind(app, listAuditLog, async ({ query }) => ({ success: true as const, ...(await listAudit(ctx, query)) }), {
    cache: { scope: 'access', tags: () => ['admin', 'tenders', 'providers:set'] },
  });

  bind(app, getAdminAnalytics, async ({ query }) => ({
    success: true as const,
    data: await getAnalytics(ctx, query.days),
  }));

  bind(app, listWaitingRequests, async ({ query }) => ({ success: true as const, data: await listWaiting(ctx, query.show) }), {
    cache: { scope: 'access', tags: (answer) => ['admin', 'tenders', ...providerTags(answer.data.map((item) => item.provider.id))] },
  });

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
