import { z } from 'zod';
import { defineContract } from './contract';
import { errors } from './common';

/**
 * What crawlers read before the pages (issue 20, decision 0374): robots.txt, and a sitemap index
 * whose child sitemaps list the static pages, the indexable profiles and the open tenders, at most
 * 50,000 addresses each.
 */
export const SITEMAP_NAME = /^(static|buyers|providers-[1-9]\d{0,5}|tenders-[1-9]\d{0,5})\.xml$/;

export const getRobotsTxt = defineContract({
  method: 'GET',
  path: '/robots.txt',
  access: 'public',
  source: 'project',
  summary: 'Crawler rules: the API, signed-in areas and sign-in pages are off limits; where the sitemap is',
  response: { 200: z.string() },
  produces: 'text/plain',
});

export const getSitemapIndex = defineContract({
  method: 'GET',
  path: '/sitemap.xml',
  access: 'public',
  source: 'project',
  summary: 'The sitemap index: one child sitemap for the static pages and one per 50,000 profiles or open tenders',
  response: { 200: z.string() },
  produces: 'application/xml',
});

export const getSitemap = defineContract({
  method: 'GET',
  path: '/sitemaps/:name',
  access: 'public',
  source: 'project',
  summary: 'A child sitemap: static.xml, providers-N.xml or tenders-N.xml, with each record\'s last change',
  params: z.object({ name: z.string().regex(SITEMAP_NAME, 'Unknown sitemap') }),
  response: { 200: z.string(), 400: errors[400], 404: errors[404] },
  produces: 'application/xml',
});
