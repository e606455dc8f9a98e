import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunch } from './support/chromium';

const port = Number(process.env.E2E_PORT ?? 3100);

/**
 * A trace records every action's DOM snapshot and a screencast: CPU the journeys need on a 2-core
 * machine. In CI (where a failure is retried once) only the retry is traced, so a failure or a flaky
 * journey still comes with its trace; locally every failure keeps one (decision 0560). PW_TRACE overrides.
 */
const trace = (process.env.PW_TRACE ?? (process.env.CI ? 'on-first-retry' : 'retain-on-failure')) as 'on-first-retry' | 'retain-on-failure' | 'on' | 'off';

export default defineConfig({
  testDir: './tests',
  outputDir: `../test-results/e2e-${port}`,
  fullyParallel: true,
  workers: 2,
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
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } },
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
