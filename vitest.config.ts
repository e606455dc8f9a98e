import { configDefaults, defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { BOTH_ENGINES } from './apps/server/test/engines.ts';

/**
 * CI retries a failed test once, as Playwright does there: a test timed on two cores shared with
 * PostgreSQL and the other workers can lose a race once. `npm test` names every test that passed
 * only on its retry (scripts/vitest-flaky-reporter.mjs), so a flaky test is seen, not hidden.
 */
const retry = process.env.CI ? 1 : 0;

const SERVER_FILES = ['src/**/*.test.ts', 'test/**/*.test.ts'];
const serverTest = {
  root: 'apps/server',
  environment: 'node',
  globalSetup: ['test/global-setup.ts'],
  // Generous: imports of the real datasets run inside some tests, and CI shares 2 cores.
  testTimeout: 120_000,
  hookTimeout: 180_000,
  // expect.poll waits for mail sent after a response; its 1 s default is short on that machine.
  expect: { poll: { timeout: 10_000 } },
  pool: 'forks' as const,
  isolate: false,
  retry,
};

export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      {
        test: { name: 'shared', root: 'packages/shared', include: ['src/**/*.test.ts'], environment: 'node', retry },
      },
      // Two server projects (decision 0606): with TEST_DATABASE_URL, the files of test/engines.ts run on
      // PGlite and PostgreSQL, the others on PostgreSQL alone; `npm run test:engines` (TEST_ENGINES=all)
      // runs every file on both. Without TEST_DATABASE_URL every file runs on PGlite.
      {
        test: {
          ...serverTest,
          name: 'server',
          include: SERVER_FILES,
          exclude: [...configDefaults.exclude, ...BOTH_ENGINES],
          env: { TEST_ENGINES: process.env.TEST_ENGINES === 'all' ? 'all' : 'one' },
        },
      },
      { test: { ...serverTest, name: 'server-engines', include: BOTH_ENGINES, env: { TEST_ENGINES: 'both' } } },
      {
        plugins: [react()],
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['src/test/setup.ts'],
          css: false,
          // One fork and one jsdom per worker, not per file (decision 0641): a file no longer pays for
          // a fresh process, jsdom and packages. After each file src/test/setup.ts resets the window
          // (globals, timers, storage, address, body) and the app's modules (vi.resetModules).
          isolate: false,
          // userEvent typing whole forms in jsdom takes 1.5–3.5 s while the server project loads both
          // cores (the provider-create form: 3.4 s), too close to Vitest's 5 s default on CI.
          testTimeout: 20_000,
          retry,
        },
      },
    ],
  },
});
