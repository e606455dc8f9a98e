import type { Page } from '@playwright/test';
import { signIn } from '../../support/accounts';
import { watchErrors } from '../../support/errors';
import { expectAccessible, lookAt } from '../../support/fixtures';
import { expect, test } from '../../support/users';

const mapLoaded = async (page: Page) => {
  await expect(page.getByRole('region', { name: 'Map of UK renewable energy assets' })).toBeVisible();
  await expect(page.getByText('Loading map...')).toHaveCount(0, { timeout: 20_000 });
  await expect(page.getByRole('group', { name: 'Technology legend' })).toBeVisible();
  await expect(page.getByText('Loading assets...')).toHaveCount(0, { timeout: 20_000 });
};

test.describe('asset intelligence', () => {
  test('an asset that does not exist is not found, with the way back, and no Retry (issue 19)', async ({ page, representative }) => {
    await signIn(page, representative);
    await page.goto('/asset-intel/99999999');
    await expect(page.getByRole('heading', { level: 1, name: 'Asset not found' })).toBeVisible();
    await expect(page.getByText('Failed to load asset details')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(0);
    await expect(page.getByRole('main').getByRole('link', { name: 'Back to asset intelligence' }).last()).toHaveAttribute('href', '/asset-intel');
    await lookAt(page, 'assets-not-found-desktop');
    await expectAccessible(page);
  });

  test('a visitor filters the map by technology and capacity and opens a point', async ({ page }) => {
    test.setTimeout(90_000);
    const errors = watchErrors(page);
    await page.goto('/asset-intel');
    await expect(page.getByText('Log in or register to see full asset details')).toBeVisible();
    await mapLoaded(page);
    await lookAt(page, 'assets-overview-desktop');

    await page.getByRole('group', { name: 'Technology Type' }).getByRole('button', { name: 'Battery', exact: true }).click();
    await page.getByRole('slider', { name: 'Minimum Capacity Range (MW)' }).focus();
    for (let i = 0; i < 5; i++) await page.keyboard.press('PageUp');
    await expect(page.getByText('50 MW – 100+ MW')).toBeVisible();
    await expect(page.getByText('Loading assets...')).toHaveCount(0, { timeout: 20_000 });
    const list = page.getByRole('region', { name: 'Assets in view' }).or(page.locator('section[aria-labelledby="assets-in-view"]'));
    const first = list.getByRole('button').first();
    await expect(first).toBeVisible();
    await first.click();
    await page.getByRole('region', { name: 'Map of UK renewable energy assets' }).scrollIntoViewIfNeeded();
    const popup = page.locator('.maplibregl-popup');
    // The chosen asset comes first; others at the same point follow it (decision 0356).
    await expect(popup.getByText(/^Capacity: \d+(\.\d)? MW$/).first()).toBeVisible();
    await lookAt(page, 'assets-popup-desktop');
    await popup.getByRole('button', { name: /^View Details/ }).first().click();
    // A closable asset tab opens; signed out, it shows the login notice.
    await expect(page.getByText('Please log in to view asset details')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Log in' }).first()).toHaveAttribute('href', /^\/auth\/login/);
    // With an asset tab open, the tab list holds only tabs (axe aria-required-children; issue 28, item 9).
    const assetTab = page.getByRole('tab', { selected: true });
    await expect(assetTab).toHaveAccessibleDescription('Press Delete to close this tab.');
    await expect(page.getByRole('tablist').getByRole('button')).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Close the .+ tab$/ })).toBeVisible();
    await lookAt(page, 'assets-asset-tab-open-desktop');
    await expectAccessible(page);
    await assetTab.focus();
    await page.keyboard.press('Delete');
    await expect(page.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tab')).toHaveCount(3); // Overview, Expected new projects, Insights (issue 32)
    await mapLoaded(page);
    await expectAccessible(page);
    expect(errors.filter((e) => !/401|Unauthorized/.test(e))).toEqual([]);
  });

  test('the projects tab sorts, pages and exports', async ({ page }) => {
    await page.goto('/asset-intel');
    await page.getByRole('tab', { name: 'Expected new projects' }).click();
    await expect(page.getByRole('heading', { name: 'Expected Projects' })).toBeVisible();
    await expect(page.getByText(/^Showing 1 to 25 of [\d,]+ projects$/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText(/^Showing 26 to 50 of/)).toBeVisible();
    await page.getByRole('button', { name: /Capacity \(MW\)/ }).click();
    await expect(page.getByText(/^Showing 1 to 25 of/)).toBeVisible();
    await expect(page.getByRole('columnheader', { name: /Capacity/ })).toHaveAttribute('aria-sort', 'ascending');
    await page.getByRole('button', { name: /Capacity \(MW\)/ }).click();
    await expect(page.getByRole('columnheader', { name: /Capacity/ })).toHaveAttribute('aria-sort', 'descending');
    await page.getByLabel('Region').selectOption('Wales');
    await expect(page.getByText(/^Showing 1 to \d+ of \d+ projects$/)).toBeVisible();
    await page.getByLabel('Search planning applicant').fill('zzzz-nobody');
    await expect(page.getByText('No projects found matching your filters')).toBeVisible();
    await expect(page.getByText('Showing 0 to 0 of 0 projects')).toBeVisible();
    await page.getByLabel('Search planning applicant').fill('');
    await lookAt(page, 'assets-projects-desktop', { fullPage: true });
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    expect((await download).suggestedFilename()).toMatch(/^tenders-\d{4}-\d\d-\d\d\.csv$/);
    await expectAccessible(page);
  });

  test('a signed-in user opens an asset page with its map and tender link', async ({ page, representative }) => {
    const errors = watchErrors(page);
    await signIn(page, representative);
    const res = await page.request.get('/api/assets/tenders?sortBy=installedCapacity&sortDirection=desc&technology=Solar%20Photovoltaics&limit=1');
    const id = (await res.json()).data[0].id;
    await page.goto(`/asset-intel/${id}`);
    await expect(page.getByRole('heading', { level: 2 })).toBeVisible();
    await expect(page.getByText('Estimated modules')).toBeVisible();
    await expect(page.getByText('Loading map...')).toHaveCount(0, { timeout: 20_000 });
    await expect(page.locator('.maplibregl-canvas')).toBeVisible();
    await lookAt(page, 'assets-detail-desktop', { fullPage: true, settle: 500 });
    await expect(page.getByRole('link', { name: 'List a tender for this site' }).first()).toHaveAttribute('href', /\/list-a-tender\?service=.*&location=.*&lat=.*&lng=/);
    await expectAccessible(page);
    expect(errors).toEqual([]);
  });

  for (const [device, width] of [
    ['mobile', 390],
    ['tablet', 900],
  ] as const) {
    test(`the projects on a ${device} are cards with every column, sorted and paged without sideways scrolling (decision 0506)`, async ({ page }) => {
      test.setTimeout(60_000);
      await page.setViewportSize({ width, height: 844 });
      await page.goto('/asset-intel');
      await page.getByRole('tab', { name: 'Expected new projects' }).click();
      await expect(page.getByText(/^Showing 1 to 25 of [\d,]+ projects$/)).toBeVisible();
      const cards = page.getByTestId('project-card');
      await expect(cards).toHaveCount(25);
      for (const label of ['Status', 'Capacity (MW)', 'Planning Applicant', 'Region', 'Planning Submission Date', 'Planning Permission Date']) {
        await expect(cards.first().getByRole('term').filter({ hasText: label })).toHaveCount(1);
      }
      // Nothing in the section is wider than its box, and the page does not scroll sideways.
      const wide = await page.evaluate(() =>
        Array.from(document.querySelectorAll('section[aria-labelledby="projects-title"] *'))
          .filter((e) => e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflowX !== 'visible')
          .map((e) => e.outerHTML.slice(0, 80)),
      );
      expect(wide).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await lookAt(page, `assets-projects-${device}`, { fullPage: true });
      await expectAccessible(page);

      // The sort of every column, both ways, is one select; a new sort returns to page 1.
      await page.getByRole('button', { name: 'Next' }).click();
      await expect(page.getByText(/^Showing 26 to 50 of/)).toBeVisible();
      const sort = page.getByLabel('Sort projects by');
      await sort.selectOption({ label: 'Capacity (MW), descending' });
      await expect(page.getByText(/^Showing 1 to 25 of/)).toBeVisible();
      // The first page's cards are replaced when the sorted answer arrives: read them until they are.
      const capacities = () =>
        cards.evaluateAll((els) =>
          els.map((el) => Number(Array.from(el.querySelectorAll('dt')).find((dt) => dt.textContent === 'Capacity (MW)')!.nextElementSibling!.textContent)),
        );
      await expect.poll(async () => (await capacities()).every((c, i, all) => i === 0 || all[i - 1]! >= c)).toBe(true);
      await cards.first().getByRole('button').first().click();
      await expect(page.getByRole('tab', { selected: true })).not.toHaveText('Expected new projects');
    });
  }

  test('mobile layout', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/asset-intel');
    await mapLoaded(page);
    await lookAt(page, 'assets-overview-mobile', { fullPage: true });
  });

  test('a style failure shows the map style error', async ({ page }) => {
    await page.route('**/api/maps/style', (route) => route.fulfill({ status: 500, body: 'boom' }));
    await page.goto('/asset-intel');
    await expect(page.getByText(/^Error loading map style: 500/)).toBeVisible();
    await expect(page.getByRole('group', { name: 'Technology legend' })).toHaveCount(0);
  });
});
