import type { Page } from '@playwright/test';
import { signIn } from '../../support/accounts';
import { watchErrors } from '../../support/errors';
import { expectAccessible, lookAt } from '../../support/fixtures';
import { expect, test } from '../../support/users';

/** The largest solar project in the projects table (real REPD data). */
async function solarAsset(page: Page): Promise<{ id: number; siteName: string }> {
  const res = await page.request.get(
    '/api/assets/tenders?sortBy=installedCapacity&sortDirection=desc&technology=Solar%20Photovoltaics&limit=1',
  );
  return (await res.json()).data[0];
}

async function mapReady(page: Page, siteName: string) {
  const map = page.getByRole('region', { name: `Map of ${siteName}` });
  await expect(map.locator('.maplibregl-canvas')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Loading map...')).toHaveCount(0, { timeout: 30_000 });
  return map;
}

/** The site marker sits in the middle of the map (zoom 15, pitch 45 keep the centre). */
async function expectMarkerCentred(page: Page, siteName: string) {
  const map = await mapReady(page, siteName);
  await expect
    .poll(async () => {
      const box = (await map.boundingBox())!;
      const marker = (await map.locator('.maplibregl-marker').first().boundingBox())!;
      const dx = marker.x + marker.width / 2 - (box.x + box.width / 2);
      const dy = marker.y + marker.height / 2 - (box.y + box.height / 2);
      return Math.round(Math.hypot(dx, dy));
    })
    .toBeLessThanOrEqual(3);
  const canvas = await map.locator('.maplibregl-canvas').boundingBox();
  const region = await map.boundingBox();
  expect(Math.abs(canvas!.width - region!.width)).toBeLessThanOrEqual(2);
}

test.describe('asset → providers → tender', () => {
  test('a signed-in user sees the providers serving a site and lists a tender for it', async ({ page, representative }) => {
    test.setTimeout(90_000);
    const errors = watchErrors(page);
    await signIn(page, representative);
    const asset = await solarAsset(page);
    await page.goto(`/asset-intel/${asset.id}`);
    await expect(page.getByRole('heading', { level: 2, name: asset.siteName })).toBeVisible();
    await expectMarkerCentred(page, asset.siteName);

    const section = page.getByRole('region', { name: 'Providers serving this site' });
    await expect(
      section.getByText(/^Directory providers whose service area covers .+ and work with Solar PV or Hybrid/),
    ).toBeVisible();
    const cards = section.getByTestId('provider-card');
    await expect(cards.first()).toBeVisible({ timeout: 15_000 });
    const shown = await cards.count();
    expect(shown).toBeGreaterThan(0);
    expect(shown).toBeLessThanOrEqual(6);
    await expect(section.getByText(/^Based [\d.]+ km from this site$|^Covers the whole country/).first()).toBeVisible();
    const summary = section.getByText(/^Showing \d+ of \d+ providers?$/);
    const total = Number((await summary.textContent())!.match(/of (\d+)/)![1]);
    await lookAt(page, 'assets-providers-desktop', { fullPage: true });
    await expectAccessible(page);

    if (total > shown) {
      await section.getByRole('button', { name: 'Show more providers' }).click();
      await expect(cards).toHaveCount(Math.min(total, shown + 12));
    }
    // A card links to the provider's profile.
    await expect(cards.first().getByRole('link').first()).toHaveAttribute('href', /^\/providers\//);

    await section.getByRole('link', { name: 'List a tender for this site' }).click();
    await expect(page).toHaveURL(/\/list-a-tender\?service=.+&location=.+&lat=.+&lng=.+/);
    await expect(page.getByRole('heading', { level: 1, name: 'List a Tender' })).toBeVisible();
    // A service the directory knows (issue 27 defect 5).
    await expect(page.getByRole('combobox', { name: 'Service required' })).toHaveValue('Operations & Maintenance (O&M)');
    await expect(page.getByRole('combobox', { name: 'Location', exact: true })).toHaveValue(
      new RegExp(`^${asset.siteName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
    );
    await lookAt(page, 'assets-tender-prefilled-desktop', { fullPage: true });
    expect(errors).toEqual([]);
  });

  test('mobile: the asset page with its map and providers', async ({ page, representative }) => {
    test.setTimeout(90_000);
    const errors = watchErrors(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, representative);
    const asset = await solarAsset(page);
    await page.goto(`/asset-intel/${asset.id}`);
    await expectMarkerCentred(page, asset.siteName);
    const section = page.getByRole('region', { name: 'Providers serving this site' });
    await expect(section.getByTestId('provider-card').first()).toBeVisible({ timeout: 15_000 });
    await lookAt(page, 'assets-detail-mobile', { fullPage: true });
    await expectAccessible(page);
    expect(errors).toEqual([]);
  });

  test('a visitor is asked to log in and no providers are requested', async ({ page }) => {
    const asked: string[] = [];
    page.on('request', (r) => {
      if (/\/api\/assets\/\d+\/providers/.test(r.url())) asked.push(r.url());
    });
    const asset = await solarAsset(page);
    await page.goto(`/asset-intel/${asset.id}`);
    await expect(page.getByText('Please log in to view asset details')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Providers serving this site' })).toHaveCount(0);
    expect(asked).toEqual([]);
  });

  test('overview filters live in the address and survive a reload', async ({ page }) => {
    test.setTimeout(90_000);
    const errors = watchErrors(page);
    await page.goto('/asset-intel');
    await expect(page.getByText('Loading map...')).toHaveCount(0, { timeout: 30_000 });
    const battery = page
      .getByRole('group', { name: 'Technology Type' })
      .getByRole('button', { name: 'Battery', exact: true });
    await battery.click();
    await page.getByRole('slider', { name: 'Minimum Capacity Range (MW)' }).focus();
    for (let i = 0; i < 5; i++) await page.keyboard.press('PageUp');
    await page.getByRole('group', { name: 'Region' }).getByRole('button', { name: 'Wales', exact: true }).click();
    await expect(page).toHaveURL(/technology=Battery/);
    await expect(page).toHaveURL(/minCapacity=50/);
    await expect(page).toHaveURL(/region=Wales/);
    await page.reload();
    await expect(battery).toHaveAttribute('aria-pressed', 'true');
    await expect(
      page.getByRole('group', { name: 'Region' }).getByRole('button', { name: 'Wales', exact: true }),
    ).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByText('50 MW – 100+ MW')).toBeVisible();
    await expect(page.getByText('Loading assets...')).toHaveCount(0, { timeout: 30_000 });
    await expect(page.getByText('Loading map...')).toHaveCount(0, { timeout: 30_000 });
    await expect(page.getByRole('group', { name: 'Technology legend' })).toBeVisible();
    await expect(page.getByText('Loading assets...')).toHaveCount(0, { timeout: 30_000 });
    await lookAt(page, 'assets-overview-filtered-desktop');
    await page.getByRole('button', { name: 'Clear all' }).click();
    await expect(page).toHaveURL(/\/asset-intel$/);
    await expect(battery).toHaveAttribute('aria-pressed', 'false');
    expect(errors.filter((e) => !/401|Unauthorized/.test(e))).toEqual([]);
  });
});
