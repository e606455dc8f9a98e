import { defineConfig } from '@playwright/test';
import base from './playwright.config';

/** `npm run test:security`: the XSS corpus against a server with a hostile OCDS notice and answer service. */
export default defineConfig({
  ...base,
  testDir: './tests/security',
  webServer: { ...base.webServer!, command: 'node scripts/serve-security.mjs' },
});
