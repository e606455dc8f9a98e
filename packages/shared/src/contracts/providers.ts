// Over 300 lines: one contract file per feature (docs/style.md#1-one-vocabulary), and providers has 14 endpoints.
import { z } from 'zod';
import {
  COUNTRYWIDE_RADIUS,
  DIRECTORY_QUERY_LIMITS,
  DIRECTORY_SORTS,
  MAX_SEARCH_PAGE_SIZE,
  PROVIDER_INVITE_LIMITS,
  PROVIDER_LIMITS,
  PROVIDER_LIST_DEFAULT_LIMIT,
  PROVIDER_LIST_MAX_LIMIT,
  PROVIDER_MESSAGES as M,
  cleanList,
  isHttpUrl,
  normaliseUrl,
} from '../constants/providers';
import { defineContract } from './contract';
import { boundsParam, errors, idParam, okBody, repeated, successEnvelope, visibleName } from './common';
import { about, listOf } from './fields';
import { lngLat } from './geo';
import { providerTrust } from './trust';

// ---------------------------------------------------------------------------------------------
// Response shapes (docs/product/providers.md#provider). Public responses are built from these explicit lists only.
// ---------------------------------------------------------------------------------------------

export const mediaFile = z.object({
  id: z.string(),
  title: z.string(),
  type: z.enum(['image', 'document']),
  url: z.string(),
  thumbnailUrl: z.string().nullable(),
  createdAt: z.string(),
});
export type MediaFile = z.infer<typeof mediaFile>;

/** A provider in lists and search results, with the snake-case aliases the public list uses. */
export const providerSummary = z.object({
  id: z.string(),
  slug: z.string(),
  userId: z.string().nullable(),
  businessName: z.string(),
  description: z.string(),
  type: z.string(),
  services: z.array(z.string()),
  expertise: z.array(z.string()),
  technologies: z.array(z.string()),
  scale: z.array(z.string()),
  phase: z.array(z.string()),
  certifications: z.array(z.string()),
  industryAssociations: z.array(z.string()),
  industry_associations: z.array(z.string()),
  location: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  coordinates: z.object({ lat: z.number(), lng: z.number() }).nullable(),
  serviceRadius: z.number().nullable(),
  service_radius: z.number().nullable(),
  logo: z.string().nullable(),
  coverImage: z.string().nullable(),
  website: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  linkedin: z.string().nullable(),
  linkedin_url: z.string().nullable(),
  twitter: z.string().nullable(),
  twitter_url: z.string().nullable(),
  facebook: z.string().nullable(),
  facebook_url: z.string().nullable(),
  placeId: z.string().nullable(),
  claimed: z.boolean(),
  claimApproved: z.boolean(),
  /** Published verified reviews: their mean and count (decision 0480); null with none. */
  rating: z.object({ average: z.number(), count: z.number().int() }).nullable(),
  /** Accreditation schemes an admin verified and still in date (decision 0482). */
  verifiedAccreditations: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ProviderSummary = z.infer<typeof providerSummary>;

/**
 * A provider in the directory search's list answer: the summary plus its distance in km (one
 * decimal) from the searched point, null without a location or without coordinates (decision 0361).
 */
export const providerSearchResult = providerSummary.extend({ distanceKm: z.number().nullable() });
export type ProviderSearchResult = z.infer<typeof providerSearchResult>;

/** A claim as shown on a profile to its owner or an admin: names only, never emails. */
export const providerClaimSummary = z.object({
  id: z.string(),
  userName: z.string(),
  companyRole: z.string(),
  message: z.string(),
  kind: z.enum(['claim', 'dispute']),
  status: z.enum(['pending', 'approved', 'rejected']),
  createdAt: z.string(),
});

/** The profile: summary plus owner name, media files and (owner/admin only, else empty) claims. */
export const provider = providerSummary.extend({
  user: z.object({ name: z.string() }).nullable(),
  mediaFiles: z.array(mediaFile),
  claims: z.array(providerClaimSummary),
  /** Company checks, accreditations, reviews, response time and public contracts (issue 31). */
  trust: providerTrust,
  /** The signed-in viewer's latest claim on this profile, else null (decision 0368). */
  viewerClaim: z
    .object({ status: z.enum(['pending', 'approved', 'rejected']), kind: z.enum(['claim', 'dispute']), createdAt: z.string() })
    .nullable(),
});
export type Provider = z.infer<typeof provider>;

/** Compact map point (mode=map): enough to draw markers and service areas. */
export const providerPoint = z.object({
  id: z.string(),
  slug: z.string(),
  businessName: z.string(),
  position: z.tuple([z.number(), z.number()]),
  radius: z.number().nullable(),
  countrywide: z.boolean(),
});
export type ProviderPoint = z.infer<typeof providerPoint>;

/** A grid cell of the clustered map answer (decision 0387): how many match there, how many are countrywide, where to zoom. */
export const providerCluster = z.object({
  /** The mean position of its providers, `[lng, lat]`. */
  position: z.tuple([z.number(), z.number()]),
  count: z.number().int(),
  countrywide: z.number().int(),
  expansionZoom: z.number(),
});
export type ProviderCluster = z.infer<typeof providerCluster>;

export const pagination = z.object({ page: z.number().int(), pages: z.number().int(), total: z.number().int() });

// ---------------------------------------------------------------------------------------------
// Input schemas (docs/product/providers.md#validation): the forms use the same schemas as the server.
// ---------------------------------------------------------------------------------------------

const L = PROVIDER_LIMITS;

/** Optional profile URL: empty allowed; no scheme gets https://; then only http(s) (docs/product/providers.md#contact-information). */
export const optionalUrl = z
  .string({ error: about('The address') })
  .max(L.url)
  .transform((v) => normaliseUrl(v))
  .refine((v) => v === '' || isHttpUrl(v), M.invalidUrl);

export const optionalEmail = z
  .string({ error: about('Email') })
  .trim()
  .max(254, M.invalidEmail)
  .refine((v) => v === '' || z.email().safeParse(v).success, M.invalidEmail);

/** A profile list (services, certifications…): items trimmed, empty and duplicates ignored (docs/product/providers.md#validation). */
const list = (item: string, plural: string) =>
  listOf(item, plural, { itemMax: L.listItem, max: L.listItems }).transform((items) => cleanList(items));

/** The profile's list fields, one schema each, so the editors refuse what the API would. */
export const providerLists = {
  services: list('service', 'services'),
  expertise: list('area of expertise', 'areas of expertise'),
  technologies: list('technology', 'technologies'),
  scale: list('scale', 'scales'),
  phase: list('phase', 'phases'),
  certifications: list('certification', 'certifications'),
  industryAssociations: list('industry association', 'industry associations'),
};

/** Upload requests carry files only: a text field is refused like an unknown JSON field. */
const noFields = z.strictObject({});

/** The address of one of our public uploads (`/uploads/{key}`). */
export const UPLOAD_ADDRESS = /^\/uploads\/([0-9a-f-]{36}\.[a-z0-9]{1,5})$/;

/**
 * A logo or cover on a profile: the address of an upload of that profile (checked against the
 * ownership records on the server), or empty/null to clear it. Other sites' images are not
 * accepted: the page's CSP would not show them (decision 0330, superseding part of 0145).
 */
const imageRef = (message: string) =>
  z
    .string({ error: message })
    .max(500, message)
    .refine((v) => v === '' || UPLOAD_ADDRESS.test(v), message)
    .nullable();

/** Shown in the directory and admin lists: no control or invisible characters (decision 0338). */
export const businessNameField = visibleName(
  z.string({ error: about('Business name') }).trim().min(1, M.businessNameRequired).max(L.businessName),
  'Business name',
);

export const descriptionField = z.string({ error: about('Description') }).trim().max(L.description);
export const locationField = z.string({ error: about('Location') }).trim().min(1, M.locationRequired).max(L.location);
const typeField = z.string({ error: about('Provider type') }).trim().max(L.type);
const phoneField = z.string({ error: about('Phone') }).max(L.phone);

/**
 * A service radius in km. The edit form also takes -1, countrywide (docs/product/providers.md#provider); both refuse
 * anything else below 0 with the spec's message.
 */
const radiusNumber = z.number({ error: M.radiusPositive }).max(L.serviceRadiusKm, M.radiusTooLarge);
export const serviceRadiusField = radiusNumber.refine((n) => n === COUNTRYWIDE_RADIUS || n >= 0, M.radiusPositive).nullable();

export const createProviderBody = z.strictObject({
  businessName: businessNameField,
  description: descriptionField.min(10, M.descriptionMin),
  services: providerLists.services.refine((items) => items.length > 0, M.servicesMin),
  location: locationField,
  type: typeField.min(1, M.typeRequired),
  website: optionalUrl.optional(),
  linkedin: optionalUrl.optional(),
  twitter: optionalUrl.optional(),
  facebook: optionalUrl.optional(),
  email: optionalEmail.optional(),
  phone: phoneField.optional(),
  serviceRadius: radiusNumber.min(0, M.radiusPositive).nullable().optional(),
  /** The suggestion the user chose for `location` (decision 0367): its point is stored as it is. */
  locationCenter: lngLat.optional(),
  technologies: providerLists.technologies.optional(),
  phase: providerLists.phase.optional(),
  scale: providerLists.scale.optional(),
  certifications: providerLists.certifications.optional(),
  industryAssociations: providerLists.industryAssociations.optional(),
  expertise: providerLists.expertise.optional(),
  logo: imageRef(M.logoNotOwnUpload).optional(),
});
export type CreateProviderInput = z.input<typeof createProviderBody>;

/** Profile edit (docs/product/providers.md#validation): every field optional; protected fields are not accepted at all. */
export const updateProviderBody = z.strictObject({
  businessName: businessNameField.optional(),
  description: descriptionField.min(1, M.descriptionEmpty).optional(),
  location: locationField.optional(),
  serviceRadius: serviceRadiusField.optional(),
  type: typeField.optional(),
  services: providerLists.services.optional(),
  expertise: providerLists.expertise.optional(),
  technologies: providerLists.technologies.optional(),
  scale: providerLists.scale.optional(),
  phase: providerLists.phase.optional(),
  certifications: providerLists.certifications.optional(),
  industryAssociations: providerLists.industryAssociations.optional(),
  website: optionalUrl.optional(),
  linkedin: optionalUrl.optional(),
  twitter: optionalUrl.optional(),
  facebook: optionalUrl.optional(),
  email: optionalEmail.optional(),
  phone: phoneField.optional(),
  logo: imageRef(M.logoNotOwnUpload).optional(),
  coverImage: imageRef(M.coverNotOwnUpload).optional(),
});
export type UpdateProviderInput = z.input<typeof updateProviderBody>;

export const claimProviderBody = z.strictObject({
  companyRole: visibleName(z.string({ error: about('Role') }).trim().min(1, M.roleRequired).max(L.claimRole), 'Role'),
  message: z.string({ error: about('Message') }).trim().max(L.claimMessage).optional().default(''),
  force: z.boolean().optional(),
});
export type ClaimProviderInput = z.input<typeof claimProviderBody>;

/**
 * After a location change (docs/product/providers.md#calls POST /place): the location and, when the user chose a
 * suggestion, its point, which the server checks against the gazetteer (decision 0367).
 */
export const placeBody = z.strictObject({
  location: z.string({ error: about('Location') }).trim().max(L.location).optional(),
  businessName: z.string({ error: about('Business name') }).max(L.businessName).optional(),
  locationCenter: lngLat.optional(),
});

const listQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(PROVIDER_LIST_MAX_LIMIT).default(PROVIDER_LIST_DEFAULT_LIMIT),
});

const Q = DIRECTORY_QUERY_LIMITS;
/** A directory list filter: 'Each service can be at most 200 characters', 'You can list at most 20 services'. */
const filter = (item: string, plural: string) =>
  repeated(z.unknown()).pipe(listOf(item, plural, { itemMax: Q.valueLength, max: Q.listItems }));

/** The directory page's address parameters (docs/product/providers.md#directory) plus mode. */
export const searchProvidersQuery = z.object({
  companies: filter('company name', 'company names'),
  services: filter('service', 'services'),
  types: filter('provider type', 'provider types'),
  technologies: filter('technology', 'technologies'),
  scales: filter('scale', 'scales'),
  phases: filter('phase', 'phases'),
  /** Verified accreditation schemes (ids of ACCREDITATION_SCHEMES), all required (decision 0482). */
  accreditations: filter('accreditation', 'accreditations'),
  location: z.string({ error: about('Location') }).max(Q.locationLength).optional(),
  /** `lng,lat` */
  locationCenter: z.string().max(Q.locationCenterLength).optional(),
  radius: z.coerce.number().positive().max(Q.radiusMaxKm).optional(),
  /**
   * 'distance' (Nearest first) orders by distance when a location is set, else it is the default order.
   * Absent: nearest first with a location, else the default order (`implicitDirectorySort`, decision 0502).
   */
  sort: z.enum(DIRECTORY_SORTS).optional(),
  page: z.coerce.number().int().min(1).max(Q.pageMax).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_SEARCH_PAGE_SIZE).default(9),
  mode: z.enum(['list', 'map']).default('list'),
  /** Map mode, once an answer came back clustered: the view to cluster (decision 0387). */
  bounds: boundsParam.optional(),
  zoom: z.coerce.number().min(0).max(24).optional(),
});
export type SearchProvidersQuery = z.input<typeof searchProvidersQuery>;

/** 'Invite a provider' (decision 0360): who to invite, and what the inviter is looking for. */
export const inviteProviderBody = z.strictObject({
  name: visibleName(z.string().trim().min(1, M.inviteNameRequired).max(200), 'Name'),
  email: z.string().trim().min(1, M.inviteEmailRequired).max(254).pipe(z.email(M.invalidEmail)),
  message: z.string().trim().max(PROVIDER_INVITE_LIMITS.messageMax).optional().default(''),
  /** The service searched for, and where, when the invitation comes from a search. */
  service: visibleName(z.string().trim().max(200), 'Service').optional().default(''),
  location: visibleName(z.string().trim().max(200), 'Location').optional().default(''),
});
export type InviteProviderInput = z.input<typeof inviteProviderBody>;

export const userClaim = z.object({
  id: z.string(),
  providerId: z.string(),
  providerSlug: z.string(),
  providerName: z.string(),
  companyRole: z.string(),
  message: z.string(),
  kind: z.enum(['claim', 'dispute']),
  status: z.enum(['pending', 'approved', 'rejected']),
  reviewMessage: z.string().nullable(),
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
});
export type UserClaim = z.infer<typeof userClaim>;

// ---------------------------------------------------------------------------------------------
// The calls (docs/product/providers.md#calls, plus the search endpoint the screens use).
// ---------------------------------------------------------------------------------------------

/** The spec's two provider lists are one call: the same answer at both of its paths. */
export const listProviders = defineContract({
  method: 'GET',
  path: '/api/providers',
  alsoAt: ['/api/providers/public'],
  access: 'public',
  source: 'directory §7',
  summary: 'Providers in server order, bounded by page and limit (also at /api/providers/public)',
  query: listQuery,
  response: { 200: successEnvelope(z.array(providerSummary)), 400: errors[400] },
});

export const searchProviders = defineContract({
  method: 'GET',
  path: '/api/providers/search',
  access: 'public',
  source: 'project',
  summary: 'Directory search with the filter semantics of directory §5, in SQL (list pages or map points)',
  query: searchProvidersQuery,
  response: {
    200: z.object({
      success: z.literal(true),
      // Points first: zod checks every element of a failing array, so trying 50,000 points against
      // the summary shape first cost ~3.7 s per map answer (decision 0274).
      data: z.union([z.array(providerPoint), z.array(providerSearchResult)]),
      pagination,
      /**
       * Map mode only (decision 0387): false when `data` is every matching point; true when the
       * answer covers the asked view, as `clusters` plus the points standing apart (or every point
       * in it, when it holds few enough). `pagination.total` counts every match with a position.
       */
      clustered: z.boolean().optional(),
      clusters: z.array(providerCluster).optional(),
    }),
    400: errors[400],
  },
});

export const checkProviderName = defineContract({
  method: 'GET',
  path: '/api/providers/public/check-name',
  access: 'public',
  source: 'directory §7',
  summary: 'Whether a provider with this business name exists (case-insensitive, trimmed)',
  query: z.object({ name: z.string().max(200).default('') }),
  response: {
    200: z.object({
      success: z.literal(true),
      exists: z.boolean(),
      provider: z.object({ id: z.string(), slug: z.string(), businessName: z.string() }).nullable(),
    }),
    400: errors[400],
  },
});

export const listProviderNames = defineContract({
  method: 'GET',
  path: '/api/providers/public/names',
  access: 'public',
  source: 'project',
  summary: 'Company names for the directory search: each typed word in the name, whatever the case, punctuation, & or Ltd (decision 0503)',
  query: z.object({ q: z.string({ error: about('Company name') }).max(Q.valueLength).default('') }),
  response: { 200: successEnvelope(z.array(z.string())), 400: errors[400] },
});

export const getProvider = defineContract({
  method: 'GET',
  path: '/api/providers/:id',
  access: 'public',
  source: 'directory §7',
  summary: 'One provider by id or slug (the provider itself)',
  params: idParam,
  response: { 200: provider, 404: errors[404] },
});

export const updateProvider = defineContract({
  method: 'PATCH',
  path: '/api/providers/:id',
  access: 'user',
  source: 'directory §7',
  summary: 'Changed profile fields (owner or admin); protected fields are refused',
  params: idParam,
  body: updateProviderBody,
  response: { 200: provider, ...errors },
});

export const createProvider = defineContract({
  method: 'POST',
  path: '/api/providers',
  access: 'user',
  source: 'directory §7',
  summary: 'Create a provider owned by the caller (claimed and claim-approved at once)',
  body: createProviderBody,
  response: { 201: successEnvelope(provider), ...errors },
});

export const claimProvider = defineContract({
  method: 'POST',
  path: '/api/providers/:id/claim',
  access: 'user',
  source: 'directory §7',
  summary: 'Submit a claim (pending until an admin reviews it)',
  params: idParam,
  body: claimProviderBody,
  response: {
    201: z.object({
      success: z.literal(true),
      message: z.string(),
      data: z.object({ id: z.string(), status: z.literal('pending'), kind: z.enum(['claim', 'dispute']) }),
    }),
    ...errors,
  },
});

export const uploadProviderLogo = defineContract({
  method: 'POST',
  path: '/api/providers/:id/logo',
  access: 'user',
  source: 'directory §7',
  summary: 'Upload a logo (multipart field logo; jpeg/png; ≤ 2 MB)',
  params: idParam,
  multipart: { fields: noFields },
  response: {
    200: z.object({ success: z.literal(true), logoUrl: z.string(), message: z.string() }),
    ...errors,
    415: errors[400],
  },
});

export const uploadProviderCover = defineContract({
  method: 'POST',
  path: '/api/providers/:id/cover-image',
  access: 'user',
  source: 'directory §7',
  summary: 'Upload a cover image (multipart field coverImage; jpeg/png/gif; ≤ 5 MB)',
  params: idParam,
  multipart: { fields: noFields },
  response: {
    200: z.object({ success: z.literal(true), imageUrl: z.string(), message: z.string() }),
    ...errors,
    415: errors[400],
  },
});

export const updateProviderPlace = defineContract({
  method: 'POST',
  path: '/api/providers/:id/place',
  access: 'user',
  source: 'directory §7',
  summary: 'Geocode the location with the gazetteer and store latitude and longitude',
  params: idParam,
  body: placeBody,
  response: {
    200: successEnvelope(
      z.object({
        location: z.string(),
        latitude: z.number().nullable(),
        longitude: z.number().nullable(),
        placeId: z.string().nullable(),
      }),
    ),
    ...errors,
  },
});

export const uploadProviderMedia = defineContract({
  method: 'POST',
  path: '/api/providers/:id/media',
  access: 'user',
  source: 'directory §7',
  summary: 'Upload media files (multipart, repeated field files; png/jpg/gif/pdf; ≤ 5 MB each)',
  params: idParam,
  multipart: { fields: noFields },
  response: {
    201: z.object({ success: z.literal(true), message: z.string(), data: z.array(mediaFile) }),
    ...errors,
    415: errors[400],
  },
});

export const deleteProviderMedia = defineContract({
  method: 'DELETE',
  path: '/api/providers/:id/media/:fileId',
  access: 'user',
  source: 'directory §7',
  summary: 'Remove a media file (owner or admin)',
  params: z.object({ id: z.string().min(1).max(200), fileId: z.string().min(1).max(200) }),
  response: { 200: okBody, ...errors },
});

export const inviteProvider = defineContract({
  method: 'POST',
  path: '/api/providers/invitations',
  access: 'user',
  source: 'project',
  summary: 'Invite a company to list its services (verified address; limited per account, per IP and per invited address)',
  body: inviteProviderBody,
  response: { 201: z.object({ success: z.literal(true), message: z.string() }), ...errors },
});

export const listUserProviders = defineContract({
  method: 'GET',
  path: '/api/providers/user/:userId',
  access: 'user',
  source: 'directory §7',
  summary: "A user's claims and owned providers (that user or an admin)",
  params: z.object({ userId: z.string().min(1).max(200) }),
  response: {
    200: successEnvelope(z.object({ claims: z.array(userClaim), providers: z.array(providerSummary) })),
    ...errors,
  },
});
