import type { FastifyInstance } from 'fastify';
import { getRobotsTxt, getSitemap, getSitemapIndex } from '@solar/shared/contracts/seo';
import { bind } from '../../plugins/routes';
import { endOfMinute } from '../tenders/tenders.service';
import * as service from './seo.service';

/** Sitemaps change with profiles and tenders; which tenders are open is read at the minute (decision 0318). */
const sitemaps = { scope: 'public', tags: () => ['providers', 'tenders'], until: (_xml: unknown, now: Date) => endOfMinute(now) } as const;

/** robots.txt (crawlers may keep it an hour) and the sitemaps (decision 0374), kept like any public read (decision 0430). */
export function seoRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const robots = service.robotsTxt(ctx);
  bind(app, getRobotsTxt, async (_request, reply) => reply.type('text/plain; charset=utf-8').header('Cache-Control', 'public, max-age=3600').send(robots));
  bind(app, getSitemapIndex, async () => service.sitemapIndex(ctx), { cache: sitemaps });
  bind(app, getSitemap, async ({ params }) => service.sitemap(ctx, params.name), { cache: sitemaps });
}
