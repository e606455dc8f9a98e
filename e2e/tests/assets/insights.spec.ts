import { expect, test, type Page } from '@playwright/test';
import { watchErrors } from '../../support/errors';
import { expectAccessible, lookAt } from '../../support/fixtures';

/** The Insights tab (issue 32, decision 0490): a visitor's statistics of the REPD pipeline. */

const loaded = async (page: Page) => {
  await expect(page.getByRole('heading', { name: 'Insights: the UK pipeline' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Loading insights...')).toHaveCount(0, { timeout: 20_000 });
};

const SIZES = [
  { name: 'mobile', width: 390, height: 844 },
  { name: 'tablet', width: 1024, height: 768 },
  { name: 'desktop', width: 1280, height: 800 },
];

test.describe('the Insights tab', () => {
  test('is rendered on the server for visitors, with every chart\'s table in the HTML', async ({ request }) => {
    const res = await request.get('/asset-intel?tab=insights&technology=Battery');
    expect(res.status()).toBe(200);
    const html = await res.text();
    expect(html).toContain('<title>UK renewable energy pipeline statistics');
    expect(html).toContain('Capacity and projects by region');
    expect(html).toMatch(/<caption[^>]*>The pipeline: from application to operation<\/caption>/);
  });

  test('a visitor opens it, filters it, reads a table and downloads what a chart shows', async ({ page }) => {
    // Three renders of the tab, a download and an axe scan: 1.5 min on a loaded machine.
    test.setTimeout(180_000);
    const errors = watchErrors(page);
    await page.goto('/asset-intel');
    await page.getByRole('tab', { name: 'Insights' }).click();
    await expect(page).toHaveURL(/[?&]tab=insights/);
    await loaded(page);
    const tech = page.getByRole('table', { name: 'Capacity and projects by technology' });
    await expect(tech.getByRole('rowheader', { name: 'Solar Photovoltaics' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'The pipeline: from application to operation' })).toBeVisible();

    // The filters of the Overview apply here too, and go into the address.
    await page.getByRole('group', { name: 'Technology Type' }).getByRole('button', { name: 'Battery', exact: true }).click();
    await expect(page).toHaveURL(/technology=Battery/);
    await expect(tech.getByRole('rowheader')).toHaveText(['Battery'], { timeout: 15_000 });

    // The CSV is exactly the filtered table: numbers as numbers.
    const csvLink = page.getByRole('link', { name: 'Download CSV: Capacity and projects by technology' });
    const download = page.waitForEvent('download');
    await csvLink.click();
    const file = await download;
    const text = await (await file.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString('utf8'));
    const lines = text.replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    expect(lines).toHaveLength(2);
    const [, projects, mw] = /^"Battery",(\d+),(\d+(?:\.\d)?)$/.exec(lines[1]!) ?? [];
    expect(projects, lines[1]).toBeDefined();
    // The same figures as the table beside the chart.
    await expect(tech.getByRole('row').nth(1)).toHaveText(`Battery${Number(projects).toLocaleString('en-GB')}${Number(mw).toLocaleString('en-GB', { minimumFractionDigits: 1 })}`);

    // A reload keeps the tab and the filters.
    await page.reload();
    await loaded(page);
    await expect(page.getByRole('tab', { name: 'Insights' })).toHaveAttribute('aria-selected', 'true');
    await expect(tech.getByRole('rowheader')).toHaveText(['Battery']);
    await expectAccessible(page);
    expect(errors.filter((e) => !/401|Unauthorized/.test(e))).toEqual([]);
  });

  for (const size of SIZES) {
    test(`fits ${size.width} px without scrolling sideways`, async ({ page }) => {
      await page.setViewportSize({ width: size.width, height: size.height });
      await page.goto('/asset-intel?tab=insights');
      await loaded(page);
      await expect(page.getByRole('table', { name: 'Capacity and projects by technology' })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `scrolls sideways at ${size.width} px`).toBeLessThanOrEqual(size.width);
      await lookAt(page, `assets-insights-${size.name}`, { fullPage: true });
    });
  }
});
