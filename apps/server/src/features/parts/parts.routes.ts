import type { FastifyInstance } from 'fastify';
import { getPart, searchParts } from '@solar/shared/contracts/parts';
import { PARTS_LIMITS } from '@solar/shared/constants/parts';
import { bind } from '../../plugins/routes';
import { perIp } from '../../plugins/rate-limit';
import * as service from './parts.service';

export function partsRoutes(app: FastifyInstance) {
  bind(
    app,
    searchParts,
    async ({ body }) => ({ success: true as const, data: await service.searchParts(app.ctx, body) }),
    { limits: [perIp('parts-search', PARTS_LIMITS.searchesPerMinute, 60_000)], bodyLimit: 16 * 1024 },
  );
  bind(app, getPart, async ({ params }) => ({ success: true as const, data: await service.getPart(app.ctx, params.id) }));
}
