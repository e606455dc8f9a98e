import type { FastifyInstance } from 'fastify';
import { createPageView } from '@solar/shared/contracts/analytics';
import { stripTrackingParams } from '@solar/shared/domain/tracking';
import { pageViews } from '../../db/schema/index';
import { perIp } from '../../plugins/rate-limit';
import { bind } from '../../plugins/routes';

export function analyticsRoutes(app: FastifyInstance) {
  const { db } = app.ctx.database;
  bind(
    app,
    createPageView,
    async ({ body, user }, reply) => {
      await db.insert(pageViews).values({
        path: stripTrackingParams(body.path),
        referrer: body.referrer ? stripReferrer(body.referrer) : null,
        userId: user?.id ?? null,
        createdAt: app.ctx.clock.now(),
      });
      return reply.code(204).send();
    },
    { limits: [perIp('pageview', 120, 60_000)], bodyLimit: 8 * 1024 },
  );
}

/** Keeps the referrer's origin and path only: its query may carry tracking ids or tokens. */
function stripReferrer(referrer: string): string | null {
  try {
    const url = new URL(referrer);
    return url.protocol === 'http:' || url.protocol === 'https:' ? `${url.origin}${url.pathname}` : null;
  } catch {
    return null;
  }
}
