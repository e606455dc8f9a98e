import { expect, test } from '@playwright/test';
import { expectAccessible, lookAt } from '../../support/fixtures';

test.describe('provider landing page', () => {
  test('shows the hero, six benefits, the free-listing promise and the sign-up links', async ({ page }) => {
    await page.goto('/services/list');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('List your services... Manage and promote your business');
    await expect(page.getByRole('link', { name: 'Start Selling' })).toHaveAttribute('href', '/auth/register?type=provider');
    await expect(page.getByRole('link', { name: 'Get Started For Free' })).toHaveAttribute('href', '/auth/register');
    await expect(page.getByRole('heading', { level: 2, name: 'Create your account' })).toBeVisible();
    await expect(page.getByText('Listing is free: no subscription and no card needed.')).toBeVisible();
    const cards = page.getByRole('region', { name: 'Why list with us' }).getByRole('listitem');
    await expect(cards).toHaveCount(6);
    for (const title of ['branded landing page', 'Simple listing', 'Better qualified leads via AI', 'Security', 'verified buyers', 'Expert marketing'])
      await expect(cards.filter({ hasText: title })).toHaveCount(1);
    // The type is fixed to provider: no selector.
    await expect(page.getByLabel('Account type')).toHaveCount(0);
    await lookAt(page, 'provider-landing-desktop', { fullPage: true });
    await expectAccessible(page);

    await page.goto('/services/list/anything/under/it');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('List your services... Manage and promote your business');
    await page.setViewportSize({ width: 390, height: 844 });
    await lookAt(page, 'provider-landing-mobile', { fullPage: true });
    await expectAccessible(page);

    await page.getByRole('link', { name: 'Start Selling' }).click();
    await expect(page).toHaveURL(/\/auth\/register\?type=provider$/);
  });

  test('the landing sign-up creates a provider account', async ({ page }) => {
    const email = `landing.${Date.now()}@solar-landing.example.com`;
    await page.goto('/services/list');
    const form = page.locator('#create-account');
    await form.locator('#landing-signup-email').fill(email);
    await form.locator('#landing-signup-name').fill('Landing Tester');
    await form.locator('#landing-signup-company').fill('Landing Solar Ltd');
    await form.locator('#landing-signup-password').fill('Landing2026x');
    await form.locator('#landing-signup-confirmPassword').fill('Landing2026x');
    await form.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Account created' })).toContainText('You have successfully created your account.');
    await expect(page).toHaveURL(/\/dashboard$/);
    const me = await page.request.get('/api/auth/me');
    expect(me.status()).toBe(200);
    expect((await me.json()).data).toMatchObject({ email, type: 'provider', name: 'Landing Tester' });
  });
});
