/**
 * Zod 4 probes `new Function('')` to decide whether to compile fast parsers; under the app's CSP
 * (`script-src 'self'`, no 'unsafe-eval') that probe is blocked and reported as a CSP violation on
 * every page that validates a form. Jitless mode skips the probe (found by the XSS corpus run,
 * issue 11). Imported first in main.tsx, before any schema parses.
 *
 * Zod keeps its configuration on `globalThis.__zod_globalConfig` (zod/v4/core's `globalConfig`,
 * taken as it is when zod loads), so it is set there without importing zod: zod's core in the
 * entry cost every page 3 KB of its first load, pages that never validate included (decision 0540).
 */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(holder.__zod_globalConfig ??= {}).jitless = true;

export {};
