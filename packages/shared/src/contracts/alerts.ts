import { z } from 'zod';
import { ASSET_DEVELOPMENT_STATUSES, ASSET_REGIONS, ASSET_TECHNOLOGY_TYPES, PROJECT_PHASES } from '../constants/assets';
import {
  ALERT_FREQUENCIES,
  ASSET_ALERT_CHANGES,
  NOTIFICATION_KINDS,
  SAVED_SEARCH_KINDS,
  SAVED_SEARCH_LIMITS as L,
  TENDER_ALERT_SOURCES,
  TENDER_ALERT_STAGES,
  TENDER_REGIONS,
  ALERT_MESSAGES as M,
} from '../constants/alerts';
import { DIRECTORY_QUERY_LIMITS as Q } from '../constants/providers';
import { TENDER_VALUE_FILTER_MAX } from '../constants/tenders';
import { defineContract } from './contract';
import { errors, idParam, okBody, successEnvelope, visibleName } from './common';
import { about } from './fields';

/**
 * Saved searches (decision 0471), their alerts (0472), watched tenders and notifications (0473), and
 * the signed one-click unsubscribe (0474). A search's criteria are the filters of the page it was
 * saved from (`domain/saved-search-address.ts` turns the page's address into them and back), plus
 * for tenders the terms the tender-alert services offer: keywords with phrases and exclusions, CPV
 * codes, regions, stage and source.
 */

const item = z.string().trim().min(1).max(200);
const list = (max: number) => z.array(item).max(max).default([]);
const optionalText = (max: number) => z.string().trim().max(max).optional();
const latitude = z.number().min(-90).max(90);
const longitude = z.number().min(-180).max(180);

/** The directory's filters (docs/product/providers.md#filters): new providers in the area match. */
export const providerSearchCriteria = z.strictObject({
  companies: list(Q.listItems),
  services: list(Q.listItems),
  types: list(Q.listItems),
  technologies: list(Q.listItems),
  scales: list(Q.listItems),
  phases: list(Q.listItems),
  location: optionalText(Q.locationLength),
  lat: latitude.optional(),
  lng: longitude.optional(),
  radiusKm: z.number().positive().max(Q.radiusMaxKm).optional(),
});
export type ProviderSearchCriteria = z.output<typeof providerSearchCriteria>;

const value = z.number().min(0).max(TENDER_VALUE_FILTER_MAX).optional();

/** The tender board's filters, and the tender-alert terms (decision 0471). */
export const tenderSearchCriteria = z
  .strictObject({
    /** Web-search syntax: words all required, "exact phrase", -word excluded, `or` between alternatives. */
    keywords: optionalText(L.keywordsMax),
    /** The board's Service filter: the service of a tender listed here, or those words in a notice's text. */
    service: optionalText(200),
    /** CPV 2008 codes (8 digits): a notice needs one of them; ANDed with the keywords. */
    cpv: z.array(z.string().regex(/^\d{8}$/, M.cpvInvalid)).max(L.cpvMax).default([]),
    regions: z.array(z.enum(TENDER_REGIONS)).max(TENDER_REGIONS.length).default([]),
    location: optionalText(200),
    lat: latitude.optional(),
    lng: longitude.optional(),
    radiusKm: z.number().min(1).max(1000).optional(),
    minValue: value,
    maxValue: value,
    stages: z.array(z.enum(TENDER_ALERT_STAGES)).max(TENDER_ALERT_STAGES.length).default([]),
    sources: z.array(z.enum(TENDER_ALERT_SOURCES)).max(TENDER_ALERT_SOURCES.length).default([]),
    /** The alert of decision 0180: the services and service area of the business profiles the user owns. */
    myProfiles: z.boolean().default(false),
  })
  .refine((c) => c.minValue === undefined || c.maxValue === undefined || c.minValue <= c.maxValue, {
    message: 'The minimum value must not be above the maximum',
    path: ['minValue'],
  })
  .refine((c) => (c.lat === undefined) === (c.lng === undefined), { message: 'A location needs both coordinates', path: ['lat'] });
export type TenderSearchCriteria = z.output<typeof tenderSearchCriteria>;

const changes = z.array(z.enum(ASSET_ALERT_CHANGES)).min(1, 'Choose at least one kind of change').default([...ASSET_ALERT_CHANGES]);

/** The asset overview's filters (docs/product/assets.md#overview-filters): REPD changes to matching projects. */
export const assetSearchCriteria = z.strictObject({
  operators: list(50),
  site: optionalText(200),
  minCapacity: z.number().min(0).max(100_000).optional(),
  maxCapacity: z.number().min(0).max(100_000).optional(),
  statuses: z.array(z.enum(ASSET_DEVELOPMENT_STATUSES)).max(50).default([]),
  technologies: z.array(z.enum(ASSET_TECHNOLOGY_TYPES)).max(50).default([]),
  regions: z.array(z.enum(ASSET_REGIONS)).max(50).default([]),
  minAge: z.number().int().min(0).max(200).optional(),
  maxAge: z.number().int().min(0).max(200).optional(),
  includeUnknownAge: z.boolean().default(true),
  changes,
});
export type AssetSearchCriteria = z.output<typeof assetSearchCriteria>;

/** The projects table's filters (docs/product/assets.md#projects-table): REPD changes to matching expected projects. */
export const projectSearchCriteria = z.strictObject({
  region: z.enum(ASSET_REGIONS).optional(),
  technology: z.enum(ASSET_TECHNOLOGY_TYPES).optional(),
  phase: z.enum(PROJECT_PHASES).optional(),
  operatorSearch: optionalText(200),
  changes,
});
export type ProjectSearchCriteria = z.output<typeof projectSearchCriteria>;

export const SAVED_SEARCH_CRITERIA = {
  providers: providerSearchCriteria,
  tenders: tenderSearchCriteria,
  assets: assetSearchCriteria,
  projects: projectSearchCriteria,
} as const;
export type SavedSearchCriteria = {
  providers: ProviderSearchCriteria;
  tenders: TenderSearchCriteria;
  assets: AssetSearchCriteria;
  projects: ProjectSearchCriteria;
};

const name = visibleName(z.string({ error: about('Name') }).trim().min(1, M.nameRequired).max(L.nameMax), 'Name');
const schedule = {
  frequency: z.enum(ALERT_FREQUENCIES, { error: 'Choose how often to email' }),
  /** The digest's hour, UK time (daily and weekly). */
  hour: z.number({ error: about('Hour') }).int().min(0).max(23),
  /** The weekly digest's day, ISO 1 (Monday) … 7 (Sunday). */
  weekday: z.number({ error: about('Day') }).int().min(1).max(7),
};

const createFor = <K extends (typeof SAVED_SEARCH_KINDS)[number]>(kind: K) =>
  z.strictObject({
    kind: z.literal(kind),
    name,
    criteria: SAVED_SEARCH_CRITERIA[kind],
    frequency: schedule.frequency,
    hour: schedule.hour.optional(),
    weekday: schedule.weekday.optional(),
  });
const updateFor = <K extends (typeof SAVED_SEARCH_KINDS)[number]>(kind: K) =>
  z.strictObject({
    kind: z.literal(kind),
    name: name.optional(),
    criteria: SAVED_SEARCH_CRITERIA[kind].optional(),
    frequency: schedule.frequency.optional(),
    hour: schedule.hour.optional(),
    weekday: schedule.weekday.optional(),
    paused: z.boolean({ error: about('Paused') }).optional(),
  });

export const createSavedSearchBody = z.discriminatedUnion('kind', [createFor('providers'), createFor('tenders'), createFor('assets'), createFor('projects')]);
export type CreateSavedSearchInput = z.input<typeof createSavedSearchBody>;

/** An edit names the search's kind (a search keeps its kind) and what changes. */
export const updateSavedSearchBody = z.discriminatedUnion('kind', [updateFor('providers'), updateFor('tenders'), updateFor('assets'), updateFor('projects')]);
export type UpdateSavedSearchInput = z.input<typeof updateSavedSearchBody>;

export const savedSearch = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(SAVED_SEARCH_KINDS),
  criteria: z.union([providerSearchCriteria, tenderSearchCriteria, assetSearchCriteria, projectSearchCriteria]),
  frequency: z.enum(ALERT_FREQUENCIES),
  hour: z.number().int(),
  weekday: z.number().int(),
  paused: z.boolean(),
  createdAt: z.string(),
  /** When the next daily or weekly digest is due (UK time shown by the page). */
  nextDigestAt: z.string().nullable(),
  lastMailedAt: z.string().nullable(),
  /** Matches so far, and those not mailed yet. */
  matches: z.number().int(),
  unmailed: z.number().int(),
  lastMatchAt: z.string().nullable(),
});
export type SavedSearch = z.infer<typeof savedSearch>;

export const savedSearchMatch = z.object({
  itemType: z.enum(['tender', 'asset-change', 'provider']),
  itemId: z.string(),
  /** 'new', 'updated', 'deadline', 'awarded', 'cancelled', 'stage' (tenders); 'added', 'status', 'capacity' (assets); 'new' (providers). */
  change: z.string(),
  title: z.string(),
  detail: z.string().nullable(),
  /** The item's page on this site. */
  link: z.string(),
  matchedAt: z.string(),
  mailedAt: z.string().nullable(),
});
export type SavedSearchMatch = z.infer<typeof savedSearchMatch>;

const searchParams = idParam;
const userErrors = { 401: errors[401], 404: errors[404] };

export const listSavedSearches = defineContract({
  method: 'GET',
  path: '/api/saved-searches',
  access: 'user',
  source: 'project',
  summary: "The caller's saved searches, with their schedule and match counts",
  response: { 200: successEnvelope(z.array(savedSearch)), 401: errors[401] },
});

export const createSavedSearch = defineContract({
  method: 'POST',
  path: '/api/saved-searches',
  access: 'user',
  source: 'project',
  summary: 'Saves a search of the directory, the tender board, the asset overview or the projects table, with its alert frequency',
  body: createSavedSearchBody,
  response: { 201: successEnvelope(savedSearch), 400: errors[400], 401: errors[401], 409: errors[409], 429: errors[429] },
});

export const updateSavedSearch = defineContract({
  method: 'PATCH',
  path: '/api/saved-searches/:id',
  access: 'user',
  source: 'project',
  summary: 'Renames a saved search, changes its filters or frequency, pauses or resumes it (its owner only)',
  params: searchParams,
  body: updateSavedSearchBody,
  response: { 200: successEnvelope(savedSearch), 400: errors[400], ...userErrors, 429: errors[429] },
});

export const deleteSavedSearch = defineContract({
  method: 'DELETE',
  path: '/api/saved-searches/:id',
  access: 'user',
  source: 'project',
  summary: 'Deletes a saved search and its matches (its owner only)',
  params: searchParams,
  response: { 200: okBody, ...userErrors, 429: errors[429] },
});

export const listSavedSearchMatches = defineContract({
  method: 'GET',
  path: '/api/saved-searches/:id/matches',
  access: 'user',
  source: 'project',
  summary: "A saved search's last matches, newest first; tenders the caller may no longer see are left out",
  params: searchParams,
  response: { 200: successEnvelope(z.array(savedSearchMatch)), ...userErrors },
});

// ---- Watched tenders (decision 0473) ----

export const tenderWatch = z.object({ watching: z.boolean() });

export const getTenderWatch = defineContract({
  method: 'GET',
  path: '/api/tenders/:id/watch',
  access: 'user',
  source: 'project',
  summary: 'Whether the caller watches this tender (a tender they may see)',
  params: idParam,
  response: { 200: successEnvelope(tenderWatch), ...userErrors },
});

export const watchTender = defineContract({
  method: 'PUT',
  path: '/api/tenders/:id/watch',
  access: 'user',
  source: 'project',
  summary: 'Watches a tender the caller may see: a mail and a notification on every change',
  params: idParam,
  response: { 200: successEnvelope(tenderWatch), ...userErrors, 429: errors[429] },
});

export const unwatchTender = defineContract({
  method: 'DELETE',
  path: '/api/tenders/:id/watch',
  access: 'user',
  source: 'project',
  summary: 'Stops watching a tender',
  params: idParam,
  response: { 200: successEnvelope(tenderWatch), ...userErrors, 429: errors[429] },
});

export const watchedTender = z.object({ tenderId: z.string(), title: z.string(), status: z.string(), closingDate: z.string().nullable(), watchedAt: z.string() });
export type WatchedTender = z.infer<typeof watchedTender>;

export const listWatchedTenders = defineContract({
  method: 'GET',
  path: '/api/tenders/watched',
  access: 'user',
  source: 'project',
  summary: 'The tenders the caller watches and may still see',
  response: { 200: successEnvelope(z.array(watchedTender)), 401: errors[401] },
});

// ---- Notifications (decision 0473) ----

export const notification = z.object({
  id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  body: z.string().nullable(),
  /** The page it is about, on this site. */
  link: z.string(),
  createdAt: z.string(),
  read: z.boolean(),
});
export type Notification = z.infer<typeof notification>;

export const listNotifications = defineContract({
  method: 'GET',
  path: '/api/notifications',
  access: 'user',
  source: 'project',
  summary: "The caller's newest notifications and how many are unread",
  response: { 200: successEnvelope(z.object({ items: z.array(notification), unread: z.number().int() })), 401: errors[401] },
});

export const getUnreadNotifications = defineContract({
  method: 'GET',
  path: '/api/notifications/unread',
  access: 'user',
  source: 'project',
  summary: "How many of the caller's notifications are unread (the header's bell)",
  response: { 200: successEnvelope(z.object({ unread: z.number().int() })), 401: errors[401] },
});

export const markNotificationsReadBody = z
  .strictObject({ ids: z.array(z.uuid({ error: 'ids must be notification ids' })).max(100).optional(), all: z.boolean().optional() })
  .refine((b) => !!b.all || (b.ids?.length ?? 0) > 0, { message: 'Name the notifications to mark, or all' });

export const markNotificationsRead = defineContract({
  method: 'POST',
  path: '/api/notifications/read',
  access: 'user',
  source: 'project',
  summary: "Marks some or all of the caller's notifications read",
  body: markNotificationsReadBody,
  response: { 200: successEnvelope(z.object({ unread: z.number().int() })), 400: errors[400], 401: errors[401], 429: errors[429] },
});

// ---- One-click unsubscribe (RFC 8058, decision 0474) ----

export const unsubscribeQuery = z.object({ token: z.string().min(1).max(300) });

export const unsubscribeTarget = z.object({
  kind: z.enum(['search', 'watch']),
  /** The saved search's name, or the watched tender's title. */
  name: z.string(),
  /** Already unsubscribed (the search's mails off, or the tender no longer watched). */
  done: z.boolean(),
});

export const getUnsubscribe = defineContract({
  method: 'GET',
  path: '/api/alerts/unsubscribe',
  access: 'public',
  source: 'project',
  summary: 'What a signed unsubscribe link stops (the page shows it before the one click); no sign-in',
  query: unsubscribeQuery,
  response: { 200: successEnvelope(unsubscribeTarget), 400: errors[400], 404: errors[404], 429: errors[429] },
});

/** A mail program's one-click POST sends `List-Unsubscribe=One-Click` as a form; the page sends `{}`. */
export const unsubscribeBody = z.strictObject({ 'List-Unsubscribe': z.literal('One-Click').optional() }).optional();

export const unsubscribe = defineContract({
  method: 'POST',
  path: '/api/alerts/unsubscribe',
  access: 'public',
  source: 'project',
  summary: "One-click unsubscribe (RFC 8058): the signed link's saved search stops mailing, or its tender is no longer watched; no sign-in",
  query: unsubscribeQuery,
  body: unsubscribeBody,
  response: { 200: successEnvelope(unsubscribeTarget), 400: errors[400], 404: errors[404], 429: errors[429] },
});
