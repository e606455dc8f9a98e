import { expect, test, type Browser } from '@playwright/test';
import { DEMO, signIn, signUp, unique, verifyEmail } from '../../support/accounts';
import { expectAccessible, shot } from '../../support/fixtures';
import { mailTo, mailsTo } from '../../support/outbox';
import { pdf, providerAccount, respond } from '../../support/tenders';

const { owner: OWNER, provider: PROVIDER } = DEMO;

async function newSignedIn(browser: Browser, account?: { email: string; password: string }) {
  const context = await browser.newContext();
  const page = await context.newPage();
  if (account) await signIn(page, account);
  return { context, page };
}

test.describe('the tender lifecycle', () => {
  test.setTimeout(180_000);

  // Written for the cycle before issue 27: invitation subjects with the title and closing date, the
  // invitation token in the link's fragment with a landing that shows the tender, and award only after
  // closing. To be rewritten as issue 27's Done-when journey (non-UK timezone, desktop and phone); the
  // steps it covers are tested meanwhile by tender-owner-tools.spec.ts, tenders.spec.ts and the API
  // tests of apps/server/src/features/tenders/test/.
  test.fixme('an owner runs a private tender for an asset end to end: documents, three responses, Q&A, comparison and award', async ({ page, browser }) => {
    const u = unique();
    // A second directory provider with an owner who can sign in.
    const bea = await newSignedIn(browser);
    const beaAccount = await providerAccount(bea.page.request, 'bea', u);
    const outsider = `outsider.${u}@newco-solar.co.uk`;

    // The owner starts from an asset: its page links to List a Tender with the site.
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, OWNER);
    const [asset] = await (await page.request.get('/api/assets/sites?search=Solar')).json();
    await page.goto(`/asset-intel/${asset.id}`);
    await page.getByRole('link', { name: 'List a tender for this site' }).first().click();
    await expect(page.getByText(`Site: ${asset.siteName}`)).toBeVisible();
    // The closing date's default (30 days) is shown.
    await expect(page.getByLabel('Closing date and time')).not.toHaveValue('');

    await page.getByLabel('Service required').fill('Thermo');
    await page.getByRole('option', { name: 'Thermographic Surveys' }).click();
    await page.getByRole('button', { name: 'Clear location' }).click();
    await page.getByRole('combobox', { name: 'Location' }).fill('Bristol');
    await page.getByRole('option', { name: /^Bristol/ }).first().click();
    await page.getByLabel('Search radius').selectOption('300');
    await page.getByLabel('Description').fill('Annual thermographic survey of a 20 MW solar farm (lifecycle e2e).');
    await page.getByLabel('Title').fill(`Thermal survey ${u}`);
    await page.getByLabel('Budget from (£)').fill('8000');
    await page.getByLabel('Budget up to (£)').fill('5000');
    await page.getByLabel(/Private tender/).check();
    await page.getByLabel('Invite by email').fill(outsider);
    await page.getByLabel('Documents').setInputFiles([{ name: 'scope.pdf', mimeType: 'application/pdf', buffer: pdf(`scope ${u}`) }]);

    // Max below min: the form's message, nothing sent.
    await page.getByRole('button', { name: 'Launch Private Tender' }).click();
    await expect(page.getByText('The maximum budget cannot be less than the minimum')).toBeVisible();
    await page.getByLabel('Budget up to (£)').fill('15000');

    for (const name of ['Demo Solar Services Ltd (demo)', beaAccount.name]) {
      // The site's own providers are offered above the list too (issue 27 defect 5): either card invites.
      const card = page.getByTestId('provider-card').filter({ hasText: name }).first();
      for (let i = 0; i < 10 && !(await card.isVisible()); i++) await page.getByRole('button', { name: 'Load More' }).click();
      await card.getByRole('button', { name: 'Invite to tender' }).click();
    }
    await expect(page.getByText('2 selected')).toBeVisible();
    await page.screenshot({ path: shot('lifecycle-list-brief-desktop'), fullPage: true });
    await expectAccessible(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: shot('lifecycle-list-brief-mobile'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.getByRole('button', { name: 'Launch Private Tender' }).click();
    await expect(page.getByText('Private tender launched').first()).toBeVisible();
    const href = await page.getByRole('link', { name: 'View your tender' }).getAttribute('href');
    const id = href!.split('/tender/')[1]!;
    const title = `Thermal survey ${u}`;

    // The owner's page: manage panel and the document.
    await page.goto(`/tender/${id}`);
    await expect(page.getByRole('heading', { name: 'Manage your tender' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'scope.pdf' })).toBeVisible();
    await page.screenshot({ path: shot('lifecycle-owner-tender-desktop'), fullPage: true });
    await expectAccessible(page);

    // Invitations: two directory providers and the outside address.
    await mailTo(PROVIDER.email, new RegExp(`invited to a private tender: Thermographic Surveys`));
    await mailTo(beaAccount.email, /invited to a private tender/);
    const invite = await mailTo(outsider, new RegExp(`You are invited to respond to a tender: ${title}`));
    const link = /https?:\/\/[^/\s]+(\/tender\/[0-9a-f-]{36}\/respond\?invite=[\w-]+)/.exec(invite)![1]!;

    // 1. The demo provider responds, and reads the document.
    const demo = await newSignedIn(browser, PROVIDER);
    await demo.page.goto(`/tender/${id}`);
    await expect(demo.page.getByRole('link', { name: 'scope.pdf' })).toBeVisible();
    expect((await demo.page.request.get(await demo.page.getByRole('link', { name: 'scope.pdf' }).getAttribute('href') as string)).status()).toBe(200);
    await respond(demo.page, id, '12000', '14', 'Drone thermography of every string, report in a week.');
    await demo.page.screenshot({ path: shot('lifecycle-respond-desktop'), fullPage: true });
    await expectAccessible(demo.page);
    await demo.page.setViewportSize({ width: 390, height: 844 });
    await demo.page.screenshot({ path: shot('lifecycle-respond-mobile'), fullPage: true });

    // 2. Bea responds and asks a question.
    await respond(bea.page, id, '9500', '21', 'Handheld and drone survey with IEC 62446-3 report.');
    await bea.page.goto(`/tender/${id}`);
    await bea.page.getByLabel('Ask the owner a question').fill('Is there vehicle access to every row?');
    await bea.page.getByRole('button', { name: 'Ask question' }).click();
    await expect(bea.page.getByText('Question sent').first()).toBeVisible();

    // 3. The outsider follows the link, signs up, creates a profile and lands on the response form.
    const out = await newSignedIn(browser);
    await out.page.goto(link);
    await expect(out.page.getByText('You have been invited to respond to a tender.')).toBeVisible();
    await expect(out.page.getByRole('link', { name: 'Register' })).toHaveAttribute('href', `/register?redirect=${encodeURIComponent(link)}`);
    await signUp(out.page.request, { email: outsider, name: 'Otto Outsider' });
    await verifyEmail(out.page.request, outsider);
    await out.page.goto(link);
    await expect(out.page.getByText('You need a provider profile to respond to a tender.')).toBeVisible();
    const created = await out.page.request.post('/api/providers', {
      data: { businessName: `NewCo Thermal ${u}`, description: 'New to the directory (e2e).', services: ['Thermographic Surveys'], location: 'Bath', type: 'O&M' },
    });
    expect(created.status()).toBe(201);
    await out.page.reload();
    await respond(out.page, id, '11000', '7', 'We are new here and keen: survey within a week.');
    expect(out.page.url()).not.toContain('invite=');

    // The owner answers the question; everyone taking part sees it, without the asker's name.
    await page.goto(`/tender/${id}`);
    await page.getByLabel('Your answer').fill('Yes, a track runs along every row.');
    await page.getByRole('button', { name: 'Publish answer' }).click();
    await expect(page.getByText('Answer published').first()).toBeVisible();
    await demo.page.setViewportSize({ width: 1280, height: 900 });
    await demo.page.goto(`/tender/${id}`);
    await expect(demo.page.getByText('A: Yes, a track runs along every row.')).toBeVisible();
    await demo.page.screenshot({ path: shot('lifecycle-qa-desktop'), fullPage: true });
    await expectAccessible(demo.page);
    const answered = await mailTo(PROVIDER.email, /Question answered/);
    expect(answered).not.toContain('Bea');

    // An edit after publication is announced to invitees and responders, field by field.
    await page.getByRole('button', { name: 'Edit Brief' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit the brief' });
    await edit.getByLabel('Budget up to (£)').fill('16000');
    await page.screenshot({ path: shot('lifecycle-edit-desktop') });
    await expectAccessible(page);
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(edit).toHaveCount(0);
    expect(await mailTo(beaAccount.email, /A tender you are taking part in has changed/)).toContain('Budget up to: 15000 → 16000');

    // The owner compares side by side and awards Bea.
    await page.goto(`/tender/${id}/responses`);
    const cards = page.locator('[aria-label^="Response from"]');
    await expect(cards).toHaveCount(3);
    await expect(page.getByText('3 responses')).toBeVisible();
    await page.locator(`[aria-label="Response from ${beaAccount.name}"]`).getByRole('button', { name: 'Shortlist' }).click();
    await expect(page.locator(`[aria-label="Response from ${beaAccount.name}"]`).getByText('Shortlisted')).toBeVisible();
    await page.screenshot({ path: shot('lifecycle-compare-desktop'), fullPage: true });
    await expectAccessible(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: shot('lifecycle-compare-mobile'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.locator(`[aria-label="Response from ${beaAccount.name}"]`).getByRole('button', { name: 'Award' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Award Tender' }).click();
    await expect(page.getByText('Tender awarded').first()).toBeVisible();
    await expect(page.locator(`[aria-label="Response from ${beaAccount.name}"]`).getByText('Awarded')).toBeVisible();

    // The others see the outcome: the page says Closed, and the mail tells them who won.
    await demo.page.goto(`/tender/${id}`);
    await expect(demo.page.getByText('Tender Closed')).toBeVisible();
    expect(await mailTo(PROVIDER.email, /Tender outcome/)).toContain(`has awarded it to ${beaAccount.name}`);
    expect(await mailTo(outsider, /Tender outcome/)).toContain(`has awarded it to ${beaAccount.name}`);
    await mailTo(beaAccount.email, /Your response won the tender/);
    // The owner was told of each response and of the question.
    expect(mailsTo(OWNER.email).filter((m) => m.includes(`Subject: New response: ${title}`))).toHaveLength(3);
    await mailTo(OWNER.email, /New question about your tender/);

    // Counts on My Tenders and on the provider's Invitations.
    await page.goto('/dashboard?tab=tenders');
    await expect(page.getByText(/3 responses/).first()).toBeVisible();
    await demo.page.goto('/dashboard?tab=tenders');
    await expect(demo.page.getByText(/Responded/).first()).toBeVisible();
    await page.screenshot({ path: shot('lifecycle-dashboard-desktop'), fullPage: true });

    for (const c of [demo, bea, out]) await c.context.close();
  });
});
