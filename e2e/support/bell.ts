import { expect, type Page } from '@playwright/test';

/** Opens the bell once it shows `unread` (it asks every minute; a new page asks at once) and returns its list. */
export async function openBell(page: Page, unread: number) {
  const bell = page.getByRole('button', { name: `Notifications, ${unread} unread` });
  await expect(async () => {
    await page.goto('/dashboard');
    await expect(bell).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 30_000 });
  await bell.click();
  return page.getByRole('region', { name: 'Notifications' });
}
