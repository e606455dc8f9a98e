import { expect, test } from '@playwright/test';
import { watchErrors } from '../../support/errors';
import { expectAccessible, lookAt } from '../../support/fixtures';

test.describe('home page', () => {
  test('shows the tagline, banner, four actions and promo links', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Find the right solar partner' })).toBeVisible();
    await expect(page.getByText('The meeting point of solar owners, managers and service providers')).toBeVisible();
    await expect(page.getByText('In Beta-testing: UK only')).toBeVisible();
    const actions: Array<[string, string]> = [
      ['Find Providers', '/providers'],
      ['List a Tender', '/list-a-tender'],
      ['Search Parts', '/search-parts'],
      ['Explore with AssetIntel', '/asset-intel'],
    ];
    for (const [name, href] of actions) {
      await expect(page.getByRole('main').getByRole('link', { name: new RegExp(`^${name}`) })).toHaveAttribute('href', href);
    }
    await expect(page.getByRole('link', { name: 'Need Guarantees Advisory?' })).toHaveAttribute('href', /^https?:\/\//);
    await expect(page.getByRole('link', { name: 'Want Price Benchmarking?' })).toHaveAttribute('href', /^https?:\/\//);
    await expect(page.getByRole('link', { name: /private, targeted tender/ })).toHaveAttribute('href', /^https?:\/\//);
    await expect(page.getByText('Developed by')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Privacy Policy' })).toBeVisible();
    // The header sits below the fixed banner on the home page only.
    const headerTop = (await page.locator('header').boundingBox())!.y;
    expect(headerTop).toBeGreaterThanOrEqual(30);
    await lookAt(page, 'home-desktop', { fullPage: true });
    await expectAccessible(page);
  });

  test('serves HTML with a strict Content-Security-Policy and no console errors', async ({ page }) => {
    // A signed-out visitor's /api/auth/me answers 401 by design (docs/product/accounts.md#current-user); the browser logs it.
    const errors = watchErrors(page, { ignore: /401/ });
    const response = await page.goto('/');
    const csp = response!.headers()['content-security-policy'];
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("base-uri 'none'");
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(errors).toEqual([]);
  });
});

test.describe('navigation', () => {
  test('menus list their links and close 150 ms after the pointer leaves', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('button', { name: 'Find Solutions' }).hover();
    for (const name of ['List a Tender', 'Find Providers', 'Search Parts']) {
      await expect(nav.getByRole('link', { name })).toBeVisible();
    }
    await page.mouse.move(5, 700);
    await expect(nav.getByRole('link', { name: 'Search Parts' })).toBeHidden();
    await nav.getByRole('button', { name: 'Find Business' }).click();
    await expect(nav.getByRole('link', { name: 'View Tenders' })).toHaveAttribute('href', '/explore-tenders');
    await expect(nav.getByRole('link', { name: 'Explore with AssetIntel' })).toHaveAttribute('href', '/asset-intel');
    await expect(nav.getByRole('link', { name: 'List Your Services' })).toHaveAttribute('href', '/services/list');
    await expect(nav.getByRole('link', { name: 'Back to Solar Manager' })).toHaveAttribute('target', '_blank');
    await expect(nav.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/auth');
  });

  test('unknown paths show the not-found card', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
    await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
    // The ways on: home and the directory (issue 19).
    await expect(page.getByRole('main').getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
    await expect(page.getByRole('main').getByRole('link', { name: 'Find providers' })).toHaveAttribute('href', '/providers');
    await lookAt(page, 'not-found', { fullPage: true });
    await expectAccessible(page);
  });

  test('unknown API and asset paths are JSON 404s, not the app shell', async ({ request }) => {
    for (const url of ['/api/nope', '/assets/nope.js']) {
      const res = await request.get(url);
      expect(res.status()).toBe(404);
      expect(await res.json()).toMatchObject({ success: false });
    }
  });
});

test.describe('small screens', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the bottom drawer opens with the menu and closes with Close Menu', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog');
    await expect(drawer.getByText('Menu', { exact: true })).toBeVisible();
    await expect(drawer.getByText('Navigate through our solar services platform')).toBeVisible();
    await expect(drawer.getByRole('link', { name: 'Find Providers' })).toBeVisible();
    await expect(drawer.getByRole('link', { name: 'List Your Services' })).toBeVisible();
    await page.waitForTimeout(600); // the 0.5 s animation
    await lookAt(page, 'home-mobile-drawer');
    await expectAccessible(page);
    await drawer.getByRole('button', { name: 'Close Menu' }).click();
    await expect(drawer).toBeHidden();
  });
});

test.describe('analytics', () => {
  test('strips tracking parameters from the address without a history entry and records the page view', async ({ page }) => {
    await page.goto('/');
    const recorded = page.waitForRequest((r) => r.url().endsWith('/api/analytics/pageview') && r.postDataJSON().path.startsWith('/no-such'));
    await page.goto('/no-such?keep=1&utm_source=news&gclid=abc&fbclid=x&msclkid=y&_ga=1');
    await expect(page).toHaveURL(/\/no-such\?keep=1$/);
    expect((await recorded).postDataJSON().path).toBe('/no-such?keep=1');
    const length = await page.evaluate(() => history.length);
    await page.goBack();
    await expect(page).toHaveURL(/\/$/);
    expect(length).toBeGreaterThanOrEqual(2);
  });
});
