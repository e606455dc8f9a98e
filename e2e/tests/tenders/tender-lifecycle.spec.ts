import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect as baseExpect, test, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { NEW_PASSWORD, signIn, signUp, unique } from '../../support/accounts';
import { expectAccessible, lookAt } from '../../support/fixtures';
import { mainPort, root, startOwnServer, type OwnServer } from '../../support/own-server';
import { providerAccount } from '../../support/tenders';

/**
 * Issue 27's Done-when journey, whole, in browsers on New York time, on desktop and on a phone: a new
 * owner saves a private draft, edits everything in the draft editor and publishes it to two directory
 * providers and an address outside the platform; the outsider follows the link signed out, registers
 * with the invited address and lands back on the response form; questions and clarifications go into
 * the numbered log; responses with a priced schedule stay sealed (a count only) until the closing time
 * by the server's clock; a colleague declares no conflict and scores against the weighted criteria; the
 * award shows the ranking and writes award and regret letters (PDF); the contract is confirmed after the
 * standstill; each party sees its own outcome first.
 *
 * The closing time and the standstill are passed on a server of the journey's own whose clock is moved
 * (TEST_CLOCK_FILE, decision 0550), and every browser's clock with it, never by waiting. Every screen:
 * axe, no sideways scrolling, pictures (desktop 1280 and 1024 px, phone 390 px) under
 * test-results/screenshots or LIFECYCLE_SHOTS.
 */
// Each step of the cycle writes and mails in one transaction: more time than a page's read.
const expect = baseExpect.configure({ timeout: 30_000 });
const TIMEZONE = 'America/New_York';
const DEVICES = {
  desktop: { viewport: { width: 1280, height: 800 }, widths: [1280, 1024], isMobile: false },
  phone: { viewport: { width: 390, height: 844 }, widths: [390], isMobile: true },
} as const;
type Device = keyof typeof DEVICES;
const basePort = Number(process.env.E2E_LIFECYCLE_PORT ?? Number(mainPort) + 19);
const SHOTS = process.env.LIFECYCLE_SHOTS;

/** The UK calendar date `days` from now (YYYY-MM-DD). */
const ukDate = (days: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date(Date.now() + days * 86_400_000));
const ukClock = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
/** The instant a UK wall-clock time names, in GMT or in BST. */
function ukInstant(date: string, time: string): Date {
  const wall = Date.parse(`${date}T${time}:00Z`);
  const at = [0, 3_600_000].map((offset) => new Date(wall - offset)).find((d) => ukClock.format(d) === time);
  if (!at) throw new Error(`${date} ${time} is not a UK time`);
  return at;
}
/** How the app shows a UK date-time: 01/12/2026 12:00 UK time. */
const shown = (date: string, time: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)} ${time} UK time`;

/** The people of one run, each in a browser of their own, on a server whose clock the journey moves. */
class Cast {
  private contexts: BrowserContext[] = [];
  private offset = 0;
  constructor(
    private browser: Browser,
    private server: OwnServer,
    private device: Device,
    private clockFile: string,
  ) {}

  async person(): Promise<Page> {
    const { viewport, isMobile } = DEVICES[this.device];
    const context = await this.browser.newContext({ baseURL: this.server.base, timezoneId: TIMEZONE, viewport, isMobile, hasTouch: isMobile });
    // An action that cannot happen fails the step, not the whole run's time.
    context.setDefaultTimeout(20_000);
    context.setDefaultNavigationTimeout(30_000);
    // The browser's clock runs with the server's: countdowns and 'ended' read the moved time too.
    await context.clock.install({ time: Date.now() + this.offset });
    this.contexts.push(context);
    return context.newPage();
  }

  /** Moves the server's clock, and every browser's, to `at`. */
  async travelTo(at: Date) {
    this.offset = at.getTime() - Date.now();
    writeFileSync(this.clockFile, String(this.offset));
    for (const context of this.contexts) await context.clock.setSystemTime(new Date(Date.now() + this.offset));
  }

  /** Pictures at this device's widths; none may scroll sideways; axe at the device's own width. */
  async look(page: Page, name: string, part?: Locator) {
    const { viewport, widths } = DEVICES[this.device];
    // Toasts would cover the page; one may leave by itself meanwhile.
    for (const close of await page.getByRole('region', { name: /Notifications/ }).getByRole('button', { name: 'Close' }).all()) await close.click({ timeout: 2000 }).catch(() => {});
    for (const width of widths) {
      await page.setViewportSize({ width, height: viewport.height });
      const file = SHOTS ? path.join(SHOTS, `lifecycle-${name}-${width}.png`) : undefined;
      if (SHOTS) mkdirSync(SHOTS, { recursive: true });
      if (part) {
        await part.evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 90));
        await lookAt(part, `lifecycle-${name}-${width}`, { path: file });
      } else {
        // From the top: the sticky header is drawn where the window stands.
        await page.evaluate(() => window.scrollTo(0, 0));
        await lookAt(page, `lifecycle-${name}-${width}`, { path: file, fullPage: true });
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} at ${width} px scrolls sideways`).toBeLessThanOrEqual(width);
    }
    await page.setViewportSize(viewport);
    await expectAccessible(page);
  }

  async close() {
    for (const context of this.contexts) await context.close().catch(() => {});
  }
}

/** Waits for a browser download and checks it is a PDF. */
async function downloadPdf(page: Page, link: Locator) {
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  const file = await download.path();
  expect(readFileSync(file).subarray(0, 5).toString(), `${download.suggestedFilename()} is a PDF`).toBe('%PDF-');
  return download.suggestedFilename();
}

/** Clicks a directory provider's card in the invite list, loading more providers until it shows. */
async function inviteFromDirectory(page: Page, name: string) {
  const card = page.getByTestId('provider-card').filter({ hasText: name }).first();
  for (let i = 0; i < 20 && !(await card.isVisible()); i++) {
    const more = page.getByRole('button', { name: 'Load More' });
    await expect(more).toBeEnabled();
    await more.click();
  }
  await card.getByRole('button', { name: 'Invite to tender' }).click();
}

/** Fills and sends the response form with a priced schedule; returns the e-receipt's reference. */
async function respondWithPrices(page: Page, message: string, price: string, lead: string, unitPrices: string[], total: string) {
  await page.getByLabel('Your response').fill(message);
  await page.getByLabel('Price (£)').fill(price);
  await page.getByLabel('Lead time', { exact: true }).fill(lead);
  const prices = page.getByLabel('Unit price in pounds');
  for (const [n, unit] of unitPrices.entries()) await prices.nth(n).fill(unit);
  await expect(page.getByText(`Total: ${total}`, { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Submit Response' }).click();
  await expect(page.getByText('Your response has been sent to the tender owner.').first()).toBeVisible();
  const receipt = page.getByRole('region', { name: 'Your e-receipt' });
  await expect(receipt.getByText(/^TR-\d{4}-\d{6}$/)).toBeVisible();
  return (await receipt.getByText(/^TR-\d{4}-\d{6}$/).textContent())!;
}

for (const device of Object.keys(DEVICES) as Device[]) {
  test.describe(`the whole tender cycle on ${device === 'phone' ? 'a phone (390×844)' : 'desktop (1280×800)'}`, () => {
    test.use({ timezoneId: TIMEZONE, viewport: DEVICES[device].viewport });

    test(`draft → edit everything → private to the directory and an outsider → log → sealed priced responses → close by the clock → scores → award with letters → standstill → confirmed (${device})`, async ({ browser }) => {
      test.setTimeout(600_000);
      const port = basePort + (device === 'phone' ? 1 : 0);
      const clockFile = path.join(root, `.tmp/e2e-lifecycle-clock-${port}`);
      mkdirSync(path.dirname(clockFile), { recursive: true });
      writeFileSync(clockFile, '0');
      const booting = Date.now();
      const server = await startOwnServer({ port, name: 'lifecycle', env: { TEST_CLOCK_FILE: clockFile } });
      console.log(`lifecycle: own server ready in ${((Date.now() - booting) / 1000).toFixed(1)} s`);
      const cast = new Cast(browser, server, device, clockFile);
      try {
        await journey(cast, server);
      } finally {
        await cast.close();
        await server.stop();
        rmSync(clockFile, { force: true });
      }
    });
  });
}

async function journey(cast: Cast, server: OwnServer) {
  const started = Date.now();
  const step = (name: string) => console.log(`lifecycle ${((Date.now() - started) / 1000).toFixed(1)} s: ${name}`);
  const u = unique();
  const title = `Thermal surveys ${u}`;
  const ownerEmail = `orla.${u}@buyer-e2e.co.uk`;
  const eveEmail = `eve.${u}@buyer-e2e.co.uk`;
  const outsider = `otto.${u}@newco-e2e.co.uk`;
  const typedDay = ukDate(3);
  const closingDay = ukDate(4);
  const closesAt = ukInstant(closingDay, '12:00');

  // The people: a new owner and a colleague of the same company; two directory providers.
  const owner = await cast.person();
  await signUp(owner.request, { email: eveEmail, name: 'Eve Evaluator' });
  await server.verifyEmail(owner.request, eveEmail);
  await signUp(owner.request, { email: ownerEmail, name: 'Orla Owner' });
  await server.verifyEmail(owner.request, ownerEmail);
  await signIn(owner, { email: ownerEmail, password: NEW_PASSWORD });
  const bea = await cast.person();
  const beaAccount = await providerAccount(bea.request, 'bea', u, server.verifyEmail);
  const cal = await cast.person();
  const calAccount = await providerAccount(cal.request, 'cal', u, server.verifyEmail);

  step('1');
  // 1. A private draft, nobody ticked (issue 27 defects 1 and 2).
  await owner.goto('/list-a-tender');
  await owner.getByLabel('Service required').fill('Panel');
  await owner.getByRole('option', { name: 'Panel Cleaning' }).click();
  await owner.getByRole('combobox', { name: 'Location' }).fill('Bath');
  await owner.getByRole('option', { name: /^Bath/ }).first().click();
  await owner.getByLabel('Description').fill('Three years of thermographic surveys of a 20 MW solar farm (lifecycle e2e).');
  await owner.getByLabel('Title').fill(title);
  await owner.getByRole('radio', { name: /Private tender/ }).check();
  // The file picker's button looks like the form's other buttons, not the browser's grey one (defect 11).
  expect(await owner.getByLabel('Documents').evaluate((el) => getComputedStyle(el, '::file-selector-button').backgroundColor)).toBe('rgb(255, 255, 255)');
  await cast.look(owner, 'new-draft');
  await owner.getByRole('button', { name: 'Save as Draft' }).click();
  await expect(owner.getByText('Draft saved', { exact: true }).first()).toBeVisible();
  await expect(owner.getByText('Private tender launched')).toHaveCount(0);

  step('2');
  // 2. My Tenders: publishing it asks for providers; the draft editor has them.
  await owner.goto('/dashboard?tab=tenders');
  const row = owner.getByRole('group', { name: `Manage ${title}` });
  await row.getByRole('button', { name: 'Publish Tender' }).click();
  await expect(owner.getByText('Select at least one provider to invite')).toBeVisible();
  await cast.look(owner, 'dashboard-draft');
  await row.getByRole('link', { name: 'Edit' }).click();
  await expect(owner.getByRole('heading', { name: 'Edit your draft' })).toBeVisible();
  const id = /\/tender\/([0-9a-f-]{36})\/edit/.exec(owner.url())![1]!;

  step('3');
  // 3. Everything changes in the draft editor: service, place, radius, type, invitees, closing time,
  // criteria with weights and a pricing schedule.
  await owner.getByLabel('Service required').fill('Thermo');
  await owner.getByRole('option', { name: 'Thermographic Surveys' }).click();
  await owner.getByRole('button', { name: 'Clear location' }).click();
  await owner.getByRole('combobox', { name: 'Location' }).fill('Bristol');
  await owner.getByRole('option', { name: /^Bristol/ }).first().click();
  await owner.getByLabel('Search radius').selectOption('300');
  await owner.getByRole('radio', { name: /Open tender/ }).check();
  await expect(owner.getByRole('heading', { name: 'Invite providers' })).toHaveCount(0);
  await owner.getByRole('radio', { name: /Private tender/ }).check();
  // A New York browser, a UK time typed: it closes at 12:00 in the UK (defect 4).
  await owner.getByLabel('Closing date and time (UK time)').fill(`${typedDay}T12:00`);
  await owner.getByRole('button', { name: /^Start from Price 40%/ }).click();
  await owner.getByRole('button', { name: 'Add line' }).click();
  await owner.getByLabel('Line 1 description').fill('Annual thermographic survey');
  await owner.getByLabel('Line 1 quantity').fill('3');
  await owner.getByLabel('Line 1 unit').fill('per year');
  await owner.getByRole('button', { name: 'Add line' }).click();
  await owner.getByLabel('Line 2 description').fill('Drone re-fly of a failed string');
  await owner.getByLabel('Line 2 quantity').fill('2');
  await owner.getByLabel('Line 2 unit').fill('per visit');
  await owner.getByRole('checkbox', { name: 'Optional extra' }).nth(1).check();
  await owner.getByLabel('Invite by email').fill(outsider);
  await inviteFromDirectory(owner, beaAccount.name);
  await inviteFromDirectory(owner, calAccount.name);
  await expect(owner.getByText('2 selected')).toBeVisible();
  await cast.look(owner, 'draft-editor');
  await owner.getByRole('button', { name: 'Save and Publish' }).click();
  // Saved, published (the invitations queued with it), then the tender's page.
  await expect(owner).toHaveURL(new RegExp(`/tender/${id}$`), { timeout: 60_000 });

  step('4');
  // 4. Published as edited; the typed 12:00 closes at 12:00 UK time, and the Extend dialog starts there.
  const tender = (await (await owner.request.get(`/api/tenders/${id}`)).json()).data;
  expect(tender).toMatchObject({ service: 'Thermographic Surveys', type: 'private', searchRadius: 300, stage: 'active', closingDate: ukInstant(typedDay, '12:00').toISOString() });
  expect(tender.location).toMatch(/^Bristol/);
  const panel = owner.getByRole('heading', { name: 'Manage your tender' }).locator('xpath=../..');
  await expect(panel.getByText(shown(typedDay, '12:00'))).toBeVisible();
  await expect(owner.getByRole('list', { name: 'Evaluation criteria' }).getByRole('listitem')).toHaveCount(4);

  // The invitations: the directory's name the tender and its closing date; the outsider's is a link.
  await server.mailTo(beaAccount.email, new RegExp(`^Invitation to tender: ${title}, closes`));
  await server.mailTo(calAccount.email, new RegExp(`^Invitation to tender: ${title}`));
  const invite = await server.mailTo(outsider, /You are invited to respond to a tender/);
  const link = /https?:\/\/[^/\s]+(\/tender\/[0-9a-f-]{36}\/respond#invite=[\w-]+)/.exec(invite)![1]!;

  await panel.getByRole('button', { name: 'Extend Closing Date' }).click();
  const extend = owner.getByRole('dialog', { name: 'Extend the closing date' });
  await expect(extend.getByLabel('New closing date and time (UK time)')).toHaveValue(`${typedDay}T12:00`);
  await cast.look(owner, 'extend-dialog', extend);
  await extend.getByLabel('New closing date and time (UK time)').fill(`${closingDay}T12:00`);
  await extend.getByRole('button', { name: 'Extend', exact: true }).click();
  await expect(extend).toHaveCount(0);
  await expect(panel.getByText(shown(closingDay, '12:00'))).toBeVisible();
  // Everyone invited is told, the address outside the platform too (defect 3).
  await server.mailTo(outsider, new RegExp(`Closing date extended: ${title}`));
  await cast.look(owner, 'owner-tender');

  step('5');
  // 5. Cal declines with a reason; Bea intends to respond and asks a question (CL-001, private).
  await cal.goto(`/tender/${id}`);
  const calIntent = cal.getByRole('heading', { name: 'Will you respond?' }).locator('..');
  await calIntent.getByRole('button', { name: 'Decline' }).click();
  const decline = cal.getByRole('dialog', { name: 'Decline this tender' });
  await decline.getByLabel('Why are you declining?').fill('Our drone crews are booked all winter.');
  await decline.getByRole('button', { name: 'Decline' }).click();
  await expect(calIntent.getByText('You have declined this tender.')).toBeVisible();
  await bea.goto(`/tender/${id}`);
  await expect(bea.getByText(shown(closingDay, '12:00')).first()).toBeVisible();
  await bea.getByRole('button', { name: 'I intend to respond' }).click();
  await expect(bea.getByText('You have told the buyer you intend to respond.')).toBeVisible();
  await bea.getByLabel('Ask the buyer a question').fill('Is the inverter room in scope?');
  await bea.getByRole('button', { name: 'Ask question' }).click();
  await expect(bea.locator('#clarification-log').getByRole('heading', { name: 'CL-001' })).toBeVisible();
  await cast.look(bea, 'invitee-tender');

  step('6');
  // 6. The owner replies and publishes it, then publishes a clarification to all (CL-002).
  await owner.reload();
  const log = owner.locator('#clarification-log');
  await log.getByLabel('Reply to CL-001').fill('Yes: the two inverter rooms are in scope.');
  await log.getByRole('button', { name: 'Reply and publish to all' }).click();
  // What becomes public is shown first and confirmed (decision 0558).
  await owner.getByRole('dialog', { name: 'Publish CL-001 to everyone?' }).getByRole('button', { name: 'Publish the thread' }).click();
  await expect(log.getByText('Published to all')).toBeVisible();
  await log.getByLabel('Publish a clarification to everyone taking part').fill('Site access is from the north gate only; bring photo ID.');
  await log.getByRole('button', { name: 'Publish to all' }).click();
  await expect(log.getByRole('heading', { name: 'CL-002' })).toBeVisible();
  await cast.look(owner, 'log-owner', log);
  await server.mailTo(beaAccount.email, new RegExp(`Clarification CL-001 published: ${title}`));

  step('7');
  // 7. Bea responds with the priced schedule and gets an e-receipt.
  await bea.goto(`/tender/${id}/respond`);
  await respondWithPrices(bea, 'Drone thermography of every string each year, IEC 62446-3 reports.', '£21,000', '30 days', ['£7,000', '£600'], '£21,000');
  await cast.look(bea, 'bea-respond');

  step('8');
  // 8. The outsider follows the link signed out: the tender, its buyer and deadline; registers with the
  // invited address, makes a profile and lands back on the response form (defect 10).
  const otto = await cast.person();
  await otto.goto(link);
  await expect(otto.getByRole('heading', { name: title })).toBeVisible();
  await expect(otto.getByText('Acme Solar Ltd')).toBeVisible();
  await expect(otto.getByText(shown(closingDay, '12:00'))).toBeVisible();
  await cast.look(otto, 'invite-landing');
  await otto.getByRole('link', { name: 'Create an account' }).click();
  await expect(otto.getByLabel('Business email')).toHaveValue(outsider);
  await otto.getByLabel('Full name').fill('Otto Outsider');
  await otto.getByLabel('Company name').fill('NewCo Thermal Ltd');
  await otto.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
  await otto.getByLabel('Confirm password').fill(NEW_PASSWORD);
  await otto.getByRole('button', { name: 'Create account' }).click();
  await expect(otto).toHaveURL(new RegExp(`/tender/${id}/respond$`));
  await expect(otto.getByText('You need a provider profile to respond to a tender.')).toBeVisible();
  await otto.getByRole('link', { name: 'Create a business profile' }).click();
  const ottoName = `NewCo Thermal ${u}`;
  await otto.getByLabel('Business name').fill(ottoName);
  await otto.getByLabel('Provider type').selectOption('O&M Provider');
  await otto.getByLabel('Description').fill('Thermographic surveys, new to the directory (lifecycle e2e).');
  await otto.getByRole('combobox', { name: 'Services' }).fill('Thermo');
  await otto.getByRole('option', { name: 'Thermographic Surveys' }).click();
  await otto.getByRole('combobox', { name: /Location/ }).fill('Bath');
  await otto.getByRole('option', { name: /^Bath/ }).first().click();
  await otto.getByRole('button', { name: 'Create Profile' }).click();
  await expect(otto).toHaveURL(new RegExp(`/tender/${id}/respond$`));
  await respondWithPrices(otto, 'A new firm with a keen price: three surveys, reports within a week.', '£20,400', '6 weeks', ['£6,800', '£500'], '£20,400');
  await otto.goto(`/tender/${id}`);
  await expect(otto.locator('#clarification-log').getByText('Yes: the two inverter rooms are in scope.')).toBeVisible();
  await expect(otto.locator('#clarification-log').getByText('Site access is from the north gate only; bring photo ID.')).toBeVisible();
  await cast.look(otto, 'outsider-tender');

  step('9');
  // 9. Sealed until the closing time: the owner sees how many, not who or what; invites an evaluator.
  await owner.goto(`/tender/${id}/responses`);
  const sealed = owner.getByRole('heading', { name: 'Responses are sealed until the closing time' }).locator('..');
  await expect(sealed.getByText('2 responses received so far')).toBeVisible();
  await expect(owner.getByText(beaAccount.name)).toHaveCount(0);
  await expect(owner.getByText('£21,000')).toHaveCount(0);
  await owner.getByLabel('Invite an evaluator by email').fill(eveEmail);
  await owner.getByRole('button', { name: 'Invite', exact: true }).click();
  await expect(owner.getByText('Declaration not made yet')).toBeVisible();
  await cast.look(owner, 'sealed');

  step('10');
  // 10. The closing time passes by the server's clock: the responses open.
  await cast.travelTo(new Date(closesAt.getTime() + 2 * 60_000));
  await owner.reload();
  await expect(owner.locator(`[aria-label="Response from ${beaAccount.name}"]`)).toBeVisible();
  await expect(owner.getByText('£21,000').first()).toBeVisible();

  step('11');
  // 11. The colleague declares no conflict of interest, then scores against the weighted criteria.
  const eve = await cast.person();
  await signIn(eve, { email: eveEmail, password: NEW_PASSWORD });
  await eve.goto('/dashboard?tab=tenders');
  await eve.getByRole('link', { name: 'Make your declaration' }).click();
  await expect(eve.getByRole('heading', { name: 'Conflict of interest declaration' })).toBeVisible();
  await cast.look(eve, 'declaration');
  await eve.getByRole('checkbox').check();
  await eve.getByRole('button', { name: 'Make the declaration' }).click();
  const scores = { [beaAccount.name]: ['8', '7', '7', '6'], [ottoName]: ['7', '5', '4', '5'] };
  for (const [name, marks] of Object.entries(scores)) {
    const sheet = eve.getByRole('region', { name: new RegExp(`^Response from ${name}`) });
    for (const [n, criterion] of ['Price', 'Method', 'Experience', 'Social value'].entries()) {
      await sheet.getByLabel(`Score for ${criterion}, 0 to 10`).selectOption(marks[n]!);
    }
    await sheet.getByLabel('Comment on Method').fill(name === beaAccount.name ? 'A named team and a clear method.' : 'Method thin on reporting.');
    // An evaluator's own scores stay on the sheet; the totals are the owner's to see.
    const [saved] = await Promise.all([
      eve.waitForResponse((r) => /\/responses\/[0-9a-f-]{36}\/scores$/.test(new URL(r.url()).pathname) && r.request().method() !== 'GET'),
      sheet.getByRole('button', { name: 'Save scores' }).click(),
    ]);
    expect(saved.status(), await saved.text()).toBe(200);
  }
  await cast.look(eve, 'scoring');

  step('12');
  // 12. The award: the ranking in the dialog, feedback to each, letters written.
  await owner.goto(`/tender/${id}/responses`);
  const ranking = owner.getByRole('list', { name: 'Ranking by weighted score' });
  await expect(ranking.getByRole('listitem').first()).toContainText(beaAccount.name);
  await cast.look(owner, 'compare');
  await owner.locator(`[aria-label="Response from ${beaAccount.name}"]`).getByRole('button', { name: 'Award' }).click();
  const award = owner.getByRole('dialog', { name: `Award the tender to ${beaAccount.name}?` });
  await expect(award.getByText('The ranking by weighted score')).toBeVisible();
  await award.getByLabel(`Feedback to ${beaAccount.name} (winner)`).fill('The clearest method at a fair price.');
  await award.getByLabel(`Feedback to ${ottoName}`).fill('A keen price; the reporting method scored lower.');
  await cast.look(owner, 'award-dialog', award);
  await award.getByRole('button', { name: 'Award Tender' }).click();
  await expect(owner.getByText('Tender awarded').first()).toBeVisible();

  step('13');
  // 13. Standstill: no confirming yet; the owner downloads both letters.
  await owner.goto(`/tender/${id}`);
  const contract = owner.getByRole('heading', { name: 'Contract', exact: true }).locator('xpath=ancestor::*[contains(@class,"p-6")][1]');
  await expect(contract.getByText('Awarded – in standstill')).toBeVisible();
  await expect(contract.getByRole('button', { name: 'Confirm contract' })).toHaveCount(0);
  expect(await downloadPdf(owner, contract.getByRole('link', { name: new RegExp(`Award letter: ${beaAccount.name}`) }))).toMatch(/^award-letter-.+\.pdf$/);
  expect(await downloadPdf(owner, contract.getByRole('link', { name: new RegExp(`Regret letter: ${ottoName}`) }))).toMatch(/^regret-letter-.+\.pdf$/);
  await cast.look(owner, 'standstill');

  step('14');
  // 14. Each party sees its own outcome first, and its own letter only.
  await server.mailTo(beaAccount.email, new RegExp(`Your response won the tender: ${title}`));
  await server.mailTo(outsider, new RegExp(`Tender outcome: ${title}`));
  await bea.goto(`/tender/${id}`);
  await expect(bea.getByRole('main').getByRole('status').first()).toContainText('You won this tender');
  const beaContract = bea.getByRole('heading', { name: 'Contract', exact: true }).locator('xpath=ancestor::*[contains(@class,"p-6")][1]');
  await expect(beaContract.getByRole('link', { name: /letter/ })).toHaveCount(1);
  await downloadPdf(bea, beaContract.getByRole('link', { name: new RegExp(`Award letter: ${beaAccount.name}`) }));
  await cast.look(bea, 'winner');
  await otto.goto(`/tender/${id}`);
  await expect(otto.getByRole('main').getByRole('status').first()).toContainText('Your response was unsuccessful');
  await downloadPdf(otto, otto.getByRole('link', { name: new RegExp(`Regret letter: ${ottoName}`) }));
  await cast.look(otto, 'unsuccessful');
  await otto.goto('/dashboard?tab=tenders');
  await expect(otto.getByRole('listitem').filter({ hasText: title }).getByText('Unsuccessful').first()).toBeVisible();
  await bea.goto('/dashboard?tab=tenders');
  await expect(bea.getByRole('listitem').filter({ hasText: title }).getByText('Won').first()).toBeVisible();
  await cast.look(bea, 'winner-dashboard');

  step('15');
  // 15. The standstill ends by the server's clock (sessions idle that long have ended: sign in again);
  // the owner confirms the contract and the winner is told.
  const ends = new Date((await (await owner.request.get(`/api/tenders/${id}/contract`)).json()).data.standstillEndsAt);
  await cast.travelTo(new Date(ends.getTime() + 60_000));
  await signIn(owner, { email: ownerEmail, password: NEW_PASSWORD });
  await owner.goto(`/tender/${id}`);
  await contract.getByRole('button', { name: 'Confirm contract' }).click();
  await owner.getByRole('dialog', { name: 'Confirm the contract?' }).getByRole('button', { name: 'Confirm contract' }).click();
  await expect(contract.getByText('Contract confirmed', { exact: true })).toBeVisible();
  await server.mailTo(beaAccount.email, new RegExp(`Contract confirmed: ${title}`));
  await cast.look(owner, 'confirmed');
  step('done');
}
