import { z } from 'zod';
import { EXPORT_FORMATS, EXPORT_HEADERS } from '../constants/exports';
import { EXPORT_MEDIA_TYPES } from '../constants/media-types';
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
export const exportFormat = z.enum(EXPORT_FORMATS).describe('csv (the default: text/csv, a spreadsheet) or json (application/json, for scripts)');
const format = exportFormat.default('csv');

/**
 * An export as JSON (`format=json`, platform/export.ts): the rows with the columns' keys, numbers as
 * numbers and dates ISO 8601, how many it holds of how many match, and the cap's notice when it
 * holds fewer.
 */
export const exportFile = z
  .object({
    data: z.array(z.record(z.string(), z.unknown())).describe("The rows, in the page's order"),
    rows: z.int().describe('Rows in this file'),
    total: z.int().describe('Rows matching the filters'),
    truncated: z.boolean().describe('Whether the cap cut the file short'),
    notice: z.string().optional().describe('Present when truncated: what to do to export the rest'),
  });

/** The headers every export answer carries (platform/export.ts), for the OpenAPI document. */
export const EXPORT_RESPONSE_HEADERS = {
  'Content-Disposition': 'attachment; filename="<name>-yyyy-MM-dd.csv|json"',
  [EXPORT_HEADERS.rows]: 'Rows in this file',
  [EXPORT_HEADERS.total]: 'Rows matching the filters',
  [EXPORT_HEADERS.truncated]: '"true" when the cap cut the file short (absent otherwise)',
  [EXPORT_HEADERS.notice]: 'When truncated: how many rows the file holds of how many, and what to do',
} as const;

/** An export route's answer: a CSV or JSON file (decision 0570). */
const exportAnswer = { produces: EXPORT_MEDIA_TYPES, response200: exportFile } as const;

export const exportProviders = defineContract({
  method: 'GET',
  path: '/api/exports/providers',
  access: 'public',
  source: 'project',
  summary: 'The directory search (its filters, location and order) as a CSV or JSON download',
  query: searchProvidersQuery.omit({ page: true, pageSize: true, mode: true, bounds: true, zoom: true }).extend({ format }),
  produces: exportAnswer.produces,
  response: { 200: exportAnswer.response200, 400: errors[400] },
});

export const exportTenders = defineContract({
  method: 'GET',
  path: '/api/exports/tenders',
  access: 'public',
  source: 'project',
  summary: 'The public tender board (its filters and order) as a CSV or JSON download; only tenders any visitor may see',
  query: listPublicTendersQuery.omit({ page: true, limit: true }).extend({ format }),
  produces: exportAnswer.produces,
  response: { 200: exportAnswer.response200, 400: errors[400] },
});

export const exportAssets = defineContract({
  method: 'GET',
  path: '/api/exports/assets',
  access: 'public',
  source: 'project',
  summary: 'The assets the map shows (its view and filters) as a CSV or JSON download; more columns for signed-in users',
  query: assetMapQuery.omit({ zoom: true }).extend({ format }),
  produces: exportAnswer.produces,
  response: { 200: exportAnswer.response200, 400: errors[400] },
});

export const exportBuyerAwards = defineContract({
  method: 'GET',
  path: '/api/exports/buyers/:slug/awards',
  access: 'public',
  source: 'project',
  summary: "A public buyer's awards (every award notice it published, newest first) as a CSV or JSON download",
  params: z.object({ slug: z.string().min(1).max(200) }),
  query: z.object({ format }),
  produces: exportAnswer.produces,
  response: { 200: exportAnswer.response200, 400: errors[400], 404: errors[404] },
});
