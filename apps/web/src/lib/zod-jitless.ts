import { config } from 'zod/v4/core';

/**
 * Zod 4 probes `new Function('')` to decide whether to compile fast parsers; under the app's CSP
 * (`script-src 'self'`, no 'unsafe-eval') that probe is blocked and reported as a CSP violation on
 * every page that validates a form. Jitless mode skips the probe (found by the XSS corpus run,
 * issue 11). Imported first in main.tsx, before any schema parses.
 */
config({ jitless: true });
