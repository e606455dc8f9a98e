/** UI timings and limits (docs/product/platform.md#ui-timings). */
export const UI = {
  toastDurationMs: 5000,
  toastSwipeThresholdPx: 50,
  toastHotkey: 'F8',
  toastViewportMaxWidthPx: 420,
  comboboxMaxHeightPx: 200,
  comboboxBlurCloseMs: 200,
  navHoverLeaveDelayMs: 150,
  drawerAnimationS: 0.5,
  drawerCloseThreshold: 0.25,
  drawerScrollLockTimeoutMs: 100,
  locationDebounceMs: 300,
  businessNameCheckDebounceMs: 500,
  /** Typed filters (the tender board's values) apply this long after the last key (decision 0352). */
  filterTypingDebounceMs: 400,
} as const;

/** Query-client defaults (docs/product/platform.md#data-cache) and per-query settings (docs/product/accounts.md#current-user, docs/product/providers.md#calls). */
export const QUERY = {
  staleTimeMs: 5 * 60_000,
  gcTimeMs: 10 * 60_000,
  retries: 2,
  meStaleTimeMs: 30_000,
  meRetries: 1,
  providersStaleTimeMs: 30_000,
  providersRetries: 2,
  providerRetries: 3,
} as const;

/** A page past the end of a list (decision 0354): the count stays true and the last page is one link away. */
export const PAGING = {
  pastTheEnd: 'This page is past the end of the list.',
  lastPage: (page: number) => `Go to the last page (page ${page})`,
} as const;

export const NOT_FOUND = {
  title: '404 Page Not Found',
  hint: 'Did you forget to add the page to the router?',
  /** The ways on from a not-found card (decision 0354). */
  homeLink: 'Go to the home page',
  directoryLink: 'Find providers',
  /** What a record that does not exist may mean (a tender, provider or asset). */
  recordHint: 'It may have been removed, or the link may be wrong.',
} as const;
