/** Directory and profile map constants (docs/product/providers.md#directory-map, docs/product/providers.md#profile-map). One home each. */

/** UK default view: centre (lng, lat), zoom 4.8 on the search map, about 5 on profile maps (docs/product/providers.md#limits). */
export const MAP_UK_CENTER: [lng: number, lat: number] = [-2.5, 54];
export const DIRECTORY_MAP_ZOOM = 4.8;
export const PROFILE_MAP_INITIAL_ZOOM = 5;
/** Zoom once a profile position is known, and after choosing a location suggestion (docs/product/providers.md#limits). */
export const PROFILE_MAP_POSITION_ZOOM = 12;
export const LOCATION_CHOSEN_ZOOM = 10;

/** Clustering (docs/product/providers.md#directory-map): radius 40 px, clusters up to zoom 16, expansion zoom capped at 20. */
export const CLUSTER_RADIUS_PX = 40;
export const CLUSTER_MAX_ZOOM = 16;
export const CLUSTER_EXPANSION_ZOOM_CAP = 20;

/**
 * The directory map at scale (decision 0387): while at most this many providers with a position
 * match the filters, the answer is every point and the browser clusters them (decision 0270);
 * above it the server answers grid clusters for the view asked, as the asset map does (decision
 * 0194), and points again once the view holds at most this many. 5,000 points are about 1 MB of
 * JSON, about 190 KB gzip-compressed: under the 300 KB an answer may send.
 */
export const DIRECTORY_MAP_POINT_LIMIT = 5_000;
/** Most grid cells one clustered directory-map answer holds, whatever bounds and zoom are asked. */
export const DIRECTORY_MAP_MAX_CELLS = 2_000;
/** The view a clustered answer covers when no bounds are sent: Great Britain and Ireland. */
export const DIRECTORY_MAP_DEFAULT_BOUNDS: [west: number, south: number, east: number, north: number] = [-12, 49, 2, 61];
/** A server cluster's click zooms this many levels in (as the asset map's do, decision 0194). */
export const SERVER_CLUSTER_ZOOM_STEP = 2;

/** Service-area circle (docs/product/providers.md#service-areas): 64 points; km per degree of longitude (at the equator) and latitude. */
export const SERVICE_AREA_POINTS = 64;
export const KM_PER_DEGREE_LNG = 111.32;
export const KM_PER_DEGREE_LAT = 110.574;
export const SERVICE_AREA_FILL = '#3b82f6';
export const SERVICE_AREA_OPACITY = 0.2;
/** Circles drawn at once on the directory map (decision 0271): those nearest the view first. */
export const SERVICE_AREA_MAX_CIRCLES = 500;
/**
 * Above this many circles in view, service areas are drawn as outlines without fill: 0.2 opacity
 * stacked a few dozen times paints the country solid (decision 0357).
 */
export const SERVICE_AREA_FILL_MAX = 40;

/**
 * Place labels on the offline basemap (decision 0355): the zoom from which each class of place is
 * named (cities always), at most 150 an answer, one per 64 px cell of the view, drawn as a MapLibre
 * symbol layer that hides labels colliding with each other or with markers.
 */
export const PLACE_LABEL_MIN_ZOOM = { City: 0, Town: 8, Village: 11, 'Suburban Area': 13, Hamlet: 13 } as const;
export const PLACE_LABELS_MAX = 150;
export const PLACE_LABEL_CELL_PX = 64;
/** From this zoom the offline basemap says it has no street detail (decision 0358). */
export const OFFLINE_NOTE_MIN_ZOOM = 11;
/** Nearest places named around a site (decision 0358): 4 by default, at most 10. */
export const NEAREST_PLACES_DEFAULT = 4;
export const NEAREST_PLACES_MAX = 10;

/** Legend colours (docs/product/providers.md#service-areas): Local Provider in the primary colour, Countrywide Provider in orange. */
export const LOCAL_PROVIDER_COLOUR = '#1e40af';
export const COUNTRYWIDE_PROVIDER_COLOUR = '#f97316';

/** Rows in the keyboard list of providers in view (decision 0272). */
export const PROVIDERS_IN_VIEW_LIST_MAX = 50;

/** Profile geocoding: 3 retries with a 1 s pause (docs/product/providers.md#profile-map). */
export const PROFILE_GEOCODE_RETRIES = 3;
export const PROFILE_GEOCODE_PAUSE_MS = 1000;

/** Texts users see on the maps (docs/product/providers.md#directory-map, docs/product/providers.md#profile-map). */
export const MAP_TEXT = {
  showServiceAreas: 'Show Service Areas',
  localProvider: 'Local Provider',
  countrywideProvider: 'Countrywide Provider',
  providerTypes: 'Provider Types',
  viewAsList: 'View as List',
  coordinatesMissing: 'Provider coordinates are missing',
  geocodingFailed: 'Could not determine coordinates from either direct values or geocoding',
  emptyMap: 'No providers found matching your criteria.',
  contactLink: 'Contact Solar Manager for procurement support',
  loadingProviders: 'Loading providers...',
  directoryMapLabel: 'Map of solar service providers',
  profileMapLabel: (name: string) => `Map showing the location of ${name}`,
  /** The profile map's static preview until the map is wanted (decision 0373). */
  profilePreviewLabel: (name: string) => `Outline of the UK showing where ${name} is based`,
  showInteractiveMap: 'Show interactive map',
  providersInView: 'Providers in view',
  // Project additions (issue 19; decisions 0355–0359).
  /** From zoom 11 on the offline basemap: what users see (decision 0501). */
  offlineBasemap: 'This map shows towns and boundaries, not streets or buildings.',
  /** The same place, for admins only: how a hosted street map is switched on (docs/operations.md#maps). */
  hostedStyleHint: 'Admin: set MAP_STYLE_URL on the server for a street map (see docs/operations.md, Maps).',
  mapRetry: 'Try again',
  skipToMap: 'Skip to the map',
  skipToProviderList: 'Skip to the list of providers in view',
  providersAtPoint: (n: number) => `${n} providers at this location`,
  mapUnavailableList: (n: number) =>
    `The map could not be loaded. All ${n.toLocaleString('en-GB')} providers are listed; choose one to open its profile.`,
  serviceAreaOutlines: (n: number) =>
    `${n.toLocaleString('en-GB')} service areas reach this view: outlines only, as their shading would cover the map.`,
  /** The keyboard list when the server clusters the view (decision 0387): only providers outside a cluster are rows. */
  inViewClustered: (inView: number, listed: number) =>
    `${inView.toLocaleString('en-GB')} in view; ${listed.toLocaleString('en-GB')} stand apart and are listed. Zoom in or choose a cluster to list the others.`,
} as const;
