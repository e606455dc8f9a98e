/**
 * Trust you can check (docs/product/trust.md, issue 31): company checks, accreditations, reviews,
 * public contracts and buyer pages. Lists, limits and the sentences people read.
 */

/** Companies House company number prefixes (decision 0481): none (England and Wales) or one of these. */
export const COMPANY_NUMBER_PREFIXES = [
  'AC', 'CE', 'CS', 'FC', 'FE', 'GE', 'GN', 'GS', 'IC', 'IP', 'LP', 'NA', 'NC', 'NF', 'NI', 'NL', 'NO', 'NP', 'NR', 'NZ',
  'OC', 'OE', 'PC', 'R0', 'RC', 'RS', 'SA', 'SC', 'SE', 'SF', 'SG', 'SI', 'SL', 'SO', 'SP', 'SR', 'SZ', 'ZC',
] as const;

/** The Companies House public data API's documented limit, per key (decision 0481). */
export const COMPANIES_HOUSE_LIMITS = {
  requestsPerWindow: 600,
  windowMs: 5 * 60_000,
  requestTimeoutMs: 10_000,
  maxResponseBytes: 1024 * 1024,
  /** A made check is refreshed after this; a failed one is tried again sooner. */
  recheckAfterMs: 30 * 24 * 3_600_000,
  retryFailedAfterMs: 6 * 3_600_000,
  /** Checks refreshed per run of the job: a small share of the window, so on-demand checks still fit. */
  perRun: 50,
  jobEveryMs: 15 * 60_000,
} as const;

/**
 * Accreditation schemes the UK solar and electrical trades use (decision 0482). MCS certifies per
 * technology; the rest are one scheme each; 'other' takes a name.
 */
export const ACCREDITATION_SCHEMES = [
  { id: 'mcs-solar-pv', label: 'MCS – Solar PV', group: 'MCS' },
  { id: 'mcs-battery-storage', label: 'MCS – Battery storage', group: 'MCS' },
  { id: 'mcs-heat-pump', label: 'MCS – Heat pumps', group: 'MCS' },
  { id: 'mcs-solar-thermal', label: 'MCS – Solar thermal', group: 'MCS' },
  { id: 'mcs-wind', label: 'MCS – Small wind', group: 'MCS' },
  { id: 'mcs-biomass', label: 'MCS – Biomass', group: 'MCS' },
  { id: 'niceic', label: 'NICEIC', group: 'Electrical' },
  { id: 'napit', label: 'NAPIT', group: 'Electrical' },
  { id: 'recc', label: 'RECC (Renewable Energy Consumer Code)', group: 'Consumer code' },
  { id: 'iso-9001', label: 'ISO 9001 (quality)', group: 'ISO' },
  { id: 'iso-14001', label: 'ISO 14001 (environment)', group: 'ISO' },
  { id: 'iso-45001', label: 'ISO 45001 (health and safety)', group: 'ISO' },
  { id: 'chas', label: 'CHAS', group: 'Safety and supply chain' },
  { id: 'safecontractor', label: 'SafeContractor', group: 'Safety and supply chain' },
  { id: 'constructionline', label: 'Constructionline', group: 'Safety and supply chain' },
  { id: 'other', label: 'Other', group: 'Other' },
] as const;
export type AccreditationScheme = (typeof ACCREDITATION_SCHEMES)[number]['id'];
export const ACCREDITATION_SCHEME_IDS = ACCREDITATION_SCHEMES.map((s) => s.id) as [AccreditationScheme, ...AccreditationScheme[]];
export const accreditationLabel = (scheme: string, otherName?: string | null) =>
  scheme === 'other' && otherName ? otherName : (ACCREDITATION_SCHEMES.find((s) => s.id === scheme)?.label ?? scheme);

export const ACCREDITATION_STATUSES = ['self-declared', 'verified', 'expired'] as const;
export type AccreditationStatus = (typeof ACCREDITATION_STATUSES)[number];

export const ACCREDITATION_LIMITS = {
  number: 60,
  scope: 300,
  otherName: 80,
  note: 500,
  perProvider: 30,
  evidenceMaxBytes: 5 * 1024 * 1024,
  /** Owners are reminded this many days before an accreditation expires. */
  remindDaysBefore: 30,
  jobEveryMs: 3_600_000,
} as const;
/** Evidence: a PDF or an image, told by its first bytes. */
export const EVIDENCE_TYPES = ['application/pdf', 'image/png', 'image/jpeg', 'image/webp'] as const;

export const REVIEW_LIMITS = {
  bodyMin: 20,
  bodyMax: 3000,
  replyMax: 1500,
  reasonMax: 500,
  pageSize: 10,
  /** Reviews shown with the profile answer; the rest page through the reviews call. */
  onProfile: 5,
  perHour: 10,
} as const;
export const RATING_ASPECTS = ['quality', 'value', 'reliability'] as const;
export type RatingAspect = (typeof RATING_ASPECTS)[number];
export const RATING_LABELS: Record<RatingAspect, string> = { quality: 'Quality', value: 'Value', reliability: 'Reliability' };

/** How long moderation takes, as the review policy states it (decision 0480). */
export const MODERATION_WORKING_DAYS = 5;

export const PUBLIC_CONTRACT_LIMITS = { onProfile: 10, buyerAwards: 50, buyerNotices: 50, suggestions: 50, radarMonths: 12 } as const;

/** Response time: quotes replied to in this window count (decision 0480); fewer than `minReplies` shows nothing. */
export const RESPONSE_TIME = { windowDays: 365, minReplies: 3 } as const;

export const TRUST_MESSAGES = {
  companyNumberInvalid: 'Enter the 8-character Companies House number, for example 01234567 or SC123456',
  companyNumberTaken: 'This company number is already on another profile. Claim that profile instead, or contact us.',
  pponInvalid: 'Enter the PPON identifier as Find a Tender shows it, for example PABC-1234-DEFG',
  companyChecksOff: 'Companies House checks are not set up on this site yet.',
  companyCheckQueued: 'Saved. The Companies House check runs now.',
  providerNotFound: 'Provider not found',
  notYours: 'Only the profile owner or an admin can do this',
  accreditationNotFound: 'Accreditation not found',
  tooManyAccreditations: `A profile can list at most ${ACCREDITATION_LIMITS.perProvider} accreditations`,
  numberRequired: 'Enter the certificate or membership number',
  otherNameRequired: 'Name the accreditation',
  expiryInvalid: 'Enter the expiry date as a date',
  evidenceType: 'Evidence must be a PDF, PNG, JPEG or WebP file',
  evidenceTooLarge: `Evidence must be at most ${ACCREDITATION_LIMITS.evidenceMaxBytes / 1024 / 1024} MB`,
  evidenceMissing: 'Upload the certificate before asking for verification',
  alreadyVerified: 'This accreditation is already verified',
  expiredCannotVerify: 'This accreditation has expired; ask the owner for the renewed certificate',
  evidenceNotFound: 'Evidence not found',
  reviewNotFound: 'Review not found',
  workNotFound: 'There is no completed work of yours with this provider to review',
  alreadyReviewed: 'You have already reviewed this piece of work',
  ownProvider: 'You cannot review your own provider',
  bodyTooShort: `Say a little more: at least ${REVIEW_LIMITS.bodyMin} characters`,
  ratingRequired: 'Rate each of quality, value and reliability from 1 to 5',
  alreadyReplied: 'The provider has already replied to this review',
  alreadyFlagged: 'This review is already waiting for moderation',
  alreadyRemoved: 'This review has already been removed',
  reasonRequired: 'Give a reason',
  verifyToReview: 'Verify your email address before writing a review: use the link we sent you, or ask for a new one from your dashboard.',
  quoteNotCompletable: 'Only a quote you replied to can be marked completed',
  matchNotFound: 'Suggestion not found',
  buyerNotFound: 'Buyer not found',
  supplierNotFound: 'This supplier is not on that award notice',
} as const;
