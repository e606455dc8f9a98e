/** Tender constants of docs/product/tenders.md#limits and the issue-8 decisions (docs/decisions/017x–018x). */

export const TENDER_SOURCES = ['Solar Manager', 'External'] as const;
export type TenderSource = (typeof TENDER_SOURCES)[number];

export const TENDER_SOURCE_FILTERS = ['all', 'External', 'Solar Manager'] as const;
export type TenderSourceFilter = (typeof TENDER_SOURCE_FILTERS)[number];

/** Stored-and-computed status; the public detail shows only Open or Closed (awarded → Closed). */
export const TENDER_STATUSES = ['open', 'closed', 'awarded'] as const;
export type TenderStatus = (typeof TENDER_STATUSES)[number];

export const TENDER_STATUS_FILTERS = ['open', 'closed', 'all'] as const;
export type TenderStatusFilter = (typeof TENDER_STATUS_FILTERS)[number];
/** docs/decisions/0173-tender-list-defaults.md: visitors come for opportunities they can still bid on. */
export const DEFAULT_TENDER_STATUS_FILTER: TenderStatusFilter = 'open';

export const TENDER_TYPES = ['open', 'private'] as const;
export type TenderType = (typeof TENDER_TYPES)[number];

export const TENDER_SORT_FIELDS = ['publishedDate', 'closingDate'] as const;
export type TenderSortField = (typeof TENDER_SORT_FIELDS)[number];
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];
export const DEFAULT_TENDER_SORT: { sortBy: TenderSortField; sortOrder: SortOrder } = { sortBy: 'publishedDate', sortOrder: 'desc' };

export const TENDER_PAGE_SIZES = [5, 10, 20, 50] as const;
/** The largest value (GBP) the board's value filters take (decision 0352). */
export const TENDER_VALUE_FILTER_MAX = 1e13;
export const DEFAULT_TENDER_PAGE_SIZE = 10;

export const TENDER_RADIUS_OPTIONS_KM = [25, 50, 100, 200, 300] as const;
export const DEFAULT_TENDER_RADIUS_KM = 50;
/**
 * The public list call's limits (`listPublicTendersQuery`), which the board's address reading
 * (`domain/tender-board-address.ts`) keeps without zod (decision 0573).
 */
export const TENDER_BOARD_LIMITS = { textLength: 200, keywordsLength: 300, radiusMinKm: 1, radiusMaxKm: 1000, pageMax: 100_000 } as const;

/** Start time options (docs/product/tenders.md#limits); one label map shared by List a Tender and the quote page. */
export const START_TIME_OPTIONS = ['flexible', 'urgent', '2weeks', '1month', 'research'] as const;
export type StartTimePreference = (typeof START_TIME_OPTIONS)[number];
export const DEFAULT_START_TIME: StartTimePreference = 'flexible';
export const START_TIME_LABELS: Record<StartTimePreference, string> = {
  flexible: 'Flexible',
  urgent: 'Urgent (within 48 hours)',
  '2weeks': 'Within 2 weeks',
  '1month': 'Within 1 month',
  research: 'Just researching',
};

export const TENDER_DESCRIPTION_CUT = 200;
export const TENDER_PROVIDERS_PAGE_SIZE = 10;
export const TENDER_SERVICE_SUGGESTIONS = 5;
export const TENDER_DESCRIPTION_MAX = 5000;
/** Contact About Tender's message (decision 0179). */
export const TENDER_CONTACT_MESSAGE_MAX = 5000;
export const TENDER_MAX_INVITED_PROVIDERS = 100;
/** Launches and contact messages an hour (decision 0334: the account limit is keyed on the user, not the session). */
export const TENDER_RATE_LIMIT = { createPerAccountPerHour: 20, createPerIpPerHour: 30, contactPerIpPerHour: 20 } as const;

/** Sectors marked on imported notices (keywords and CPV codes). */
export const TENDER_SECTORS = ['solar', 'storage', 'wind'] as const;
export type TenderSector = (typeof TENDER_SECTORS)[number];
export const TENDER_SECTOR_LABELS: Record<TenderSector, string> = { solar: 'Solar', storage: 'Storage', wind: 'Wind' };

/**
 * The CPV 2008 codes of this market (decision 0391's rules; the board's CPV filter, decision 0392):
 * a notice classified under one of them is relevant. Migration 0019_tender_relevance.sql holds the
 * same list in the rule itself.
 */
export const TENDER_CPV_CODES = [
  { code: '09331200', label: 'Solar photovoltaic modules' },
  { code: '09332000', label: 'Solar installation' },
  { code: '45261215', label: 'Solar panel roof-covering work' },
  { code: '31712331', label: 'Photovoltaic cells' },
  { code: '31440000', label: 'Batteries' },
  { code: '31430000', label: 'Electric accumulators' },
  { code: '45251160', label: 'Wind-power installation work' },
  { code: '45310000', label: 'Electrical installation work' },
  { code: '45315300', label: 'Electricity supply installations' },
  { code: '50532000', label: 'Repair and maintenance of electrical machinery' },
  { code: '50711000', label: 'Repair and maintenance of electrical building installations' },
  { code: '71314200', label: 'Energy-management services' },
] as const;
export const TENDER_CPV_LABELS: Record<string, string> = Object.fromEntries(TENDER_CPV_CODES.map((c) => [c.code, c.label]));

/** The board's freshness line (decision 0393). */
export const TENDER_FRESHNESS = {
  fromFeeds: (sources: string, updated: string) => `Public notices from ${sources}, updated ${updated}.`,
  notYet: (sources: string) => `Public notices from ${sources}: the first update is under way.`,
  sample: (newest: string) => `Public notices from a sample of Contracts Finder, Public Contracts Scotland and Sell2Wales releases; the newest was published on ${newest}.`,
  noneImported: 'No public notices have been imported yet.',
} as const;

/** The exact texts users see (docs/product/tenders.md#messages). */
export const TENDER_MESSAGES = {
  serviceRequiredTitle: 'Service Required',
  serviceRequired: 'Please select a service type for your tender',
  authRequiredTitle: 'Authentication Required',
  authRequired: 'Please sign in or create an account to launch a tender.',
  submitFailed: 'Failed to submit tender',
  fetchFailed: 'Failed to fetch tenders',
  notFound: 'Tender not found',
  loadListError: 'Error Loading Tenders',
  loadOneError: 'Error Loading Tender',
  noneFound: 'No Tenders Found',
  closed: 'Tender Closed',
  launchedOpen: 'Your tender is live on the tender board.',
  launchedPrivate: 'Your private tender has been sent to the invited providers.',
  inviteRequired: 'Select at least one provider to invite',
  descriptionRequired: 'Please describe what you need',
  locationIncomplete: 'Choose a location from the suggestions',
  valueRange: 'The minimum value cannot be more than the maximum',
  /** The value filters' own messages (decision 0352), instead of the validator's text. */
  valueNotNumber: 'Enter an amount in pounds, using digits only',
  valueTooLarge: 'Enter an amount of at most £10,000,000,000,000',
} as const;
