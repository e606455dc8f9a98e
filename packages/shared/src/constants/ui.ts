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

export const NOT_FOUND = {
  title: '404 Page Not Found',
  hint: 'Did you forget to add the page to the router?',
} as const;
