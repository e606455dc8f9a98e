import { expect, test, type Locator, type Page } from '@playwright/test';
import { signIn, signUp, unique, verifyEmail, NEW_PASSWORD } from '../../support/accounts';
import { expectAccessible, lookAt } from '../../support/fixtures';
import { mailTo } from '../../support/outbox';
import { providerAccount, respond } from '../../support/tenders';

// A browser far from the UK: every deadline must still read in UK time (decision 0444).
test.use({ timezoneId: 'America/New_York' });

/** Pictures at 390, 1024 and 1280 px; at none may the page scroll sideways (issue 27 defect 9). */
async function pictures(page: Page, name: string, part?: Locator) {
  for (const width of [390, 1024, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    for (const close of await page.getByRole('region', { name: /Notifications/ }).getByRole('button', { name: 'Close' }).all()) await close.click();
    if (part) {
      await part.evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 90));
      await lookAt(part, `sealed-${name}-${width}`);
    } else await lookAt(page, `sealed-${name}-${width}`, { fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} at ${width} px scrolls sideways`).toBeLessThanOrEqual(width);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test.describe('sealed responses, e-receipts and countdowns', () => {
  test.setTimeout(150_000);

  test('a bidder gets a receipt; the owner sees only how many arrived until closing early with a reason; no sideways scrolling on a phone', async ({ page, browser }) => {
    const u = unique();
    const ownerEmail = `owner.${u}@sealed-e2e.co.uk`;
    await signUp(page.request, { email: ownerEmail, name: 'Sara Sealed' });
    await verifyEmail(page.request, ownerEmail);
    await signIn(page, { email: ownerEmail, password: NEW_PASSWORD });
    const title = `Sealed survey ${u}`;
    const closing = new Date(Date.now() + 2 * 86_400_000 + 5 * 3_600_000);
    const created = await page.request.post('/api/tenders', {
      data: { service: 'Thermographic Surveys', location: 'Bristol', latitude: 51.45, longitude: -2.59, type: 'open', title, description: 'Thermographic survey of 12 MW (sealed e2e).', closingDate: closing.toISOString() },
    });
    expect(created.status(), await created.text()).toBe(201);
    const id = (await created.json()).data.id as string;

    // The bidder responds and sees its e-receipt: reference, UK time to the second, SHA-256.
    const bidderContext = await browser.newContext({ timezoneId: 'America/New_York' });
    const bidder = await bidderContext.newPage();
    const bea = await providerAccount(bidder.request, 'bea', u);
    await respond(bidder, id, '£48,500', '3 weeks', 'Drone survey with a radiometric report of every string.');
    const receipt = bidder.getByRole('region', { name: 'Your e-receipt' });
    await expect(receipt.getByText(/^TR-\d{4}-\d{6}$/)).toBeVisible();
    await expect(receipt.getByText(/^[0-9a-f]{64}$/)).toBeVisible();
    await expect(receipt.getByText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2} (GMT|BST)/)).toBeVisible();
    const reference = (await receipt.getByText(/^TR-\d{4}-\d{6}$/).textContent())!;
    await mailTo(bea.email, new RegExp(`Receipt ${reference}`));
    await expect(bidder.getByText(/Responses close .+ UK time/)).toBeVisible();
    await expect(bidder.getByText(/· Closes in 2 days (4|5) hours?/)).toBeVisible();
    await pictures(bidder, 'receipt', bidder.getByRole('heading', { name: 'Receipts' }).locator('..'));
    await expectAccessible(bidder);

    // The owner: how many arrived and when; nothing of who or what.
    await page.goto(`/tender/${id}/responses`);
    const sealed = page.getByRole('heading', { name: 'Responses are sealed until the closing time' }).locator('..');
    await expect(sealed.getByText('1 response received so far')).toBeVisible();
    await expect(sealed.getByText(/Opens in 2 days/)).toBeVisible();
    await expect(page.getByText('£48,500')).toHaveCount(0);
    await expect(page.getByText(bea.name)).toHaveCount(0);
    await pictures(page, 'sealed');
    await expectAccessible(page);
    await mailTo(ownerEmail, new RegExp(`New response: ${title}`));

    // Close early, with a reason kept in the History; the responses open.
    await page.goto(`/tender/${id}`);
    await expect(page.getByText(/Closes .+ UK time/).first()).toBeVisible();
    await page.getByRole('button', { name: 'Close Early' }).click();
    const dialog = page.getByRole('dialog', { name: 'Close this tender early' });
    await dialog.getByRole('button', { name: 'Close Tender Now' }).click();
    await expect(dialog.getByText('Please give a reason of at least 10 characters')).toBeVisible();
    await dialog.getByLabel('Reason for closing early').fill('The roof works start sooner than planned.');
    await dialog.getByRole('button', { name: 'Close Tender Now' }).click();
    await expect(page.getByText('The tender is closed to new responses.').first()).toBeVisible();
    const history = page.getByRole('heading', { name: 'History' }).locator('..');
    await expect(history.getByText('Reason: The roof works start sooner than planned.')).toBeVisible();
    await page.goto(`/tender/${id}/responses`);
    const card = page.locator(`[aria-label="Response from ${bea.name}"]`);
    await expect(card.getByText('£48,500')).toBeVisible();
    await pictures(page, 'compare');
    await expectAccessible(page);
    await bidderContext.close();
  });

  test('an invitee declines with a reason and changes its mind; the owner sees each invitee', async ({ page, browser }) => {
    const u = unique();
    const ownerEmail = `owner.${u}@intent-e2e.co.uk`;
    await signUp(page.request, { email: ownerEmail, name: 'Ines Intent' });
    await verifyEmail(page.request, ownerEmail);
    await signIn(page, { email: ownerEmail, password: NEW_PASSWORD });
    const inviteeContext = await browser.newContext({ timezoneId: 'America/New_York' });
    const invitee = await inviteeContext.newPage();
    const cal = await providerAccount(invitee.request, 'cal', u);
    const created = await page.request.post('/api/tenders', {
      data: {
        service: 'Thermographic Surveys',
        location: 'Bristol',
        type: 'private',
        title: `Private survey ${u}`,
        description: 'Thermographic survey of 5 MW (intent e2e).',
        invitedProviders: [cal.id],
        inviteEmails: [`outside.${u}@elsewhere-e2e.co.uk`],
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const id = (await created.json()).data.id as string;

    await invitee.goto(`/tender/${id}`);
    const card = invitee.getByRole('heading', { name: 'Will you respond?' }).locator('..');
    await card.getByRole('button', { name: 'Decline' }).click();
    const dialog = invitee.getByRole('dialog', { name: 'Decline this tender' });
    await dialog.getByLabel('Why are you declining?').fill('Our crews are booked until March.');
    await dialog.getByRole('button', { name: 'Decline' }).click();
    await expect(card.getByText('You have declined this tender.')).toBeVisible();
    await expect(card.getByText('Your reason: Our crews are booked until March.')).toBeVisible();
    await pictures(invitee, 'intent', card);
    await expectAccessible(invitee);

    await page.goto(`/tender/${id}`);
    const invitees = page.getByRole('heading', { name: 'Invitees' }).locator('..');
    const row = invitees.getByRole('listitem').filter({ hasText: cal.name });
    await expect(row.getByText('Declined')).toBeVisible();
    await expect(row.getByText('Reason: Our crews are booked until March.')).toBeVisible();
    await expect(invitees.getByRole('listitem').filter({ hasText: `outside.${u}@elsewhere-e2e.co.uk` }).getByText('No reply yet')).toBeVisible();
    await pictures(page, 'invitees', invitees);
    await expectAccessible(page);

    // Reversible until the closing time.
    await card.getByRole('button', { name: 'Change my mind: I intend to respond' }).click();
    await expect(card.getByText('You have told the buyer you intend to respond.')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Invitees' }).locator('..').getByRole('listitem').filter({ hasText: cal.name }).getByText('Intends to respond')).toBeVisible();
    await inviteeContext.close();
  });

  test('the board with external notices fits a phone (issue 27 defect 9)', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/explore-tenders?source=External&status=all&limit=50');
    await expect(page.getByRole('heading', { name: 'Explore Tenders' })).toBeVisible();
    await expect(page.getByRole('listitem').first()).toBeVisible();
    await lookAt(page, 'sealed-board-390', { fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
