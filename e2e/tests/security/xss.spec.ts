import type { Page } from '@playwright/test';
import { lookAt } from '../../support/fixtures';
import { expect, test } from '../../support/users';
import { XSS_CORPUS, XSS_MARKER } from './corpus.mjs';

/**
 * docs/security.md#input-output-uploads: the XSS corpus through every place that renders user or imported text (profiles,
 * tenders, OCDS notices, parts answers) in Chromium: inert, no CSP violation, no request off site.
 * The OCDS notice and the answer service need the server of `npm run test:security`
 * (e2e/scripts/serve-security.mjs, XSS_FULL=1); the rest also runs in the normal e2e run.
 */
const full = process.env.XSS_FULL === '1';
const hostile = XSS_CORPUS.join('\n');

interface Watch {
  dialogs: string[];
  offsite: string[];
}

async function watch(page: Page): Promise<Watch> {
  const w: Watch = { dialogs: [], offsite: [] };
  await page.addInitScript(() => {
    const win = window as unknown as { __csp: string[]; __xss: number };
    win.__csp = [];
    win.__xss = 0;
    document.addEventListener('securitypolicyviolation', (e) => win.__csp.push(`${e.violatedDirective} ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber}:${e.columnNumber} ${e.sample}`));
  });
  page.on('dialog', (d) => {
    w.dialogs.push(d.message());
    void d.dismiss();
  });
  page.on('request', (r) => {
    const host = new URL(r.url()).hostname;
    if (host !== 'localhost' && host !== '127.0.0.1') w.offsite.push(r.url());
  });
  return w;
}

async function expectInert(page: Page, w: Watch, label: string) {
  await page.waitForTimeout(300); // let any handler that slipped through fire
  const state = await page.evaluate(() => {
    const win = window as unknown as { __csp: string[]; __xss: number };
    const bad: string[] = [];
    for (const el of Array.from(document.querySelectorAll('*'))) {
      for (const a of Array.from(el.attributes)) {
        const value = a.value.replace(/[\s\u0000-\u001f]/g, '').toLowerCase();
        if (/^on/i.test(a.name)) bad.push(`${el.tagName} ${a.name}`);
        if (/^(href|src|action|formaction|xlink:href|data)$/i.test(a.name) && /^(javascript|vbscript|data:text)/.test(value)) bad.push(`${el.tagName} ${a.name}=${a.value}`);
        if (/^(src|href)$/i.test(a.name) && value.includes('evil.example')) bad.push(`${el.tagName} ${a.name}=${a.value}`);
      }
      if (['IFRAME', 'OBJECT', 'EMBED', 'FORM'].includes(el.tagName) && el.outerHTML.includes('evil')) bad.push(el.tagName);
      // Data blocks (the app's configuration, a rendered page's query cache and JSON-LD, decision
      // 0370) never run; a `<` in one could close its element, so the server escapes every one.
      const dataBlock = ['application/json', 'application/ld+json'].includes((el as HTMLScriptElement).type);
      if (el.tagName === 'SCRIPT' && !(el as HTMLScriptElement).src && !dataBlock) bad.push('inline script');
      if (el.tagName === 'SCRIPT' && dataBlock && el.textContent?.includes('<')) bad.push(`markup in a data block: ${el.textContent.slice(0, 80)}`);
      if (el.tagName === 'STYLE' && el.textContent?.includes('display:none')) bad.push('style');
    }
    return { csp: win.__csp, xss: win.__xss, bad };
  });
  expect(w.dialogs, `${label}: dialogs`).toEqual([]);
  expect(state.xss, `${label}: a payload ran`).toBe(0);
  expect(state.csp, `${label}: CSP violations`).toEqual([]);
  expect(state.bad, `${label}: live markup from the corpus`).toEqual([]);
  expect(w.offsite, `${label}: requests off site`).toEqual([]);
}

test.describe('XSS corpus', () => {
  test('profiles and tenders written by a user render inert', async ({ page, provider: author }) => {
    test.setTimeout(60_000);
    const w = await watch(page);
    await page.goto('/');
    const login = await page.request.post('/api/auth/login', { data: { email: author.email, password: author.password } });
    expect(login.status()).toBe(200);

    // Links must be http(s): every hostile spelling is refused on the server.
    for (const website of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', ' javascript:alert(1)', 'data:text/html,<script>alert(1)</script>']) {
      const res = await page.request.post('/api/providers', {
        data: { businessName: `Bad link ${Math.random()}`, description: 'A provider with a bad link.', services: ['Panel Cleaning'], location: 'Leeds', type: 'Installer', website },
      });
      expect(res.status(), website).toBe(400);
    }

    const name = `${XSS_MARKER} <img src=x onerror="window.__xss=1;alert(1)"> Solar ${Date.now()}`;
    const created = await page.request.post('/api/providers', {
      data: {
        businessName: name,
        description: `${XSS_MARKER} ${hostile}`,
        services: ['Panel Cleaning', '<script>alert(1)</script>'],
        location: 'Leeds <svg onload=alert(1)>',
        type: 'Installer <img src=x onerror=alert(1)>',
        phone: '<img src=x onerror=alert(1)>',
        certifications: ['<a href="javascript:alert(1)">cert</a>'],
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const provider = (await created.json()).data;

    await page.goto(`/providers/${provider.slug}`);
    await expect(page.getByText(XSS_MARKER).first()).toBeVisible();
    await expect(page.getByText('<img src=x onerror').first()).toBeVisible(); // shown as text
    await lookAt(page, 'security-xss-profile', { fullPage: true });
    await expectInert(page, w, 'profile');

    await page.goto(`/providers?companies=${encodeURIComponent(name)}`);
    await page.waitForLoadState('networkidle');
    await expectInert(page, w, 'directory');

    const tender = await page.request.post('/api/tenders', {
      data: { service: 'Panel Cleaning', title: `${XSS_MARKER} <script>alert(1)</script> tender`, description: hostile, location: 'Leeds <img src=x onerror=alert(1)>' },
    });
    expect(tender.status(), await tender.text()).toBe(201);
    const tenderId = (await tender.json()).data.id;
    await page.goto(`/tender/${tenderId}`);
    await expect(page.getByText(XSS_MARKER).first()).toBeVisible();
    await lookAt(page, 'security-xss-tender', { fullPage: true });
    await expectInert(page, w, 'tender');
    await page.goto('/explore-tenders');
    await page.waitForLoadState('networkidle');
    await expectInert(page, w, 'explore tenders');
    await page.goto('/dashboard');
    await page.waitForLoadState('networkidle');
    await expectInert(page, w, 'dashboard');
  });

  test('an imported OCDS notice renders inert', async ({ page }) => {
    test.skip(!full, 'needs the server of npm run test:security');
    const w = await watch(page);
    let found: { id: string; title: string } | undefined;
    for (let p = 1; p <= 30 && !found; p++) {
      const list = await page.request.get(`/api/tenders/public?status=all&source=all&limit=50&page=${p}`);
      const data = ((await list.json()).data ?? []) as Array<{ id: string; title: string }>;
      if (data.length === 0) break;
      found = data.find((t) => t.title.includes(XSS_MARKER));
    }
    expect(found, 'the hostile notice was imported').toBeTruthy();
    await page.goto(`/tender/${found!.id}`);
    await expect(page.getByText(XSS_MARKER).first()).toBeVisible();
    await lookAt(page, 'security-xss-ocds', { fullPage: true });
    await expectInert(page, w, 'OCDS notice');
  });

  test('a parts answer from the answer service renders inert', async ({ page }) => {
    test.skip(!full, 'needs the fake answer service of npm run test:security');
    const w = await watch(page);
    await page.goto('/search-parts');
    const input = page.getByRole('combobox', { name: 'Product' });
    await input.fill('Solar Pa');
    await page.getByRole('option', { name: 'Solar Panels', exact: true }).click();
    await page.getByRole('button', { name: 'Search Parts' }).click();
    const answer = page.getByTestId('parts-answer');
    await expect(answer).toContainText(XSS_MARKER);
    await lookAt(page, 'security-xss-parts-answer', { fullPage: true });
    await expectInert(page, w, 'parts answer');
    const links = await answer.locator('a').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
    for (const href of links) expect(href, 'answer links are relative or http(s)').toMatch(/^(\/|#|https?:\/\/)/);
  });
});
