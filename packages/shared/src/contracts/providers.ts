// Over 300 lines: one contract file per feature (docs/style.md#1-one-vocabulary), and providers has 14 endpoints.
import { z } from 'zod';
import {
  DIRECTORY_QUERY_LIMITS,
  MAX_SEARCH_PAGE_SIZE,
  PROVIDER_LIST_DEFAULT_LIMIT,
  PROVIDER_LIST_MAX_LIMIT,
  PROVIDER_MESSAGES as M,
  cleanList,
  isHttpUrl,
  normaliseUrl,
} from '../constants/providers';
import { defineContract } from './contract';
import { errors, idParam, okBody, repeated, successEnvelope, visibleName } from './common';

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
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ProviderSummary = z.infer<typeof providerSummary>;

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

export const pagination = z.object({ page: z.number().int(), pages: z.number().int(), total: z.number().int() });

// ---------------------------------------------------------------------------------------------
// Input schemas (docs/product/providers.md#validation): the forms use the same schemas as the server.
// ---------------------------------------------------------------------------------------------

const text = (max: number) => z.string().max(max);

/** Optional profile URL: empty allowed; no scheme gets https://; then only http(s) (docs/product/providers.md#contact-information). */
export const optionalUrl = z
  .string()
  .max(500)
  .transform((v) => normaliseUrl(v))
  .refine((v) => v === '' || isHttpUrl(v), M.invalidUrl);

export const optionalEmail = z
  .string()
  .trim()
  .max(254)
  .refine((v) => v === '' || z.email().safeParse(v).success, M.invalidEmail);

const list = z
  .array(text(200))
  .max(100)
  .transform((items) => cleanList(items));

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
    .string()
    .max(500)
    .refine((v) => v === '' || UPLOAD_ADDRESS.test(v), message)
    .nullable();

/** Shown in the directory and admin lists: no control or invisible characters (decision 0338). */
export const businessNameField = visibleName(z.string().trim().min(1, M.businessNameRequired).max(200), 'Business name');

export const createProviderBody = z.strictObject({
  businessName: businessNameField,
  description: z.string().trim().min(10, M.descriptionMin).max(5000),
  services: list.refine((items) => items.length > 0, M.servicesMin),
  location: z.string().trim().min(1, M.locationRequired).max(200),
  type: z.string().trim().min(1, M.typeRequired).max(100),
  website: optionalUrl.optional(),
  linkedin: optionalUrl.optional(),
  twitter: optionalUrl.optional(),
  facebook: optionalUrl.optional(),
  email: optionalEmail.optional(),
  phone: text(50).optional(),
  serviceRadius: z.number({ error: M.radiusPositive }).min(0, M.radiusPositive).max(2000).nullable().optional(),
  technologies: list.optional(),
  phase: list.optional(),
  scale: list.optional(),
  certifications: list.optional(),
  industryAssociations: list.optional(),
  expertise: list.optional(),
  logo: imageRef(M.logoNotOwnUpload).optional(),
});
export type CreateProviderInput = z.input<typeof createProviderBody>;

/** Profile edit (docs/product/providers.md#validation): every field optional; protected fields are not accepted at all. */
export const updateProviderBody = z.strictObject({
  businessName: businessNameField.optional(),
  description: z.string().trim().min(1, M.descriptionEmpty).max(5000).optional(),
  location: z.string().trim().min(1, M.locationRequired).max(200).optional(),
  serviceRadius: z
    .number()
    .max(2000)
    .refine((n) => n === -1 || n >= 0, M.radiusPositive)
    .nullable()
    .optional(),
  type: z.string().trim().max(100).optional(),
  services: list.optional(),
  expertise: list.optional(),
  technologies: list.optional(),
  scale: list.optional(),
  phase: list.optional(),
  certifications: list.optional(),
  industryAssociations: list.optional(),
  website: optionalUrl.optional(),
  linkedin: optionalUrl.optional(),
  twitter: optionalUrl.optional(),
  facebook: optionalUrl.optional(),
  email: optionalEmail.optional(),
  phone: text(50).optional(),
  logo: imageRef(M.logoNotOwnUpload).optional(),
  coverImage: imageRef(M.coverNotOwnUpload).optional(),
});
export type UpdateProviderInput = z.input<typeof updateProviderBody>;

export const claimProviderBody = z.strictObject({
  companyRole: visibleName(z.string().trim().min(1, M.roleRequired).max(200), 'Role'),
  message: z.string().trim().max(2000).optional().default(''),
  force: z.boolean().optional(),
});
export type ClaimProviderInput = z.input<typeof claimProviderBody>;

export const placeBody = z.strictObject({
  location: z.string().trim().max(200).optional(),
  businessName: z.string().max(200).optional(),
});

const listQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(PROVIDER_LIST_MAX_LIMIT).default(PROVIDER_LIST_DEFAULT_LIMIT),
});

const Q = DIRECTORY_QUERY_LIMITS;
const filterValue = z.string().max(Q.valueLength);
const filterList = repeated(filterValue).pipe(z.array(filterValue).max(Q.listItems));

/** The directory page's address parameters (docs/product/providers.md#directory) plus mode. */
export const searchProvidersQuery = z.object({
  companies: filterList,
  services: filterList,
  types: filterList,
  technologies: filterList,
  scales: filterList,
  phases: filterList,
  location: z.string().max(Q.locationLength).optional(),
  /** `lng,lat` */
  locationCenter: z.string().max(Q.locationCenterLength).optional(),
  radius: z.coerce.number().positive().max(Q.radiusMaxKm).optional(),
  sort: z.enum(['default', 'name']).default('default'),
  page: z.coerce.number().int().min(1).max(Q.pageMax).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_SEARCH_PAGE_SIZE).default(9),
  mode: z.enum(['list', 'map']).default('list'),
});
export type SearchProvidersQuery = z.input<typeof searchProvidersQuery>;

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

export const listProviders = defineContract({
  method: 'GET',
  path: '/api/providers',
  access: 'public',
  source: 'directory §7',
  summary: 'Providers in server order, bounded by page and limit',
  query: listQuery,
  response: { 200: successEnvelope(z.array(providerSummary)), 400: errors[400] },
});

export const listPublicProviders = defineContract({
  method: 'GET',
  path: '/api/providers/public',
  access: 'public',
  source: 'directory §7',
  summary: 'Public provider list (same fields), bounded by page and limit',
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
      data: z.union([z.array(providerPoint), z.array(providerSummary)]),
      pagination,
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
