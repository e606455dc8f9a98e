/** Provider directory constants (docs/product/providers.md). One home each. */

/** Provider types for the directory filters (docs/product/providers.md#option-lists; 'Drone surverying' is spelt as in the product). */
export const PROVIDER_FILTER_TYPES = [
  'Asset Manager',
  'Asset Owner',
  'Developer',
  'Drone surverying',
  'EPC',
  'Energy Consultancy',
  'Environmental Advisor',
  'Financial services',
  'IPP',
  'Installer',
  'Legal services',
  'O&M Provider',
  'PR agency',
  'Property consultancy',
  'Renewable Energy',
  'Security Solutions',
  'Service Provider',
  'Technical Advisor',
  'Wholesaler',
] as const;

/**
 * Types of the profiles imported from REPD's 'Operator (or Applicant)' column (decision 0360): planning
 * applicants, not service providers. 'Asset Owner' when REPD lists one of their sites as operational,
 * else 'Project Developer'. 'Asset Owner' is a filter type of its own (a project addition);
 * 'Project Developer' answers the 'Developer' filter (decision 0143).
 */
export const APPLICANT_TYPES = ['Project Developer', 'Asset Owner'] as const;
export type ApplicantType = (typeof APPLICANT_TYPES)[number];

/** Provider types offered by the create form (docs/product/providers.md#option-lists). */
export const PROVIDER_CREATE_TYPES = [
  'Solar Installer',
  'Energy Consultant',
  'Equipment Manufacturer',
  'Project Developer',
  'EPC Contractor',
  'O&M Provider',
] as const;

/**
 * How a create-form type answers the directory's type filter (decision 0143): a filter type also
 * matches the create-form types listed here, compared case-insensitively.
 */
export const TYPE_FILTER_ALIASES: Record<string, readonly string[]> = {
  Installer: ['Solar Installer'],
  'Energy Consultancy': ['Energy Consultant'],
  Wholesaler: ['Equipment Manufacturer'],
  Developer: ['Project Developer'],
  EPC: ['EPC Contractor'],
};

/** Every stored type a set of filter types matches, lower-cased (for SQL `lower(type) = ANY(...)`). */
export function typesMatching(filterTypes: readonly string[]): string[] {
  const out = new Set<string>();
  for (const t of filterTypes) {
    const trimmed = t.trim();
    if (!trimmed) continue;
    out.add(trimmed.toLowerCase());
    const key = Object.keys(TYPE_FILTER_ALIASES).find((k) => k.toLowerCase() === trimmed.toLowerCase());
    for (const alias of key ? TYPE_FILTER_ALIASES[key]! : []) out.add(alias.toLowerCase());
  }
  return [...out];
}

/** Directory sorts (docs/product/providers.md#sort); 'Nearest first' only with a location (decision 0361). */
export const DIRECTORY_SORTS = ['default', 'name', 'distance'] as const;
export type DirectorySort = (typeof DIRECTORY_SORTS)[number];
/** The order when none is asked for: nearest first once a location is set, else the default (decision 0502). */
export const implicitDirectorySort = (located: boolean): DirectorySort => (located ? 'distance' : 'default');
export const DIRECTORY_SORT_LABELS: Record<DirectorySort, string> = {
  default: 'Default',
  name: 'Name (A–Z)',
  distance: 'Nearest first',
};

/** A distance on a card: one decimal under 10 km, whole kilometres above (decision 0361). */
export const formatDistanceKm = (km: number): string =>
  km < 10 ? km.toFixed(1) : Math.round(km).toLocaleString('en-GB');

export const TECHNOLOGIES = ['Solar PV', 'BESS', 'Hybrid', 'Wind'] as const;
export const SCALES = ['Utility', 'Commercial', 'Residential'] as const;
export const PHASES = ['Operational', 'Development', 'Construction'] as const;

export const DIRECTORY_PAGE_SIZE = 9;
export const RADIUS_OPTIONS_KM = [25, 50, 100, 200, 300] as const;
export const DEFAULT_RADIUS_KM = 50;
export const COUNTRYWIDE_RADIUS = -1;
/** GET /api/providers and /public: default and maximum page size (issue 4). */
export const PROVIDER_LIST_DEFAULT_LIMIT = 1000;
export const PROVIDER_LIST_MAX_LIMIT = 5000;
export const MAX_SEARCH_PAGE_SIZE = 60;
/**
 * The directory search's address limits: the contract's query schema and the web's address
 * cleaning (decision 0352) both read them, so what the page sends always passes.
 */
export const DIRECTORY_QUERY_LIMITS = {
  listItems: 20,
  valueLength: 200,
  locationLength: 200,
  locationCenterLength: 60,
  radiusMaxKm: 2000,
  pageMax: 100_000,
} as const;
/** Company-name suggestions under the directory's company search (decision 0503). */
export const COMPANY_NAME_SUGGESTIONS = 8;
/** Fewer matches than this for a service search is 'few': the list says so and offers a wider radius (decision 0360). */
export const FEW_PROVIDERS = 3;

/** The next radius option above `km`, or null at the widest (the 'Search within N km' button). */
export function widerRadius(km: number, options: readonly number[] = RADIUS_OPTIONS_KM): number | null {
  return options.find((option) => option > km) ?? null;
}

/**
 * 'Invite a provider' (decision 0360): per account and per client address a day, and one mail to an
 * address per 30 days whoever asks, so the form cannot be used to send someone repeated mail.
 */
export const PROVIDER_INVITE_LIMITS = { perAccountPerDay: 10, perIpPerDay: 20, repeatDays: 30, messageMax: 1000 } as const;
export const BUSINESS_NAME_CHECK_DEBOUNCE_MS = 500;
/**
 * Field limits of the profile forms and the API alike (decision 0365); the forms show them as
 * counters where text is long.
 */
export const PROVIDER_LIMITS = {
  businessName: 200,
  description: 5000,
  location: 200,
  type: 100,
  /** One service, certification, association… */
  listItem: 200,
  listItems: 100,
  phone: 50,
  url: 500,
  claimRole: 200,
  claimMessage: 2000,
  serviceRadiusKm: 2000,
} as const;
/**
 * A typed service radius is saved once typing has paused this long (decision 0366): '150' is one
 * save, not three (1, 15, 150).
 */
export const SERVICE_RADIUS_SAVE_DEBOUNCE_MS = 800;
/** Associated media on the profile: the first 6 (docs/product/providers.md#profile). */
export const PROFILE_MEDIA_PREVIEW = 6;

export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
export const COVER_MAX_BYTES = 5 * 1024 * 1024;
export const MEDIA_MAX_BYTES = 5 * 1024 * 1024;
/** Media files per upload request (decision 0147). */
export const MEDIA_MAX_FILES = 10;
/**
 * Stored bytes per provider profile: logo, cover, media files and their thumbnails, summed from
 * the ownership records (decision 0331). Forty 5 MB files, or several hundred typical photos.
 */
export const PROVIDER_STORAGE_QUOTA_BYTES = 200 * 1024 * 1024;
/**
 * One upload budget across the logo, cover and media routes, per hour (decision 0331): per account
 * (keyed on the user id, so every session of the account shares it) and per client address.
 */
export const PROVIDER_UPLOAD_BUDGET = { perAccountPerHour: 60, perIpPerHour: 120 } as const;

export const LOGO_MIME_TYPES = ['image/jpeg', 'image/png'] as const;
export const COVER_MIME_TYPES = ['image/jpeg', 'image/png', 'image/gif'] as const;
export const MEDIA_MIME_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'application/pdf'] as const;

/** Slugs that name other pages under /providers (docs/product/providers.md#provider). */
export const RESERVED_SLUGS = ['new', 'map'] as const;

/** Logos from a placeholder-image service are ignored on cards (docs/product/providers.md#provider-card). */
export const PLACEHOLDER_LOGO_PATTERN =
  /(placeholder|placehold\.|via\.placeholder|dummyimage|placekitten|picsum\.photos)/i;

export const UNKNOWN_LOCATION_VALUES = ['', '0', 'Location not available'] as const;

/** The exact texts users see (docs/product/providers.md). */
export const PROVIDER_MESSAGES = {
  heading: 'Find Your Solar Service Partner',
  loading: 'Loading providers...',
  loadFailed: 'Failed to load providers',
  empty: 'No providers found matching your criteria. Contact Solar Manager for procurement support',
  emptyMap: 'No providers found matching your criteria.',
  unclaimedName: 'Unclaimed Profile',
  unknownType: 'Unknown Type',
  noServices: 'No services listed',
  yourProfile: 'Your Profile',
  unclaimed: 'Unclaimed',
  noContact: 'No contact information available',
  providerNotFound: 'Provider not found',
  detailsFailed: 'Failed to load provider details',
  coverUnavailable: 'Cover image not available',
  signInRequired: 'Sign In Required',
  signInToQuote: 'Please sign in to request a quote',
  signInToInvite: 'Please sign in to invite providers',
  // Validation (docs/product/providers.md#validation)
  businessNameRequired: 'Business name is required',
  descriptionMin: 'Description must be at least 10 characters',
  servicesMin: 'Select at least one service',
  locationRequired: 'Location is required',
  typeRequired: 'Provider type is required',
  invalidUrl: 'Must be a valid URL',
  invalidEmail: 'Invalid email format',
  radiusPositive: 'Service radius must be positive',
  radiusTooLarge: `Service radius can be at most ${PROVIDER_LIMITS.serviceRadiusKm.toLocaleString('en-GB')} km`,
  descriptionEmpty: 'Description cannot be empty',
  roleRequired: 'Role is required',
  logoType: 'Please upload an image file (PNG, JPG, or JPEG).',
  logoSize: 'Logo image must be less than 2MB.',
  providerIdRequired: 'Provider ID is required',
  coverTooLargeTitle: 'File too large',
  coverSize: 'Cover image must be less than 5MB.',
  coverType: 'Please upload an image file (PNG, JPG, or GIF).',
  mediaType: 'Only PNG, JPG, GIF and PDF files can be uploaded.',
  mediaSize: 'Each file must be less than 5MB.',
  mediaNone: 'Please choose at least one file.',
  mediaTooMany: `You can upload at most 10 files at a time.`,
  mediaHint: `PNG, JPG, GIF or PDF, up to 5 MB each and ${PROVIDER_STORAGE_QUOTA_BYTES / (1024 * 1024)} MB in all per profile`,
  // Errors (docs/product/providers.md#messages)
  fetchProvidersFailed: 'Failed to fetch providers',
  invalidFormat: 'Invalid provider data format',
  fetchProviderFailed: 'Failed to fetch provider',
  noProviderId: 'No provider ID',
  updateFailed: 'Failed to update provider',
  claimFailed: 'Failed to submit claim',
  logoFailed: 'Failed to upload logo',
  coverFailed: 'Failed to upload cover image',
  noImageUrl: 'Upload failed or no image URL received',
  filesFailed: 'Failed to upload files',
  deleteFileFailed: 'Failed to delete file',
  radiusFailed: 'Failed to update service radius',
  createFailed: 'Failed to create provider profile',
  nameExists: 'A provider with this business name already exists.',
  nameExistsField: 'A provider with this business name already exists',
  nameExistsToast: 'A provider with this business name already exists. Please choose a different name.',
  imageMaybeInaccessible: 'Image uploaded but may not be immediately accessible',
  // Success toasts (docs/product/providers.md#messages)
  claimSubmittedTitle: 'Claim Submitted',
  claimSubmitted: "Your claim has been submitted for review. We'll notify you once it's processed.",
  logoUploaded: 'Logo uploaded successfully',
  coverUploaded: 'Cover image uploaded successfully',
  detailsUpdated: 'Provider details updated successfully',
  descriptionUpdated: 'Description updated successfully',
  logoUpdated: 'Logo updated successfully',
  filesUploaded: 'Files uploaded successfully',
  fileDeleted: 'File deleted successfully',
  countrywide: 'Updated to countrywide coverage',
  radiusUpdated: (km: number) => `Updated service radius to ${km} km`,
  // Project texts around the spec's (decisions 0365, 0366, 0367)
  countrywideOff: 'Countrywide coverage turned off. Enter a service radius in km.',
  radiusWaiting: 'Saving when you stop typing…',
  chooseLocation: 'Choose a place from the suggestions to change the location.',
  claimPending: 'Claim pending review',
  claimAlreadyPending: "You already have a claim on this profile awaiting review. We'll notify you once it's processed.",
  claimInviteTitle: 'Is this your business?',
  claimInvite: 'Claim this profile to add your services, a description, certifications and media.',
  // Empty detail sections, told to a visitor in one card, not six 'Not specified' ones (decision 0535).
  notGivenTitle: 'Not given yet',
  notGiven: (sections: readonly string[]) =>
    `This company has not said its ${sections.length > 1 ? `${sections.slice(0, -1).join(', ')} or ${sections.at(-1)}` : sections[0]} yet.`,
  signInToViewFiles: 'Sign in to view all files',
  deleteFileTitle: 'Delete this file?',
  deleteFileConfirm: (title: string) => `${title} will be removed from the profile. This cannot be undone.`,
  logoHint: 'PNG or JPG, under 2 MB. You can add or change it later on the profile.',
  logoAfterCreateFailed: (reason: string) =>
    `Your profile was created, but the logo was not uploaded: ${reason} Use 'Add logo' on the profile to try again.`,
  created: 'Provider profile created successfully',
  // Server-side refusals (project)
  notOwner: 'You do not have permission to edit this provider',
  // A profile points only at its own uploads (decision 0330).
  logoNotOwnUpload: "The logo must be an image uploaded to this profile. Use 'Add logo' or 'Change' to upload one.",
  coverNotOwnUpload:
    "The cover image must be an image uploaded to this profile. Use 'Add Cover' or 'Change Cover' to upload one.",
  storageQuota: `This upload would take the profile over its ${PROVIDER_STORAGE_QUOTA_BYTES / (1024 * 1024)} MB of file storage. Delete some media files to make room, then try again.`,
  alreadyOwner: 'You already own this provider profile',
  // A claim filed by signing up from a profile (decision 0148): the form asks no role.
  signupClaimRole: 'Not given (claimed at sign-up)',
  signupClaimMessage: (company: string) => `Filed when signing up${company ? ` as ${company}` : ''}.`,
  // Distance and honest counts for service searches (decisions 0360, 0361).
  distanceAway: (km: number) => `${formatDistanceKm(km)} km away`,
  noneOffer: (services: string, radiusKm: number | null) =>
    `No providers offer ${services}${radiusKm === null ? '' : ` within ${radiusKm} km`} yet`,
  fewOffer: (count: number, services: string, radiusKm: number | null) =>
    `Only ${count} ${count === 1 ? 'provider offers' : 'providers offer'} ${services}${radiusKm === null ? '' : ` within ${radiusKm} km`} so far.`,
  searchWider: (km: number) => `Search within ${km} km`,
  inviteTitle: 'Invite a provider',
  inviteLead: (service: string) =>
    `Know a company that offers ${service || 'this service'}? Invite it by email: we will tell it about this request and how to list its services here.`,
  inviteSignIn: 'Sign in to invite a provider',
  inviteSent: (email: string) => `Invitation sent to ${email}.`,
  inviteFailed: 'Failed to send the invitation',
  inviteRecent: 'This address was invited in the last 30 days, so we will not email it again yet.',
  inviteOwnAddress: 'Use the address of the company you want to invite, not your own.',
  inviteDailyLimit: (max: number) => `You can send ${max} invitations a day. Please try again tomorrow.`,
  inviteNameRequired: 'Company or contact name is required',
  inviteEmailRequired: 'Email address is required',
} as const;

/** Services as a phrase in a sentence: 'Panel Cleaning', 'Panel Cleaning or Drone Surveys'. */
export function servicesPhrase(services: readonly string[]): string {
  const list = services.map((s) => s.trim()).filter(Boolean);
  if (list.length <= 1) return list[0] ?? '';
  return `${list.slice(0, -1).join(', ')} or ${list[list.length - 1]}`;
}

/** Whether a profile's type is one given to planning applicants (decision 0360). */
export function isApplicantType(type: string | null | undefined): boolean {
  const t = (type ?? '').trim().toLowerCase();
  return APPLICANT_TYPES.some((a) => a.toLowerCase() === t);
}

/** Type labels on cards (docs/product/providers.md#provider-card). */
export function providerTypeLabel(type: string | null | undefined): string {
  const t = (type ?? '').trim();
  if (!t) return PROVIDER_MESSAGES.unknownType;
  const key = t.toLowerCase().replace(/[\s_-]+/g, '');
  if (key === 'ecologist' || key === 'ecology') return 'Ecologist';
  if (key === 'assetmanager') return 'Asset Manager';
  return t;
}

/** Location shown only when it carries something (docs/product/providers.md#provider-card). */
export function hasKnownLocation(location: string | null | undefined): boolean {
  return !(UNKNOWN_LOCATION_VALUES as readonly string[]).includes((location ?? '').trim());
}

/** Profile URLs: no scheme gets https:// (docs/product/providers.md#contact-information); only http(s) is accepted afterwards. */
export function normaliseUrl(value: string): string {
  const v = value.trim();
  if (!v) return '';
  return /^[a-z][a-z0-9+.-]*:/i.test(v) ? v : `https://${v}`;
}

export function isHttpUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname.includes('.');
  } catch {
    return false;
  }
}

/** List items (docs/product/providers.md#validation): trimmed, empty ignored, duplicates (case-insensitive) ignored. */
export function cleanList(items: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of items) {
    const item = raw.trim();
    if (!item || seen.has(item.toLowerCase())) continue;
    seen.add(item.toLowerCase());
    out.push(item);
  }
  return out;
}
