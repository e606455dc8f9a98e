import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, lookAt } from '../../support/fixtures';

async function chooseProduct(page: Page, product: string) {
  const input = page.getByRole('combobox', { name: 'Product' });
  await input.fill(product.slice(0, 8));
  await page.getByRole('option', { name: product, exact: true }).click();
  await expect(page.getByTestId('selected-product')).toHaveText(product);
}

async function addBrand(page: Page, brand: string) {
  await page.getByRole('combobox', { name: 'Brands' }).fill(brand);
  await page.getByRole('option', { name: brand, exact: true }).click();
  await expect(page.getByRole('list', { name: 'Chosen brands' })).toContainText(brand);
}

test.describe('parts search', () => {
  test('panels from two brands with a quantity and a location: products, totals, nearby suppliers, working citations', async ({ page }) => {
    test.setTimeout(90_000);
    await page.goto('/search-parts');
    await expect(page.getByRole('heading', { level: 1, name: 'Search Parts' })).toBeVisible();
    await chooseProduct(page, 'Solar Panels');
    await addBrand(page, 'Jinko Solar');
    await addBrand(page, 'Trina Solar');
    await page.getByLabel('Quantity (optional)').fill('20');
    await page.getByRole('combobox', { name: 'Location (optional)' }).fill('Leeds');
    await page.getByRole('option', { name: 'Leeds, West Yorkshire' }).click();
    await page.getByLabel('Additional specifications (optional)').fill('at least 400 W, monocrystalline');
    await lookAt(page, 'parts-search-form-desktop', { fullPage: true });
    await page.getByRole('button', { name: 'Search Parts' }).click();

    const answer = page.getByTestId('parts-answer');
    await expect(answer.getByRole('heading', { level: 2 })).toHaveText('Solar Panels from Jinko Solar, Trina Solar');
    await expect(answer).toContainText('at least 400 W');
    await expect(answer.getByRole('heading', { name: 'Comparison' })).toBeVisible();
    await expect(answer.getByRole('heading', { name: 'Total for 20 panels' })).toBeVisible();
    await expect(answer).toContainText('kWp');
    await expect(answer.getByRole('heading', { name: 'Suppliers near Leeds, West Yorkshire' })).toBeVisible();
    await expect(answer).toContainText('Northern Solar Wholesale (demo)');
    await expect(answer).toContainText('Pennine Solar Installers (demo)');
    await expect(answer).toContainText('UK Solar Parts Direct (demo)');
    await expect(answer.locator('strong').first()).toBeVisible();

    // Every [n] marker links to a numbered source that exists.
    const markers = answer.locator('a.citation');
    const sources = page.getByRole('region', { name: 'Sources' }).getByRole('listitem');
    const sourceCount = await sources.count();
    expect(sourceCount).toBeGreaterThan(5);
    for (const href of await markers.evaluateAll((as) => as.map((a) => a.getAttribute('href')))) {
      const n = Number(href!.replace('#citation-', ''));
      expect(n).toBeGreaterThanOrEqual(1);
      expect(n).toBeLessThanOrEqual(sourceCount);
    }
    await lookAt(page, 'parts-search-answer-desktop', { fullPage: true });
    await expectAccessible(page);

    await markers.first().click();
    await expect(page.locator('#citation-1')).toBeFocused();

    // A product citation opens its catalogue page.
    const productLink = sources.first().getByRole('link');
    await expect(productLink).toHaveAttribute('href', /^\/parts\//);
    await productLink.click();
    await expect(page).toHaveURL(/\/parts\//);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/Jinko Solar|Trina Solar/);
    await expect(page.getByText('Rated power (STC)')).toBeVisible();
    await lookAt(page, 'parts-product-page-desktop', { fullPage: true });
    await expectAccessible(page);
    await page.goBack();

    // Back shows the same answer again; a supplier citation opens the provider profile.
    await expect(page.getByTestId('selected-product')).toHaveText('Solar Panels');
    await expect(answer).toContainText('Northern Solar Wholesale (demo)');
    const supplier = page.getByRole('region', { name: 'Sources' }).getByRole('link', { name: /\/providers\/northern-solar-wholesale-demo/ });
    await supplier.click();
    await expect(page).toHaveURL(/\/providers\/northern-solar-wholesale-demo/);
    await expect(page.getByRole('heading', { name: 'Northern Solar Wholesale (demo)' }).first()).toBeVisible();
  });

  test('mobile layout, validation and the no-data category', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/search-parts');
    await page.getByRole('button', { name: 'Search Parts' }).click();
    await expect(page.getByText('Please select a product')).toBeVisible();
    await lookAt(page, 'parts-search-validation-mobile', { fullPage: true });
    await chooseProduct(page, 'MC4 Connectors');
    await expect(page.getByText('Please select a product')).toBeHidden();
    await page.getByRole('button', { name: 'Search Parts' }).click();
    const answer = page.getByTestId('parts-answer');
    await expect(answer).toContainText('No product data is held for MC4 Connectors');
    await expect(answer.getByRole('heading', { name: 'Suppliers from the directory' })).toBeVisible();
    await lookAt(page, 'parts-search-answer-mobile', { fullPage: true });
    await expectAccessible(page);
  });

  test("a failed search shows the 'Search Error' toast", async ({ page }) => {
    await page.route('**/api/parts/search', (route) => route.abort('failed'));
    await page.goto('/search-parts');
    await chooseProduct(page, 'Solar Panels');
    await page.getByRole('button', { name: 'Search Parts' }).click();
    const toast = page.getByRole('status').filter({ hasText: 'Search Error' });
    await expect(toast).toContainText('Failed to search for parts');
  });

  test('an answer full of XSS payloads renders inert, with no CSP violation and no off-site request', async ({ page }) => {
    const payloads = [
      '<script>window.__pwned = 1</script>',
      '<img src=x onerror="window.__pwned = 2">',
      '<svg onload="window.__pwned = 3">',
      '<iframe src="javascript:window.__pwned = 4"></iframe>',
      '<a href="javascript:window.__pwned = 5">raw html link</a>',
      '[l1](javascript:window.__pwned=6)',
      '[l2](JaVaScRiPt:window.__pwned=7)',
      '[l3](javascript&#58;window.__pwned=8)',
      '[l4](&#106;avascript:window.__pwned=9)',
      '[l5](java\tscript:window.__pwned=10)',
      '[l6](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
      '[l7](//evil.example/x)',
      '[l8][r]\n\n[r]: javascript:window.__pwned=11',
      '![tracker](https://evil.example/track.png)',
      '![svg](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)',
      '**bold<img src=x onerror="window.__pwned = 12">**',
      '<details open ontoggle="window.__pwned = 13">x</details>',
      '<style>body{display:none}</style>',
      '<math><mtext><table><mglyph><style><img src=x onerror="window.__pwned = 14">',
      '[ok link](https://example.com/safe) and [relative](/providers)',
    ];
    const content = `## XSS corpus\n\n${payloads.map((p, i) => `${p} [${(i % 2) + 1}]`).join('\n\n')}`;
    const citations = ['/parts/x', 'javascript:window.__pwned=99'];
    await page.addInitScript(() => {
      (window as unknown as { __csp: string[] }).__csp = [];
      document.addEventListener('securitypolicyviolation', (e) => (window as unknown as { __csp: string[] }).__csp.push(`${e.violatedDirective} ${e.blockedURI}`));
    });
    const offsite: string[] = [];
    page.on('request', (r) => !r.url().startsWith('http://localhost') && offsite.push(r.url()));
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await page.route('**/api/parts/search', (route) => route.fulfill({ json: { success: true, data: { content, citations } } }));
    await page.goto('/search-parts');
    await chooseProduct(page, 'Solar Panels');
    await page.getByRole('button', { name: 'Search Parts' }).click();
    const answer = page.getByTestId('parts-answer');
    await expect(answer.getByRole('heading', { name: 'XSS corpus' })).toBeVisible();
    await expect(answer).toContainText('<script>window.__pwned = 1</script>'); // shown as text
    // Click every link the answer kept: none may run script.
    for (const link of await answer.locator('a').all()) {
      const href = (await link.getAttribute('href')) ?? '';
      expect(href).toMatch(/^(https?:\/\/|\/(?![/\\])|#)/);
    }
    await answer.locator('a.citation').first().click();
    await page.getByRole('region', { name: 'Sources' }).getByText('javascript:window.__pwned=99').click();
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(await answer.locator('script, iframe, svg, math, style, details, img[src^="http"], img[src^="data:"], [onerror], [onload], [ontoggle]').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp)).toEqual([]);
    expect(offsite).toEqual([]);
    expect(dialogs).toEqual([]);
    await expect(page.locator('body')).toBeVisible();
  });
});
