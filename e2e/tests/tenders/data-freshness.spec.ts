import { expect, test } from '@playwright/test';
import { DEMO, signIn } from '../../support/accounts';
import { expectAccessible, lookAt } from '../../support/fixtures';

/**
 * Issue 17 on the e2e server (no feed switched on): the board says its notices are the bundled
 * sample and how old, filters by CPV code, an imported notice shows its OCDS fields, and the admin
 * Data sources tab lists every source as Off with Run now disabled.
 */
test.describe('tender data sources and freshness', () => {
  test('a visitor sees where the notices come from, filters by CPV code and reads a notice’s details', async ({ page }) => {
    await page.goto('/explore-tenders?status=all');
    await expect(page.getByTestId('tender-freshness')).toHaveText(
      'Public notices from a sample of Contracts Finder, Public Contracts Scotland and Sell2Wales releases; the newest was published on 11/03/2025.',
    );
    // The cards are read once the filtered answer has arrived, not the unfiltered list still on screen.
    const filtered = page.waitForResponse((r) => r.url().includes('/api/') && r.url().includes('cpv=09332000') && r.ok());
    await page.getByLabel('CPV code').selectOption('09332000');
    await expect(page).toHaveURL(/cpv=09332000/);
    await filtered;
    const cards = page.locator('main li');
    await expect(cards.first()).toBeVisible();
    for (const card of await cards.all()) await expect(card).toContainText(/solar/i);
    await lookAt(page, 'tenders-board-cpv-desktop', { fullPage: true });
    await expectAccessible(page);

    await cards.first().getByRole('link').first().click();
    const details = page.getByRole('heading', { name: 'Notice details' });
    await expect(details).toBeVisible();
    await expect(page.getByText('09332000 Solar installation')).toBeVisible();
    await lookAt(page, 'tenders-detail-notice-details-desktop', { fullPage: true });
    await expectAccessible(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await lookAt(page, 'tenders-detail-notice-details-mobile', { fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  test('an admin sees every data source, off in this deployment', async ({ page }) => {
    await signIn(page, DEMO.admin);
    await page.goto('/admin?tab=data-sources');
    await expect(page.getByRole('heading', { name: 'Data sources' })).toBeVisible();
    for (const name of ['Find a Tender', 'Contracts Finder', 'Public Contracts Scotland', 'Sell2Wales', 'Renewable Energy Planning Database']) {
      const item = page.getByRole('listitem', { name });
      await expect(item).toContainText('Off');
      await expect(item.getByRole('button', { name: 'Run now' })).toBeDisabled();
    }
    await lookAt(page, 'admin-data-sources-desktop', { fullPage: true });
    await expectAccessible(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await lookAt(page, 'admin-data-sources-mobile', { fullPage: true });
  });
});
