import type { FastifyInstance } from 'fastify';
import { getRobotsTxt, getSitemap, getSitemapIndex } from '@solar/shared/contracts/seo';
import { bind } from '../../plugins/routes';
import { sendCached } from '../../platform/read-cache';
import * as service from './seo.service';

const XML = 'application/xml; charset=utf-8';

/** robots.txt and the sitemaps (decision 0374); crawlers may cache them for an hour. */
export function seoRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const robots = service.robotsTxt(ctx);
  bind(app, getRobotsTxt, async (_request, reply) => reply.type('text/plain; charset=utf-8').header('Cache-Control', 'public, max-age=3600').send(robots));
  bind(app, getSitemapIndex, async (_request, reply) => {
    reply.header('Cache-Control', 'public, max-age=3600');
    return sendCached(reply, await service.sitemapIndex(ctx), XML);
  });
  bind(app, getSitemap, async ({ params }, reply) => {
    reply.header('Cache-Control', 'public, max-age=3600');
    return sendCached(reply, await service.sitemap(ctx, params.name), XML);
  });
}
