import type { Page } from '@playwright/test';

export interface WatchOptions {
  /** Console errors that are expected (e.g. the signed-out current-user call's 401). */
  ignore?: RegExp;
}

/**
 * What went wrong on a page while a journey ran: console errors (CSP violations are reported
 * there), uncaught page errors, and requests that failed on the network. Requests the app cancelled
 * on purpose (a newer search, a closed map) are not failures.
 */
export function watchErrors(page: Page, { ignore }: WatchOptions = {}): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && !ignore?.test(m.text())) errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('requestfailed', (r) => {
    const failure = r.failure()?.errorText ?? 'failed';
    if (!/ERR_ABORTED|NS_BINDING_ABORTED|cancelled/i.test(failure)) errors.push(`${r.method()} ${r.url()}: ${failure}`);
  });
  return errors;
}
