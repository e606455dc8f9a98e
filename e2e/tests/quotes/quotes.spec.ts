import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { DEMO, signIn } from '../../support/accounts';
import { expectAccessible, lookAt } from '../../support/fixtures';
import { outbox } from '../../support/outbox';
import { expect, test } from '../../support/users';

const UNCLAIMED = 'Meadowlark Ecology (demo)';

async function providerId(page: Page, name: string): Promise<string> {
  const res = await page.request.get(`/api/providers/search?companies=${encodeURIComponent(name)}`);
  const found = (await res.json()).data.find((p: { businessName: string }) => p.businessName === name);
  expect(found, name).toBeTruthy();
  return found.id;
}

const ndaPdf = Buffer.from('%PDF-1.4\n% Mutual NDA for the e2e journey\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

test.describe('quote journeys (docs/product/quotes.md)', () => {
  test('signed out → sign in → request with an NDA and the UAV contract → the provider downloads it and replies → the sender sees the reply', async ({ page, provider: PROVIDER, representative: OWNER }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    // The journey's own provider owns this profile, so the request goes to them.
    const { id, businessName: OWNED } = PROVIDER.profile;
    const quotePath = `/providers/${id}/quote?service=${encodeURIComponent('Drone Surveys')}&location=Bristol&timePreference=2weeks`;

    // Signed out: the guard sends the visitor to /auth with the path and query.
    await page.goto(quotePath);
    await expect(page).toHaveURL(`/auth?redirect=${encodeURIComponent(quotePath)}`);
    await page.getByLabel('Email').fill(OWNER.email);
    await page.getByLabel('Password', { exact: true }).fill(OWNER.password);
    await page.getByRole('button', { name: 'Sign In' }).click();

    // Back on the quote page, prefilled.
    await expect(page).toHaveURL(quotePath);
    await expect(page.getByRole('heading', { name: 'Request a Quote' })).toBeVisible();
    await expect(page.getByRole('heading', { name: `Message ${OWNED}` })).toBeVisible();
    await expect(page.getByLabel('Service Type')).toHaveValue('Drone Surveys');
    await expect(page.getByLabel('Location')).toHaveValue('Bristol');
    await expect(page.getByLabel('Preferred Start Time')).toHaveValue('Within 2 weeks');
    await expect(page.getByLabel('Preferred Start Time')).toHaveAttribute('readonly', '');
    await expect(page.getByLabel('Email')).toHaveValue(OWNER.email);
    await expect(page.getByText('This profile is not claimed yet')).toHaveCount(0);

    const description = `Thermographic drone survey of a 12 MW site near Bristol (${Date.now()}).`;
    await page.getByLabel('Job Description').fill(description);
    await page.getByLabel('Phone').fill('0117 496 0999');
    await page.getByLabel('Require a Non-Disclosure Agreement (NDA)').click();
    await page.getByLabel('Upload NDA').setInputFiles({ name: 'mutual-nda.pdf', mimeType: 'application/pdf', buffer: ndaPdf });
    await expect(page.getByText('mutual-nda.pdf')).toBeVisible();
    await page.getByLabel('Use a default contract').click();

    // On without a choice: the spec's message.
    await page.getByRole('button', { name: 'Send Quote Request' }).click();
    await expect(page.getByText('Please select a contract type.')).toBeVisible();
    const preview = page.getByRole('link', { name: /Preview PDF of the UAV Hire Agreement/ });
    await expect(preview).toHaveAttribute('href', '/assets/contracts/uav-hire-agreement.pdf');
    await expect(preview).toHaveAttribute('target', '_blank');
    const pdf = await page.request.get('/assets/contracts/uav-hire-agreement.pdf');
    expect(pdf.ok()).toBe(true);
    expect(pdf.headers()['content-type']).toContain('application/pdf');
    expect((await pdf.body()).subarray(0, 8).toString()).toBe('%PDF-1.4');
    await page.getByLabel('UAV Hire Agreement').check();
    await expect(page.getByText('Please select a contract type.')).toHaveCount(0);
    await lookAt(page, 'quotes-form-desktop', { fullPage: true });
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Send Quote Request' }).click();
    await expect(page.locator('#main').getByRole('status').getByText('Your quote request has been sent.')).toBeVisible();
    await lookAt(page, 'quotes-sent-desktop', { fullPage: false });
    await expect.poll(() => outbox().some((m) => m.startsWith(`To: ${PROVIDER.email}\nSubject: New quote request: Drone Surveys`) && m.includes(description))).toBe(true);
    await expect.poll(() => outbox().some((m) => m.startsWith(`To: ${OWNER.email}\nSubject: Your quote request to ${OWNED}`))).toBe(true);

    // The provider's owner sees it under Received Quotes, downloads the NDA and replies.
    await signIn(page, PROVIDER);
    await page.goto('/dashboard?tab=quotes');
    await expect(page.getByRole('tab', { name: 'Received Quotes' })).toHaveAttribute('aria-selected', 'true');
    const card = page.getByRole('listitem').filter({ hasText: description });
    await expect(card).toBeVisible();
    await expect(card.getByText('UAV Hire Agreement')).toBeVisible();
    await expect(card.getByText('0117 496 0999')).toBeVisible();
    await expect(card.getByText('Awaiting reply')).toBeVisible();
    await lookAt(page, 'quotes-received-desktop', { fullPage: true });
    await expectAccessible(page);

    const downloading = page.waitForEvent('download');
    await card.getByRole('link', { name: /NDA: mutual-nda.pdf/ }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('mutual-nda.pdf');
    expect(readFileSync((await download.path())!).equals(ndaPdf)).toBe(true);

    await card.getByRole('button', { name: 'Reply' }).click();
    await card.getByLabel('Your reply').fill('Happy to help: £2,400 for the survey, report within 48 hours.');
    await card.getByRole('button', { name: 'Send reply' }).click();
    await expect(card.getByText('Responded')).toBeVisible();
    await expect.poll(() => outbox().some((m) => m.startsWith(`To: ${OWNER.email}\nSubject: ${OWNED} replied to your quote request`))).toBe(true);

    // The sender sees the reply under Sent Quotes.
    await signIn(page, OWNER);
    await page.goto('/dashboard?tab=quotes');
    await page.getByRole('tab', { name: 'Sent Quotes' }).click();
    const sent = page.getByRole('listitem').filter({ hasText: description });
    await expect(sent.getByText('Happy to help: £2,400 for the survey, report within 48 hours.')).toBeVisible();
    await expect(sent.getByText('Responded')).toBeVisible();
    await lookAt(page, 'quotes-sent-list-desktop', { fullPage: true });
    await expectAccessible(page);

    await page.setViewportSize({ width: 390, height: 844 });
    await lookAt(page, 'quotes-sent-list-mobile', { fullPage: true });
    await expectAccessible(page);

    // A third party cannot download it.
    const quoteUrl = await sent.getByRole('link', { name: /NDA: mutual-nda.pdf/ }).getAttribute('href');
    await page.context().clearCookies();
    expect((await page.request.get(quoteUrl!)).status()).toBe(401);
  });

  test('an unclaimed provider: the page says the request goes to the marketplace team (mobile)', async ({ page, representative: OWNER }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const id = await providerId(page, UNCLAIMED);
    await signIn(page, OWNER);
    await page.goto(`/providers/${id}/quote`);
    await expect(page.getByRole('heading', { name: `Message ${UNCLAIMED}` })).toBeVisible();
    await expect(page.getByText('This profile is not claimed yet')).toBeVisible();
    await expect(page.getByLabel('Preferred Start Time')).toHaveJSProperty('tagName', 'SELECT');
    await lookAt(page, 'quotes-unclaimed-mobile', { fullPage: true });
    await expectAccessible(page);

    await page.getByLabel('Phone').fill('07700 900123');
    await page.getByRole('button', { name: 'Send Quote Request' }).click();
    await expect(page.locator('#main').getByRole('status').getByText(/sent to the Solar Marketplace team/)).toBeVisible();
    await expect.poll(() => outbox().some((m) => m.startsWith(`To: ${DEMO.admin.email}\nSubject: Quote request waiting: ${UNCLAIMED}`))).toBe(true);
  });

  test('a provider that cannot be loaded: Something went wrong and Back to Directory', async ({ page, representative: OWNER }) => {
    await signIn(page, OWNER);
    await page.goto('/providers/no-such-provider-anywhere/quote');
    await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to Directory' }).click();
    await expect(page).toHaveURL('/providers');
  });
});
