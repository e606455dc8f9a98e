import type { FastifyInstance } from 'fastify';
import { geocode as geocodeContract, listServices } from '@solar/shared/contracts/geo';
import { SERVICES } from '@solar/shared/constants/services';
import { perIp } from '../../plugins/rate-limit';
import { bind } from '../../plugins/routes';
import { loadGazetteer } from './gazetteer';

export function geoRoutes(app: FastifyInstance) {
  // Built at start (about 0.3 s, see docs/decisions/0121) so no request pays for it.
  const started = performance.now();
  const gazetteer = loadGazetteer();
  app.log.debug({ ms: Math.round(performance.now() - started), ...gazetteer.size }, 'gazetteer ready');

  bind(
    app,
    geocodeContract,
    async ({ query }, reply) => {
      // Suggestions change only with a release of the bundled data: let browsers reuse them briefly.
      reply.header('cache-control', 'public, max-age=300');
      return { features: gazetteer.search(query.q, { types: query.types, limit: query.limit }) };
    },
    { limits: [perIp('geocode', 600, 60_000)] },
  );

  bind(app, listServices, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=3600');
    return { services: [...SERVICES] };
  });
}
