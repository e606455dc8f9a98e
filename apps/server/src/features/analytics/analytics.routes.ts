import type { FastifyInstance } from 'fastify';
import { createPageView } from '@solar/shared/contracts/analytics';
import { perIp } from '../../plugins/rate-limit';
import { bind } from '../../plugins/routes';
import * as service from './analytics.service';

export function analyticsRoutes(app: FastifyInstance) {
  bind(
    app,
    createPageView,
    async ({ body, user }, reply) => {
      await service.recordPageView(app.ctx, body, user?.id ?? null);
      return reply.code(204).send();
    },
    { limits: [perIp('pageview', 120, 60_000)], bodyLimit: 8 * 1024 },
  );
}
