import { expect, test, type Page } from '@playwright/test';
import { watchErrors } from '../../support/errors';
import { expectAccessible, lookAt } from '../../support/fixtures';
import { jumpMap, mapLoaded, mapRegion, placedLabels } from '../../support/maps';

const DIRECTORY = 'Map of solar service providers';
const ASSETS = 'Map of UK renewable energy assets';

/** Waits until the labels for the current view are placed, and returns their names. */
async function labelsSettled(page: Page, label: string) {
  await expect.poll(async () => (await placedLabels(page, label)).length, { timeout: 20_000 }).toBeGreaterThan(5);
  await page.waitForTimeout(500); // the fade-in
  return placedLabels(page, label);
}

/** Place labels MapLibre has placed whose box touches a marker's box (clusters, pins, groups). */
function labelsOnMarkers(page: Page, label: string) {
  return mapRegion(page, label).evaluate((el) => {
    const map = el.maplibreMap!;
    const origin = el.getBoundingClientRect();
    const hits: string[] = [];
    for (const marker of Array.from(el.querySelectorAll('[data-testid="provider-cluster"], [data-testid="provider-point"], [data-testid="provider-group"]'))) {
      const r = marker.getBoundingClientRect();
      if (r.right < origin.left || r.left > origin.right || r.bottom < origin.top || r.top > origin.bottom) continue;
      const box: [[number, number], [number, number]] = [
        [r.left - origin.left, r.top - origin.top],
        [r.right - origin.left, r.bottom - origin.top],
      ];
      for (const f of map.queryRenderedFeatures(box, { layers: ['place-labels'] })) hits.push(`${String(f.properties.name)} on ${marker.getAttribute('aria-label')}`);
    }
    return hits;
  });
}

test.describe('place labels (decision 0355)', { tag: '@long' }, () => {
  test('the UK view names cities only, clear of each other and of the clusters', async ({ page }) => {
    test.setTimeout(90_000);
    const errors = watchErrors(page);
    await page.goto('/providers/map');
    await mapLoaded(page, DIRECTORY);
    await expect(page.getByTestId('provider-cluster').first()).toBeVisible();
    const placed = await labelsSettled(page, DIRECTORY);
    // Collisions hide some: fewer are drawn than the view's answer holds.
    const answered = await mapRegion(page, DIRECTORY).evaluate((el) => el.maplibreMap!.querySourceFeatures('place-labels').length);
    expect(placed.length).toBeLessThan(answered);
    expect(new Set(placed).size).toBe(placed.length);
    // The big cities are named, except where a marker stands on one: labels give way to markers,
    // so which of them is hidden depends on where the directory's clusters fall.
    const big = ['Glasgow', 'Edinburgh', 'Aberdeen', 'Belfast', 'Leeds', 'Manchester', 'Birmingham', 'Cardiff'];
    expect(big.filter((city) => placed.includes(city)).length, `named: ${placed.join(', ')}`).toBeGreaterThanOrEqual(5);
    const kinds = await mapRegion(page, DIRECTORY).evaluate((el) => Array.from(new Set(el.maplibreMap!.queryRenderedFeatures({ layers: ['place-labels'] }).map((f) => String(f.properties.kind)))));
    expect(kinds).toEqual(['City']);
    expect(await labelsOnMarkers(page, DIRECTORY)).toEqual([]);
    await mapRegion(page, DIRECTORY).scrollIntoViewIfNeeded();
    await lookAt(page, 'maps-labels-uk-desktop');

    // Towns are named from zoom 8, still clear of the markers.
    await jumpMap(page, DIRECTORY, [-1.9, 53.6], 8.5);
    await expect.poll(async () => (await placedLabels(page, DIRECTORY)).includes('Huddersfield') || (await placedLabels(page, DIRECTORY)).includes('Halifax'), { timeout: 20_000 }).toBe(true);
    await page.waitForTimeout(800);
    expect(await labelsOnMarkers(page, DIRECTORY)).toEqual([]);
    await lookAt(page, 'maps-labels-towns-desktop');
    await expectAccessible(page);
    expect(errors.filter((e) => !/401|Unauthorized/.test(e))).toEqual([]);
  });

  test('on a phone the labels stay apart too', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/providers/map');
    await mapLoaded(page, DIRECTORY);
    await expect(page.getByTestId('provider-cluster').first()).toBeVisible();
    const placed = await labelsSettled(page, DIRECTORY);
    expect(placed.length).toBeGreaterThan(5);
    expect(await labelsOnMarkers(page, DIRECTORY)).toEqual([]);
    await mapRegion(page, DIRECTORY).scrollIntoViewIfNeeded();
    await lookAt(page, 'maps-labels-uk-mobile');
  });

  test('the asset map names cities above its points', async ({ page }) => {
    await page.goto('/asset-intel');
    await mapLoaded(page, ASSETS);
    const placed = await labelsSettled(page, ASSETS);
    for (const city of ['Glasgow', 'Edinburgh', 'Cardiff']) expect(placed).toContain(city);
    // Labels are drawn over the asset circles, not under them.
    const order = await mapRegion(page, ASSETS).evaluate((el) => {
      const ids = (el.maplibreMap as unknown as { getStyle(): { layers: Array<{ id: string }> } }).getStyle().layers.map((l) => l.id);
      return [ids.indexOf('asset-points'), ids.indexOf('place-labels')];
    });
    expect(order[0]).toBeGreaterThanOrEqual(0);
    expect(order[0]).toBeLessThan(order[1]!);
    await lookAt(page, 'maps-labels-assets-desktop');
  });
});
