import { expect, test, type Locator, type Page } from '@playwright/test';
import { signIn, signUp, unique, verifyEmail, NEW_PASSWORD } from '../../support/accounts';
import { expectAccessible, lookAt } from '../../support/fixtures';
import { mailTo } from '../../support/outbox';
import { pdf, providerAccount, respond } from '../../support/tenders';

// A browser far from the UK: every date-time on these screens is UK time all the same (decision 0444).
test.use({ timezoneId: 'America/New_York' });

/** Phone, tablet and desktop pictures of one part of the page; none may scroll sideways. */
async function pictures(page: Page, name: string, part: Locator) {
  for (const width of [390, 1024, 1280]) {
    await page.setViewportSize({ width, height: 844 });
    for (const close of await page.getByRole('region', { name: /Notifications/ }).getByRole('button', { name: 'Close' }).all()) await close.click();
    await part.evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 90));
    await lookAt(part, `records-${name}-${width}`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} at ${width} px scrolls sideways`).toBeLessThanOrEqual(width);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test.describe('a tender’s records: clarification log, addenda, award with letters, standstill, downloads', () => {
  test.setTimeout(180_000);

  test('the owner and a bidder keep one numbered log, the documents change by addendum, the award starts the standstill with letters, the owner downloads the records', async ({ page, browser }) => {
    const u = unique();
    const ownerEmail = `records.${u}@buyer-e2e.co.uk`;
    await signUp(page.request, { email: ownerEmail, name: 'Rhona Records' });
    await verifyEmail(page.request, ownerEmail);
    await signIn(page, { email: ownerEmail, password: NEW_PASSWORD });
    const title = `Records ${u}`;
    const created = await page.request.post('/api/tenders', {
      data: { service: 'Thermographic Surveys', location: 'Bath', latitude: 51.38, longitude: -2.36, title, closingDate: new Date(Date.now() + 2 * 86_400_000).toISOString() },
    });
    expect(created.status(), await created.text()).toBe(201);
    const id = (await created.json()).data.id as string;
    const upload = await page.request.post(`/api/tenders/${id}/documents`, { multipart: { files: { name: 'scope.pdf', mimeType: 'application/pdf', buffer: pdf(`scope ${u}`) } } });
    expect(upload.status(), await upload.text()).toBe(201);

    // A provider responds and asks a question: CL-001, private.
    const bidderContext = await browser.newContext({ timezoneId: 'America/New_York' });
    const bidder = await bidderContext.newPage();
    const rita = await providerAccount(bidder.request, 'rita', u);
    await respond(bidder, id, '9500', '10', 'Drone and handheld survey with a full report.');
    await bidder.goto(`/tender/${id}`);
    await bidder.getByLabel('Ask the buyer a question').fill('Is the inverter room in scope?');
    await bidder.getByRole('button', { name: 'Ask question' }).click();
    await expect(bidder.locator('#clarification-log').getByRole('heading', { name: 'CL-001' })).toBeVisible();

    // The owner publishes it with a reply, and issues an addendum with a new version of the scope.
    await page.goto(`/tender/${id}`);
    const log = page.locator('#clarification-log');
    await expect(log.getByText('Private', { exact: true })).toBeVisible();
    await log.getByLabel('Reply to CL-001').fill('Yes: the revised scope is in addendum 1.');
    await log.getByRole('button', { name: 'Reply and publish to all' }).click();
    // A warning first, with what becomes visible: the bidder's private question, then the reply (decision 0558).
    const publishing = page.getByRole('dialog', { name: 'Publish CL-001 to everyone?' });
    const visible = publishing.getByRole('list', { name: 'What becomes visible to everyone' }).getByRole('listitem');
    await expect(visible).toHaveCount(2);
    await expect(visible.first()).toContainText('A bidder');
    await expect(visible.first()).toContainText('Is the inverter room in scope?');
    await pictures(page, 'publish-warning', publishing);
    await expectAccessible(page);
    await publishing.getByRole('button', { name: 'Publish the thread' }).click();
    await expect(log.getByText('Published to all')).toBeVisible();
    const documents = page.locator('#tender-documents');
    await documents.getByLabel('What changed').fill('The scope now includes the inverter rooms.');
    await documents.getByLabel('The file is').selectOption({ label: 'A new version of scope.pdf (now v1)' });
    await documents.getByLabel(/^Files/).setInputFiles([{ name: 'scope-rev.pdf', mimeType: 'application/pdf', buffer: pdf(`scope v2 ${u}`) }]);
    await documents.getByRole('button', { name: 'Issue addendum' }).click();
    await expect(documents.getByText(/^Documents changed: addendum 1 on \d\d\/\d\d\/\d{4} \d\d:\d\d UK time\.$/)).toBeVisible();
    await expect(documents.getByText('v2', { exact: true })).toBeVisible();
    await pictures(page, 'log-owner', log);
    await pictures(page, 'documents-owner', documents);
    await expectAccessible(page);
    await mailTo(rita.email, new RegExp(`Documents changed \\(addendum 1\\): ${title}`));
    await mailTo(rita.email, new RegExp(`Clarification CL-001 published: ${title}`));

    // The bidder reads both.
    await bidder.goto(`/tender/${id}`);
    await expect(bidder.locator('#clarification-log').getByText('Yes: the revised scope is in addendum 1.')).toBeVisible();
    await expect(bidder.locator('#tender-documents').getByRole('link', { name: 'scope-rev.pdf' })).toBeVisible();
    await bidder.locator('#tender-documents').getByText('Earlier versions (1)').click();
    await expect(bidder.locator('#tender-documents').getByRole('link', { name: 'v1: scope.pdf' })).toBeVisible();
    await pictures(bidder, 'documents-bidder', bidder.locator('#tender-documents'));
    await expectAccessible(bidder);

    // Records wait for the close; then the award with feedback starts the standstill.
    expect((await page.request.get(`/api/tenders/${id}/records/comparison.csv`)).status()).toBe(409);
    expect((await page.request.post(`/api/tenders/${id}/close`, { data: { reason: 'Every invited provider has responded.' } })).status()).toBe(200);
    await page.goto(`/tender/${id}/responses`);
    await page.getByRole('button', { name: 'Award' }).click();
    const dialog = page.getByRole('dialog', { name: new RegExp(`Award the tender to ${rita.name}`) });
    await dialog.getByLabel(`Feedback to ${rita.name} (winner)`).fill('Clear method and a fair price.');
    // The standstill chosen at the award, with the day it ends in UK time (decision 0559).
    await dialog.getByLabel('Standstill period').selectOption('14');
    await expect(dialog.getByText(/Ends at midnight at the end of \d{1,2} \w+ \d{4} \(UK time\)/)).toBeVisible();
    await pictures(page, 'award-standstill', dialog);
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Award Tender' }).click();
    await expect(page.getByText('Tender awarded').first()).toBeVisible();
    const won = await mailTo(rita.email, new RegExp(`Your response won the tender: ${title}`));
    expect(won).toContain('Clear method and a fair price.');
    expect(won).toContain('standstill period of 14 calendar days');

    await page.goto(`/tender/${id}`);
    const contract = page.getByRole('heading', { name: 'Contract', exact: true }).locator('xpath=ancestor::*[contains(@class,"p-6")][1]');
    await expect(contract.getByText('Awarded – in standstill')).toBeVisible();
    await expect(contract.getByText(/ends at midnight at the end of \d{1,2} \w+ \d{4} \(UK time\)/)).toBeVisible();
    await expect(contract.getByRole('button', { name: 'Confirm contract' })).toHaveCount(0);
    const records = page.getByRole('heading', { name: 'Records', exact: true }).locator('..');
    await pictures(page, 'contract-owner', contract);
    await pictures(page, 'records-owner', records);
    await expectAccessible(page);
    for (const [name, type] of [
      ['All responses with their attachments (zip)', 'application/zip'],
      ['Comparison (CSV)', 'text/csv; charset=utf-8'],
      ['Comparison (Excel)', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      ['Audit log: every event of the tender (CSV)', 'text/csv; charset=utf-8'],
    ]) {
      const href = (await records.getByRole('link', { name }).getAttribute('href'))!;
      const res = await page.request.get(href);
      expect(res.status(), name).toBe(200);
      expect(res.headers()['content-type']).toBe(type);
    }

    // The bidder sees the state and downloads its own letter.
    await bidder.goto(`/tender/${id}`);
    const theirs = bidder.getByRole('heading', { name: 'Contract', exact: true }).locator('xpath=ancestor::*[contains(@class,"p-6")][1]');
    await expect(theirs.getByText('Awarded – in standstill')).toBeVisible();
    const letter = theirs.getByRole('link', { name: new RegExp(`Award letter: ${rita.name}`) });
    const pdfRes = await bidder.request.get((await letter.getAttribute('href'))!);
    expect(pdfRes.status()).toBe(200);
    expect((await pdfRes.body()).subarray(0, 5).toString()).toBe('%PDF-');
    await pictures(bidder, 'contract-bidder', theirs);
    await expectAccessible(bidder);
    await bidderContext.close();
  });

  test('an address invited by email declines from its link without an account, with a reason; the owner sees it (decision 0558)', async ({ page, browser }) => {
    const u = unique();
    const ownerEmail = `declines.${u}@buyer-e2e.co.uk`;
    const outside = `outside.${u}@elsewhere-e2e.co.uk`;
    await signUp(page.request, { email: ownerEmail, name: 'Dora Declines' });
    await verifyEmail(page.request, ownerEmail);
    await signIn(page, { email: ownerEmail, password: NEW_PASSWORD });
    const created = await page.request.post('/api/tenders', {
      data: { service: 'Thermographic Surveys', location: 'Bath', type: 'private', title: `Declined ${u}`, inviteEmails: [outside], closingDate: new Date(Date.now() + 2 * 86_400_000).toISOString() },
    });
    expect(created.status(), await created.text()).toBe(201);
    const id = (await created.json()).data.id as string;
    const invitation = await mailTo(outside, /invited to respond to a tender/);
    const link = /https?:\/\/\S+#invite=[\w-]+/.exec(invitation)![0];

    const signedOut = await browser.newContext({ timezoneId: 'America/New_York' });
    const invitee = await signedOut.newPage();
    await invitee.goto(link.replace(/^https?:\/\/[^/]+/, ''));
    const card = invitee.getByRole('region', { name: 'Not taking part?' });
    await card.getByRole('button', { name: 'Decline' }).click();
    await card.getByLabel('Why are you declining?').fill('Outside the area we cover, sorry.');
    await pictures(invitee, 'link-decline', card);
    await expectAccessible(invitee);
    await card.getByRole('button', { name: 'Decline the invitation' }).click();
    const done = invitee.getByText(/You have declined this tender\. \(\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} UK time\)/);
    await expect(done).toBeVisible();
    await pictures(invitee, 'link-declined', done.locator('..'));
    await expectAccessible(invitee);
    await signedOut.close();

    await page.goto(`/tender/${id}`);
    const invitees = page.getByRole('heading', { name: 'Invitees' }).locator('..');
    const row = invitees.getByRole('listitem').filter({ hasText: outside });
    await expect(row.getByText('Declined')).toBeVisible();
    await expect(row.getByText('Reason: Outside the area we cover, sorry.')).toBeVisible();
  });
});
