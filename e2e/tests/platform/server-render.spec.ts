import type { Page } from '@playwright/test';
import { signIn } from '../../support/accounts';
import { RENDER_WARNING, watchErrors } from '../../support/errors';
import { expect, test } from '../../support/users';

/**
 * Issue 20: public pages arrive as HTML and hydrate without a mismatch (decision 0370). The server
 * renders in UTC; the browser runs in London time, as a UK visitor's does, so a date printed in
 * the wrong zone would show up here as a mismatch.
 */
test.use({ timezoneId: 'Europe/London', locale: 'en-GB' });

async function firstTender(page: Page) {
  const res = await page.request.get('/api/tenders/public?limit=10');
  const tender = ((await res.json()) as { data: Array<{ id: string; title: string }> }).data[0];
  if (!tender) throw new Error('no public tender seeded');
  return tender;
}

const PAGES: Array<{ path: (page: Page) => Promise<string>; text: (page: Page) => Promise<string> }> = [
  { path: async () => '/', text: async () => 'Find the right solar partner' },
  { path: async () => '/providers', text: async () => 'Find Your Solar Service Partner' },
  { path: async () => '/providers?page=2', text: async () => 'Find Your Solar Service Partner' },
  { path: async () => '/providers/anesco', text: async () => 'Anesco' },
  { path: async () => '/explore-tenders', text: async (page) => (await firstTender(page)).title },
  { path: async (page) => `/tender/${(await firstTender(page)).id}`, text: async (page) => (await firstTender(page)).title },
  { path: async () => '/services/list', text: async () => 'Manage and promote your business' },
  { path: async () => '/search-parts', text: async () => 'Compare PV modules, inverters and battery systems' },
  { path: async () => '/asset-intel', text: async () => 'Asset intelligence' },
  { path: async () => '/asset-intel?tab=projects', text: async () => 'Expected Projects' },
];

test.describe('server-rendered public pages', () => {
  for (const [index, entry] of PAGES.entries()) {
    test(`public page ${index + 1}: the HTML carries its content and the page hydrates with no warning`, async ({ page }) => {
      const path = await entry.path(page);
      const text = await entry.text(page);
      const html = await (await page.request.get(path)).text();
      expect(html, `${path} without JavaScript`).toContain(text.replace(/&/g, '&amp;'));
      expect(html).toContain('<script type="application/ld+json"');

      const messages: string[] = [];
      page.on('console', (m) => (m.type() === 'error' || m.type() === 'warning') && messages.push(m.text()));
      page.on('pageerror', (e) => messages.push(e.message));
      await page.goto(path, { waitUntil: 'networkidle' });
      await expect(page.getByText(text, { exact: false }).first()).toBeVisible();
      expect(messages.filter((m) => RENDER_WARNING.test(m)), path).toEqual([]);
    });
  }

  test('the title follows client navigation, as the server would have rendered it', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle('Solar Marketplace – Find the right solar partner');
    await page.getByRole('main').getByRole('link', { name: /^Find Providers/ }).click();
    await expect(page).toHaveURL(/\/providers$/);
    await expect(page).toHaveTitle('Solar service providers in the UK | Solar Marketplace');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/providers$/);
    const rendered = await (await page.request.get('/providers')).text();
    expect(rendered).toContain('<title>Solar service providers in the UK | Solar Marketplace</title>');
  });

  test('a directory address the search call would refuse is rendered as its clean self, with its results in the HTML (issue 28)', async ({ page }) => {
    // Before decision 0541 the render prefetched the address as it came, under another key than
    // the page asked for once cleaned, so the HTML had no results and the browser asked again.
    const count = (html: string) => /aria-live="polite">([^<]+)<\/p>/.exec(html)?.[1];
    const clean = '/providers?services=Panel+Cleaning';
    const want = count(await (await page.request.get(clean)).text());
    expect(want).toMatch(/\d providers?$/);
    const refused = `${clean}&services=${'x'.repeat(201)}&radius=0&page=0&locationCenter=abc`;
    expect(count(await (await page.request.get(refused)).text())).toBe(want);
  });

  test('a signed-in visitor gets their own header in the first HTML: no flash of the Login button', async ({ page, representative }) => {
    await signIn(page, representative);
    const html = await (await page.request.get('/providers')).text();
    expect(html).toContain('Logout');
    const messages: string[] = [];
    page.on('pageerror', (e) => messages.push(e.message));
    page.on('console', (m) => m.type() === 'error' && messages.push(m.text()));
    await page.goto('/providers');
    await expect(page.getByRole('button', { name: 'Logout' }).first()).toBeVisible();
    expect(messages.filter((m) => RENDER_WARNING.test(m))).toEqual([]);
  });

  test('a page rendered in the browser shows the layout while its module loads, with no router warning', async ({ page }) => {
    // Before the fix React Router warned "No `HydrateFallback` element provided to render during
    // initial hydration" on every client-rendered first visit and showed nothing until the page loaded.
    const messages: string[] = [];
    page.on('console', (m) => (m.type() === 'error' || m.type() === 'warning') && messages.push(m.text()));
    for (const path of ['/auth/login', '/list-a-tender']) {
      await page.goto(path);
      await expect(page.getByRole('main')).not.toBeEmpty();
    }
    expect(messages.filter((m) => RENDER_WARNING.test(m))).toEqual([]);
  });

  test('tools waiting for network idle finish on a signed-out page: the 401 of the current user is read, not left open', async ({ page }) => {
    // /list-a-tender is rendered in the browser, so it asks who is signed in and gets a 401.
    const errors = watchErrors(page, { ignore: /401/ });
    const me = page.waitForResponse((r) => r.url().endsWith('/api/auth/me'));
    await page.goto('/list-a-tender', { waitUntil: 'networkidle', timeout: 15_000 });
    expect((await me).status()).toBe(401);
    await page.goto('/providers', { waitUntil: 'networkidle', timeout: 15_000 });
    expect(errors).toEqual([]);
  });
});
