import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunch } from './support/chromium';

const port = Number(process.env.E2E_PORT ?? 3100);

/**
 * A trace records every action's DOM snapshot and a screencast: CPU the journeys need on a 2-core
 * machine. In CI (where a failure is retried once) only the retry is traced, so a failure or a flaky
 * journey still comes with its trace; locally every failure keeps one (decision 0560). PW_TRACE overrides.
 */
const trace = (process.env.PW_TRACE ?? (process.env.CI ? 'on-first-retry' : 'retain-on-failure')) as 'on-first-retry' | 'retain-on-failure' | 'on' | 'off';

/**
 * Journeys that mostly wait on a real clock: the feed-alerts journey's start-up run reads Find a
 * Tender's fixture at the service's documented pace (a page every 10 s, decision 0575), about two
 * minutes of sleeping server. They run on a third worker of their own, so their waiting does not hold
 * one of the two workers that the CPU-bound journeys share (decision 0640).
 */
const PACED = ['**/alerts/feed-alerts.spec.ts'];
const desktop = { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } };

export default defineConfig({
  testDir: './tests',
  outputDir: `../test-results/e2e-${port}`,
  fullyParallel: true,
  // Two workers for the journeys that use the CPU (two cores in CI), and one more for the paced ones.
  workers: 3,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list'], ['json', { outputFile: process.env.PW_JSON ?? '../.tmp/playwright-results.json' }]],
  use: {
    baseURL: `http://localhost:${port}`,
    trace,
    screenshot: 'only-on-failure',
    launchOptions: chromiumLaunch,
  },
  // The paced project first: its journey starts at once, and its waiting overlaps the others' work.
  projects: [
    { name: 'paced', use: desktop, testMatch: PACED, workers: 1 },
    { name: 'desktop', use: desktop, testIgnore: PACED, workers: 2 },
  ],
  webServer: {
    command: 'node scripts/serve.mjs',
    url: `http://localhost:${port}/api/health/ready`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
