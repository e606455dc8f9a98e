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
} as const;

/** Notice types asked for per month from Public Contracts Scotland and Sell2Wales (decision 0390). */
export const PROACTIS_NOTICE_TYPES = [1, 2, 3, 4, 5, 6] as const;

export const DATA_SOURCE_MESSAGES = {
  notConfigured: 'This data source is not switched on in this deployment',
  unknownSource: 'No such data source',
  runQueued: 'Run queued: it starts within a minute',
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
