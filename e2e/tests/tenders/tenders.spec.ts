import { signIn, signUp, unique } from '../../support/accounts';
import { expectAccessible, lookAt } from '../../support/fixtures';
import { mailsTo } from '../../support/outbox';
import { createProfile, expect, test } from '../../support/users';

test.describe('tenders', () => {
  test('a visitor filters open tenders across sources, pages through them and opens an External notice', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/explore-tenders');
    await expect(page.getByRole('heading', { name: 'Explore Tenders' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: /tenders$/ })).toBeVisible();
    await page.getByLabel('Tenders per page').selectOption('5');
    await expect(page.locator('main li h2')).toHaveCount(5);
    await lookAt(page, 'tenders-explore-desktop');
    await expectAccessible(page);

    // Open tenders of both sources: the demo listings and the sample's notices still open.
    const total = Number((await page.getByText(/^[\d,]+ tenders$/).textContent())!.split(' ')[0]!.replace(/,/g, ''));
    expect(total).toBeGreaterThan(10);
    await page.getByRole('button', { name: 'Page 2' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect(page).toHaveURL(/page=3/);
    await expect(page.getByText('Solar Manager').first()).toBeVisible();

    // A filter change returns to page 1.
    await page.getByLabel('Source').selectOption('External');
    await expect(page).not.toHaveURL(/page=/);
    await expect(page).toHaveURL(/source=External/);
    const cards = page.locator('main li');
    await expect(cards.first()).toContainText('External');
    await expect(cards.filter({ hasText: 'Solar Manager' })).toHaveCount(0);
    for (const card of await cards.all()) await expect(card).toContainText('Open');

    // Descriptions are cut at 200 characters.
    for (const text of await page.locator('main li p').allTextContents()) expect(text.length).toBeLessThanOrEqual(203);

    await cards.first().getByRole('link').click();
    // The tender's address carries the board's page and filters (decision 0354).
    await expect(page).toHaveURL(/\/tender\/[0-9a-f-]{36}\?fromPage=1&source=External&limit=5$/);
    await expect(page.getByRole('button', { name: 'Contact About Tender' })).toBeVisible();
    const original = page.getByRole('link', { name: /View Original/ });
    await expect(original).toHaveAttribute('target', '_blank');
    await expect(original).toHaveAttribute('rel', 'noopener noreferrer');
    const id = page.url().split('/tender/')[1]!.split('?')[0]!;
    const api = await (await page.request.get(`/api/tenders/${id}`)).json();
    expect(api.data.source).toBe('External');
    expect(api.data.noticeUrl).toMatch(/^https:\/\//);
    await expect(original).toHaveAttribute('href', api.data.noticeUrl);
    await lookAt(page, 'tenders-detail-external-desktop', { fullPage: true });
    await expectAccessible(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await lookAt(page, 'tenders-detail-external-mobile', { fullPage: true });

    // 'Back to Tenders' returns to the same view: page, source and page size (issue 19).
    await page.getByRole('link', { name: 'Back to Tenders' }).click();
    await expect(page).toHaveURL(/\/explore-tenders\?page=1&source=External&limit=5$/);
    await expect(page.getByLabel('Source')).toHaveValue('External');
    await expect(page.getByLabel('Tenders per page')).toHaveValue('5');
    await lookAt(page, 'tenders-explore-mobile', { fullPage: false });
  });

  test('closed notices say Tender Closed; no results offer Clear All Filters', async ({ page }) => {
    await page.goto('/explore-tenders?status=closed&source=External');
    await page.locator('main li').first().getByRole('link').click();
    await expect(page.getByText('Tender Closed')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Contact About Tender' })).toHaveCount(0);
    await lookAt(page, 'tenders-detail-closed-desktop', { fullPage: true });

    await page.goto('/explore-tenders?service=Zzz%20nothing%20matches');
    await expect(page.getByRole('heading', { name: 'No Tenders Found' })).toBeVisible();
    await lookAt(page, 'tenders-explore-empty-desktop');
    await expectAccessible(page);
    await page.getByRole('main').getByRole('button', { name: 'Clear All Filters' }).last().click();
    await expect(page).toHaveURL(/\/explore-tenders$/);
    await expect(page.locator('main li').first()).toBeVisible();

    // A tender that does not exist is 'not found' with the way back, not a load error with a Retry (issue 19).
    await page.goto('/tender/00000000-0000-4000-8000-000000000000?fromPage=3&status=all');
    await expect(page.getByRole('heading', { name: 'Tender not found' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Error Loading Tender' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Back to Tenders' })).toHaveAttribute('href', '/explore-tenders?page=3&status=all');
    await lookAt(page, 'tenders-not-found-desktop');
    await expectAccessible(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await lookAt(page, 'tenders-not-found-mobile');

    // A page past the end keeps the true count and offers the last page (issue 19).
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/explore-tenders?status=all&page=999');
    await expect(page.getByRole('heading', { name: 'This page is past the end of the list.' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: /tenders$/ })).toBeVisible();
    await expect(page.getByText('No Tenders Found')).toHaveCount(0);
    await expectAccessible(page);
    await page.getByRole('link', { name: /^Go to the last page/ }).click();
    await expect(page.locator('main li').first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Next page' })).toBeDisabled();
  });

  test('a signed-out visitor is asked to sign in before launching', async ({ page }) => {
    await page.goto('/list-a-tender?service=Panel%20Cleaning');
    await expect(page.getByLabel('Service required')).toHaveValue('Panel Cleaning');
    await page.getByRole('button', { name: 'Launch Tender' }).click();
    const dialog = page.getByRole('dialog', { name: 'Authentication Required' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login?redirect=%2Flist-a-tender');
    await expect(dialog.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register?redirect=%2Flist-a-tender');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);

    await page.getByRole('button', { name: 'Clear service' }).click();
    await page.getByRole('button', { name: 'Launch Tender' }).click();
    await expect(page.getByText('Please select a service type for your tender').first()).toBeVisible();
  });

  test('a representative launches a private tender to two providers; the invited owner sees it, another user gets 404', async ({ page, browser, provider: PROVIDER, representative: OWNER }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    // The journey's provider owns two thermographic survey companies in Bristol, to be invited.
    const invited = await browser.newContext();
    const invitedPage = await invited.newPage();
    await signIn(invitedPage, PROVIDER);
    const services = { services: ['Thermographic Surveys'], location: 'Bristol, City of Bristol', serviceRadius: 50 };
    const solarName = `E2E Thermal Solar ${unique()} (demo)`;
    const kestrelName = `E2E Kestrel Surveys ${unique()} (demo)`;
    await createProfile(invitedPage.request, { businessName: solarName, ...services });
    await createProfile(invitedPage.request, { businessName: kestrelName, type: 'Drone surverying', ...services });

    await signIn(page, OWNER);
    await page.goto('/list-a-tender');
    await page.getByLabel('Service required').fill('Thermo');
    await page.getByRole('option', { name: 'Thermographic Surveys' }).click();
    await page.getByRole('combobox', { name: 'Location' }).fill('Bristol');
    await page.getByRole('option', { name: /^Bristol/ }).first().click();
    await page.getByLabel('Search radius').selectOption('50');
    await page.getByLabel('Description').fill('Annual thermographic survey of a 20 MW solar farm (e2e).');
    await page.getByLabel(/Private tender/).check();

    const solar = page.getByTestId('provider-card').filter({ hasText: solarName });
    const kestrel = page.getByTestId('provider-card').filter({ hasText: kestrelName });
    await expect(solar).toBeVisible();
    await expect(kestrel).toBeVisible();
    await solar.getByRole('button', { name: 'Invite to tender' }).click();
    await kestrel.getByRole('button', { name: 'Invite to tender' }).click();
    await expect(page.getByText('2 selected')).toBeVisible();
    await lookAt(page, 'tenders-list-private-desktop', { fullPage: true });
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Launch Private Tender' }).click();
    await expect(page.getByText('Private tender launched').first()).toBeVisible();
    // The form resets after success.
    await expect(page.getByLabel('Service required')).toHaveValue('');
    await expect(page.getByLabel(/Open tender/)).toBeChecked();
    const href = await page.getByRole('link', { name: 'View your tender' }).getAttribute('href');
    const id = href!.split('/tender/')[1]!;
    await page.setViewportSize({ width: 390, height: 844 });
    await lookAt(page, 'tenders-list-launched-mobile', { fullPage: true });

    // The invitation email is in the outbox.
    await expect.poll(() => mailsTo(PROVIDER.email).filter((m) => m.includes(`/tender/${id}`)).length).toBe(2);
    expect(mailsTo(PROVIDER.email).some((m) => /Subject: Invitation to tender: .+, closes \d{1,2} \w{3} \d{4}/.test(m) && m.includes(`/tender/${id}`))).toBe(true);

    // The invited provider's owner sees it.
    await invitedPage.goto(`/tender/${id}`);
    await expect(invitedPage.getByRole('heading', { name: 'Thermographic Surveys in Bristol' })).toBeVisible();
    await expect(invitedPage.getByText('Private', { exact: true })).toBeVisible();
    await lookAt(invitedPage, 'tenders-detail-private-invited-desktop', { fullPage: true });
    await expectAccessible(invitedPage);
    // ...and in the dashboard's Tenders tab, with the alert switch.
    await invitedPage.goto('/dashboard?tab=tenders');
    const panel = invitedPage.getByRole('tabpanel', { name: 'Tenders' });
    await expect(panel.getByRole('heading', { name: 'Invitations' })).toBeVisible();
    await expect(panel.getByRole('link', { name: 'Thermographic Surveys in Bristol' }).first()).toBeVisible();
    await expect(panel.getByText(new RegExp(`Invited: .*${solarName.replace(/[()]/g, '\\$&')}`)).first()).toBeVisible();
    await invitedPage.getByRole('switch', { name: 'Email me new matching tenders' }).click();
    await expect(invitedPage.getByRole('switch', { name: 'Email me new matching tenders' })).toHaveAttribute('aria-checked', 'true');
    await lookAt(invitedPage, 'tenders-dashboard-tab-desktop', { fullPage: true });
    await expectAccessible(invitedPage);
    await invited.close();

    // Another user gets 404.
    const stranger = await browser.newContext();
    const strangerPage = await stranger.newPage();
    await signUp(strangerPage.request, { email: `stranger.${unique()}@acme-solar.co.uk`, name: 'Sam Stranger' });
    expect((await strangerPage.request.get(`/api/tenders/${id}`)).status()).toBe(404);
    await strangerPage.goto(`/tender/${id}`);
    await expect(strangerPage.getByRole('heading', { name: 'Tender not found' })).toBeVisible();
    await expect(strangerPage.getByRole('button', { name: 'Retry' })).toHaveCount(0);
    await stranger.close();
  });
});
