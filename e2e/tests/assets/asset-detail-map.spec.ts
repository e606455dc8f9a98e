import type { Page } from '@playwright/test';
import { DEMO, signIn } from '../../support/accounts';
import { watchErrors } from '../../support/errors';
import { expectAccessible, lookAt } from '../../support/fixtures';
import { jumpMap, mapLoaded, mapRegion } from '../../support/maps';
import { expect, test } from '../../support/users';

/** Users read what the map shows; the configuration hint is an operator's, shown to admins only (decision 0501). */
const NOTE = 'This map shows towns and boundaries, not streets or buildings.';
const ADMIN_HINT = 'Admin: set MAP_STYLE_URL on the server for a street map (see docs/operations.md, Maps).';

/** The id of the first asset the projects table finds for a query. */
async function assetId(page: Page, query: string) {
  const res = await page.request.get(`/api/assets/tenders?${query}&limit=1`);
  return ((await res.json()) as { data: Array<{ id: number }> }).data[0]!.id;
}

test.describe('asset detail map (decision 0358)', { tag: '@long' }, () => {
  for (const [device, width, height] of [
    ['desktop', 1280, 800],
    ['mobile', 390, 844],
  ] as const) {
    test(`a large site: its area, the nearest places, "no street detail" and the whole site (${device})`, async ({ page, representative }) => {
      test.setTimeout(60_000);
      const errors = watchErrors(page);
      await page.setViewportSize({ width, height });
      await signIn(page, representative);
      // Cottam Solar Project: 600 MW on 3,138 acres, larger than the view at zoom 15.
      await page.goto(`/asset-intel/${await assetId(page, 'sortBy=installedCapacity&sortDirection=desc&technology=Solar%20Photovoltaics')}`);
      const label = 'Map of Cottam Solar Project';
      await mapLoaded(page, label);
      const map = mapRegion(page, label);
      await expect(map.getByText(NOTE)).toBeVisible();
      await expect(map).not.toContainText('MAP_STYLE_URL');
      await expect(page.getByText("Shaded circle: the site's area, about 3,138 acres (radius 2.0 km). REPD gives the area, not the boundary.")).toBeVisible();
      expect(await map.evaluate((el) => Boolean(el.maplibreMap!.getLayer('asset-site-area')))).toBe(true);
      await expect(page.getByTestId('nearest-places')).toContainText(/^Nearest places: .+ \((hamlet|village)\), [\d.]+ (m|km) [a-z-]+;.* Gainsborough \(town\), [\d.]+ km north-west\.$/);
      const pointer = page.getByTestId('nearest-place-pointer').filter({ hasText: 'Gainsborough' });
      await expect(pointer).toBeVisible();
      await page.waitForTimeout(500);
      await map.scrollIntoViewIfNeeded();
      await lookAt(page, `assets-detail-large-site-${device}`);
      await expectAccessible(page);

      // The map opens at zoom 15 as specified; the whole site is one press away.
      expect(await map.evaluate((el) => el.maplibreMap!.getZoom())).toBe(15);
      await page.getByRole('button', { name: 'Show the whole site' }).click();
      await expect(page.getByRole('button', { name: 'Show the whole site' })).toHaveCount(0, { timeout: 5_000 });
      expect(await map.evaluate((el) => el.maplibreMap!.getZoom())).toBeLessThan(13);
      await lookAt(page, `assets-detail-whole-site-${device}`);

      // A pointer shows the site and that place together.
      await pointer.click();
      await expect
        .poll(() => map.evaluate((el) => el.maplibreMap!.getBounds().getNorth() > 53.39 && el.maplibreMap!.getBounds().getWest() < -0.77), { timeout: 10_000 })
        .toBe(true);
      expect(errors).toEqual([]);
    });
  }

  test('a small site fits the view; a battery with no area says so', async ({ page, representative }) => {
    await signIn(page, representative);
    const coords = (await (await page.request.get('/api/assets/coordinates?technologyTypes=Solar%20Photovoltaics&minCapacity=5&maxCapacity=6')).json()) as {
      features: Array<{ properties: { id: number; title: string } }>;
    };
    const small = coords.features[0]!.properties;
    await page.goto(`/asset-intel/${small.id}`);
    const label = `Map of ${small.title}`;
    await mapLoaded(page, label);
    await expect(page.getByText(/^Shaded circle: the site's area, about [\d,]+ acres \(radius \d+ m\)/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Show the whole site' })).toHaveCount(0);
    await lookAt(page, 'assets-detail-small-site-desktop');

    await page.goto(`/asset-intel/${await assetId(page, 'sortBy=installedCapacity&sortDirection=desc&technology=Battery')}`);
    await expect(page.getByText('REPD gives no site area for this asset, so only its point is marked.')).toBeVisible({ timeout: 20_000 });
  });

  test('an admin also reads how a street map is switched on; a visitor on the asset map does not', async ({ page }) => {
    test.setTimeout(90_000);
    await signIn(page, DEMO.admin);
    await page.goto(`/asset-intel/${await assetId(page, 'sortBy=installedCapacity&sortDirection=desc&technology=Solar%20Photovoltaics')}`);
    const label = 'Map of Cottam Solar Project';
    await mapLoaded(page, label);
    const map = mapRegion(page, label);
    await expect(map.getByText(NOTE)).toBeVisible();
    await expect(map.getByText(ADMIN_HINT)).toBeVisible();
    await map.scrollIntoViewIfNeeded();
    await lookAt(page, 'assets-detail-offline-note-admin-desktop');

    await page.context().clearCookies();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/asset-intel');
    const overview = 'Map of UK renewable energy assets';
    await mapLoaded(page, overview);
    await jumpMap(page, overview, [-1.5, 52.5], 12);
    await expect(mapRegion(page, overview).getByText(NOTE)).toBeVisible();
    await expect(mapRegion(page, overview)).not.toContainText('MAP_STYLE_URL');
    await lookAt(page, 'assets-overview-offline-note-mobile');
  });
});
