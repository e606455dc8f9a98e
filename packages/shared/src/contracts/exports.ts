import { z } from 'zod';
import { EXPORT_FORMATS } from '../constants/exports';
import { assetMapQuery } from './assets';
import { defineContract } from './contract';
import { errors } from './common';
import { searchProvidersQuery } from './providers';
import { listPublicTendersQuery } from './tenders';

/**
 * Exports of what a page shows (docs/product/exports.md, decision 0491): the page's own query, its
 * whole result (not one page of it) as CSV (the default) or JSON, streamed, at most EXPORT_MAX_ROWS
 * rows (the headers say when it holds fewer than match). The projects table keeps the spec's call
 * (`GET /api/assets/tenders?export=true`); each chart has `format` on its own call.
 */
const format = z.enum(EXPORT_FORMATS).default('csv');

export const exportProviders = defineContract({
  method: 'GET',
  path: '/api/exports/providers',
  access: 'public',
  source: 'project',
  summary: 'The directory search (its filters, location and order) as a CSV or JSON download',
  query: searchProvidersQuery.omit({ page: true, pageSize: true, mode: true, bounds: true, zoom: true }).extend({ format }),
  response: { 200: z.unknown(), 400: errors[400] },
});

export const exportTenders = defineContract({
  method: 'GET',
  path: '/api/exports/tenders',
  access: 'public',
  source: 'project',
  summary: 'The public tender board (its filters and order) as a CSV or JSON download; only tenders any visitor may see',
  query: listPublicTendersQuery.omit({ page: true, limit: true }).extend({ format }),
  response: { 200: z.unknown(), 400: errors[400] },
});

export const exportAssets = defineContract({
  method: 'GET',
  path: '/api/exports/assets',
  access: 'public',
  source: 'project',
  summary: 'The assets the map shows (its view and filters) as a CSV or JSON download; more columns for signed-in users',
  query: assetMapQuery.omit({ zoom: true }).extend({ format }),
  response: { 200: z.unknown(), 400: errors[400] },
});

export const exportBuyerAwards = defineContract({
  method: 'GET',
  path: '/api/exports/buyers/:slug/awards',
  access: 'public',
  source: 'project',
  summary: "A public buyer's awards (every award notice it published, newest first) as a CSV or JSON download",
  params: z.object({ slug: z.string().min(1).max(200) }),
  query: z.object({ format }),
  response: { 200: z.unknown(), 400: errors[400], 404: errors[404] },
});
