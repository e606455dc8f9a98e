/**
 * External data sources the server pulls by itself (issue 17): the tender feeds (decision 0390) and
 * the REPD release job ('repd', recorded in the same status table). Figures cited by the decisions.
 */

export const TENDER_FEED_IDS = ['find-a-tender', 'contracts-finder', 'public-contracts-scotland', 'sell2wales'] as const;
export type TenderFeedId = (typeof TENDER_FEED_IDS)[number];

/** Every source with a status row; a later job adds its id here. */
export const DATA_SOURCE_IDS = [...TENDER_FEED_IDS, 'repd'] as const;
export type DataSourceId = (typeof DATA_SOURCE_IDS)[number];

export const DATA_SOURCE_LABELS: Record<DataSourceId, string> = {
  'find-a-tender': 'Find a Tender',
  'contracts-finder': 'Contracts Finder',
  'public-contracts-scotland': 'Public Contracts Scotland',
  sell2wales: 'Sell2Wales',
  repd: 'Renewable Energy Planning Database',
};

/** The live services' addresses; each can be replaced by configuration (docs/operations.md#tender-feeds). */
export const TENDER_FEED_DEFAULT_URLS: Record<TenderFeedId, string> = {
  'find-a-tender': 'https://www.find-tender.service.gov.uk',
  'contracts-finder': 'https://www.contractsfinder.service.gov.uk',
  'public-contracts-scotland': 'https://api.publiccontractsscotland.gov.uk',
  sell2wales: 'https://api.sell2wales.gov.wales',
};

/** Decision 0390: how the feeds behave. */
export const TENDER_FEED_LIMITS = {
  /** A source is read again this long after a run that caught up. */
  periodMs: 30 * 60_000,
  /** The job runner looks for due feeds this often. */
  tickMs: 60_000,
  /** Releases asked for per page. */
  pageSize: 100,
  /** Contracts Finder: the widest published-date window asked for at once. */
  contractsFinderWindowDays: 15,
  /** Contracts Finder answers 403 when it rate-limits: wait this long. */
  contractsFinderForbiddenWaitMs: 5 * 60_000,
  /** A run stops after this long or this many pages and resumes at the next tick (the job's lease is a minute). */
  runBudgetMs: 40_000,
  runMaxPages: 1000,
  /** A Retry-After up to this long is waited out within the run; a longer one ends the run until then. */
  inlineWaitMaxMs: 15_000,
  /** Attempts per request before the run ends with an error (429 and 5xx are retried). */
  attempts: 3,
  /** The wait after a 5xx or a network error without Retry-After: this, doubled each attempt. */
  retryBaseMs: 1_000,
  /** The back-off after a run ended on a failure without Retry-After. */
  failureBackoffMs: 10 * 60_000,
  /** The longest Retry-After honoured (a larger one is capped). */
  maxBackoffMs: 6 * 3_600_000,
  requestTimeoutMs: 30_000,
  /** The largest answer read, in bytes. */
  maxResponseBytes: 50 * 1024 * 1024,
  /** A feed's first run starts this far back unless TENDER_FEEDS_SINCE says otherwise. */
  firstRunLookbackDays: 30,
  /** Find a Tender: the widest updatedFrom–updatedTo window asked for (longer ones miss releases). */
  findATenderWindowMs: 6 * 3_600_000,
  /** A full page without a next link is re-asked over a narrower window, down to this width. */
  narrowestWindowMs: 5 * 60_000,
  /** The wait after a 429, 503 or 504 that names no Retry-After: a pause, not a failure. */
  bareRetryWaitMs: 30_000,
} as const;

/**
 * Notice types asked for per month from Public Contracts Scotland and Sell2Wales, one table per
 * source (decision 0460): the EU forms both sites share (F1–F6, corrections F14, voluntary
 * transparency F15, modifications F20) and each site's own site notices, where small local jobs
 * are advertised (PCS 101–104, Sell2Wales 51–56). `stage` is what a notice of that type says about
 * the procurement when its release tags do not; null: no change of stage (a correction).
 */
export interface ProactisNoticeType {
  code: number;
  label: string;
  stage: 'pipeline' | 'open' | 'awarded' | 'changed' | null;
}
const EU_FORMS: ProactisNoticeType[] = [
  { code: 1, label: 'F1 prior information notice', stage: 'pipeline' },
  { code: 2, label: 'F2 contract notice', stage: 'open' },
  { code: 3, label: 'F3 contract award notice', stage: 'awarded' },
  { code: 4, label: 'F4 prior information notice (utilities)', stage: 'pipeline' },
  { code: 5, label: 'F5 contract notice (utilities)', stage: 'open' },
  { code: 6, label: 'F6 contract award notice (utilities)', stage: 'awarded' },
  { code: 14, label: 'F14 correction', stage: null },
  { code: 15, label: 'F15 voluntary ex ante transparency notice', stage: 'awarded' },
  { code: 20, label: 'F20 modification notice', stage: 'changed' },
];
export const PROACTIS_NOTICE_TYPES: Record<'public-contracts-scotland' | 'sell2wales', readonly ProactisNoticeType[]> = {
  'public-contracts-scotland': [
    ...EU_FORMS,
    { code: 101, label: 'PCS 101 website prior information notice', stage: 'pipeline' },
    { code: 102, label: 'PCS 102 website contract notice', stage: 'open' },
    { code: 103, label: 'PCS 103 website contract award notice', stage: 'awarded' },
    { code: 104, label: 'PCS 104 Quick Quote award', stage: 'awarded' },
  ],
  sell2wales: [
    ...EU_FORMS,
    { code: 51, label: 'Sell2Wales 51 website invitation to tender', stage: 'open' },
    { code: 52, label: 'Sell2Wales 52 website prior information notice', stage: 'pipeline' },
    { code: 53, label: 'Sell2Wales 53 website contract award notice', stage: 'awarded' },
    { code: 54, label: 'Sell2Wales 54 sub-contract pre-award', stage: 'open' },
    { code: 55, label: 'Sell2Wales 55 sub-contract post-award', stage: 'open' },
    { code: 56, label: 'Sell2Wales 56 sub-contract award', stage: 'awarded' },
  ],
};

/**
 * Each source's role and pacing (decision 0460). Contracts Finder is legacy: since 24 February 2025
 * new procurements publish on Find a Tender (below threshold too), and Contracts Finder carries
 * procurements begun under the Public Contracts Regulations 2015 (PPN 019), mostly awards.
 * `minIntervalMs` is the least time between two requests to the source, across runs.
 */
export const DATA_SOURCE_ROLES: Record<DataSourceId, { role: 'primary' | 'legacy'; minIntervalMs: number; note: string }> = {
  'find-a-tender': {
    role: 'primary',
    minIntervalMs: 10_000,
    note: 'Every UK notice under the Procurement Act 2023, above and below threshold; about 6 requests a minute are allowed.',
  },
  'contracts-finder': {
    role: 'legacy',
    minIntervalMs: 2_000,
    note: 'Procurements begun before 24 February 2025 under the Public Contracts Regulations 2015 (mostly awards); new ones are on Find a Tender.',
  },
  'public-contracts-scotland': { role: 'primary', minIntervalMs: 1_000, note: 'Scottish notices, including the site notices of small local jobs.' },
  sell2wales: { role: 'primary', minIntervalMs: 1_000, note: 'Welsh notices, including the site notices of small local jobs.' },
  repd: { role: 'primary', minIntervalMs: 1_000, note: 'The quarterly Renewable Energy Planning Database extract published on GOV.UK.' },
};

/** How to switch each source on, in words for the Data sources tab (decision 0463). */
export const DATA_SOURCE_SWITCH: Record<DataSourceId, string> = {
  'find-a-tender': 'TENDER_FEEDS=find-a-tender (or TENDER_FEEDS=all)',
  'contracts-finder': 'TENDER_FEEDS=contracts-finder (or TENDER_FEEDS=all)',
  'public-contracts-scotland': 'TENDER_FEEDS=public-contracts-scotland (or TENDER_FEEDS=all)',
  sell2wales: 'TENDER_FEEDS=sell2wales (or TENDER_FEEDS=all)',
  repd: 'REPD_FEED_URL=https://www.gov.uk',
};

export const DATA_SOURCE_MESSAGES = {
  notConfigured: 'This data source is not switched on in this deployment',
  unknownSource: 'No such data source',
  runQueued: 'Run queued: it starts within a minute',
  offReason: (label: string) => `Off: this deployment does not read ${label}.`,
  howToSwitchOn: (setting: string) => `To switch it on, set ${setting} in the server's environment and restart the server.`,
} as const;

/** The REPD release job (decision 0395): switched on by REPD_FEED_URL (the GOV.UK base, e.g. https://www.gov.uk). */
export const REPD_FEED = {
  /** The GOV.UK content API page of the quarterly extract, under the configured base. */
  contentPath: '/api/content/government/publications/renewable-energy-planning-database-quarterly-extract',
  /** Hosts a release's CSV may be downloaded from besides the configured base's (GOV.UK serves attachments from here). */
  downloadHosts: ['assets.publishing.service.gov.uk'],
  /** Releases are quarterly: the publication is looked at once a day. */
  periodMs: 24 * 3_600_000,
  /** The job runner looks for a due check this often ('Run now' starts it at once). */
  tickMs: 60_000,
  /**
   * A release that would remove more than this share of the stored REPD projects is refused as a
   * truncated or wrong file (the data stays as it was and the status shows why).
   */
  maxRemovedShare: 0.1,
  /** The back-off after a failure the source did not time (an unreadable answer or file, a refused release). */
  failureBackoffMs: 10 * 60_000,
} as const;
