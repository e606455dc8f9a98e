import { expect, test, type Page } from '@playwright/test';
import { watchErrors } from '../../support/errors';
import { expectAccessible, lookAt } from '../../support/fixtures';
import { jumpMap, mapLoaded, mapRegion } from '../../support/maps';

const MAP = 'Map of UK renewable energy assets';
const list = (page: Page) => page.locator('section[aria-labelledby="assets-in-view"]');
const popup = (page: Page) => page.locator('.maplibregl-popup');

interface AssetFeature {
  geometry: { coordinates: [number, number] };
  properties: { id: number; title: string; technologyType: string | null; capacity: number | null };
}

async function assetsLoaded(page: Page) {
  await mapLoaded(page, MAP);
  await expect(page.getByText('Loading assets...')).toHaveCount(0, { timeout: 20_000 });
}

test.describe('asset map: site search, shared points, keyboard, failures (issue 19)', { tag: '@long' }, () => {
  // Each loads the full map (tens of thousands of points, software WebGL): 30 s is not enough on a busy machine.
  test.describe.configure({ timeout: 90_000 });
  test('choosing a site in "Search by Site Name" flies there and opens it', async ({ page }) => {
    const errors = watchErrors(page);
    await page.goto('/asset-intel');
    await assetsLoaded(page);
    await page.getByRole('combobox', { name: 'Search by Site Name' }).fill('Cottam Solar');
    await page.getByRole('option', { name: 'Cottam Solar Project', exact: true }).click();
    // REPD holds a second Cottam record at the same point (no capacity): the chosen one comes first.
    await expect(popup(page).getByRole('heading', { name: 'Cottam Solar Project' }).first()).toBeVisible({ timeout: 20_000 });
    await expect(popup(page).getByText(/^Capacity: 600 MW$/)).toBeVisible();
    await expect(popup(page).getByRole('listitem').first()).toContainText('Capacity: 600 MW');
    await expect(popup(page).getByText('Capacity unknown')).toBeVisible();
    await expect
      .poll(() => mapRegion(page, MAP).evaluate((el) => ({ zoom: Math.round(el.maplibreMap!.getZoom()), moving: el.maplibreMap!.isMoving() })), { timeout: 10_000 })
      .toEqual({ zoom: 13, moving: false });
    const center = await mapRegion(page, MAP).evaluate((el) => el.maplibreMap!.getCenter());
    expect(Math.abs(center.lng - -0.64321)).toBeLessThan(0.01);
    expect(Math.abs(center.lat - 53.35209)).toBeLessThan(0.01);
    await lookAt(page, 'assets-site-search-desktop');
    await expectAccessible(page);
    expect(errors.filter((e) => !/401|Unauthorized/.test(e))).toEqual([]);
  });

  test('two assets at one point (a solar farm and its battery) are both in the popup', async ({ page }) => {
    const all = (await (await page.request.get('/api/assets/coordinates')).json()) as { features: AssetFeature[] };
    const byPoint = new Map<string, AssetFeature[]>();
    for (const f of all.features) byPoint.set(f.geometry.coordinates.join(','), [...(byPoint.get(f.geometry.coordinates.join(',')) ?? []), f]);
    const pair = [...byPoint.values()].find((g) => g.length === 2 && g.some((f) => f.properties.technologyType === 'Battery') && g.some((f) => f.properties.technologyType === 'Solar Photovoltaics'));
    if (!pair) throw new Error('no solar farm and battery share a point in REPD');
    const at = pair[0]!.geometry.coordinates;
    await page.goto('/asset-intel');
    await assetsLoaded(page);
    await jumpMap(page, MAP, at, 14);
    const box = (await mapRegion(page, MAP).boundingBox())!;
    const point = await mapRegion(page, MAP).evaluate((el, p) => el.maplibreMap!.project(p), at);
    await page.mouse.click(box.x + point.x, box.y + point.y);
    await expect(popup(page).getByRole('heading', { name: '2 assets at this point' })).toBeVisible();
    for (const f of pair) {
      await expect(popup(page).getByRole('heading', { name: f.properties.title, exact: true })).toBeVisible();
      await expect(popup(page).getByRole('button', { name: `View Details: ${f.properties.title}` })).toBeVisible();
    }
    await lookAt(page, 'assets-shared-point-desktop');
    await expectAccessible(page);
    await popup(page).getByRole('button', { name: `View Details: ${pair[1]!.properties.title}` }).click();
    await expect(page.getByRole('tab', { name: pair[1]!.properties.title })).toHaveAttribute('aria-selected', 'true');
  });

  test('a skip link passes the filters; Escape closes a popup and returns to the list', async ({ page }) => {
    await page.goto('/asset-intel');
    await assetsLoaded(page);
    const tabTo = async (text: string) => {
      for (let presses = 1; presses <= 120; presses++) {
        await page.keyboard.press('Tab');
        if ((await page.evaluate(() => document.activeElement?.textContent)) === text) return presses;
      }
      throw new Error(`${text} not reached`);
    };
    // Before: 73 Tab presses to reach the map.
    expect(await tabTo('Skip to the map')).toBeLessThanOrEqual(10);
    await page.keyboard.press('Enter');
    expect(await mapRegion(page, MAP).evaluate((el) => el.contains(document.activeElement) && document.activeElement!.classList.contains('maplibregl-canvas'))).toBe(true);
    await page.goto('/asset-intel');
    await assetsLoaded(page);
    await tabTo('Skip to the list of assets in view');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Assets in view' })).toBeFocused();
    await page.keyboard.press('Tab');
    const row = list(page).getByRole('button').first();
    await expect(row).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(popup(page).getByRole('button', { name: 'View Details' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(popup(page)).toHaveCount(0);
    await expect(row).toBeFocused();
  });

  test('if the map style fails, the list of the largest assets still opens their details', async ({ page }) => {
    await page.route('**/api/maps/style', (route) => route.fulfill({ status: 503, body: 'unavailable' }));
    await page.goto('/asset-intel');
    await expect(page.getByText(/^Error loading map style: 503/)).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
    await expect(list(page).locator('p').first()).toHaveText('The map could not be loaded. The largest assets matching the filters are listed; choose one to see its details.');
    const row = list(page).getByRole('button').first();
    await expect(row).toContainText(/ · ([\d.]+ MW|capacity unknown)$/);
    await lookAt(page, 'assets-style-error-desktop');
    await row.click();
    await expect(page.getByText('Please log in to view asset details')).toBeVisible();
  });
});
