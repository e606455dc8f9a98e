import type { Page } from '@playwright/test';
import { signIn, unique } from '../../support/accounts';
import { expectAccessible, lookAt } from '../../support/fixtures';
import { mailTo } from '../../support/outbox';
import { expect, test } from '../../support/users';

/** Directory matching (issue 19; decisions 0360–0362). Texts as in PROVIDER_MESSAGES. */
const M = {
  inviteSignIn: 'Sign in to invite a provider',
  inviteNameRequired: 'Company or contact name is required',
  inviteSent: (email: string) => `Invitation sent to ${email}.`,
  inviteRecent: 'This address was invited in the last 30 days, so we will not email it again yet.',
};

const BRISTOL = 'location=Bristol%2C+City+of+Bristol&locationCenter=-2.5879%2C51.4545';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/** No public page scrolls sideways on a phone. */
async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

test.describe('directory matching', () => {
  test("'Nearest first' near Bristol orders by distance and shows it on each card; applicants carry their real type", async ({
    page,
  }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto(`/providers?${BRISTOL}&radius=50`);
    const sort = page.getByLabel('Sort');
    await expect(sort.getByRole('option', { name: 'Nearest first' })).toHaveCount(1);
    // With a location it is the order without asking (decision 0502), so the address needs no sort.
    await expect(sort).toHaveValue('distance');
    await expect(page).not.toHaveURL(/sort=/);
    const distances = page.getByTestId('provider-card').getByText(/ km away$/);
    await expect(distances).toHaveCount(9);
    // The previous order stays on screen until the new answer arrives.
    await expect
      .poll(async () => {
        const km = (await distances.allTextContents()).map((t) => Number(t.replace(/ km away$/, '').replace(/,/g, '')));
        return km.every((d, i) => i === 0 || km[i - 1]! <= d);
      })
      .toBe(true);
    // REPD applicants are typed, never 'Unknown Type', and carry no '1 km service radius'.
    const cards = page.getByTestId('provider-card');
    await expect(cards.getByText('Project Developer').first()).toBeVisible();
    await expect(cards.getByText('Unknown Type')).toHaveCount(0);
    await expect(cards.getByText('1 km service radius')).toHaveCount(0);
    await lookAt(page, 'directory-nearest-desktop');
    await expectAccessible(page);

    await page.setViewportSize(PHONE);
    await expect(distances.first()).toBeVisible();
    await expectNoSidewaysScroll(page);
    await lookAt(page, 'directory-nearest-phone', { fullPage: true });

    // Without a location 'Nearest first' is not offered.
    await page.goto('/providers');
    await expect(page.getByLabel('Sort').getByRole('option', { name: 'Nearest first' })).toHaveCount(0);
  });

  for (const [device, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    test(`after choosing Whitstable the list is nearest first and the sort control says so (decision 0502, ${device})`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto('/providers');
      if (viewport.width < 768) await page.getByRole('button', { name: /^Filters/ }).click();
      const input = page.getByRole('combobox', { name: 'Location' });
      await input.fill('Whitstable');
      await page.getByRole('listbox', { name: 'Location suggestions' }).getByRole('option', { name: 'Whitstable, Kent' }).click();
      await expect(page).toHaveURL(/location=Whitstable/);
      const sort = page.getByLabel('Sort');
      await expect(sort).toHaveValue('distance');
      await expect(sort.locator('option:checked')).toHaveText('Nearest first');
      const distances = page.getByTestId('provider-card').getByText(/ km away$/);
      await expect
        .poll(async () => {
          const km = (await distances.allTextContents()).map((t) => Number(t.replace(/ km away$/, '').replace(/,/g, '')));
          return km.length > 1 && km.every((d, i) => i === 0 || km[i - 1]! <= d);
        })
        .toBe(true);
      await lookAt(page, `directory-whitstable-nearest-${device}`, { fullPage: device === 'phone' });
      await expectAccessible(page);

      // The spec's default order is still a choice, and the control keeps it.
      await sort.selectOption('default');
      await expect(page).toHaveURL(/sort=default/);
      await expect(sort).toHaveValue('default');
    });
  }

  for (const [device, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    test(`company-name search finds AMP Clean Energy Services from any page, however it is typed (decision 0503, ${device})`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto('/providers');
      if (viewport.width < 768) await page.getByRole('button', { name: /^Filters/ }).click();
      const input = page.getByRole('combobox', { name: 'Company name' });
      const options = page.getByRole('listbox', { name: 'Company name suggestions' }).getByRole('option');
      for (const typed of ['amp clean energy services ltd', 'AMP Clean & Energy Services', 'AMP Clean Services']) {
        await input.fill(typed);
        await expect(options.first(), typed).toHaveText('AMP Clean Energy Services');
        await expect(page.getByText('No matches found.')).toHaveCount(0);
      }
      await lookAt(page, `directory-company-suggestions-${device}`);
      await options.first().click();
      await expect(page).toHaveURL(/companies=AMP\+Clean\+Energy\+Services/);
      await expect(page.getByTestId('provider-card').getByRole('heading', { name: 'AMP Clean Energy Services' })).toBeVisible();
      await expectAccessible(page);
    });
  }

  test('few providers offer Panel Cleaning near Bristol: the honest count, a wider radius and an invitation sent once', async ({
    page,
    representative,
  }) => {
    test.setTimeout(60_000);
    await page.setViewportSize(DESKTOP);
    await page.goto(`/providers?services=Panel+Cleaning&${BRISTOL}&radius=50`);
    const notice = page.getByTestId('few-providers');
    await expect(
      notice.getByRole('heading', { name: 'Only 1 provider offers Panel Cleaning within 50 km so far.' }),
    ).toBeVisible();
    await expect(notice.getByRole('link', { name: M.inviteSignIn })).toBeVisible();

    await signIn(page, representative);
    await page.goto(`/providers?services=Panel+Cleaning&${BRISTOL}&radius=50`);
    await notice.getByRole('button', { name: 'Search within 100 km' }).click();
    await expect(page).toHaveURL(/radius=100/);
    await expect(notice.getByRole('heading', { name: /within 100 km/ })).toBeVisible();

    const email = `invite-${unique()}@example.com`;
    await notice.getByRole('button', { name: 'Send invitation' }).click();
    await expect(notice.getByText(M.inviteNameRequired)).toBeVisible();
    await notice.getByLabel('Company or contact name').fill('Bristol Panel Care');
    await notice.getByLabel('Their email address').fill(email);
    await notice.getByLabel('Message (optional)').fill('We have 2 MW to clean in May.');
    await lookAt(page, 'directory-few-invite-desktop', { fullPage: true });
    await expectAccessible(page);
    await notice.getByRole('button', { name: 'Send invitation' }).click();
    await expect(notice.getByRole('status')).toHaveText(M.inviteSent(email));
    const mail = await mailTo(email, /invites you to list your services/);
    expect(mail).toContain('looking for a provider for Panel Cleaning near Bristol');

    // The same address again: refused, said where the action was taken.
    await notice.getByLabel('Company or contact name').fill('Bristol Panel Care');
    await notice.getByLabel('Their email address').fill(email);
    await notice.getByRole('button', { name: 'Send invitation' }).click();
    await expect(notice.getByRole('alert')).toHaveText(M.inviteRecent);

    await page.setViewportSize(PHONE);
    await expectNoSidewaysScroll(page);
    await notice.scrollIntoViewIfNeeded();
    await lookAt(page, 'directory-few-invite-phone', { fullPage: true });
  });

  test("an asset's 'Providers serving this site' lists no planning applicant", async ({ page, representative }) => {
    test.setTimeout(60_000);
    await signIn(page, representative);
    const [site] = (await (
      await page.request.get('/api/assets/sites?search=Bristol%20Airport%20Solar%20Farm')
    ).json()) as Array<{ id: number }>;
    await page.setViewportSize(DESKTOP);
    await page.goto(`/asset-intel/${site!.id}`);
    const section = page.getByRole('region', { name: 'Providers serving this site' });
    const cards = section.getByTestId('provider-card');
    await expect(cards.first()).toBeVisible({ timeout: 15_000 });
    await expect(section.getByText(/^Showing \d+ of \d+ providers?$/)).toHaveText('Showing 2 of 2 providers');
    await expect(cards.getByText(/^(Project Developer|Asset Owner|Unknown Type)$/)).toHaveCount(0);
    await section.scrollIntoViewIfNeeded();
    await lookAt(page, 'asset-serving-desktop');
    await expectAccessible(page);
    await page.setViewportSize(PHONE);
    await section.scrollIntoViewIfNeeded();
    await lookAt(page, 'asset-serving-phone');
  });

  test("parts: 'Hybrid inverters, SMA, at least 5 kW, three-phase, quantity 12' offers nothing outside the range", async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await page.setViewportSize(DESKTOP);
    await page.goto('/search-parts');
    const product = page.getByRole('combobox', { name: 'Product' });
    await product.fill('Hybrid I');
    await page.getByRole('option', { name: 'Hybrid Inverters', exact: true }).click();
    await page.getByRole('combobox', { name: 'Brands' }).fill('SMA');
    await page.getByRole('option', { name: 'SMA', exact: true }).click();
    await page.getByLabel('Quantity (optional)').fill('12');
    await page.getByLabel('Additional specifications (optional)').fill('at least 5 kW, three-phase');
    await page.getByRole('button', { name: 'Search Parts' }).click();
    const answer = page.getByTestId('parts-answer');
    await expect(answer).toContainText(
      'No catalogue inverter matches brands SMA; at least 5 kW; at most 50 kW; hybrid; three-phase.',
    );
    await expect(answer.getByRole('heading', { name: /^Other brands that fit/ })).toBeVisible();
    await expect(answer).not.toContainText(/SC 4\d00|MW/);
    await lookAt(page, 'parts-sma-hybrid-desktop', { fullPage: true });
    await expectAccessible(page);
    await page.setViewportSize(PHONE);
    await expectNoSidewaysScroll(page);
    await lookAt(page, 'parts-sma-hybrid-phone', { fullPage: true });
  });
});
