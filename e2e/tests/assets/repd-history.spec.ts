import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { signUp, unique } from '../../support/accounts';
import { expectAccessible, lookAt } from '../../support/fixtures';
import { stopProcess } from '../../support/processes';

/**
 * Issue 17's REPD half in the browser: a second server, started from the journeys' seeded snapshot
 * with REPD_FEED_URL pointed at `npm run feeds:fixture`, imports the next release at its first
 * check; its changes show on the projects table's 'changed since' and on the asset's history.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const mainPort = process.env.E2E_PORT ?? '3100';
const fixturePort = Number(process.env.E2E_REPD_FIXTURE_PORT ?? Number(mainPort) + 12);
const port = Number(process.env.E2E_REPD_PORT ?? Number(mainPort) + 13);
const base = `http://localhost:${port}`;
const children: ChildProcess[] = [];

const waitFor = async (check: () => Promise<boolean>, ms: number, what: string) => {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`timed out waiting for ${what}`);
};

test.describe('REPD releases: history and changed since', () => {
  test.describe.configure({ mode: 'serial' });
  test.use({ baseURL: base });

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    const snapshot = path.join(root, `.tmp/e2e-snapshot-${mainPort}`);
    if (!existsSync(path.join(snapshot, 'pgdata'))) throw new Error(`no journey snapshot at ${snapshot}: the main server seeds it`);
    const dataDir = path.join(root, `.tmp/e2e-repd-data-${port}`);
    rmSync(dataDir, { recursive: true, force: true });
    cpSync(snapshot, dataDir, { recursive: true });
    children.push(spawn(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'apps/server/src/cli/feeds-fixture.ts', String(fixturePort)], { cwd: root, stdio: 'ignore' }));
    await waitFor(async () => (await fetch(`http://127.0.0.1:${fixturePort}/nothing`)).status === 404, 60_000, 'the fixture');
    const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', PORT: String(port), PUBLIC_URL: base, DATA_DIR: dataDir, REPD_FEED_URL: `http://127.0.0.1:${fixturePort}` };
    delete env.DATABASE_URL;
    children.push(spawn(process.execPath, [path.join(root, 'apps/server/dist/server.js')], { cwd: root, env, stdio: 'ignore' }));
    // The job's first check imports the fixture's next release over the seeded bundled one.
    await waitFor(async () => ((await (await fetch(`${base}/api/assets/source`)).json()) as { checkedAt: string | null }).checkedAt !== null, 200_000, 'the REPD check');
  });
  test.afterAll(async () => {
    await Promise.all(children.map((child) => stopProcess(child)));
  });

  test("the projects table filters 'changed since' from the address and the asset shows its history", async ({ page }) => {
    test.setTimeout(90_000);
    // A representative of this server's own (the fixtures' users live on the main one); asset pages need no confirmed address.
    await signUp(page.request, { email: `repd.${unique()}@example.com`, name: 'Rhian Representative', type: 'representative' });
    const today = new Date().toISOString().slice(0, 10);
    await page.goto(`/asset-intel?changedSince=${today}`);
    await expect(page.getByRole('heading', { name: 'Expected Projects' })).toBeVisible();
    await expect(page.getByLabel('Changed since')).toHaveValue(today);
    const table = page.getByRole('table');
    await expect(table.getByRole('button', { name: 'Fixture Meadow Solar Farm' })).toBeVisible();
    await expect(page.getByText(/^Showing 1 to 4 of 4 projects$/)).toBeVisible();
    await expect(page.getByTestId('asset-source').first()).toContainText('Checked for a new release');
    await lookAt(page, 'assets-changed-since-desktop', { fullPage: true });
    await expectAccessible(page);

    // The asset's own page (its tab in the table view carries the page's tab list).
    const rows = (await (await page.request.get(`/api/assets/tenders?changedSince=${today}`)).json()) as { data: Array<{ id: number; developmentStatus: string }> };
    const moved = rows.data.find((r) => r.developmentStatus === 'Under Construction')!;
    await page.goto(`/asset-intel/${moved.id}`);
    const history = page.getByRole('region', { name: 'History in REPD' });
    await expect(history).toContainText('Status: Planning Permission Granted → Under Construction (repd-q2-jul-2026)');
    await history.scrollIntoViewIfNeeded();
    await lookAt(page, 'assets-history-desktop', { fullPage: true });
    await expectAccessible(page);

    await page.setViewportSize({ width: 390, height: 844 });
    await history.scrollIntoViewIfNeeded();
    await lookAt(page, 'assets-history-mobile');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.goto(`/asset-intel?changedSince=${today}`);
    await expect(page.getByLabel('Changed since')).toHaveValue(today);
    await lookAt(page, 'assets-changed-since-mobile', { fullPage: true });
  });
});
