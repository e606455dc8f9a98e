import type { FastifyInstance } from 'fastify';
import {
  createSavedSearch,
  deleteSavedSearch,
  getTenderWatch,
  getUnreadNotifications,
  getUnsubscribe,
  listNotifications,
  listSavedSearches,
  listSavedSearchMatches,
  listWatchedTenders,
  markNotificationsRead,
  unsubscribe,
  unwatchTender,
  updateSavedSearch,
  watchTender,
} from '@solar/shared/contracts/alerts';
import { bind } from '../../plugins/routes';
import { perAccount, perIp } from '../../plugins/rate-limit';
import * as notifications from './notifications.service';
import * as searches from './saved-searches.service';
import * as unsubscribing from './unsubscribe.service';
import * as watches from './watches.service';

const HOUR = 3_600_000;
/** Writes a person makes by hand: generous, but a script cannot churn the tables (decision 0334). */
const perUser = (name: string) => perAccount(name, 120, HOUR);

export function alertsRoutes(app: FastifyInstance) {
  const { ctx } = app;

  bind(app, listSavedSearches, async ({ user }) => ({ success: true as const, data: await searches.listSavedSearches(ctx, user!) }));
  bind(
    app,
    createSavedSearch,
    async ({ user, body }, reply) => {
      reply.code(201);
      return { success: true as const, data: await searches.createSavedSearch(ctx, user!, body) };
    },
    { limits: [perUser('saved-search-write')], bodyLimit: 16 * 1024 },
  );
  bind(app, updateSavedSearch, async ({ user, params, body }) => ({ success: true as const, data: await searches.updateSavedSearch(ctx, user!, params.id, body) }), {
    limits: [perUser('saved-search-write')],
    bodyLimit: 16 * 1024,
  });
  bind(
    app,
    deleteSavedSearch,
    async ({ user, params }) => {
      await searches.deleteSavedSearch(ctx, user!, params.id);
      return { success: true as const };
    },
    { limits: [perUser('saved-search-write')] },
  );
  bind(app, listSavedSearchMatches, async ({ user, params }) => ({ success: true as const, data: await searches.listSavedSearchMatches(ctx, user!, params.id) }));

  bind(app, listWatchedTenders, async ({ user }) => ({ success: true as const, data: await watches.listWatchedTenders(ctx, user!) }));
  bind(app, getTenderWatch, async ({ user, params }) => ({ success: true as const, data: await watches.getWatch(ctx, user!, params.id) }));
  bind(app, watchTender, async ({ user, params }) => ({ success: true as const, data: await watches.watchTender(ctx, user!, params.id) }), {
    limits: [perUser('tender-watch')],
  });
  bind(app, unwatchTender, async ({ user, params }) => ({ success: true as const, data: await watches.unwatchTender(ctx, user!, params.id) }), {
    limits: [perUser('tender-watch')],
  });

  bind(app, listNotifications, async ({ user }) => ({ success: true as const, data: await notifications.listNotifications(ctx, user!) }));
  bind(app, getUnreadNotifications, async ({ user }) => ({ success: true as const, data: { unread: await notifications.countUnread(ctx, user!) } }));
  bind(app, markNotificationsRead, async ({ user, body }) => ({ success: true as const, data: await notifications.markNotificationsRead(ctx, user!, body) }), {
    limits: [perAccount('notifications-read', 600, HOUR)],
  });

  // The one-click POST of a mail program sends a form (RFC 8058): parsed for this route alone.
  void app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });
    const limits = [perIp('unsubscribe-ip', 60, HOUR)];
    bind(scope, getUnsubscribe, async ({ query }) => ({ success: true as const, data: await unsubscribing.describeUnsubscribe(ctx, query.token) }), { limits });
    bind(scope, unsubscribe, async ({ query }) => ({ success: true as const, data: await unsubscribing.unsubscribe(ctx, query.token) }), { limits });
  });
}
