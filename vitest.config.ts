import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/**
 * CI retries a failed test once, as Playwright does there: a test timed on two cores shared with
 * PostgreSQL and the other workers can lose a race once. `npm test` names every test that passed
 * only on its retry (scripts/vitest-flaky-reporter.mjs), so a flaky test is seen, not hidden.
 */
const retry = process.env.CI ? 1 : 0;

export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      {
        test: { name: 'shared', root: 'packages/shared', include: ['src/**/*.test.ts'], environment: 'node', retry },
      },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/global-setup.ts'],
          // Generous: imports of the real datasets run inside some tests, and CI shares 2 cores.
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // expect.poll waits for mail sent after a response; its 1 s default is short on that machine.
          expect: { poll: { timeout: 10_000 } },
          pool: 'forks',
          isolate: false,
          retry,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['src/test/setup.ts'],
          css: false,
          // userEvent typing whole forms in jsdom takes 1.5–3.5 s while the server project loads both
          // cores (the provider-create form: 3.4 s), too close to Vitest's 5 s default on CI.
          testTimeout: 20_000,
          retry,
        },
      },
    ],
  },
});
