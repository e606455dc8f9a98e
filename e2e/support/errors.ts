import type { Page } from '@playwright/test';

export interface WatchOptions {
  /** Console errors that are expected (e.g. the signed-out current-user call's 401). */
  ignore?: RegExp;
}

/**
 * A first render gone wrong (decision 0370): React's hydration mismatches (production builds report
 * them as minified errors #418, #419, #423, #425) and React Router's warnings about hydration, such
 * as a lazy page with no HydrateFallback. Console warnings, not errors, so matched on their own.
 */
export const RENDER_WARNING = /hydrat|did not match|Minified React error #(418|419|423|425)/i;

/**
 * What went wrong on a page while a journey ran: console errors (CSP violations are reported
 * there), first-render warnings, uncaught page errors, and requests that failed on the network.
 * Requests the app cancelled on purpose (a newer search, a closed map) are not failures.
 */
export function watchErrors(page: Page, { ignore }: WatchOptions = {}): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && !ignore?.test(m.text())) errors.push(m.text());
    else if (m.type() === 'warning' && RENDER_WARNING.test(m.text())) errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('requestfailed', (r) => {
    const failure = r.failure()?.errorText ?? 'failed';
    if (!/ERR_ABORTED|NS_BINDING_ABORTED|cancelled/i.test(failure)) errors.push(`${r.method()} ${r.url()}: ${failure}`);
  });
  return errors;
}
