import type { FastifyInstance } from 'fastify';
import { getMapLayer, getMapOutline, getMapStyle, listMapPlaces, listNearestPlaces } from '@solar/shared/contracts/maps';
import { bind } from '../../plugins/routes';
import { basemapLayers, basemapStyle, nearestPlaces, placesIn } from './basemap';
import { ukOutlineSvg } from './outline';

/** The offline basemap; MAP_STYLE_URL switches the style to a hosted one (docs/decisions/0196). */
export function mapsRoutes(app: FastifyInstance) {
  const { env } = app.ctx;
  const style = JSON.stringify(basemapStyle());
  bind(app, getMapStyle, async (_request, reply) => {
    if (env.MAP_STYLE_URL) return reply.redirect(env.MAP_STYLE_URL, 302);
    return reply.type('application/json').header('Cache-Control', 'public, max-age=3600').send(style);
  });
  bind(app, getMapLayer, async ({ params }, reply) =>
    reply.type('application/geo+json').header('Cache-Control', 'public, max-age=86400').send(basemapLayers()[params.layer]),
  );
  bind(app, getMapOutline, async (_request, reply) =>
    reply.type('image/svg+xml').header('Cache-Control', 'public, max-age=86400').send(ukOutlineSvg()),
  );
  bind(app, listMapPlaces, async ({ query }) => placesIn(query.bounds, query.zoom));
  bind(app, listNearestPlaces, async ({ query }, reply) => {
    void reply.header('Cache-Control', 'public, max-age=86400');
    return nearestPlaces(query.lng, query.lat, query.limit);
  });
}
