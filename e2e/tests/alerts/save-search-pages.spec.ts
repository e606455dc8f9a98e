import { expect, test } from '@playwright/test';
import { NEW_PASSWORD, signIn, signUp, unique, verifyEmail } from '../../support/accounts';
import { expectAccessible } from '../../support/fixtures';

/**
 * Issue 30's Done-when: a search is saved from each of its pages in the browser (the tender board's
 * is in alerts.spec.ts, with the mail it brings): the directory, the asset overview and the projects
 * table; the Saved searches tab then lists them all.
 */
test('a user saves a search on the directory, the asset overview and the projects table; the dashboard lists each', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const u = unique();
  const email = `pages.${u}@example.com`;
  await signUp(page.request, { email, name: 'Sam Searches' });
  await verifyEmail(page.request, email);
  await signIn(page, { email, password: NEW_PASSWORD });

  const pages = [
    { path: '/providers?service=Panel%20Cleaning', name: `Cleaners ${u}` },
    { path: '/asset-intel', name: `Assets ${u}` },
    { path: '/asset-intel?tab=projects', name: `Projects ${u}` },
  ];
  for (const { path, name } of pages) {
    await page.goto(path);
    await page.getByRole('button', { name: 'Save search' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Save this search' });
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('Email me').selectOption({ index: 1 });
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Save search' }).click();
    await expect(page.getByText('Search saved').first()).toBeVisible();
  }

  await page.goto('/dashboard?tab=searches');
  for (const { name } of pages) await expect(page.getByText(name, { exact: true }).first()).toBeVisible();
  await expectAccessible(page);
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
