import type { APIRequestContext, Page } from '@playwright/test';
import { signIn, signUp, unique, verifyEmail } from '../../support/accounts';
import { expectAccessible, lookAt } from '../../support/fixtures';
import { expect, test } from '../../support/users';

/**
 * The profile as its owner, a visitor and a claimant see it, and the forms' refusals (issue 19,
 * "The directory, screen by screen"; decisions 0365–0369). Each state is photographed on a desktop
 * and a phone and scanned with axe; no screen may scroll sideways on the phone.
 */

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

async function photograph(page: Page, name: string) {
  await page.setViewportSize(DESKTOP);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(DESKTOP.width);
  await lookAt(page, `${name}-desktop`, { fullPage: true });
  await expectAccessible(page);
  await page.setViewportSize(PHONE);
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await lookAt(page, `${name}-phone`, { fullPage: true });
  await page.setViewportSize(DESKTOP);
}

/** An unclaimed seeded profile with an empty section or more, its own per parallel worker. */
async function unclaimedProfile(request: APIRequestContext) {
  const res = await request.get(`/api/providers/search?pageSize=48&sort=name&page=${20 + test.info().parallelIndex}`);
  expect(res.ok()).toBe(true);
  const body = (await res.json()) as { data: Array<{ slug: string; claimed: boolean; claimApproved: boolean; services: string[] }> };
  const free = body.data.filter((p) => !p.claimed && !p.claimApproved && p.services.length === 0);
  expect(free.length).toBeGreaterThan(0);
  return free[Math.floor(Math.random() * free.length)]!;
}

test.describe('profile states and refusals that say why', () => {
  test.describe.configure({ timeout: 90_000 });

  test('owner and visitor: no quote button for the owner, a visible edit control, address and radius editors that say why', async ({ page, provider }) => {
    await page.setViewportSize(DESKTOP);
    await signIn(page, provider);
    const name = `E2E States Solar ${unique()} (demo)`;
    const res = await page.request.post('/api/providers', {
      data: {
        businessName: name,
        description: 'Fictional demo company created by an end-to-end test.',
        services: ['Panel Cleaning'],
        location: 'Leeds, West Yorkshire',
        type: 'O&M Provider',
        serviceRadius: 50,
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    const { slug } = (await res.json()).data as { slug: string };

    await page.goto(`/providers/${slug}`);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Edit name and type' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Request Quote' })).toHaveCount(0);
    await photograph(page, 'profile-owner');

    // The address editor: 'No UK locations found' closes on Escape and never covers Save; Save
    // with a place that was not chosen says so instead of re-sending the old one.
    await page.getByRole('button', { name: 'Edit Address' }).click();
    const location = page.getByRole('combobox', { name: 'Location' });
    await location.fill('Qzxqzxville');
    await expect(page.getByText('No UK locations found').first()).toBeVisible();
    const save = page.getByRole('button', { name: 'Save', exact: true });
    await save.click({ trial: true });
    await location.press('Escape');
    await expect(page.getByText('No UK locations found')).toHaveCount(0);
    await save.click();
    await expect(page.getByText('Choose a place from the suggestions to change the location.')).toBeVisible();
    await photograph(page, 'profile-owner-address-refused');
    await page.getByRole('button', { name: 'Cancel editing Address' }).click();

    // The radius: -5 and '1e3' are refused with the spec's message and nothing is sent.
    const patches: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'PATCH') patches.push(r.postData() ?? '');
    });
    await page.getByRole('button', { name: 'Edit Service Area' }).click();
    for (const bad of ['-5', '1e3']) {
      await page.getByLabel('Service radius (km)').fill(bad);
      await expect(page.getByText('Service radius must be positive', { exact: true })).toBeVisible();
    }
    await photograph(page, 'profile-owner-radius-refused');
    await page.getByLabel('Service radius (km)').fill('150');
    await expect(page.getByText('Updated service radius to 150 km', { exact: true })).toBeVisible();
    expect(patches).toEqual([JSON.stringify({ serviceRadius: 150 })]);
    // Countrywide on, then off: no '0 km' is announced.
    await page.getByRole('switch', { name: 'Countrywide coverage' }).click();
    await expect(page.getByText('Updated to countrywide coverage', { exact: true })).toBeVisible();
    await page.getByRole('switch', { name: 'Countrywide coverage' }).click();
    await expect(page.getByText('Countrywide coverage turned off. Enter a service radius in km.', { exact: true })).toBeVisible();
    await expect(page.getByText('Updated service radius to 0 km')).toHaveCount(0);

    // A visitor sees Request Quote and no edit controls.
    await page.context().clearCookies();
    await page.goto(`/providers/${slug}`);
    await expect(page.getByRole('button', { name: 'Request Quote' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Edit name and type' })).toHaveCount(0);
    await photograph(page, 'profile-visitor');
  });

  test('an unclaimed profile hides its empty sections; its claimant sees the claim pending and cannot claim twice', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    const target = await unclaimedProfile(page.request);
    await page.goto(`/providers/${target.slug}`);
    await expect(page.getByRole('heading', { name: 'Is this your business?' })).toBeVisible();
    await expect(page.getByText('Not specified')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Services', exact: true })).toHaveCount(0);
    await photograph(page, 'profile-unclaimed');

    const email = await signUp(page.request, { email: `pending.${unique()}@acme-solar.co.uk`, name: 'Paula Pending' });
    await verifyEmail(page.request, email);
    await page.reload();
    await page.getByRole('button', { name: 'Claim this profile' }).click();
    const dialog = page.getByRole('dialog', { name: 'Claim this profile' });
    await dialog.getByLabel('Your role at the company').fill('Director');
    await dialog.getByLabel('Message (optional)').fill('x'.repeat(8_000));
    await dialog.getByRole('button', { name: 'Submit claim' }).click();
    await expect(dialog.getByText('Message can be at most 2,000 characters')).toBeVisible();
    await expect(dialog.getByText('8,000 / 2,000 characters')).toBeVisible();
    await photograph(page, 'claim-message-refused');
    await dialog.getByLabel('Message (optional)').fill('I run the company.');
    await dialog.getByRole('button', { name: 'Submit claim' }).click();
    await expect(page.getByText('Claim Submitted', { exact: true })).toBeVisible();

    await expect(page.getByText('Claim pending review')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Claim this profile' })).toHaveCount(0);
    await photograph(page, 'profile-claim-pending');
    const again = await page.request.get(`/api/providers/${target.slug}`);
    const again2 = await page.request.post(`/api/providers/${(await again.json()).id}/claim`, {
      data: { companyRole: 'Director', force: true },
    });
    expect(again2.status()).toBe(409);
    expect((await again2.json()).message).toMatch(/^You already have a claim on this profile awaiting review/);
  });

  test('the create form has a logo field with the upload rules; a long filter chip wraps on a phone', async ({ page, provider }) => {
    await page.setViewportSize(DESKTOP);
    await signIn(page, provider);
    await page.goto('/provider-create');
    await page.getByLabel('Logo (optional)').setInputFiles({ name: 'logo.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
    await expect(page.getByText('Please upload an image file (PNG, JPG, or JPEG).', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Create Profile' }).click();
    await expect(page.getByText('Business name is required')).toBeVisible();
    await photograph(page, 'create-form-refused');

    const long = `Panel${'cleaning'.repeat(24)}`;
    await page.goto(`/providers?services=${long}`);
    await expect(page.getByRole('button', { name: `Remove ${long}` })).toBeVisible();
    await photograph(page, 'directory-long-chip');
  });
});
