import { z } from 'zod';
import { EXPORT_MEDIA_TYPES } from '../constants/media-types';
import {
  AGE_SLIDER,
  ASSET_CHANGE_KINDS,
  ASSET_MAP,
  ASSET_PROVIDERS_MAX_LIMIT,
  ASSET_PROVIDERS_PAGE_SIZE,
  PROJECT_PHASES,
  PROJECT_SORT_KEYS,
  PROJECTS_MAX_LIMIT,
  PROJECTS_PAGE_SIZE,
} from '../constants/assets';
import { EXPORT_FORMATS } from '../constants/exports';
import { defineContract } from './contract';
import { boundsParam, errors, idParam, repeated } from './common';
import { providerSummary } from './providers';

const text = z.string().trim().max(200);
const listItem = z.string().trim().min(1).max(200);
const boolParam = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1');
const num = (min: number, max: number) => z.coerce.number().min(min).max(max);

export { boundsParam };

/** The asset map filters (`GET /api/assets/coordinates`, docs/product/assets.md#calls), shared by the map and its list. */
export const assetMapQuery = z.object({
  bounds: boundsParam.optional(),
  zoom: num(0, 24).optional(),
  minCapacity: num(0, 100_000).optional(),
  maxCapacity: num(0, 100_000).optional(),
  /** Project addition: the age slider's ends in years (Asset Age Range, docs/product/assets.md#overview-filters). */
  minAge: num(0, 200).optional(),
  maxAge: num(0, 200).optional(),
  includeUnknownAge: boolParam.optional(),
  regions: repeated(listItem).pipe(z.array(listItem).max(50)),
  technologyTypes: repeated(listItem).pipe(z.array(listItem).max(50)),
  developmentStatus: repeated(listItem).pipe(z.array(listItem).max(50)),
  operators: repeated(listItem).pipe(z.array(listItem).max(50)),
  siteNameSearch: text.optional(),
});
export type AssetMapQuery = z.output<typeof assetMapQuery>;
export type AssetMapQueryInput = z.input<typeof assetMapQuery>;

/**
 * Asset map feature properties (docs/product/assets.md#asset-map): what the map draws and shows, no
 * more (decision 0566). `technologyType` colours the circle and `capacity` (MW) sizes it; the popup
 * and the 'Assets in view' list show `title` and `capacity`; `id` opens the asset record, which
 * carries every other field (GET /api/assets/:id).
 */
export const assetPointProperties = z.object({
  id: z.number().int(),
  /** The site's name. */
  title: z.string(),
  capacity: z.number().nullable(),
  technologyType: z.string().nullable(),
});
export type AssetPointProperties = z.infer<typeof assetPointProperties>;

/** Above ASSET_POINT_LIMIT matches (ASSET_WIDE_VIEW_POINT_LIMIT in a wide view, decision 0614) the server answers grid clusters; clicking one zooms in. */
export const assetClusterProperties = z.object({
  cluster: z.literal(true),
  point_count: z.number().int(),
  capacity_sum: z.number(),
  expansion_zoom: z.number(),
});

const point = z.object({ type: z.literal('Point'), coordinates: z.tuple([z.number(), z.number()]) });

export const assetFeatureCollection = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(
    z.object({
      type: z.literal('Feature'),
      geometry: point,
      properties: z.union([assetPointProperties, assetClusterProperties]),
    }),
  ),
  /** Matching assets with coordinates inside the bounds. */
  total: z.number().int(),
  clustered: z.boolean(),
});
export type AssetFeatureCollection = z.infer<typeof assetFeatureCollection>;

export const getAssetCoordinates = defineContract({
  method: 'GET',
  path: '/api/assets/coordinates',
  access: 'public',
  source: 'accounts §7',
  summary:
    'Assets within bounds as GeoJSON points ([lng, lat]); clusters above 15,000 matches, or above 1,000 in a view drawn at zoom 8 or wider (bounds and zoom sent); every point: no bounds, no zoom, or zoom 9 and deeper',
  query: assetMapQuery,
  response: { 200: assetFeatureCollection, 400: errors[400] },
});

export const listAssetOperators = defineContract({
  method: 'GET',
  path: '/api/assets/operators',
  access: 'public',
  source: 'accounts §7',
  summary: 'Planning applicant (REPD operator) suggestions',
  query: z.object({ search: text.optional() }),
  response: { 200: z.array(z.string()), 400: errors[400] },
});

export const assetSiteSuggestion = z.object({
  id: z.number().int(),
  siteName: z.string(),
  region: z.string().nullable(),
  /** What tells two sites of one name apart in the tender form's picker (issue 27 defect 11). */
  county: z.string().nullable(),
  technology: z.string().nullable(),
  capacityMw: z.number().nullable(),
  status: z.string().nullable(),
});
export const listAssetSites = defineContract({
  method: 'GET',
  path: '/api/assets/sites',
  access: 'public',
  source: 'project',
  summary: 'Site-name suggestions (at most 5)',
  query: z.object({ search: text.optional() }),
  response: { 200: z.array(assetSiteSuggestion), 400: errors[400] },
});

/** One change a REPD release made to a project (decision 0396). */
export const assetChange = z.object({
  kind: z.enum(ASSET_CHANGE_KINDS),
  before: z.string().nullable(),
  after: z.string().nullable(),
  release: z.string(),
  changedAt: z.string(),
});
export type AssetChange = z.infer<typeof assetChange>;

/** The asset (docs/product/assets.md#asset), plus the REPD reference, planning dates, duplicate flag and source record. */
export const assetDetail = z.object({
  id: z.number().int(),
  repdRefId: z.string(),
  siteName: z.string(),
  technologyType: z.string().nullable(),
  developmentStatus: z.string().nullable(),
  developmentStatusShort: z.string().nullable(),
  installedCapacity: z.number().nullable(),
  mountingType: z.string().nullable(),
  recordLastUpdated: z.string().nullable(),
  ageYears: z.number().int().nullable(),
  siteArea: z.number().nullable(),
  /** Estimated from capacity (REPD has no module count); null when it cannot be estimated. */
  estimatedModules: z.number().int().nullable(),
  estimatedModulesIsEstimate: z.literal(true),
  address: z.string().nullable(),
  county: z.string().nullable(),
  region: z.string().nullable(),
  country: z.string().nullable(),
  postCode: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  repdOperator: z.string().nullable(),
  /** REPD has no separate latest operator: the operator is shown (docs/decisions/0192). */
  latestOperator: z.string().nullable(),
  storageType: z.string().nullable(),
  planningAuthority: z.string().nullable(),
  planningApplicationRef: z.string().nullable(),
  appealReference: z.string().nullable(),
  planningSubmissionDate: z.string().nullable(),
  planningGrantedDate: z.string().nullable(),
  underConstructionDate: z.string().nullable(),
  operationalDate: z.string().nullable(),
  possibleDuplicateOf: z.object({ id: z.number().int(), siteName: z.string(), repdRefId: z.string() }).nullable(),
  /** What REPD releases changed on this project, newest first (at most ASSET_HISTORY_LIMIT; decision 0396). */
  history: z.array(assetChange),
  source: z.object({ name: z.string(), release: z.string().nullable(), importedAt: z.string(), attribution: z.string() }),
});
export type AssetDetail = z.infer<typeof assetDetail>;

export const getAsset = defineContract({
  method: 'GET',
  path: '/api/assets/:id',
  // docs/product/assets.md#asset-detail: asset details need login (docs/decisions/0193).
  access: 'user',
  source: 'accounts §7',
  summary: 'One asset with every field (signed-in users)',
  params: idParam,
  response: { 200: assetDetail, 401: errors[401], 404: errors[404] },
});

export const projectRow = z.object({
  id: z.number().int(),
  siteName: z.string(),
  developmentStatus: z.string().nullable(),
  installedCapacity: z.number().nullable(),
  repdOperator: z.string().nullable(),
  region: z.string().nullable(),
  technologyType: z.string().nullable(),
  planningSubmissionDate: z.string().nullable(),
  planningGrantedDate: z.string().nullable(),
  possibleDuplicate: z.boolean(),
});
export type ProjectRow = z.infer<typeof projectRow>;

export const projectsQuery = z.object({
  operatorSearch: text.optional(),
  region: listItem.optional(),
  technology: listItem.optional(),
  phase: z.enum(PROJECT_PHASES).optional(),
  /** Project addition (decision 0396): only projects a REPD release changed on or after this day. */
  changedSince: z.iso.date().optional(),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(PROJECTS_MAX_LIMIT).default(PROJECTS_PAGE_SIZE),
  sortBy: z.enum(PROJECT_SORT_KEYS).optional(),
  sortDirection: z.enum(['asc', 'desc']).optional(),
  export: boolParam.optional().describe('true: the whole filtered table as a CSV download (the spec\'s export)'),
  /** Project addition (decision 0491): the export as CSV or JSON (`export=true` is CSV). */
  format: z.enum(EXPORT_FORMATS).optional().describe('The whole filtered table as a download: csv (text/csv) or json (an export file)'),
});
export type ProjectsQuery = z.output<typeof projectsQuery>;
export type ProjectsQueryInput = z.input<typeof projectsQuery>;

export const listAssetProjects = defineContract({
  method: 'GET',
  path: '/api/assets/tenders',
  access: 'public',
  source: 'accounts §7',
  summary: 'Expected projects (three development phases) with total; export=true answers the CSV, format=csv|json the CSV or JSON',
  query: projectsQuery,
  downloads: EXPORT_MEDIA_TYPES,
  response: { 200: z.object({ data: z.array(projectRow), total: z.number().int() }), 400: errors[400] },
});

export const assetSourceRecord = z.object({
  name: z.string(),
  publisher: z.string(),
  attribution: z.string(),
  release: z.string().nullable(),
  importedAt: z.string().nullable(),
  newestRecord: z.string().nullable(),
  assets: z.number().int(),
  /** The REPD release job (decision 0397): whether this deployment runs it, and its last successful check. */
  automatic: z.boolean(),
  checkedAt: z.string().nullable(),
  /** When the first change between two releases was recorded; null while one release is loaded (issue 28 item 6). */
  historySince: z.string().nullable().optional(),
  lastImport: z
    .object({ read: z.number().int(), inserted: z.number().int(), updated: z.number().int(), unchanged: z.number().int(), rejected: z.number().int() })
    .nullable(),
});
export type AssetSourceRecord = z.infer<typeof assetSourceRecord>;

export const getAssetSource = defineContract({
  method: 'GET',
  path: '/api/assets/source',
  access: 'public',
  source: 'project',
  summary: 'Where the asset data comes from and how fresh it is',
  response: { 200: assetSourceRecord },
});

/** The age slider default range means "no age filter". */
export const isDefaultAgeRange = (min?: number, max?: number) =>
  (min ?? AGE_SLIDER.min) <= AGE_SLIDER.min && (max ?? AGE_SLIDER.max) >= AGE_SLIDER.max;
export const DEFAULT_ASSET_BOUNDS = ASSET_MAP.defaultBounds;

/** One provider whose service area covers an asset: the directory card's fields plus the distance. */
export const assetProvider = z.object({
  provider: providerSummary,
  /** Haversine km from the site to the provider's base; null when a countrywide provider has none. */
  distanceKm: z.number().nullable(),
  countrywide: z.boolean(),
});
export type AssetProvider = z.infer<typeof assetProvider>;

export const assetProvidersResponse = z.object({
  data: z.array(assetProvider),
  total: z.number().int(),
  /** What providers were matched on (null: no directory counterpart, area only). */
  technologies: z.array(z.string()),
  phase: z.string().nullable(),
});
export type AssetProvidersResponse = z.infer<typeof assetProvidersResponse>;

export const listAssetProviders = defineContract({
  method: 'GET',
  path: '/api/assets/:id/providers',
  // Part of the asset's details (docs/product/assets.md#providers-serving-a-site, docs/decisions/0193, 0198).
  access: 'user',
  source: 'project',
  summary: "Directory providers whose service area covers the asset and that serve its technology and phase",
  params: idParam,
  query: z.object({
    offset: z.coerce.number().int().min(0).max(10_000).default(0),
    limit: z.coerce.number().int().min(1).max(ASSET_PROVIDERS_MAX_LIMIT).default(ASSET_PROVIDERS_PAGE_SIZE),
  }),
  response: { 200: assetProvidersResponse, 400: errors[400], 401: errors[401], 404: errors[404] },
});
