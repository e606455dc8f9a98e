import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, test, type Download, type Page } from '@playwright/test';
import { signUp, unique } from '../../support/accounts';
import { watchErrors } from '../../support/errors';
import { expectAccessible, lookAt } from '../../support/fixtures';

/**
 * Issue 32: the API keys page and the API reference (decision 0530), and the Export buttons of the
 * directory, the tender board, the asset overview and a buyer's page (decisions 0531, 0532).
 */

const SIZES = [
  { name: 'mobile', width: 390, height: 844 },
  { name: 'tablet', width: 1024, height: 768 },
  { name: 'desktop', width: 1280, height: 800 },
];

const run = promisify(execFile);
const text = async (download: Download) => Buffer.concat(await (await download.createReadStream()).toArray()).toString('utf8');
const noSidewaysScroll = async (page: Page, width: number) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `scrolls sideways at ${width} px`).toBeLessThanOrEqual(width);

test.describe('API keys', () => {
  test('a user creates a key, copies it, uses it from a script and in the API reference’s curl examples, sees it used, and revokes it', async ({ page, context, request, baseURL }) => {
    test.setTimeout(150_000);
    const errors = watchErrors(page);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
    const email = await signUp(page.request, { email: `keys-${unique()}@example.com`, name: 'Kim Keys' });

    await page.goto('/dashboard?tab=settings');
    await page.getByRole('link', { name: 'Manage API keys' }).click();
    await expect(page).toHaveURL(/\/developers$/);
    await expect(page.getByRole('heading', { level: 1, name: 'API keys' })).toBeVisible();
    await expect(page.getByText('No API keys yet.')).toBeVisible();

    await page.getByRole('button', { name: 'Create key' }).click();
    await expect(page.getByText('Give the key a name')).toBeVisible();
    await page.getByLabel('Key name').fill('Nightly REPD sync');
    await page.getByRole('button', { name: 'Create key' }).click();
    const box = page.getByRole('region', { name: 'API key created: Nightly REPD sync' });
    await expect(box).toBeVisible();
    await expect(box.getByText('Copy this key now: it is shown only once.')).toBeVisible();
    const key = await box.getByRole('textbox', { name: 'Your new key' }).inputValue();
    expect(key).toMatch(/^sm_[A-Za-z0-9_-]{32}$/);
    await box.getByRole('button', { name: 'Copy your new key' }).click();
    await expect(box.getByRole('button', { name: 'Copied', exact: true })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    await expectAccessible(page);

    // A script, with the key and no cookie, is the account on reads and is counted against the key's limit.
    const me = await request.get('/api/auth/me', { headers: { authorization: `Bearer ${key}` } });
    expect(me.status()).toBe(200);
    expect((await me.json()).data.email).toBe(email);
    const feed = await request.get('/api/changes/tenders?limit=1', { headers: { authorization: `Bearer ${key}` } });
    expect(feed.status()).toBe(200);
    expect(feed.headers()['x-ratelimit-limit']).toBe('600');

    await box.getByRole('button', { name: 'I have copied it' }).click();
    await expect(box).toHaveCount(0);

    // The API reference's examples, copied from the page and run with curl and the new key, as a user would.
    await page.goto('/developers/api');
    const examples = page.locator('pre code').filter({ hasText: /^curl / });
    // The reference is drawn after its document loads: wait for its first example before reading them all.
    await expect(examples.first()).toBeVisible();
    const commands = await examples.allTextContents();
    expect(commands.length).toBeGreaterThanOrEqual(3);
    for (const command of commands) {
      const { stdout } = await run('bash', ['-euo', 'pipefail', '-c', command], {
        env: { ...process.env, KEY: key, SITE: baseURL!, no_proxy: '127.0.0.1,localhost', NO_PROXY: '127.0.0.1,localhost' },
        timeout: 30_000,
      });
      if (stdout.trimStart().startsWith('{')) {
        const body = JSON.parse(stdout) as { data?: unknown; error?: unknown };
        expect(body.error, `${command}\n${stdout.slice(0, 300)}`).toBeUndefined();
        expect(body.data, command).toBeDefined();
        if (command.includes('/api/auth/me')) expect((body.data as { email: string }).email).toBe(email);
      } else {
        // A CSV: the BOM, then quoted headings and at least one row.
        expect(stdout, command).toMatch(/^\uFEFF"[^"]+"/);
        expect(stdout.trim().split(/\r\n/).length, command).toBeGreaterThan(1);
      }
    }

    await page.goto('/developers');
    const row = page.getByRole('listitem', { name: 'Nightly REPD sync' });
    await expect(row).toContainText(key.slice(0, 11));
    await expect(row).toContainText(/Last used \d\d\/\d\d\/\d{4} \d\d:\d\d/);
    await expect(page.getByText(key)).toHaveCount(0);

    await row.getByRole('button', { name: 'Revoke Nightly REPD sync' }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke' });
    await expect(confirm).toContainText('Scripts using it will stop working at once.');
    await confirm.getByRole('button', { name: 'Revoke' }).click();
    await expect(row).toContainText(/Revoked \d\d\/\d\d\/\d{4}/);
    await expect(row.getByRole('button', { name: 'Revoke Nightly REPD sync' })).toHaveCount(0);
    expect((await request.get('/api/auth/me', { headers: { authorization: `Bearer ${key}` } })).status()).toBe(401);
    await expectAccessible(page);
    expect(errors).toEqual([]);
  });

  test('a visitor is sent to sign in, and comes back to the keys page', async ({ page }) => {
    await page.goto('/developers');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fdevelopers$/);
  });

  for (const size of SIZES) {
    test(`the keys page fits ${size.width} px without scrolling sideways`, async ({ page }) => {
      await page.setViewportSize({ width: size.width, height: size.height });
      await signUp(page.request, { email: `keys-${size.name}-${unique()}@example.com`, name: 'Kim Keys' });
      await page.goto('/developers');
      await page.getByLabel('Key name').fill('A key with a rather long name for a phone');
      await page.getByRole('button', { name: 'Create key' }).click();
      await expect(page.getByRole('region', { name: /API key created/ })).toBeVisible();
      await expect(page.getByRole('listitem', { name: 'A key with a rather long name for a phone' })).toBeVisible();
      await noSidewaysScroll(page, size.width);
      await lookAt(page, `developers-keys-${size.name}`, { fullPage: true });
    });
  }
});

test.describe('the API reference', () => {
  test('is drawn from the app’s own OpenAPI document, with nothing fetched from another site', async ({ page, baseURL }) => {
    // Every route of the app, filtered and opened, and an axe scan: over 30 s on a loaded machine.
    test.setTimeout(90_000);
    const errors = watchErrors(page, { ignore: /401|Unauthorized/ });
    const foreign: string[] = [];
    page.on('request', (r) => {
      if (!r.url().startsWith(baseURL!) && !r.url().startsWith('data:') && !r.url().startsWith('blob:')) foreign.push(r.url());
    });
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'API' }).click();
    await expect(page).toHaveURL(/\/developers\/api$/);
    await expect(page.getByRole('heading', { level: 1, name: 'API reference' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign in to create an API key' })).toHaveAttribute('href', '/login?redirect=%2Fdevelopers');
    await expect(page.getByText('curl -sS -H "Authorization: Bearer $KEY" "$SITE/api/changes/tenders?limit=2"')).toBeVisible();
    await expect(page.getByRole('heading', { level: 3, name: 'developers' })).toBeVisible({ timeout: 15_000 });

    await page.getByLabel('Find a route').fill('/api/changes/tenders');
    const feed = page.getByRole('group').filter({ hasText: '/api/changes/tenders' }).first();
    await expect(page.getByRole('heading', { level: 3 })).toHaveText(['developers']);
    await feed.getByText('/api/changes/tenders').click();
    await expect(feed.getByText('API key works')).toBeVisible();
    await expect(feed.getByText('Anyone', { exact: true })).toBeVisible();
    await expect(feed.getByRole('heading', { name: 'Parameters' })).toBeVisible();
    await expect(feed.getByText(/^limit/)).toBeVisible();
    await expectAccessible(page);

    await page.getByLabel('Find a route').fill('no-such-route-anywhere');
    await expect(page.getByText('No route matches.')).toBeVisible();
    expect(foreign).toEqual([]);
    expect(errors).toEqual([]);
  });

  for (const size of SIZES) {
    test(`fits ${size.width} px without scrolling sideways`, async ({ page }) => {
      await page.setViewportSize({ width: size.width, height: size.height });
      await page.goto('/developers/api');
      await expect(page.getByRole('heading', { level: 3, name: 'developers' })).toBeVisible({ timeout: 15_000 });
      const awards = page.getByRole('group').filter({ hasText: '/api/exports/buyers/{slug}/awards' }).first();
      await awards.getByText('/api/exports/buyers/{slug}/awards').click();
      await expect(page.getByRole('heading', { name: 'Answers' }).first()).toBeVisible();
      // An export's answer: a CSV or a JSON file, with its row counts in the headers (decision 0570).
      await expect(awards.getByText('text/csv, application/json').first()).toBeVisible();
      await expect(awards.getByText('X-Export-Rows')).toBeVisible();
      await noSidewaysScroll(page, size.width);
      await lookAt(page, `developers-reference-${size.name}`);
    });
  }
});

test.describe('Export buttons', () => {
  test('the directory exports its current filters as CSV, from the keyboard', async ({ page }) => {
    await page.goto('/providers?services=Installation');
    await expect(page.getByText(/^\d[\d,]* providers?$/).first()).toBeVisible({ timeout: 15_000 });
    const count = Number((await page.getByText(/^\d[\d,]* providers?$/).first().textContent())!.replace(/[^\d]/g, ''));
    await page.getByRole('button', { name: 'Export', exact: true }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Export these results' });
    await expect(dialog).toContainText(`The file holds ${count.toLocaleString('en-GB')} provider`);
    await expect(dialog).toContainText('A file holds at most 1,000,000 rows');
    await expectAccessible(page);
    const csv = dialog.getByRole('link', { name: 'Download CSV (spreadsheets)' });
    await csv.focus();
    const downloading = page.waitForEvent('download');
    await page.keyboard.press('Enter');
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^providers-\d{4}-\d\d-\d\d\.csv$/);
    const lines = (await text(download)).replace(/^\uFEFF/, '').trim().split(/\r\n/);
    expect(lines[0]).toMatch(/^"[^"]+",/);
    // A description may hold a line break inside its quotes: at least a line a provider.
    expect(lines.length).toBeGreaterThanOrEqual(count + 1);
  });

  test('the tender board exports what it shows as JSON', async ({ page }) => {
    await page.goto('/explore-tenders?keywords=solar');
    const counted = page.locator('#tender-results');
    await expect(counted).toHaveText(/^\d[\d,]* tenders?$/, { timeout: 15_000 });
    const count = Number((await counted.textContent())!.replace(/[^\d]/g, ''));
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    const downloading = page.waitForEvent('download');
    await page.getByRole('dialog').getByRole('link', { name: 'Download JSON (scripts)' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^public-tenders-\d{4}-\d\d-\d\d\.json$/);
    const body = JSON.parse(await text(download)) as { data: Array<{ title: string }>; total: number; truncated: boolean };
    expect(body.total).toBe(count);
    expect(body.data).toHaveLength(count);
    expect(body.truncated).toBe(false);
  });

  test('the asset overview exports the assets matching its filters', async ({ page }) => {
    // The overview's map loads beside it: over 30 s on a loaded machine.
    test.setTimeout(90_000);
    await page.goto('/asset-intel?technology=Battery');
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    const downloading = page.waitForEvent('download');
    await page.getByRole('dialog').getByRole('link', { name: 'Download CSV (spreadsheets)' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^assets-\d{4}-\d\d-\d\d\.csv$/);
    const lines = (await text(download)).replace(/^\uFEFF/, '').trim().split(/\r\n/);
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.slice(1).every((l) => l.includes('"Battery"'))).toBe(true);
  });

  test("a buyer's page exports every award of the buyer", async ({ page }) => {
    await page.goto('/buyers/the-london-borough-of-camden');
    const awards = Number(/(\d+) awards?/.exec((await page.getByText(/public notices? ·/).textContent())!)![1]);
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    await expect(page.getByRole('dialog')).toContainText('every award of THE LONDON BOROUGH OF CAMDEN');
    const downloading = page.waitForEvent('download');
    await page.getByRole('dialog').getByRole('link', { name: 'Download CSV (spreadsheets)' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^awards-the-london-borough-of-camden-\d{4}-\d\d-\d\d\.csv$/);
    const [head, ...rows] = (await text(download)).replace(/^\uFEFF/, '').trim().split(/\r\n/);
    expect(head).toMatch(/^"Title","Awarded","Value \(GBP\)"/);
    expect(rows).toHaveLength(awards);
    expect(rows.join('\n')).toMatch(/"Ubitricity Distributed Energy Systems UK Ltd"/i);
  });

  for (const size of SIZES) {
    test(`the export dialog fits ${size.width} px without scrolling sideways`, async ({ page }) => {
      await page.setViewportSize({ width: size.width, height: size.height });
      await page.goto('/explore-tenders');
      await page.getByRole('button', { name: 'Export', exact: true }).click();
      await expect(page.getByRole('dialog', { name: 'Export these results' })).toBeVisible();
      await noSidewaysScroll(page, size.width);
      await lookAt(page, `exports-dialog-${size.name}`);
    });
  }
});
