/** Saved searches, alerts, watched tenders and in-app notifications (issue 30, decisions 0471–0474). */

/** The four pages a search is saved from, each with the address it opens again. */
export const SAVED_SEARCH_KINDS = ['providers', 'tenders', 'assets', 'projects'] as const;
export type SavedSearchKind = (typeof SAVED_SEARCH_KINDS)[number];

export const SAVED_SEARCH_KIND_LABELS: Record<SavedSearchKind, string> = {
  providers: 'Directory search',
  tenders: 'Tender search',
  assets: 'Asset overview',
  projects: 'Projects table',
};

/** What a saved search's mails bring, by kind (its matches). */
export const SAVED_SEARCH_KIND_MATCHES: Record<SavedSearchKind, string> = {
  providers: 'new providers in the area',
  tenders: 'new and changed tenders',
  assets: 'new projects, status and capacity changes from REPD',
  projects: 'new projects, status and capacity changes from REPD',
};

/** How often a saved search mails its matches; times are UK time (Europe/London) across the clock changes. */
export const ALERT_FREQUENCIES = ['instant', 'daily', 'weekly', 'off'] as const;
export type AlertFrequency = (typeof ALERT_FREQUENCIES)[number];
export const ALERT_FREQUENCY_LABELS: Record<AlertFrequency, string> = {
  instant: 'As they happen (within 15 minutes)',
  daily: 'Daily',
  weekly: 'Weekly',
  off: 'Off (no emails)',
};
export const DEFAULT_ALERT_FREQUENCY: AlertFrequency = 'daily';
export const DEFAULT_DIGEST_HOUR = 8;
/** ISO weekdays: 1 Monday … 7 Sunday. */
export const DEFAULT_DIGEST_WEEKDAY = 1;
export const WEEKDAY_LABELS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
export const UK_TIME_ZONE = 'Europe/London';

/**
 * A tender search's stage values (issue 30): the Procurement Act's early notices as the feeds map
 * them (decision 0460: pipeline, open for interest), then the board's computed status with awarded
 * and cancelled apart. `tenderAlertStageSql` (saved-search-matching repository) is the one
 * expression that reads a tender's stage for alerts (decisions 0471, 0576).
 */
export const TENDER_ALERT_STAGES = ['pipeline', 'interest', 'open', 'closed', 'awarded', 'cancelled'] as const;
export type TenderAlertStage = (typeof TENDER_ALERT_STAGES)[number];
/** What the board's 'Open' lists: every notice not yet closed, early Procurement Act notices included. */
export const TENDER_BOARD_OPEN_STAGES = ['pipeline', 'interest', 'open'] as const satisfies readonly TenderAlertStage[];
/** What the board's 'Closed' lists: every stage after open. */
export const TENDER_BOARD_CLOSED_STAGES = ['closed', 'awarded', 'cancelled'] as const satisfies readonly TenderAlertStage[];
export const TENDER_ALERT_STAGE_LABELS: Record<TenderAlertStage, string> = {
  pipeline: 'Pipeline (planned, not open yet)',
  interest: 'Open for interest',
  open: 'Open',
  closed: 'Closed',
  awarded: 'Awarded',
  cancelled: 'Cancelled',
};

/** A tender search's sources (today the two of the board; the merged feeds name each feed later). */
export const TENDER_ALERT_SOURCES = ['Solar Manager', 'External'] as const;
export const TENDER_ALERT_SOURCE_LABELS: Record<(typeof TENDER_ALERT_SOURCES)[number], string> = {
  'Solar Manager': 'Listed here',
  External: 'Public notices (Find a Tender and others)',
};

/** UK regions as imported notices carry them (the buyer's postcode district's region, data/gazetteer). */
export const TENDER_REGIONS = [
  'London',
  'South East',
  'South West',
  'Eastern',
  'East Midlands',
  'West Midlands',
  'North West',
  'North East',
  'Yorkshire and the Humber',
  'Wales',
  'Scotland',
  'Northern Ireland',
] as const;

/** REPD changes an asset search can alert on (asset_changes kinds, decision 0396). */
export const ASSET_ALERT_CHANGES = ['added', 'status', 'capacity'] as const;
export type AssetAlertChange = (typeof ASSET_ALERT_CHANGES)[number];
export const ASSET_ALERT_CHANGE_LABELS: Record<AssetAlertChange, string> = {
  added: 'New projects',
  status: 'Status changes',
  capacity: 'Capacity changes',
};

export const SAVED_SEARCH_LIMITS = {
  perUser: 50,
  nameMax: 100,
  keywordsMax: 300,
  cpvMax: 20,
  /** Matches shown per search on the dashboard. */
  matchesShown: 20,
  /** Items listed in one mail; the rest are counted with a link to the page. */
  itemsPerMail: 50,
  /** The alerts job's period: instant searches mail within this plus its run (≤ 15 minutes, decision 0472). */
  jobEveryMs: 5 * 60_000,
} as const;

export const NOTIFICATION_KINDS = [
  'quote-request',
  'quote-reply',
  'tender-invitation',
  'claim-decision',
  'question-answered',
  'watched-change',
  'alert-match',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
export const NOTIFICATIONS_SHOWN = 30;
/** How often the header's bell asks for the unread count. */
export const NOTIFICATIONS_POLL_MS = 60_000;

export const ALERT_MESSAGES = {
  saveSearch: 'Save search',
  saveSearchTitle: 'Save this search',
  saveSearchHint: 'Get an email when something new matches. You can change or stop it under Saved searches in your dashboard.',
  nameLabel: 'Name',
  nameRequired: 'Give the search a name',
  frequencyLabel: 'Email me',
  hourLabel: 'At (UK time)',
  weekdayLabel: 'On',
  saved: 'Search saved',
  savedDescription: 'Find it under Saved searches in your dashboard.',
  saveFailed: 'Failed to save the search',
  updated: 'Saved search updated',
  updateFailed: 'Failed to update the saved search',
  deleted: 'Saved search deleted',
  deleteFailed: 'Failed to delete the saved search',
  loginToSave: 'Log in to save this search',
  tooMany: (n: number) => `You can keep up to ${n} saved searches. Delete one to save another.`,
  notFound: 'Saved search not found',
  tabTitle: 'Saved searches',
  tabIntro: 'Searches you saved from the directory, the tender board and asset intelligence. We email you when something new matches.',
  empty: 'No saved searches yet. Use "Save search" on the directory, the tender board or asset intelligence.',
  fetchFailed: 'Failed to load your saved searches',
  matchesTitle: 'Last matches',
  noMatches: 'Nothing has matched yet.',
  pause: 'Pause',
  resume: 'Resume',
  paused: 'Paused',
  edit: 'Edit',
  delete: 'Delete',
  open: 'Open search',
  confirmDelete: (name: string) => `Delete the saved search "${name}"? Its matches go with it.`,
  keywordsLabel: 'Keywords',
  keywordsHint: 'Words must all appear; "exact phrase" in quotes; -word to leave out; or between alternatives.',
  keywordsNoWords: 'Use at least one word that is not a common word such as "the" or "and"',
  cpvLabel: 'CPV codes',
  cpvHint: 'Eight-digit codes separated by commas; a notice needs one of them (and the keywords).',
  cpvInvalid: 'CPV codes are eight digits, separated by commas',
  regionsLabel: 'Regions',
  stagesLabel: 'Stage',
  sourcesLabel: 'Source',
  valueLabel: 'Value (£)',
  myProfilesLabel: "Match my business profiles' services and service area",
  unsubscribeTitle: 'Stop these emails',
  unsubscribeConfirm: 'Stop emails',
  unsubscribeInvalid: 'This unsubscribe link is not valid. It may have been copied incompletely.',
  unsubscribeSearchDone: (name: string) => `You will no longer get emails for the saved search "${name}". You can turn them on again under Saved searches in your dashboard.`,
  unsubscribeWatchDone: (title: string) => `You are no longer watching "${title}".`,
  unsubscribeSearchAsk: (name: string) => `Stop the emails of your saved search "${name}"?`,
  unsubscribeWatchAsk: (title: string) => `Stop watching "${title}"? You will no longer get emails about its changes.`,
  unsubscribeGone: 'There is nothing to unsubscribe from any more: the saved search or the watched tender was deleted.',
  watch: 'Watch',
  watching: 'Watching',
  watchHint: 'Get an email and a notification when this notice changes: corrections, deadline changes, clarifications, award or cancellation.',
  watchStarted: 'You are watching this tender',
  watchStopped: 'You stopped watching this tender',
  watchFailed: 'Failed to change watching',
  loginToWatch: 'Log in to watch this tender',
  notificationsTitle: 'Notifications',
  notificationsEmpty: 'No notifications yet.',
  markAllRead: 'Mark all as read',
  notificationsFailed: 'Failed to load notifications',
  bellLabel: (unread: number) => (unread === 0 ? 'Notifications' : `Notifications, ${unread} unread`),
} as const;
