import type { FastifyInstance } from 'fastify';
import { geocode as geocodeContract, listServices } from '@solar/shared/contracts/geo';
import { SERVICES } from '@solar/shared/constants/services';
import { perIp } from '../../plugins/rate-limit';
import { bind } from '../../plugins/routes';
import { loadGazetteer } from './gazetteer';

export function geoRoutes(app: FastifyInstance) {
  // Built at start (about half a second, docs/decisions/0121) so no request pays for it. Test apps
  // build it on first use instead: most test files never geocode and each runs in its own process.
  if (app.ctx.env.NODE_ENV !== 'test') {
    const started = performance.now();
    const { size } = loadGazetteer();
    app.log.info({ ms: Math.round(performance.now() - started), ...size }, 'gazetteer ready');
  }

  bind(
    app,
    geocodeContract,
    async ({ query }, reply) => {
      // Suggestions change only with a release of the bundled data: let browsers reuse them briefly.
      reply.header('cache-control', 'public, max-age=300');
      return { features: loadGazetteer().search(query.q, { types: query.types, limit: query.limit }) };
    },
    { limits: [perIp('geocode', 600, 60_000)] },
  );

  bind(app, listServices, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=3600');
    return { services: [...SERVICES] };
  });
}
