import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, lookAt } from '../../support/fixtures';

const long = 'x'.repeat(300);

/** Every filter parameter of each page with garbage in it: too long, not a number, out of range, not an option. */
const PAGES = [
  {
    name: 'tender board',
    path: `/explore-tenders?service=${long}&location=${long}&lat=999&lng=abc&radius=-4&source=Nope&status=maybe&minValue=-5&maxValue=12abc&sortBy=password&sortOrder=up&page=0&limit=7`,
    results: (page: Page) => page.locator('main li h2 a').first(),
  },
  {
    name: 'directory list',
    path: `/providers?services=${long}&companies=&types=${long}&technologies=${long}&scales=${long}&phases=${long}&location=${long}&locationCenter=abc&radius=-3&sort=sideways&page=-1`,
    results: (page: Page) => page.getByTestId('provider-card').first(),
  },
  {
    name: 'directory map',
    path: `/providers/map?services=${long}&companies=${long}&types=${long}&location=${long}&locationCenter=999,999&radius=99999`,
    results: (page: Page) => page.getByText(/providers? on the map$/),
  },
  {
    name: 'asset intelligence',
    path: `/asset-intel?operator=${long}&site=${long}&minCapacity=abc&maxCapacity=-9&status=Nope&technology=${long}&region=Atlantis&minAge=x&maxAge=999&unknownAge=maybe`,
    results: (page: Page) => page.getByRole('region', { name: 'Map of UK renewable energy assets' }),
  },
];

test.describe('bad values in the address (decision 0352)', () => {
  for (const { name, path, results } of PAGES) {
    test(`${name}: garbage in every parameter is cleaned from the address; the page shows a normal result and the API never refuses`, async ({ page }) => {
      const refused: string[] = [];
      page.on('response', (r) => {
        if (r.url().includes('/api/') && r.status() === 400) refused.push(r.url());
      });
      await page.goto(path);
      await expect(results(page)).toBeVisible();
      // The address is rewritten without the refused values (no history entry).
      await expect.poll(() => new URL(page.url()).search.length).toBeLessThan(60);
      expect(new URL(page.url()).search).not.toMatch(/xxx|abc|999|Nope|maybe|password|sideways|Atlantis/);
      await expect(page.getByRole('alert')).toHaveCount(0);
      expect(refused).toEqual([]);
      await lookAt(page, `address-garbage-${name.replace(/ /g, '-')}`);
    });
  }

  test('the tender value filters apply as typed, refuse what is not an amount, and say when min is above max', async ({ page }) => {
    await page.goto('/explore-tenders?status=all');
    await expect(page.locator('main li h2 a').first()).toBeVisible();
    const min = page.getByLabel('Min value (£)');
    const max = page.getByLabel('Max value (£)');

    await min.fill('12abc');
    await expect(page.getByText('Enter an amount in pounds, using digits only')).toBeVisible();
    await expect(min).toHaveAttribute('aria-invalid', 'true');
    await min.fill('-5');
    await expect(page.getByText('Enter an amount in pounds, using digits only')).toBeVisible();
    await page.waitForTimeout(600);
    await expect(page).not.toHaveURL(/minValue/);

    await max.fill('99999999999999999');
    await expect(page.getByText('Enter an amount of at most £10,000,000,000,000')).toBeVisible();

    // Typed, no blur and no Enter: the board follows after a short pause.
    await min.fill('50,000');
    await max.fill('10000');
    await expect(page.getByText('The minimum value cannot be more than the maximum')).toBeVisible();
    await lookAt(page, 'tenders-value-range-desktop');
    await expectAccessible(page);
    const sent: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/tenders/public')) sent.push(new URL(r.url()).search);
    });
    await max.fill('5000000');
    await expect(page).toHaveURL(/minValue=50000&maxValue=5000000|maxValue=5000000.*minValue=50000|minValue=50000.*maxValue=5000000/);
    await expect(page.getByText('The minimum value cannot be more than the maximum')).toHaveCount(0);
    await expect.poll(() => sent.some((s) => s.includes('minValue=50000') && s.includes('maxValue=5000000'))).toBe(true);
  });
});
