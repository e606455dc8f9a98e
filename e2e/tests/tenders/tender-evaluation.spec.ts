import { mkdirSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { signIn, signUp, unique, verifyEmail, NEW_PASSWORD } from '../../support/accounts';
import { expectAccessible, lookAt } from '../../support/fixtures';
import { pdf, providerAccount } from '../../support/tenders';

/**
 * Issue 27 part B end to end, in a browser on New York time: the owner lists a tender with weighted
 * criteria and a pricing schedule, invites a colleague to evaluate, a provider prices the schedule,
 * the tender closes, the colleague declares no conflict and scores, the owner scores, compares by
 * rank and schedule total and sees the ranking in the award dialog. Pictures at 390, 1024 and
 * 1280 px; no sideways scrolling; axe on every screen.
 */
test.use({ timezoneId: 'America/New_York' });

const SHOTS = process.env.SCORING_SHOTS;
async function pictures(page: Page, name: string, part?: Locator) {
  for (const width of [1280, 1024, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    for (const close of await page.getByRole('region', { name: /Notifications/ }).getByRole('button', { name: 'Close' }).all()) await close.click();
    const path = SHOTS ? `${SHOTS}/${name}-${width}.png` : undefined;
    if (SHOTS) mkdirSync(SHOTS, { recursive: true });
    if (part) {
      await part.evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 90));
      await lookAt(part, `evaluation-${name}-${width}`, { path });
    } else await lookAt(page, `evaluation-${name}-${width}`, { path, fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} at ${width} px scrolls sideways`).toBeLessThanOrEqual(width);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test.describe('evaluating a tender', () => {
  test.setTimeout(180_000);

  test('criteria and a pricing schedule on the brief, an evaluator who declares, scores after closing and the ranking at the award', async ({ page, browser }) => {
    const u = unique();
    const ownerEmail = `owner.${u}@buyer-e2e.co.uk`;
    const eveEmail = `eve.${u}@buyer-e2e.co.uk`;
    await signUp(page.request, { email: eveEmail, name: 'Eve Evaluator' });
    await verifyEmail(page.request, eveEmail);
    await signUp(page.request, { email: ownerEmail, name: 'Orla Owner' });
    await verifyEmail(page.request, ownerEmail);
    await signIn(page, { email: ownerEmail, password: NEW_PASSWORD });

    // The brief with its criteria and pricing schedule.
    await page.goto('/list-a-tender');
    await page.getByLabel('Service required').fill('Thermo');
    await page.getByRole('option', { name: 'Thermographic Surveys' }).click();
    await page.getByRole('combobox', { name: 'Location' }).fill('Bristol');
    await page.getByRole('option', { name: /^Bristol/ }).first().click();
    await page.getByLabel('Description').fill('Three years of thermographic surveys and O&M (evaluation e2e).');
    await page.getByLabel('Title').fill(`Evaluated ${u}`);
    await page.getByRole('button', { name: /^Start from Price 40%/ }).click();
    await page.getByLabel('Criterion 4 weight in per cent').fill('5');
    await page.getByRole('button', { name: 'Launch Tender', exact: true }).click();
    await expect(page.getByText('The weights must add up to 100%: they add up to 95%')).toBeVisible();
    await page.getByLabel('Criterion 4 weight in per cent').fill('10');
    await page.getByRole('button', { name: 'Add line' }).click();
    await page.getByLabel('Line 1 description').fill('Operations and maintenance');
    await page.getByLabel('Line 1 quantity').fill('3');
    await page.getByLabel('Line 1 unit').fill('per year');
    await page.getByRole('button', { name: 'Add line' }).click();
    await page.getByLabel('Line 2 description').fill('Drone survey');
    await page.getByLabel('Line 2 quantity').fill('2');
    await page.getByLabel('Line 2 unit').fill('per visit');
    await page.getByRole('checkbox', { name: 'Optional extra' }).nth(1).check();
    await pictures(page, 'form-plan', page.getByRole('region', { name: 'Evaluation criteria' }));
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Launch Tender', exact: true }).click();
    await expect(page.getByText('Tender launched').first()).toBeVisible();
    const id = (await page.getByRole('link', { name: 'View your tender' }).getAttribute('href'))!.split('/tender/')[1]!;

    await page.goto(`/tender/${id}`);
    const plan = page.getByRole('heading', { name: 'How responses will be evaluated' });
    await expect(plan).toBeVisible();
    await expect(page.getByRole('list', { name: 'Evaluation criteria' }).getByRole('listitem')).toHaveCount(4);
    await pictures(page, 'tender-plan', plan.locator('xpath=..'));
    await expectAccessible(page);

    // The evaluator, before any response.
    await page.goto(`/tender/${id}/responses`);
    await page.getByLabel('Invite an evaluator by email').fill(eveEmail);
    await page.getByRole('button', { name: 'Invite', exact: true }).click();
    await expect(page.getByText('Declaration not made yet')).toBeVisible();
    await expect(page.getByText(/Scores and priced schedules are sealed until the closing date/)).toBeVisible();
    await pictures(page, 'compare-sealed');
    await expectAccessible(page);

    // A provider prices the schedule on the response form.
    const providerContext = await browser.newContext({ timezoneId: 'America/New_York' });
    const provider = await providerContext.newPage();
    await providerAccount(provider.request, 'rita', u);
    await provider.goto(`/tender/${id}/respond`);
    await provider.getByLabel('Your response').fill('Three annual surveys with a report each, drone optional.');
    await provider.getByLabel('Price (£)').fill('£36,000');
    await provider.getByLabel('Lead time', { exact: true }).fill('30 days');
    const prices = provider.getByLabel('Unit price in pounds');
    await prices.nth(0).fill('£12,000');
    await prices.nth(1).fill('£750');
    await expect(provider.getByText('Total: £36,000', { exact: true })).toBeVisible();
    await pictures(provider, 'respond-pricing', provider.getByRole('group', { name: 'Pricing schedule' }));
    await expectAccessible(provider);
    await provider.getByRole('button', { name: 'Submit Response' }).click();
    await expect(provider.getByText('Your response has been sent to the tender owner.').first()).toBeVisible();
    await expect.poll(async () => (await (await provider.request.get(`/api/tenders/${id}/my-responses`)).json()).data.responses.length).toBe(1);
    // Its method statement, for the evaluator to read after the closing time (decision 0557).
    const responseId = (await (await provider.request.get(`/api/tenders/${id}/my-responses`)).json()).data.responses[0].id as string;
    const attached = await provider.request.post(`/api/tenders/${id}/responses/${responseId}/attachments`, {
      multipart: { files: { name: 'rita-method-statement.pdf', mimeType: 'application/pdf', buffer: pdf(`method ${u}`) } },
    });
    expect(attached.status(), await attached.text()).toBe(201);

    // Closed early by the owner; the colleague declares and scores.
    expect((await page.request.post(`/api/tenders/${id}/close`, { data: { reason: 'Every invited provider has responded.' } })).status()).toBe(200);
    const eveContext = await browser.newContext({ timezoneId: 'America/New_York' });
    const eve = await eveContext.newPage();
    await signIn(eve, { email: eveEmail, password: NEW_PASSWORD });
    await eve.goto('/dashboard?tab=tenders');
    await eve.getByRole('link', { name: 'Make your declaration' }).click();
    await expect(eve.getByRole('heading', { name: 'Conflict of interest declaration' })).toBeVisible();
    await pictures(eve, 'declaration');
    await expectAccessible(eve);
    await eve.getByRole('checkbox').check();
    await eve.getByRole('button', { name: 'Make the declaration' }).click();
    const card = eve.getByRole('region', { name: /^Response from Rita Thermal/ });
    await expect(card).toBeVisible();
    const file = card.getByRole('link', { name: /rita-method-statement\.pdf/ });
    await expect(file).toBeVisible();
    const download = await eve.request.get((await file.getAttribute('href'))!);
    expect(download.status()).toBe(200);
    expect((await download.body()).toString()).toContain(`method ${u}`);
    for (const [criterion, score] of [['Price', '8'], ['Method', '6'], ['Experience', '7'], ['Social value', '5']] as const) {
      await card.getByLabel(`Score for ${criterion}, 0 to 10`).selectOption(score);
    }
    await card.getByLabel('Comment on Method').fill('Clear, but no named team.');
    await card.getByRole('button', { name: 'Save scores' }).click();
    await expect(eve.getByText('Scores saved.').first()).toBeVisible();
    await pictures(eve, 'scoring-sheet');
    await expectAccessible(eve);

    // The owner scores too, then compares and opens the award dialog.
    await page.goto(`/tender/${id}/evaluate`);
    const mine = page.getByRole('region', { name: /^Response from Rita Thermal/ });
    for (const [criterion, score] of [['Price', '6'], ['Method', '8'], ['Experience', '7'], ['Social value', '5']] as const) {
      await mine.getByLabel(`Score for ${criterion}, 0 to 10`).selectOption(score);
    }
    await mine.getByRole('button', { name: 'Save scores' }).click();
    await expect(mine.getByText('68 / 100 · rank 1')).toBeVisible();
    await page.goto(`/tender/${id}/responses`);
    const ranking = page.getByRole('list', { name: 'Ranking by weighted score' });
    await expect(ranking.getByRole('listitem').first()).toContainText('68 / 100 · £36,000 (+ £1,500 optional)');
    await page.getByLabel('Sort by').selectOption('Schedule total, lowest first');
    await pictures(page, 'compare-ranked');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Award', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('The ranking by weighted score')).toBeVisible();
    await pictures(page, 'award-dialog', dialog);
    await expectAccessible(page);
    await providerContext.close();
    await eveContext.close();
  });
});
