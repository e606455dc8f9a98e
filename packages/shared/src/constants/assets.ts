/** Asset intelligence constants (docs/product/assets.md). One home for each. */
import { formatCount, formatNumber } from '../domain/count';

/** Technology types as REPD spells them (case variants and trailing spaces are folded onto these). */
export const ASSET_TECHNOLOGY_TYPES = [
  'Solar Photovoltaics',
  'Battery',
  'Wind Onshore',
  'Wind Offshore',
  'Anaerobic Digestion',
  'Landfill Gas',
  'Biomass (dedicated)',
  'Biomass (co-firing)',
  'EfW Incineration',
  'Advanced Conversion Technologies',
  'Small Hydro',
  'Large Hydro',
  'Pumped Storage Hydroelectricity',
  'Tidal Stream',
  'Tidal Lagoon',
  'Shoreline Wave',
  'Sewage Sludge Digestion',
  'Hydrogen',
  'Fuel Cell (Hydrogen)',
  'Geothermal',
  'Hot Dry Rocks (HDR)',
  'Liquid Air Energy Storage',
  'Compressed Air Energy Storage',
  'Flywheels',
  'Unknown',
] as const;

/** Development statuses as REPD spells them ('Planning permission granted ' folds onto the canonical one, docs/product/assets.md#projects-table). */
export const ASSET_DEVELOPMENT_STATUSES = [
  'Operational',
  'Under Construction',
  'Planning Permission Granted',
  'Secretary of State - Granted',
  'Appeal Granted',
  'Planning Application Submitted',
  'Appeal Lodged',
  'Revised',
  'Planning Permission Refused',
  'Appeal Refused',
  'Secretary of State - Refusal',
  'Planning Application Withdrawn',
  'Appeal Withdrawn',
  'Planning Permission Expired',
  'Abandoned',
  'Decommissioned',
  'No Application Required',
] as const;

/** docs/product/assets.md#projects-table: the development phases of the projects table; 'All Phases' means these three. */
export const PROJECT_PHASES = ['Under Construction', 'Planning Permission Granted', 'Secretary of State - Granted'] as const;
/** The projects table's filters in the address of /asset-intel?tab=projects (issue 30: shared, saved; decision 0471). */
export const PROJECT_ADDRESS_KEYS = { region: 'projectRegion', technology: 'projectTechnology', phase: 'projectPhase', operatorSearch: 'applicant' } as const;
export type ProjectPhase = (typeof PROJECT_PHASES)[number];

/** REPD regions (the spelling of its Region column). */
export const ASSET_REGIONS = [
  'Scotland',
  'Northern Ireland',
  'Wales',
  'North East',
  'North West',
  'Yorkshire and Humber',
  'East Midlands',
  'West Midlands',
  'Eastern',
  'London',
  'South East',
  'South West',
  'Offshore',
] as const;

export interface RegionPreset {
  center: [lng: number, lat: number];
  zoom: number;
}

/** docs/product/assets.md#regions: choosing exactly one region flies the map to its preset. */
export const REGION_PRESETS: Record<(typeof ASSET_REGIONS)[number], RegionPreset> = {
  Scotland: { center: [-4.2, 57.0], zoom: 6 },
  'Northern Ireland': { center: [-6.7, 54.6], zoom: 7.5 },
  Wales: { center: [-3.7, 52.3], zoom: 7 },
  'North East': { center: [-1.8, 55.0], zoom: 7.5 },
  'North West': { center: [-2.7, 54.0], zoom: 7 },
  'Yorkshire and Humber': { center: [-1.3, 53.9], zoom: 7.5 },
  'East Midlands': { center: [-0.9, 52.9], zoom: 7.5 },
  'West Midlands': { center: [-2.2, 52.5], zoom: 7.5 },
  Eastern: { center: [0.5, 52.2], zoom: 7.5 },
  London: { center: [-0.12, 51.5], zoom: 9.5 },
  'South East': { center: [-0.6, 51.2], zoom: 7.5 },
  'South West': { center: [-3.5, 50.8], zoom: 7 },
  Offshore: { center: [-1.5, 54.5], zoom: 5 },
};

/** The asset map (docs/product/assets.md#asset-map). */
export const ASSET_MAP = {
  /** Query bounds when the map has not reported its own: [west, south, east, north]. */
  defaultBounds: [-12, 49, 2, 61] as [number, number, number, number],
  /** Panning limits: [[west, south], [east, north]]. */
  maxBounds: [
    [-15, 45],
    [5, 65],
  ] as [[number, number], [number, number]],
  minZoom: 3,
  maxZoom: 20,
  center: [-2.5, 53] as [number, number],
  zoom: 5,
  heightPx: 800,
  flyMs: 1500,
  edgePanMs: 500,
  edgeMarginPx: 50,
  circleMinPx: 2,
  circleMaxPx: 8,
  circleCapacityMax: 100,
  /** Asset detail map (docs/product/assets.md#asset-detail). */
  detailZoom: 15,
  detailPitch: 45,
  /** Project addition (issue 19): choosing a site in 'Search by Site Name' flies to it at this zoom at least. */
  siteZoom: 13,
} as const;

/** Above this many matching assets in the requested bounds the server answers clusters, not points. */
export const ASSET_POINT_LIMIT = 15_000;
/**
 * A view drawn at a wide zoom (decision 0614): bounds and a zoom sent, clustered at level
 * ASSET_WIDE_VIEW_MAX_LEVEL or coarser, answers clusters above ASSET_WIDE_VIEW_POINT_LIMIT matches.
 * Without bounds (the UK-wide answer the web map loads) or without a zoom, ASSET_POINT_LIMIT holds.
 */
export const ASSET_WIDE_VIEW_MAX_LEVEL = 8;
export const ASSET_WIDE_VIEW_POINT_LIMIT = 1_000;
/**
 * The finest zoom level whose clusters are counted ahead (decision 0388): a view at level 8 spans a
 * few degrees; deeper views hold few enough rows for the live query through the position indexes.
 */
export const ASSET_MAP_CELL_LEVELS = 10;

/**
 * Lower edges (MW) of the capacity bands the coarse cells are also counted by (decision 0411): a
 * capacity filter adds up the bands wholly inside its range and groups the assets of a band a
 * threshold falls inside live. A 1-2-5 series, so round thresholds fall on an edge.
 */
export const ASSET_MAP_CAPACITY_BANDS = [0, 1, 2, 5, 10, 20, 50, 100, 200, 500, 1000] as const;

/**
 * The finest zoom level counted by capacity band (decision 0411): the level a UK-wide view reads
 * at any zoom (narrower views, at levels 9 and 10, hold few enough rows for the live query).
 */
export const ASSET_MAP_CAPACITY_LEVELS = 8;

/** docs/product/assets.md#asset-map: technology colours plus a default. Solar amber, battery blue, other grey. */
export const TECHNOLOGY_COLOURS: Record<string, string> = {
  'Solar Photovoltaics': '#f59e0b',
  Battery: '#2563eb',
};
export const DEFAULT_TECHNOLOGY_COLOUR = '#6b7280';
export const technologyColour = (technology: string | null | undefined) =>
  (technology && TECHNOLOGY_COLOURS[technology]) || DEFAULT_TECHNOLOGY_COLOUR;
/** Legend rows (docs/product/assets.md#asset-map: a legend of technology types with colours). */
export const TECHNOLOGY_LEGEND = [
  { label: 'Solar', colour: TECHNOLOGY_COLOURS['Solar Photovoltaics']! },
  { label: 'Battery', colour: TECHNOLOGY_COLOURS.Battery! },
  { label: 'Other', colour: DEFAULT_TECHNOLOGY_COLOUR },
] as const;

/** Sliders (docs/product/assets.md#overview-filters). */
export const CAPACITY_SLIDER = { min: 0, max: 100, step: 1, upperLabel: '100+ MW' } as const;
export const AGE_SLIDER = { min: 0, max: 20, step: 1, upperLabel: '20+ years' } as const;

/** docs/product/assets.md#limits: a page size of 100 for asset lists; the projects table has 25 (ruling). */
export const ASSET_PAGE_SIZE = 100;
export const PROJECTS_PAGE_SIZE = 25;
export const PROJECTS_MAX_LIMIT = 100;
/** Type-ahead sizes. */
export const OPERATOR_SUGGESTIONS = 10;
export const SITE_SUGGESTIONS = 5;

/** Projects table columns (docs/product/assets.md#projects-table), in order; the key is the sortBy value. */
export const PROJECT_COLUMNS = [
  { key: 'siteName', label: 'Site Name' },
  { key: 'developmentStatus', label: 'Status' },
  { key: 'installedCapacity', label: 'Capacity (MW)' },
  { key: 'repdOperator', label: 'Planning Applicant' },
  { key: 'region', label: 'Region' },
  { key: 'planningSubmissionDate', label: 'Planning Submission Date' },
  { key: 'planningGrantedDate', label: 'Planning Permission Date' },
] as const;
export const PROJECT_SORT_KEYS = PROJECT_COLUMNS.map((c) => c.key) as [
  (typeof PROJECT_COLUMNS)[number]['key'],
  ...(typeof PROJECT_COLUMNS)[number]['key'][],
];
export type ProjectSortKey = (typeof PROJECT_COLUMNS)[number]['key'];
export const DEFAULT_PROJECT_SORT: { sortBy: ProjectSortKey; sortDirection: 'asc' | 'desc' } = {
  sortBy: 'planningGrantedDate',
  sortDirection: 'desc',
};

/** Square metres per acre: siteArea (acres) = 'Solar Site Area (sqm)' ÷ 4,046.86. */
export const SQM_PER_ACRE = 4046.86;
/**
 * REPD has no module count: estimated modules = installed MW × 1,000,000 ÷ this typical module
 * rating in watts, for solar only, always labelled as an estimate (docs/decisions/0192).
 */
export const ESTIMATED_MODULE_WATTS = 400;
/** Two records with the same site name and operator this close are flagged as probable duplicates. */
export const DUPLICATE_DISTANCE_KM = 1;

/** The exact texts of the asset screens (docs/product/assets.md). */
export const ASSET_MESSAGES = {
  overviewTab: 'Overview',
  projectsTab: 'Expected new projects',
  /** An asset tab's close: in its panel, and said with the tab (issue 28, item 9). */
  closeTab: (title: string) => `Close the ${title} tab`,
  closeTabHint: 'Press Delete to close this tab.',
  /** The projects' sort on phones and tablets, where each project is a card (decision 0506). */
  sortProjects: 'Sort projects by',
  sortOption: (column: string, direction: 'asc' | 'desc') => `${column}, ${direction === 'asc' ? 'ascending' : 'descending'}`,
  projectsTitle: 'Expected Projects',
  clearAll: 'Clear all',
  applicantSearch: 'Planning Applicant Search',
  siteSearch: 'Search by Site Name',
  capacityRange: 'Capacity Range (MW)',
  developmentStatus: 'Development Status',
  technologyType: 'Technology Type',
  region: 'Region',
  ageRange: 'Asset Age Range',
  ageHint: 'Drag either end of the slider to set minimum and maximum age in years',
  includeUnknownAge: 'Include assets with unknown age',
  loadingMap: 'Loading map...',
  loadingAssets: 'Loading assets...',
  loadingAsset: 'Loading asset…',
  viewDetails: 'View Details',
  capacity: (mw: number | string) => `Capacity: ${mw} MW`,
  mapStyleError: (message: string) => `Error loading map style: ${message}`,
  allRegions: 'All Regions',
  allTechnologies: 'All Technologies',
  allPhases: 'All Phases',
  loadingProjects: 'Loading projects...',
  noProjects: 'No projects found matching your filters',
  showing: (from: number, to: number, total: number) => `Showing ${formatNumber(from)} to ${formatNumber(to)} of ${formatCount(total, 'project')}`,
  previous: 'Previous',
  next: 'Next',
  export: 'Export CSV',
  exportFailed: 'Failed to export tenders',
  fetchAssetFailed: 'Failed to fetch asset',
  loadAssetFailed: 'Failed to load asset details',
  assetNotFound: 'Asset not found',
  loginRequired: 'Please log in to view asset details',
  loginOrRegister: 'Log in or register to see full asset details',
  notAvailable: 'N/A',
  // Project additions (issue 19; decisions 0356, 0358).
  capacityUnknown: 'capacity unknown',
  capacityUnknownPopup: 'Capacity unknown',
  assetsAtPoint: (n: number) => `${n} assets at this point`,
  skipToMap: 'Skip to the map',
  skipToAssetList: 'Skip to the list of assets in view',
  mapUnavailableList: 'The map could not be loaded. The largest assets matching the filters are listed; choose one to see its details.',
  siteNotShown: (site: string) => `${site} is not on the map: it does not match the other filters.`,
  siteCircle: (acres: string, radius: string) =>
    `Shaded circle: the site's area, about ${acres} acres (radius ${radius}). REPD gives the area, not the boundary.`,
  noSiteArea: 'REPD gives no site area for this asset, so only its point is marked.',
  showWholeSite: 'Show the whole site',
  nearestPlaces: 'Nearest places',
  placeDistance: (name: string, kind: string, distance: string, direction: string) => `${name} (${kind.toLowerCase()}), ${distance} ${direction}`,
} as const;

/** REPD attribution (OGL v3.0), shown with the data. */
export const REPD_SOURCE = {
  name: 'Renewable Energy Planning Database (REPD)',
  publisher: 'Department for Energy Security and Net Zero',
  attribution: 'Contains public sector information licensed under the Open Government Licence v3.0.',
} as const;

/**
 * 'Providers serving this site' (issue 9, docs/decisions/0198): the directory technologies that
 * serve an asset's REPD technology. A technology missing here has no directory counterpart, so
 * providers are matched on their service area only.
 */
export const PROVIDER_TECHNOLOGIES_FOR_ASSET: Partial<Record<(typeof ASSET_TECHNOLOGY_TYPES)[number], readonly string[]>> = {
  'Solar Photovoltaics': ['Solar PV', 'Hybrid'],
  Battery: ['BESS', 'Hybrid'],
  'Wind Onshore': ['Wind'],
  'Wind Offshore': ['Wind'],
};

/** REPD development status → the directory's phase (docs/product/providers.md#option-lists: Operational, Development, Construction). */
export const PROVIDER_PHASE_FOR_STATUS: Partial<Record<(typeof ASSET_DEVELOPMENT_STATUSES)[number], string>> = {
  Operational: 'Operational',
  'Under Construction': 'Construction',
  'Planning Permission Granted': 'Development',
  'Secretary of State - Granted': 'Development',
  'Appeal Granted': 'Development',
  'Planning Application Submitted': 'Development',
  'Appeal Lodged': 'Development',
  Revised: 'Development',
  'No Application Required': 'Development',
};

export const providerTechnologiesForAsset = (technology: string | null | undefined): readonly string[] =>
  (technology && PROVIDER_TECHNOLOGIES_FOR_ASSET[technology as keyof typeof PROVIDER_TECHNOLOGIES_FOR_ASSET]) || [];
export const providerPhaseForStatus = (status: string | null | undefined): string | null =>
  (status && PROVIDER_PHASE_FOR_STATUS[status as keyof typeof PROVIDER_PHASE_FOR_STATUS]) || null;

/** Providers shown on an asset at first, and the most one request may ask for. */
export const ASSET_PROVIDERS_PAGE_SIZE = 6;
export const ASSET_PROVIDERS_MAX_LIMIT = 48;

export const ASSET_PROVIDER_MESSAGES = {
  title: 'Providers serving this site',
  loading: 'Loading providers...',
  failed: 'Failed to load providers',
  none: 'No directory providers cover this site yet.',
  showMore: 'Show more providers',
  countrywide: 'Covers the whole country',
  distance: (km: number) => `Based ${km < 10 ? km.toFixed(1) : Math.round(km)} km from this site`,
} as const;

/** What a REPD release changed on a project (decision 0396; migration 0020_asset_changes.sql). */
export const ASSET_CHANGE_KINDS = ['added', 'status', 'capacity', 'operator', 'removed'] as const;
export type AssetChangeKind = (typeof ASSET_CHANGE_KINDS)[number];

/** Most history entries the asset detail carries (newest first). */
export const ASSET_HISTORY_LIMIT = 50;

/** The history card and the 'changed since' filter (decision 0396). */
export const ASSET_HISTORY = {
  heading: 'History in REPD',
  empty: 'No changes recorded since this project was first imported.',
  added: 'Added to REPD',
  removed: 'Removed from REPD',
  status: 'Status',
  capacity: 'Capacity',
  operator: 'Operator',
  none: 'none',
  changedSinceLabel: 'Changed since',
  changedSinceHint: 'Projects whose status, capacity or operator changed in a REPD release imported on or after this date.',
  /** While one release is loaded (issue 28 item 6, decision 0464). */
  startsWithNext: (loaded: string, expected: string) =>
    `History starts with the next REPD release: only the ${loaded} release is loaded here, so nothing has changed yet. Releases come out each quarter; the next one was expected in ${expected}.`,
  checkedDaily: 'This site checks GOV.UK for it every day and records what it changes.',
  notChecked: 'This site imports it once an administrator switches on the REPD release check.',
} as const;

/** The asset pages' freshness line (decision 0397). */
export const ASSET_FRESHNESS = {
  checked: (when: string) => `Checked for a new release ${when}.`,
  notYet: 'The first check for a new release is under way.',
} as const;
