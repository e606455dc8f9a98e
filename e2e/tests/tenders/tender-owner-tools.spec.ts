import { expect, test, type Locator, type Page } from '@playwright/test';
import { signIn, signUp, unique, verifyEmail, NEW_PASSWORD } from '../../support/accounts';
import { expectAccessible, lookAt } from '../../support/fixtures';
import { mailTo } from '../../support/outbox';
import { pdf, providerAccount, respond } from '../../support/tenders';

/** Desktop 1280×800 and phone 390×844 pictures of one part of the page; the phone must not scroll sideways. */
async function pictures(page: Page, name: string, part?: Locator) {
  for (const [viewport, size] of [['desktop', { width: 1280, height: 800 }], ['mobile', { width: 390, height: 844 }]] as const) {
    await page.setViewportSize(size);
    // Toasts and the sticky header would cover the part being looked at.
    for (const close of await page.getByRole('region', { name: /Notifications/ }).getByRole('button', { name: 'Close' }).all()) await close.click();
    if (part) {
      await part.evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 90));
      await lookAt(part, `owner-tools-${name}-${viewport}`);
    } else await lookAt(page, `owner-tools-${name}-${viewport}`, { fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} at ${size.width} px scrolls sideways`).toBeLessThanOrEqual(size.width);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test.describe('the tender owner’s tools', () => {
  test.setTimeout(150_000);

  // FIXME(issue 27): after this stop's merges of the sealed, scoring and records branches the publish step no longer
  // shows 'Your tender is published.'; to be brought to the merged cycle with the Done-when journey.
  test('asset picker, actions on My Tenders rows, the owner panel instead of Contact, History, Q&A, and a provider withdrawing', async ({ page, browser }) => {
    const u = unique();
    const ownerEmail = `owner.${u}@buyer-e2e.co.uk`;
    await signUp(page.request, { email: ownerEmail, name: 'Orla Owner' });
    await verifyEmail(page.request, ownerEmail);
    await signIn(page, { email: ownerEmail, password: NEW_PASSWORD });

    // List a Tender: the site chosen from asset intelligence fills the place (and the capacity).
    const [asset] = await (await page.request.get('/api/assets/sites?search=Solar')).json();
    await page.goto('/list-a-tender');
    await page.getByLabel('Choose the site from asset intelligence').fill(asset.siteName);
    await expect(page.getByRole('list', { name: 'Matching sites' })).toBeVisible();
    await pictures(page, 'asset-picker');
    await expectAccessible(page);
    await page.getByRole('list', { name: 'Matching sites' }).getByRole('button', { name: new RegExp(asset.siteName) }).first().click();
    await expect(page.getByText(`Site: ${asset.siteName}`)).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Location' })).toHaveValue(new RegExp(`^${asset.siteName}`));
    await page.getByLabel('Service required').fill('Thermo');
    await page.getByRole('option', { name: 'Thermographic Surveys' }).click();
    await page.getByLabel('Description').fill('Thermographic survey of the whole site (owner tools e2e).');
    await page.getByLabel('Title').fill(`Owner tools ${u}`);
    await page.getByRole('button', { name: 'Launch Tender', exact: true }).click();
    await expect(page.getByText('Tender launched').first()).toBeVisible();
    const id = (await page.getByRole('link', { name: 'View your tender' }).getAttribute('href'))!.split('/tender/')[1]!;
    const title = `Owner tools ${u}`;
    const tender = await (await page.request.get(`/api/tenders/${id}`)).json();
    expect(tender.data.siteAssetId).toBe(asset.id);
    // A draft to publish from the dashboard.
    const draft = await page.request.post('/api/tenders', { data: { service: 'Panel Cleaning', location: 'Bath', latitude: 51.38, longitude: -2.36, title: `Draft ${u}`, draft: true } });
    expect(draft.status(), await draft.text()).toBe(201);

    // A provider responds, attaches and removes a file, asks a question.
    const providerContext = await browser.newContext();
    const provider = await providerContext.newPage();
    const rita = await providerAccount(provider.request, 'rita', u);
    await respond(provider, id, '9500', '10', 'Drone and handheld survey with a full report.');
    await provider.getByLabel(/Attach files/).setInputFiles([{ name: 'method.pdf', mimeType: 'application/pdf', buffer: pdf(`method ${u}`) }]);
    await expect(provider.getByRole('link', { name: 'method.pdf' })).toBeVisible();
    await provider.getByRole('button', { name: 'Remove method.pdf' }).click();
    await expect(provider.getByText('No attachments yet.')).toBeVisible();
    await provider.goto(`/tender/${id}`);
    await provider.getByLabel('Ask the buyer a question').fill('Can we fly a drone over the substation?');
    await provider.getByRole('button', { name: 'Ask question' }).click();
    await expect(provider.getByText('Question sent').first()).toBeVisible();

    // My Tenders: actions on each row, with the response count.
    await page.goto('/dashboard?tab=tenders');
    const row = page.getByRole('group', { name: `Manage ${title}` });
    await expect(row.getByRole('link', { name: 'View Responses (1)' })).toBeVisible();
    const draftRow = page.getByRole('group', { name: `Manage Draft ${u}` });
    await expect(draftRow.getByRole('button', { name: 'Publish Tender' })).toBeVisible();
    await pictures(page, 'dashboard-rows', row.locator('xpath=ancestor::ul[1]/../..'));
    await expectAccessible(page);
    await draftRow.getByRole('button', { name: 'Publish Tender' }).click();
    await expect(page.getByText('Your tender is published.').first()).toBeVisible();
    await row.getByRole('button', { name: 'Extend' }).click();
    const extend = page.getByRole('dialog', { name: 'Extend the closing date' });
    const later = new Date(Date.now() + 40 * 86_400_000);
    await extend.getByLabel('New closing date and time').fill(`${later.toISOString().slice(0, 10)}T17:00`);
    await extend.getByRole('button', { name: 'Extend' }).click();
    await expect(page.getByText('The closing date has been extended.').first()).toBeVisible();
    await mailTo(rita.email, new RegExp(`Closing date extended: ${title}`));

    // The tender page: the owner panel in place of Contact and Save; the answer; the History.
    await page.goto(`/tender/${id}`);
    const panel = page.getByRole('heading', { name: 'Manage your tender' }).locator('..').locator('..');
    await expect(panel).toBeVisible();
    await expect(page.getByRole('button', { name: 'Contact About Tender' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Save Tender' })).toHaveCount(0);
    await pictures(page, 'owner-panel', panel);
    // The question is CL-001 of the clarification log, private until the owner publishes it (decision 0524).
    await page.getByLabel('Reply to CL-001').fill('Yes, with two days’ notice to the site manager.');
    await page.getByRole('button', { name: 'Reply and publish to all' }).click();
    await page.getByRole('dialog', { name: 'Publish CL-001 to everyone?' }).getByRole('button', { name: 'Publish the thread' }).click();
    await expect(page.getByText('Published', { exact: true }).first()).toBeVisible();
    await pictures(page, 'qa', page.locator('#clarification-log'));
    const history = page.getByRole('heading', { name: 'History' }).locator('..');
    await expect(history.getByText('Closing date extended')).toBeVisible();
    await expect(history.getByRole('listitem').filter({ hasText: /^Published/ })).toBeVisible();
    await expect(history.getByText(/^Closing date: .+ → .+17:00$/)).toBeVisible();
    await pictures(page, 'history', history);
    await expectAccessible(page);

    // The provider sees the answer, then withdraws; the owner's count falls and the owner is told.
    await provider.goto(`/tender/${id}`);
    await expect(provider.locator('#clarification-log').getByText('Yes, with two days’ notice to the site manager.')).toBeVisible();
    await provider.goto(`/tender/${id}/respond`);
    await provider.getByRole('button', { name: 'Withdraw Response' }).click();
    await provider.getByRole('dialog', { name: 'Withdraw your response?' }).getByRole('button', { name: 'Withdraw Response' }).click();
    await expect(provider.getByText('Your response has been withdrawn.').first()).toBeVisible();
    await expect(provider.getByRole('button', { name: 'Submit Response' })).toBeVisible();
    await expectAccessible(provider);
    await mailTo(ownerEmail, new RegExp(`Response withdrawn: ${title}`));
    await page.goto('/dashboard?tab=tenders');
    await expect(page.getByRole('group', { name: `Manage ${title}` }).getByRole('link', { name: 'View Responses (0)' })).toBeVisible();

    // Cancel with a reason from the row; the History says so.
    await page.getByRole('group', { name: `Manage Draft ${u}` }).getByRole('button', { name: 'Cancel Tender' }).click();
    const cancel = page.getByRole('dialog', { name: 'Cancel this tender' });
    await cancel.getByLabel('Reason').fill('Budget moved to next year.');
    await cancel.getByRole('button', { name: 'Cancel Tender' }).click();
    await expect(page.getByText('Tender cancelled').first()).toBeVisible();
    await providerContext.close();
  });
});
