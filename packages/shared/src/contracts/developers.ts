import { z } from 'zod';
import { API_KEY_LIMITS, API_KEY_MESSAGES, CHANGE_FEED } from '../constants/developers';
import { defineContract } from './contract';
import { errors, visibleName } from './common';
import { tender } from './tenders';

/**
 * The API for scripts (docs/product/developers.md): API keys (decision 0492) and the feeds of
 * changes per entity (decision 0493). Key management needs a signed-in session: keys cannot manage
 * keys (`apiKeys: false`).
 */

export const apiKey = z.object({
  id: z.string(),
  name: z.string(),
  /** The key's first characters, to tell keys apart. */
  prefix: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKey>;

export const listApiKeys = defineContract({
  method: 'GET',
  path: '/api/api-keys',
  access: 'user',
  apiKeys: false,
  source: 'project',
  summary: "The caller's API keys, newest first (never the keys themselves)",
  response: { 200: z.object({ data: z.array(apiKey) }), 401: errors[401] },
});

export const createApiKeyBody = z.strictObject({
  name: visibleName(z.string({ error: API_KEY_MESSAGES.nameRequired }).trim().min(1, API_KEY_MESSAGES.nameRequired).max(API_KEY_LIMITS.nameMax), 'Key name'),
});
export type CreateApiKeyBody = z.input<typeof createApiKeyBody>;

export const createApiKey = defineContract({
  method: 'POST',
  path: '/api/api-keys',
  access: 'user',
  apiKeys: false,
  source: 'project',
  summary: 'Create an API key; the answer holds the key itself, shown this once',
  body: createApiKeyBody,
  response: { 201: z.object({ data: apiKey, secret: z.string() }), 400: errors[400], 401: errors[401], 409: errors[409], 429: errors[429] },
});

export const revokeApiKey = defineContract({
  method: 'DELETE',
  path: '/api/api-keys/:id',
  access: 'user',
  apiKeys: false,
  source: 'project',
  summary: "Revoke one of the caller's API keys (at once, everywhere)",
  params: z.object({ id: z.string().min(1).max(200) }),
  response: { 200: z.object({ data: apiKey }), 401: errors[401], 404: errors[404] },
});

const feedQuery = z.object({
  /** Where the last page ended (its `next`); from the beginning without it. */
  after: z.string().regex(CHANGE_FEED.cursorPattern, 'after must be a cursor from an earlier answer').optional(),
  limit: z.coerce.number().int().min(1).max(CHANGE_FEED.maxLimit).default(CHANGE_FEED.defaultLimit),
});

const feedPage = <T extends z.ZodType>(item: T) =>
  z.object({
    data: z.array(item),
    /** Pass as `after` to read on; the same cursor when nothing was new. */
    next: z.string(),
    /** Whether more changes were waiting when this page was read. */
    more: z.boolean(),
  });

export const tenderChange = z.union([
  z.object({ id: z.string(), change: z.literal('upsert'), tender }),
  z.object({ id: z.string(), change: z.literal('removed') }),
]);

export const listTenderChanges = defineContract({
  method: 'GET',
  path: '/api/changes/tenders',
  access: 'public',
  source: 'project',
  summary: 'Tenders any visitor may see, changed since a cursor, oldest change first; those that left public view as removed',
  query: feedQuery,
  response: { 200: feedPage(tenderChange), 400: errors[400] },
});

/** An asset's public record in the feed (the map's and the projects table's fields). */
export const assetRecord = z.object({
  id: z.number().int(),
  siteName: z.string(),
  technologyType: z.string().nullable(),
  developmentStatus: z.string().nullable(),
  installedCapacity: z.number().nullable(),
  repdOperator: z.string().nullable(),
  region: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  planningSubmissionDate: z.string().nullable(),
  planningGrantedDate: z.string().nullable(),
  underConstructionDate: z.string().nullable(),
  operationalDate: z.string().nullable(),
  recordLastUpdated: z.string().nullable(),
});
export type AssetRecord = z.infer<typeof assetRecord>;

export const assetChangeItem = z.union([
  z.object({ id: z.number().int(), change: z.literal('upsert'), asset: assetRecord }),
  z.object({ id: z.number().int(), change: z.literal('removed') }),
]);

export const listAssetChanges = defineContract({
  method: 'GET',
  path: '/api/changes/assets',
  access: 'public',
  source: 'project',
  summary: 'Assets (REPD projects) changed since a cursor, oldest change first; removed ones as removed',
  query: feedQuery,
  response: { 200: feedPage(assetChangeItem), 400: errors[400] },
});
