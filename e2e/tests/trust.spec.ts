import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  FIXTURE_COMPANIES,
  startCompaniesHouseFixture,
  type CompaniesHouseFixture,
} from '../../apps/server/src/features/trust/companies-house-fixture';
import { DEMO, signIn, signUp, unique } from '../support/accounts';
import { expectAccessible, lookAt } from '../support/fixtures';
import { stopProcess } from '../support/processes';
import { pdf } from '../support/tenders';

/**
 * Issue 31's "Done when" in the browser. A second server, started from the journeys' seeded
 * snapshot (it holds the bundled OCDS sample's awards), has COMPANIES_HOUSE_API_KEY/URL pointed at
 * the Companies House fixture the server tests use, run here on 127.0.0.1 (the main journey
 * server keeps checks off, as an offline `npm start` does).
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const mainPort = process.env.E2E_PORT ?? '3100';
const fixturePort = Number(process.env.E2E_CH_FIXTURE_PORT ?? Number(mainPort) + 14);
const port = Number(process.env.E2E_TRUST_PORT ?? Number(mainPort) + 15);
const base = `http://localhost:${port}`;
const dataDir = path.join(root, `.tmp/e2e-trust-data-${port}`);
let server: ChildProcess | undefined;
let companiesHouse: CompaniesHouseFixture | undefined;

/** Brightside Solar (the fixture's 09446231): office CT5 1AB, officer HARTLEY, Morgan James. */
const BRIGHTSIDE = FIXTURE_COMPANIES[0]!;
/** A supplier of the bundled sample with its Companies House id (GB-COH-11393390), awarded by Camden. */
const SAMPLE_SUPPLIER = { number: '11393390', name: 'UBITRICITY DISTRIBUTED ENERGY SYSTEMS UK LTD', buyer: 'THE LONDON BOROUGH OF CAMDEN' };
const WHITSTABLE: [number, number] = [1.0257, 51.3607];
const waitFor = async (check: () => Promise<boolean>, ms: number, what: string) => {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`timed out waiting for ${what}`);
};

/** Verifies an address with the link this server mailed (its outbox is in its own data folder). */
async function verifyEmail(request: APIRequestContext, address: string) {
  const dir = path.join(dataDir, 'outbox');
  let token: string | undefined;
  await waitFor(
    async () => {
      const mail = readdirSync(dir)
        .sort()
        .reverse()
        .map((f) => readFileSync(path.join(dir, f), 'utf8'))
        .find((text) => text.startsWith(`To: ${address}\n`) && /Confirm your email address/.test(text));
      token = mail && /#token=([\w-]+)/.exec(mail)?.[1];
      return Boolean(token);
    },
    10_000,
    `the verification mail to ${address}`,
  );
  expect((await request.post('/api/auth/verify-email', { data: { token } })).status()).toBe(200);
}

/** A verified provider account with its own profile, through the API (sign-up is tested in accounts). */
async function providerWithProfile(request: APIRequestContext, email: string, name: string, profile: Record<string, unknown>) {
  await signUp(request, { email, name });
  await verifyEmail(request, email);
  const res = await request.post('/api/providers', { data: { description: 'Solar PV installation and maintenance (trust journey).', type: 'Installer', ...profile } });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { data: { id: string; slug: string; businessName: string } }).data;
}

/** Desktop and phone: a screenshot each, nothing wider than the window or its card; axe clean (at desktop width). */
async function atBothWidths(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
    expect(widths.scroll, `${name} at ${width} px scrolls sideways`).toBeLessThanOrEqual(widths.client);
    // No control sticks out of its form, or of its card outside a form (a select as wide as its
    // longest option, and a file input as wide as its button and label, did at 390 px).
    const sticking = await page.evaluate(() =>
      Array.from(document.querySelectorAll('input, select, textarea, button')).flatMap((el) => {
        const box = el.getBoundingClientRect();
        const container = el.closest('form') ?? el.closest('.rounded-lg');
        if (!container || box.width === 0) return [];
        const edge = container.getBoundingClientRect();
        return box.left < edge.left - 0.5 || box.right > edge.right + 0.5 ? [el.id || el.getAttribute('name') || el.textContent] : [];
      }),
    );
    expect(sticking, `${name} at ${width} px: controls outside their form or card`).toEqual([]);
    await lookAt(page, `trust-${name}-${width === 390 ? 'mobile' : 'desktop'}`, { fullPage: true });
    if (width === 1280) await expectAccessible(page);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test.describe('trust you can check (issue 31)', () => {
  test.describe.configure({ mode: 'serial' });
  test.use({ baseURL: base });

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    const snapshot = path.join(root, `.tmp/e2e-snapshot-${mainPort}`);
    if (!existsSync(path.join(snapshot, 'pgdata'))) throw new Error(`no journey snapshot at ${snapshot}: the main server seeds it`);
    rmSync(dataDir, { recursive: true, force: true });
    cpSync(snapshot, dataDir, { recursive: true });
    companiesHouse = await startCompaniesHouseFixture({
      port: fixturePort,
      companies: [
        ...FIXTURE_COMPANIES,
        { number: SAMPLE_SUPPLIER.number, name: SAMPLE_SUPPLIER.name, createdOn: '2018-06-08', sicCodes: ['35140'], postcode: 'W1F 9RP', locality: 'London', officers: [{ name: 'SEARLE, Paul' }] },
      ],
    });
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      ADMIN_EMAIL: DEMO.admin.email,
      ADMIN_PASSWORD: DEMO.admin.password,
      COMPANIES_HOUSE_API_KEY: companiesHouse.key,
      COMPANIES_HOUSE_URL: companiesHouse.url,
    };
    delete env.DATABASE_URL;
    server = spawn(process.execPath, [path.join(root, 'apps/server/dist/server.js')], { cwd: root, env, stdio: 'ignore' });
    await waitFor(async () => (await fetch(`${base}/api/health/ready`)).ok, 90_000, 'the trust server');
  });
  test.afterAll(async () => {
    await stopProcess(server);
    await companiesHouse?.close();
  });

  test('checks, a verified accreditation, a review from awarded work with its reply, and public contracts', async ({ page, browser }) => {
    test.setTimeout(150_000);
    const u = unique();

    // The owner of Brightside Solar (an officer at Companies House) makes a profile in Whitstable.
    const ownerEmail = `morgan.${u}@brightside-solar.co.uk`;
    const brightside = await providerWithProfile(page.request, ownerEmail, 'Morgan Hartley', {
      businessName: `Brightside Solar ${u}`,
      services: ['Panel Cleaning'],
      location: 'Whitstable',
      locationCenter: WHITSTABLE,
      serviceRadius: 100,
    });

    // 1. The Companies House number, and the dated checks from the (fixture) register.
    await page.goto(`/providers/${brightside.slug}`);
    await page.getByRole('link', { name: 'Company checks, accreditations and reviews' }).click();
    await expect(page.getByRole('heading', { name: `Checks, accreditations and reviews: ${brightside.businessName}` })).toBeVisible();
    await page.getByLabel('Companies House number').fill(BRIGHTSIDE.number);
    await page.getByRole('button', { name: 'Save and check' }).click();
    const today = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London' }).format(new Date());
    await expect(page.getByText(`Active at Companies House — checked ${today}`)).toBeVisible();
    await expect(page.getByText('The profile owner is an officer of the company')).toBeVisible();
    expect(companiesHouse!.requests.map((r) => r.split('?')[0])).toEqual([`/company/${BRIGHTSIDE.number}`, `/company/${BRIGHTSIDE.number}/officers`]);

    // 2. An MCS certificate, uploaded as a PDF: self-declared until an admin has looked.
    const form = page.getByRole('form', { name: 'Add an accreditation' });
    await form.getByLabel('Accreditation').selectOption({ label: 'MCS – Solar PV' });
    await form.getByLabel('Certificate or membership number').fill(`MCS-${u}`);
    await form.getByLabel('Scope (optional)').fill('Solar PV up to 50 kW');
    await form.getByLabel('Certificate (PDF or image, up to 5 MB)').setInputFiles({ name: 'mcs-certificate.pdf', mimeType: 'application/pdf', buffer: pdf(`MCS ${u}`) });
    await form.getByRole('button', { name: 'Add accreditation' }).click();
    const mine = page.getByRole('list', { name: 'Your accreditations' });
    await expect(mine.getByText('Self-declared')).toBeVisible();
    await expect(mine.getByRole('link', { name: 'mcs-certificate.pdf' })).toBeVisible();
    await atBothWidths(page, 'owner-checks');

    // 3. An admin opens the evidence and verifies it.
    const admin = await (await browser.newContext({ baseURL: base })).newPage();
    await signIn(admin, DEMO.admin); // this server's ADMIN_EMAIL: no route makes an admin
    await admin.goto('/admin?tab=accreditations');
    const queued = admin.getByRole('list', { name: 'Accreditations to verify' }).getByRole('listitem').filter({ hasText: brightside.businessName });
    await expect(queued).toContainText(`No. MCS-${u}`);
    const evidence = await queued.getByRole('link', { name: /Open the evidence/ }).getAttribute('href');
    const file = await admin.request.get(evidence!);
    expect(file.status()).toBe(200);
    expect((await file.body()).toString()).toContain(`MCS ${u}`);
    await atBothWidths(admin, 'admin-accreditations');
    await queued.getByRole('button', { name: 'Verify' }).click();
    await expect(queued).toHaveCount(0);

    // 4. A tender owner awards work to Brightside and reviews it.
    const owner = await (await browser.newContext({ baseURL: base })).newPage();
    const tenderOwnerEmail = `tom.${u}@acme-solar.co.uk`;
    await signUp(owner.request, { email: tenderOwnerEmail, name: 'Tom Tender', type: 'representative' });
    await verifyEmail(owner.request, tenderOwnerEmail);
    const tender = await owner.request.post('/api/tenders', {
      data: { service: 'Panel Cleaning', title: `Panel clean ${u}`, location: 'Whitstable', latitude: WHITSTABLE[1], longitude: WHITSTABLE[0], description: 'Twice-yearly clean of a 2 MW roof array (trust journey).' },
    });
    expect(tender.status(), await tender.text()).toBe(201);
    const tenderId = ((await tender.json()) as { data: { id: string } }).data.id;
    const response = await page.request.put(`/api/tenders/${tenderId}/my-responses`, {
      data: { message: 'Water-fed poles, both visits in a week, report with photos.', priceMinimum: 3200, priceMaximum: 3200, leadTimeDays: 10 },
    });
    expect(response.status(), await response.text()).toBe(200);
    // Award comes after closing (issue 27): the owner closes it early first.
    expect((await owner.request.post(`/api/tenders/${tenderId}/close`, { data: { reason: 'Closed early so the award can follow.' } })).status()).toBe(200);
    await owner.goto(`/tender/${tenderId}/responses`);
    await owner.locator(`[aria-label="Response from ${brightside.businessName}"]`).getByRole('button', { name: 'Award' }).click();
    await owner.getByRole('dialog').getByRole('button', { name: 'Award Tender' }).click();
    await expect(owner.getByText('Tender awarded').first()).toBeVisible();

    await owner.goto('/reviews/write');
    const card = owner.getByRole('heading', { name: brightside.businessName }).locator('xpath=ancestor::div[contains(@class,"rounded")][1]');
    await expect(card).toContainText(`Panel clean ${u}`);
    const reviewForm = card.locator('form');
    await reviewForm.getByRole('group', { name: 'Quality' }).getByLabel('5').check();
    await reviewForm.getByRole('group', { name: 'Value' }).getByLabel('4').check();
    await reviewForm.getByRole('group', { name: 'Reliability' }).getByLabel('5').check();
    await reviewForm.getByLabel('Your review').fill('Turned up on the day agreed, cleaned every row and sent a photo report the same evening.');
    await expectAccessible(owner);
    await reviewForm.getByRole('button', { name: 'Publish review' }).click();
    await expect(owner.getByText(`Your review of ${brightside.businessName} is published.`).first()).toBeVisible();
    // One review per piece of work: the tender leaves the list.
    await expect(card).toHaveCount(0);

    // 5. The provider replies, once.
    await page.goto(`/providers/${brightside.id}/trust`);
    await page.getByRole('button', { name: 'Reply', exact: true }).click();
    await page.getByLabel('Your public reply').fill('Thank you: see you in the spring.');
    await page.getByRole('button', { name: 'Post reply' }).click();
    await expect(page.getByText('Thank you: see you in the spring.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Reply', exact: true })).toHaveCount(0);

    // 6. The rating on the card (the directory filtered on verified MCS), the profile and its JSON-LD.
    const anon = await (await browser.newContext({ baseURL: base })).newPage();
    // The certificate stays private to the owner and admins.
    expect((await anon.request.get(evidence!)).status()).toBe(401);
    expect((await owner.request.get(evidence!)).status()).toBe(403);
    await anon.goto(`/providers?companies=${encodeURIComponent(brightside.businessName)}&accreditations=mcs-solar-pv`);
    const listed = anon.getByTestId('provider-card').filter({ hasText: brightside.businessName });
    await expect(listed.getByTestId('card-rating')).toContainText('out of 5 · 1 review');
    await anon.goto(`/providers/${brightside.slug}`);
    const rating = anon.getByTestId('profile-rating');
    await expect(rating).toContainText('1 verified review');
    await expect(anon.getByText(`Active at Companies House — checked ${today}`)).toBeVisible();
    await expect(anon.getByText(`Verified on ${today}`)).toBeVisible();
    await expect(anon.getByText('Thank you: see you in the spring.')).toBeVisible();
    await expect(anon.getByText(/Tender awarded \d\d\/\d{4}/)).toBeVisible();
    const html = await (await fetch(`${base}/providers/${brightside.slug}`)).text();
    const blocks = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>);
    const business = blocks.find((b) => b.aggregateRating) as { aggregateRating: { ratingValue: number; reviewCount: number } } | undefined;
    expect(business?.aggregateRating.reviewCount).toBe(1);
    await expect(rating).toContainText(business!.aggregateRating.ratingValue.toFixed(1));
    await atBothWidths(anon, 'profile');

    // 7. A supplier of the bundled sample: its owner gives its company number; the profile lists
    //    the award (matched by the identifier in the notice) and the buyer's page shows it.
    const supplierPage = await (await browser.newContext({ baseURL: base })).newPage();
    const supplier = await providerWithProfile(supplierPage.request, `paul.${u}@ubitricity-e2e.co.uk`, 'Paul Searle', {
      businessName: `Ubitricity Charge Points ${u}`,
      services: ['Electrical Maintenance'],
      location: 'London',
    });
    // A similar name alone ties nothing.
    await anon.goto(`/providers/${supplier.slug}`);
    await expect(anon.getByRole('heading', { level: 1, name: supplier.businessName })).toBeVisible();
    await expect(anon.getByRole('heading', { name: 'Public contracts won' })).toHaveCount(0);
    const saved = await supplierPage.request.put(`/api/providers/${supplier.id}/company`, { data: { companyNumber: SAMPLE_SUPPLIER.number, pponId: '' } });
    expect(saved.status(), await saved.text()).toBe(200);
    // A visitor's page is public within the stated bound (HTTP_CACHE.staleBoundSeconds, decision 0430):
    // this browser saw the profile a moment ago, so it may show that copy until the bound has passed.
    // The page's own data is read again once it has loaded: the list must still be there after that.
    await expect(async () => {
      await anon.goto(`/providers/${supplier.slug}`, { waitUntil: 'networkidle' });
      await expect(anon.getByRole('heading', { name: 'Public contracts won' })).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 30_000 });
    const contracts = anon.getByRole('heading', { name: 'Public contracts won' }).locator('xpath=ancestor::div[contains(@class,"rounded")][1]');
    await expect(contracts).toContainText('Operation and Maintenance Support for Lamp Column Electric Vehicle Charge Points');
    await expect(contracts).toContainText('£230,000');
    await contracts.getByRole('link', { name: SAMPLE_SUPPLIER.buyer }).click();
    await expect(anon.getByRole('heading', { level: 1, name: SAMPLE_SUPPLIER.buyer })).toBeVisible();
    await expect(anon.getByText(/To Ubitricity Distributed Energy Systems UK Ltd · £230,000/)).toBeVisible();
    // Suppliers used names the matched profile and links to it.
    await expect(anon.getByRole('link', { name: supplier.businessName })).toHaveAttribute('href', `/providers/${supplier.slug}`);
    await atBothWidths(anon, 'buyer');

    for (const p of [admin, owner, anon, supplierPage]) await p.context().close();
  });
});
