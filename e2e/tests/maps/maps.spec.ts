import type { Page } from '@playwright/test';
import { signIn, unique } from '../../support/accounts';
import { watchErrors } from '../../support/errors';
import { expectAccessible, lookAt } from '../../support/fixtures';
import { expect, test } from '../../support/users';

const MAP = 'Map of solar service providers';

async function mapLoaded(page: Page, label: string | RegExp = MAP) {
  await expect(page.getByRole('region', { name: label })).toBeVisible();
  await expect(page.getByText('Loading map...')).toHaveCount(0, { timeout: 30_000 });
}

/** "N in view" from the keyboard list beside the map. */
async function inViewCount(page: Page) {
  const text = await page.locator('section[aria-labelledby="providers-in-view"] p').first().innerText();
  const match = /^([\d,]+) in view/.exec(text);
  if (!match) throw new Error(`no count in "${text}"`);
  return Number(match[1]!.replace(/,/g, ''));
}

interface Point {
  id: string;
  slug: string;
  businessName: string;
  position: [number, number];
  radius: number | null;
  countrywide: boolean;
}

test.describe('directory map (/providers/map)', () => {
  test('filters round-trip between list and map; clusters, service areas and popups work', async ({ page }) => {
    test.setTimeout(120_000);
    const errors = watchErrors(page);
    await page.setViewportSize({ width: 1280, height: 900 });

    // List → map keeps the filters.
    await page.goto('/providers');
    await page.getByRole('button', { name: /Advanced Search/ }).click();
    await page.getByRole('button', { name: 'Solar PV', exact: true }).click();
    await expect(page).toHaveURL(/technologies=Solar\+PV/);
    await page.getByRole('link', { name: 'View on Map' }).click();
    await expect(page).toHaveURL(/\/providers\/map\?technologies=Solar\+PV$/);
    await expect(page.getByText('Technology: Solar PV')).toBeVisible();
    await mapLoaded(page);
    // Map tools appear once the map has loaded.
    await expect(page.getByRole('switch', { name: 'Show Service Areas' })).toBeVisible();
    await expect(page.getByRole('group', { name: 'Legend' }).getByText('Local Provider')).toBeVisible();
    await expect(page.getByRole('group', { name: 'Legend' }).getByText('Countrywide Provider')).toBeVisible();

    // The map carries scales too; 'View as List' keeps every filter. (Advanced opens itself when filters are set.)
    await expect(page.getByRole('button', { name: /Advanced Search/ })).toHaveAttribute('aria-expanded', 'true');
    await page.getByRole('group', { name: 'Scale' }).getByRole('button', { name: 'Utility' }).click();
    await expect(page).toHaveURL(/scales=Utility/);
    await expect(page.getByText('Scale: Utility')).toBeVisible();
    await expect(page.getByRole('link', { name: 'View as List' })).toHaveAttribute(
      'href',
      '/providers?technologies=Solar+PV&scales=Utility',
    );
    await page.getByRole('link', { name: 'View as List' }).click();
    await expect(page).toHaveURL(/\/providers\?technologies=Solar\+PV&scales=Utility$/);
    await expect(page.getByText('Technology: Solar PV')).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/providers\/map\?technologies=Solar\+PV&scales=Utility$/);

    // Unfiltered UK view: clusters show the share of countrywide providers.
    await page.goto('/providers/map');
    await mapLoaded(page);
    const clusters = page.getByTestId('provider-cluster');
    await expect(clusters.first()).toBeVisible();
    await expect(page.locator('section[aria-labelledby="providers-in-view"] li').first()).toBeVisible();
    await lookAt(page, 'maps-directory-uk-desktop', { settle: 500 }); // place labels settle
    await expectAccessible(page);

    // A cluster click zooms to where it splits: fewer providers are in view afterwards.
    const before = await inViewCount(page);
    const biggest = await clusters.evaluateAll(
      (els) =>
        els
          .map((el, i) => ({
            i,
            n: Number(
              /^Cluster of ([\d,]+) providers/.exec(el.getAttribute('aria-label') ?? '')?.[1]?.replace(/,/g, '') ?? 0,
            ),
          }))
          .sort((a, b) => b.n - a.n)[0]!.i,
    );
    await clusters.nth(biggest).click();
    await expect.poll(() => inViewCount(page), { timeout: 10_000 }).toBeLessThan(before);

    // Service areas toggle on and off.
    const areas = page.locator('[data-service-areas]');
    const toggleAreas = page.getByRole('switch', { name: 'Show Service Areas' });
    await toggleAreas.click();
    await expect(toggleAreas).toHaveAttribute('aria-checked', 'true');
    await expect
      .poll(async () => Number(await areas.getAttribute('data-service-areas')), { timeout: 20_000 })
      .toBeGreaterThan(0);
    await toggleAreas.click();
    await expect(areas).toHaveAttribute('data-service-areas', '0', { timeout: 20_000 });

    // Choosing a location flies to zoom 10 (city scale) and sets the filter.
    await page.getByRole('combobox', { name: /Location/i }).fill('Leeds');
    await page
      .getByRole('option', { name: /^Leeds/ })
      .first()
      .click();
    await expect(page).toHaveURL(/locationCenter=/);
    await expect(page.getByText(/Location: Leeds/)).toBeVisible();
    await expect(page.getByText(/^\d+ in view/)).toBeVisible();
    await expect.poll(() => inViewCount(page), { timeout: 20_000 }).toBeLessThan(400);
    await page.getByRole('region', { name: MAP }).scrollIntoViewIfNeeded();
    await lookAt(page, 'maps-directory-city-desktop', { settle: 1500 }); // the flight and the place labels

    // A marker opens the popup card.
    const marker = page.getByTestId('provider-point').first();
    await expect(marker).toBeVisible();
    const name = await marker.getAttribute('aria-label');
    await marker.click();
    const popup = page.locator('.maplibregl-popup');
    await expect(popup.getByTestId('provider-card')).toBeVisible();
    await expect(popup.getByRole('link', { name: name! })).toBeVisible();
    await expect(popup.getByRole('button', { name: 'Request quote' })).toBeVisible();
    await page.waitForTimeout(1000); // the popup's pan: the rows in view read below change with it
    await lookAt(page, 'maps-directory-popup-desktop');

    // The keyboard list opens a popup too.
    // The popup may pan the map, which changes the rows in view: find the chosen row by its state.
    const listButton = page.locator('section[aria-labelledby="providers-in-view"] li button').nth(1);
    const listName = (await listButton.locator('span.truncate').innerText()).trim();
    await listButton.focus();
    await page.keyboard.press('Enter');
    await expect(popup.getByTestId('provider-card').getByRole('heading', { name: listName })).toBeVisible();
    await expect(page.locator('section[aria-labelledby="providers-in-view"] li button[aria-pressed="true"] span.truncate')).toHaveText(listName);
    await expectAccessible(page);

    // Service areas at city scale.
    await popup.getByRole('button', { name: /close/i }).click();
    await toggleAreas.click();
    await expect
      .poll(async () => Number(await areas.getAttribute('data-service-areas')), { timeout: 20_000 })
      .toBeGreaterThan(0);
    await lookAt(page, 'maps-directory-city-service-areas-desktop', { settle: 1000 });
    await expectAccessible(page);
    expect(errors.filter((e) => !/401|Unauthorized/.test(e))).toEqual([]);
  });

  test('no matches: the map says so with the contact link', async ({ page }) => {
    await page.goto('/providers/map?companies=zzzz-no-such-company');
    await expect(page.getByText('No providers found matching your criteria.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Contact Solar Manager for procurement support' })).toHaveAttribute(
      'href',
      /^https:\/\//,
    );
    await mapLoaded(page);
    await expectAccessible(page);
  });

  test('mobile: the map and the list of providers in view stack', async ({ page }) => {
    const errors = watchErrors(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/providers/map');
    await mapLoaded(page);
    await expect(page.getByTestId('provider-cluster').first()).toBeVisible();
    await page.getByRole('region', { name: MAP }).scrollIntoViewIfNeeded();
    await lookAt(page, 'maps-directory-uk-mobile', { settle: 500 });
    await expectAccessible(page);
    expect(errors.filter((e) => !/401|Unauthorized/.test(e))).toEqual([]);
  });
});

test.describe('profile map card', () => {
  const located = async (page: Page) => {
    const res = await page.request.get('/api/providers/search?mode=map');
    const points = ((await res.json()) as { data: Point[] }).data;
    const point = points.find((p) => !p.countrywide && (p.radius ?? 0) >= 10 && p.businessName);
    if (!point) throw new Error('no located local provider seeded');
    return point;
  };

  for (const [device, width, height] of [
    ['desktop', 1280, 900],
    ['mobile', 390, 844],
  ] as const) {
    test(`a located provider's profile shows the marker, the service area and the legend (${device})`, async ({
      page,
    }) => {
      test.setTimeout(60_000);
      const errors = watchErrors(page);
      await page.setViewportSize({ width, height });
      const point = await located(page);
      await page.goto(`/providers/${point.slug}`);
      const card = page.getByTestId('provider-map-card');
      await expect(card).toBeVisible();
      // The map loads when it is wanted (decision 0373): a static preview until the visitor reaches or points at it.
      await card.hover();
      await mapLoaded(page, /^Map showing the location of /);
      const region = page.getByRole('region', { name: /^Map showing the location of / });
      const box = await region.boundingBox();
      expect(Math.round(box!.height)).toBe(398); // 400 px box less its 1 px border
      await expect(card.getByRole('group', { name: 'Provider Types' })).toBeVisible();
      await expect(card.getByText('Local Provider')).toBeVisible();
      await expect(card.getByText(point.businessName, { exact: true })).toBeVisible();
      await expect(card.getByRole('button', { name: 'Zoom in' })).toBeVisible();
      await expect(card.getByText('Provider coordinates are missing')).toHaveCount(0);
      await card.scrollIntoViewIfNeeded();
      await lookAt(card, `maps-profile-card-${device}`, { settle: 1500 }); // place labels for the zoom-12 view
      if (device === 'desktop') await expectAccessible(page);
      expect(errors.filter((e) => !/401|Unauthorized/.test(e))).toEqual([]);
    });
  }

  test('hidden when the location is unknown; "coordinates are missing" when it cannot be placed', async ({ page, provider }) => {
    test.setTimeout(60_000);
    await signIn(page, provider);
    const suffix = unique();
    const created = await page.request.post('/api/providers', {
      data: {
        businessName: `Nowhere Solar ${suffix}`,
        description: 'A provider whose location no gazetteer knows.',
        services: ['Panel Cleaning'],
        location: `Qzxv Wkpl ${suffix}`,
        type: 'Installer',
        serviceRadius: 20,
      },
    });
    expect(created.status()).toBe(201);
    const id = ((await created.json()) as { data: { id: string } }).data.id;
    await page.goto(`/providers/${id}`);
    const card = page.getByTestId('provider-map-card');
    await expect(card).toBeVisible();
    await expect(card.getByText('Provider coordinates are missing')).toBeVisible({ timeout: 15_000 });
    await expect(
      card.getByText('Could not determine coordinates from either direct values or geocoding'),
    ).toBeVisible();

    // 'Location not available' hides the card.
    const patched = await page.request.patch(`/api/providers/${id}`, { data: { location: 'Location not available' } });
    expect(patched.ok()).toBe(true);
    await page.reload();
    await expect(page.getByRole('heading', { name: `Nowhere Solar ${suffix}` })).toBeVisible();
    await expect(page.getByTestId('provider-map-card')).toHaveCount(0);
  });
});
