import type { Page } from '@playwright/test';
import { signIn } from '../../support/accounts';
import { expectAccessible, lookAt } from '../../support/fixtures';
import { expect, test } from '../../support/users';

const PHONE = { width: 390, height: 844 };

/** One of each public page, with real ids from the seeded data. */
async function publicPages(page: Page): Promise<string[]> {
  const provider = (await (await page.request.get('/api/providers/search?pageSize=1')).json()).data[0];
  const tender = (await (await page.request.get('/api/tenders/public?limit=5')).json()).data[0];
  const asset = (await (await page.request.get('/api/assets/tenders?limit=1')).json()).data[0];
  const parts = await (await page.request.post('/api/parts/search', { data: { product: 'Solar Panels' } })).json();
  const part = (parts.data.citations as string[]).find((c) => c.startsWith('/parts/'))!;
  return [
    '/',
    '/providers',
    '/providers/map',
    `/providers/${provider.slug}`,
    '/explore-tenders',
    `/tender/${tender.id}`,
    '/list-a-tender',
    '/search-parts',
    part,
    '/asset-intel',
    `/asset-intel/${asset.id}`,
    '/services/list',
    '/auth',
    '/auth/register',
    '/reset-password',
    '/no/such/page',
  ];
}

/** Lets lazy chunks, maps and lists settle before measuring. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.waitForTimeout(300);
}

const sideways = (page: Page) => page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));

test.describe('phones (decision 0350)', () => {
  test.use({ viewport: PHONE });

  test('no public page scrolls sideways at 390 px', async ({ page }) => {
    test.setTimeout(120_000);
    const wide: string[] = [];
    for (const path of await publicPages(page)) {
      await page.goto(path);
      await settle(page);
      const { scrollWidth, innerWidth } = await sideways(page);
      if (scrollWidth > innerWidth) wide.push(`${path}: ${scrollWidth} px`);
      await lookAt(page, `phone${path.replace(/[^a-z0-9]+/gi, '-')}`);
    }
    expect(wide).toEqual([]);
  });

  test('signed-in pages do not scroll sideways either', async ({ page, representative }) => {
    await signIn(page, representative);
    const asset = (await (await page.request.get('/api/assets/tenders?limit=1')).json()).data[0];
    const wide: string[] = [];
    for (const path of ['/dashboard', '/dashboard?tab=tenders', `/asset-intel/${asset.id}`, '/provider-create']) {
      await page.goto(path);
      await settle(page);
      const { scrollWidth, innerWidth } = await sideways(page);
      if (scrollWidth > innerWidth) wide.push(`${path}: ${scrollWidth} px`);
    }
    expect(wide).toEqual([]);
  });

  for (const { path, first, name } of [
    { path: '/explore-tenders?status=all&source=External', first: 'main li h2 a', name: 'tenders' },
    { path: '/providers?services=Panel+Cleaning', first: '[data-testid="provider-card"]', name: 'providers' },
    { path: '/providers/map?types=Installer', first: 'section[aria-label="Providers map"]', name: 'providers-map' },
    { path: '/asset-intel?region=Wales&technology=Battery', first: '[role="region"][aria-label="Map of UK renewable energy assets"]', name: 'asset-intel' },
  ]) {
    test(`${name}: the filters wait behind a 'Filters' button with the active count, so results come first`, async ({ page }) => {
      await page.goto(path);
      const button = page.getByRole('button', { name: /^Filters/ });
      await expect(button).toBeVisible();
      await expect(button).toHaveAccessibleName(/^Filters (1|2) active$/);
      await expect(button).toHaveAttribute('aria-expanded', 'false');
      const results = page.locator(first).first();
      await expect(results).toBeVisible();
      expect((await results.boundingBox())!.y, 'results start on the first screen').toBeLessThan(PHONE.height);
      await lookAt(page, `filters-collapsed-${name}-mobile`);
      await expectAccessible(page);

      await button.click();
      await expect(button).toHaveAttribute('aria-expanded', 'true');
      const panel = page.locator(`#${await button.getAttribute('aria-controls')}`);
      await expect(panel).toBeVisible();
      await lookAt(page, `filters-open-${name}-mobile`);
      await expectAccessible(page);
    });
  }
});

test.describe('desktop keeps the filters beside or above the results', () => {
  test('no Filters button at 1280 px; the panels are shown', async ({ page }) => {
    for (const path of ['/explore-tenders', '/providers', '/asset-intel']) {
      await page.goto(path);
      await expect(page.getByRole('button', { name: /^Filters/ })).toBeHidden();
      await expect(page.getByLabel(/^(Service|Services|Planning Applicant Search)$/).first()).toBeVisible();
    }
  });
});

test('auth pages have no white band between the content and the footer', async ({ page }) => {
  for (const path of ['/auth', '/auth/register', '/reset-password']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const band = await page.evaluate(() => {
      const card = document.querySelector('main h1')!.closest('main > *')!.getBoundingClientRect();
      const footer = document.querySelector('footer')!.getBoundingClientRect();
      return footer.top - card.bottom;
    });
    expect(band, path).toBeLessThanOrEqual(1);
  }
  await lookAt(page, 'auth-desktop-no-band');
});
