import { publicCacheControl } from '../../../plugins/http-cache';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brotliDecompressSync } from 'node:zlib';
import { createTestApp, signedInUser, type TestApp } from '../../../../test/harness';
import { insertProvider } from '../../../../test/fixtures/providers';
import { addTender } from '../../tenders/test/helpers';
import { expectSchemaOrg } from './schema-org';
import { parseHtml, serverEntryDir, webShellDir } from './render-setup';

const PUBLIC_URL = 'https://solar.example';

/**
 * Issue 20: public pages arrive as real HTML. Each page type is requested as a crawler without
 * JavaScript would (app.inject, no script runs) from the built server entry: its content, its own
 * title and description, a canonical address from PUBLIC_URL (never the Host header), preview tags,
 * JSON-LD valid for its schema.org types, the noindex rules, and private tenders staying 404.
 */
describe('server-rendered public pages', () => {
  let t: TestApp;
  let shell: string;
  let owner: Awaited<ReturnType<typeof signedInUser>>;
  let profile: { id: string; slug: string };
  let thin: { id: string; slug: string };
  let described: { id: string; slug: string };
  let openTender: string;
  let privateTender: string;
  let closedTender: string;

  beforeAll(async () => {
    shell = webShellDir();
    t = await createTestApp({
      env: { PUBLIC_URL },
      build: { serveWeb: true, webDistDir: shell, webServerEntryDir: serverEntryDir() },
    });
    owner = await signedInUser(t, { name: 'Olive Owner', email: 'olive.owner@kestrel.example' });
    const logo = await t.ctx.storage.put('public', Buffer.from([0x89, 0x50, 0x4e, 0x47]), 'png');
    profile = await insertProvider(t, {
      businessName: 'Kestrel Yorkshire O&M',
      description: 'Operations and maintenance for solar farms across Yorkshire, from panel cleaning to inverter swaps.',
      type: 'O&M Provider',
      services: ['Operations & Maintenance', 'Panel Cleaning'],
      technologies: ['Solar PV'],
      location: 'Leeds',
      latitude: 53.8,
      longitude: -1.55,
      serviceRadius: 80,
      website: 'kestrel.example',
      email: 'ops@kestrel.example',
      phone: '0113 496 0000',
      logo: `/uploads/${logo.key}`,
      userId: owner.user.id,
      claimed: true,
      claimApproved: true,
    });
    thin = await insertProvider(t, { businessName: 'Quiet Operator Ltd', description: '', services: [], location: 'Somerset', claimed: false });
    described = await insertProvider(t, { businessName: 'Described Energy', description: 'Independent asset manager.', services: [], location: 'York', claimed: false });
    openTender = await addTender(t, {
        title: 'O&M for a 5 MW site near York',
        description: 'Two-year maintenance contract for a ground-mounted site. <script>alert(1)</script>',
        service: 'Operations & Maintenance',
        location: 'York',
        organisationName: 'York Council',
        contactName: 'Jane Buyer',
        contactEmail: 'jane.buyer@york.example',
        contactPhone: '01904 000000',
        valueMinimum: 40000,
        valueMaximum: 60000,
        publishedDate: new Date('2026-11-01T09:00:00Z'),
        closingDate: new Date('2026-12-15T17:00:00Z'),
      });
    privateTender = await addTender(t, { title: 'Private inverter swap for Olive', type: 'private', userId: owner.user.id, closingDate: new Date('2026-12-20T12:00:00Z') });
    closedTender = await addTender(t, { title: 'Cleaning round closed last month', closingDate: new Date('2026-10-01T12:00:00Z'), publishedDate: new Date('2026-09-01T12:00:00Z') });
  });

  afterAll(async () => {
    await t.close();
    rmSync(shell, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  /** The tags every rendered page carries, with its canonical address. */
  function expectHead(page: ReturnType<typeof parseHtml>, canonicalPath: string) {
    expect(page.canonical).toBe(`${PUBLIC_URL}${canonicalPath}`);
    expect(page.description!.length).toBeGreaterThan(20);
    expect(page.description!.length).toBeLessThanOrEqual(160);
    expect(page.meta('og:title')).toBe(page.title);
    expect(page.meta('og:description')).toBe(page.description);
    expect(page.meta('og:url')).toBe(page.canonical);
    expect(page.meta('og:site_name')).toBe('Solar Marketplace');
    expect(page.meta('og:image')).toMatch(new RegExp(`^${PUBLIC_URL}/`));
    expect(page.meta('twitter:card')).toMatch(/^summary/);
    expect(page.meta('twitter:title')).toBe(page.title);
    expect(page.meta('twitter:image')).toBe(page.meta('og:image'));
    expectSchemaOrg(page.jsonLd, PUBLIC_URL);
  }

  it('home: its title and description, the site and the marketplace as JSON-LD', async () => {
    const res = await get('/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    const page = parseHtml(res.body);
    expect(page.text).toContain('Find the right solar partner');
    expect(page.text).toContain('Find Providers');
    expect(page.title).toBe('Solar Marketplace – Find the right solar partner');
    expectHead(page, '/');
    expect(page.ofType('WebSite')).toHaveLength(1);
    expect(page.ofType('Organization')).toHaveLength(1);
    expect(page.robots).toBeNull();
  });

  it('a profile: name, services, place and contact in the HTML; LocalBusiness with areaServed; the logo as preview; no email or phone in JSON-LD', async () => {
    const res = await get(`/providers/${profile.id}`);
    expect(res.statusCode).toBe(200);
    const page = parseHtml(res.body);
    expect(page.text).toContain('Kestrel Yorkshire O&M');
    expect(page.text).toContain('Operations & Maintenance');
    expect(page.text).toContain('Leeds');
    expect(page.text).toContain('80 km service radius');
    expect(page.title).toBe('Kestrel Yorkshire O&M – O&M Provider in Leeds | Solar Marketplace');
    expect(page.description).toMatch(/^Operations and maintenance for solar farms across Yorkshire/);
    // Asked for by id, the canonical address is the slug.
    expectHead(page, `/providers/${profile.slug}`);
    expect(page.meta('og:image')).toMatch(new RegExp(`^${PUBLIC_URL}/uploads/`));
    expect(page.meta('twitter:card')).toBe('summary');
    expect(page.robots).toBeNull();
    const [business] = page.ofType('LocalBusiness');
    expect(business).toMatchObject({
      name: 'Kestrel Yorkshire O&M',
      url: `${PUBLIC_URL}/providers/${profile.slug}`,
      address: { '@type': 'PostalAddress', addressLocality: 'Leeds', addressCountry: 'GB' },
      areaServed: { '@type': 'GeoCircle', geoMidpoint: { '@type': 'GeoCoordinates', latitude: 53.8, longitude: -1.55 }, geoRadius: 80_000 },
      sameAs: ['https://kestrel.example'],
      hasOfferCatalog: { itemListElement: [{ itemOffered: { name: 'Operations & Maintenance' } }, { itemOffered: { name: 'Panel Cleaning' } }] },
    });
    const [trail] = page.ofType('BreadcrumbList');
    expect((trail!.itemListElement as Array<{ name: string }>).map((i) => i.name)).toEqual(['Home', 'Providers', 'Kestrel Yorkshire O&M']);
    const jsonLd = JSON.stringify(page.jsonLd);
    for (const secret of ['ops@kestrel.example', '0113 496 0000', 'Olive Owner', 'olive.owner@kestrel.example']) expect(jsonLd).not.toContain(secret);
    // The query cache the browser hydrates from goes with the page.
    expect(page.state!.queries.map((q) => q.queryKey)).toContainEqual(['providers', 'detail', profile.id]);
  });

  it('a thin profile (unclaimed, no services, no description) is rendered but not indexed; one with a description is', async () => {
    const thinPage = parseHtml((await get(`/providers/${thin.slug}`)).body);
    expect(thinPage.text).toContain('Quiet Operator Ltd');
    expect(thinPage.robots).toBe('noindex, follow');
    expect(thinPage.ofType('LocalBusiness')).toHaveLength(1);
    const describedPage = parseHtml((await get(`/providers/${described.slug}`)).body);
    expect(describedPage.robots).toBeNull();
  });

  it('an unknown profile is a 404 with noindex (the page itself says so once the browser has asked)', async () => {
    const res = await get('/providers/no-such-provider');
    expect(res.statusCode).toBe(404);
    const page = parseHtml(res.body);
    expect(page.title).toBe('Provider not found | Solar Marketplace');
    expect(page.robots).toBe('noindex, follow');
    expect(page.jsonLd).toEqual([]);
  });

  it('the directory: the filters in the address, the providers in the HTML, an ItemList; filtered page 2 on is not indexed', async () => {
    const res = await get('/providers?services=Panel%20Cleaning&utm_source=newsletter');
    expect(res.statusCode).toBe(200);
    const page = parseHtml(res.body);
    expect(page.text).toContain('Kestrel Yorkshire O&M');
    expect(page.text).not.toContain('Quiet Operator Ltd');
    expect(page.text).toContain('1 provider');
    expect(page.title).toBe('Panel Cleaning providers in the UK | Solar Marketplace');
    expect(page.description).toContain('Compare 1 Panel Cleaning provider in the UK');
    expectHead(page, '/providers?services=Panel+Cleaning');
    expect(page.robots).toBeNull();
    const [list] = page.ofType('ItemList');
    expect(list!.itemListElement).toEqual([{ '@type': 'ListItem', position: 1, name: 'Kestrel Yorkshire O&M', url: `${PUBLIC_URL}/providers/${profile.slug}` }]);

    const all = parseHtml((await get('/providers')).body);
    expect(all.title).toBe('Solar service providers in the UK | Solar Marketplace');
    expect(all.robots).toBeNull();
    const paged = parseHtml((await get('/providers?page=2&sort=name')).body);
    expect(paged.title).toContain('page 2');
    expect(paged.robots).toBe('noindex, follow');
    expect(paged.canonical).toBe(`${PUBLIC_URL}/providers?page=2`);
  });

  it('the tender board: titles, values and dates in the HTML, an ItemList; private and closed tenders not listed', async () => {
    const res = await get('/explore-tenders');
    expect(res.statusCode).toBe(200);
    const page = parseHtml(res.body);
    expect(page.text).toContain('O&M for a 5 MW site near York');
    expect(page.text).toContain('£40,000 – £60,000');
    expect(page.text).toContain('Closes 15/12/2026');
    expect(page.text).not.toContain('Private inverter swap');
    expect(page.text).not.toContain('Cleaning round closed last month');
    expect(page.title).toBe('Solar tenders and opportunities in the UK | Solar Marketplace');
    // The one open public tender, counted as English (decision 0351).
    expect(page.description).toMatch(/^1 solar tender in the UK: /);
    expectHead(page, '/explore-tenders');
    expect(parseHtml((await get('/explore-tenders?page=2')).body).robots).toBe('noindex, follow');

    // Garbage in the address is cleaned as the page cleans it (decision 0352): the board, not the shell.
    const garbage = await get('/explore-tenders?status=maybe&lat=999&lng=abc&radius=-4&minValue=-5&sortBy=password&page=0&limit=7');
    expect(garbage.statusCode).toBe(200);
    const cleaned = parseHtml(garbage.body);
    expect(cleaned.text).toContain('O&M for a 5 MW site near York');
    expect(cleaned.canonical).toBe(`${PUBLIC_URL}/explore-tenders`);
  });

  it('an open tender: its notice in the HTML and as a schema.org Demand, without the buyer\'s contact details', async () => {
    const res = await get(`/tender/${openTender}`);
    expect(res.statusCode).toBe(200);
    const page = parseHtml(res.body);
    expect(page.text).toContain('O&M for a 5 MW site near York');
    expect(page.text).toContain('York Council');
    expect(page.text).toContain('15/12/2026');
    expect(page.title).toBe('O&M for a 5 MW site near York | Tenders | Solar Marketplace');
    expect(page.description).toMatch(/^Open tender from York Council in York\. Value: £40,000 – £60,000\. Closes 15\/12\/2026\./);
    expectHead(page, `/tender/${openTender}`);
    expect(page.robots).toBeNull();
    const [demand] = page.ofType('Demand');
    expect(demand).toMatchObject({
      name: 'O&M for a 5 MW site near York',
      validFrom: '2026-11-01T09:00:00.000Z',
      validThrough: '2026-12-15T17:00:00.000Z',
      availability: 'https://schema.org/InStock',
      itemOffered: { '@type': 'Service', name: 'Operations & Maintenance' },
      priceSpecification: { '@type': 'PriceSpecification', priceCurrency: 'GBP', minPrice: 40_000, maxPrice: 60_000 },
      eligibleRegion: { '@type': 'Place', name: 'York' },
    });
    const jsonLd = JSON.stringify(page.jsonLd);
    for (const secret of ['Jane Buyer', 'jane.buyer@york.example', '01904 000000']) expect(jsonLd).not.toContain(secret);
    // Text from the notice is escaped, never markup.
    expect(res.body).not.toContain('<script>alert(1)</script>');
  });

  it('a closed tender is rendered but not indexed', async () => {
    const page = parseHtml((await get(`/tender/${closedTender}`)).body);
    expect(page.text).toContain('Cleaning round closed last month');
    expect(page.robots).toBe('noindex, follow');
    expect(page.ofType('Demand')[0]).toMatchObject({ availability: 'https://schema.org/Discontinued' });
  });

  it('a private tender is a 404 to a visitor and to another user, as in the API; its owner gets it rendered, not indexed and never kept', async () => {
    const visitor = await get(`/tender/${privateTender}`);
    expect(visitor.statusCode).toBe(404);
    expect(visitor.body).not.toContain('Private inverter swap');
    expect(parseHtml(visitor.body).robots).toBe('noindex, follow');
    const other = await signedInUser(t, { name: 'Other Person' });
    const refused = await get(`/tender/${privateTender}`, { cookie: other.cookie });
    expect(refused.statusCode).toBe(404);
    expect(refused.body).not.toContain('Private inverter swap');

    const own = await get(`/tender/${privateTender}`, { cookie: owner.cookie });
    expect(own.statusCode).toBe(200);
    expect(own.headers['cache-control']).toBe('private, no-store');
    const page = parseHtml(own.body);
    expect(page.text).toContain('Private inverter swap for Olive');
    expect(page.robots).toBe('noindex, follow');
    // The owner's render was not kept: the next visitor still gets the 404.
    expect((await get(`/tender/${privateTender}`)).statusCode).toBe(404);
  });

  it('a signed-in user gets their own header in the HTML (no flash of the visitor\'s), uncached; a visitor never gets it', async () => {
    const own = await get('/providers', { cookie: owner.cookie });
    expect(own.headers['cache-control']).toBe('private, no-store');
    expect(parseHtml(own.body).text).toContain('Logout');
    const visitor = await get('/providers');
    // A visitor's page is public within the stated bound (decision 0430), varying with the cookie.
    expect(visitor.headers['cache-control']).toBe(publicCacheControl());
    expect(visitor.headers.vary).toContain('Cookie');
    const text = parseHtml(visitor.body).text;
    expect(text).toContain('Login');
    expect(text).not.toContain('Logout');
    // A cookie that is no session renders as a visitor.
    expect(parseHtml((await get('/providers', { cookie: 'sid=not-a-session' })).body).text).toContain('Login');
  });

  it('the canonical address and previews come from PUBLIC_URL, never from the Host header', async () => {
    const page = parseHtml((await get('/explore-tenders', { host: 'evil.example', 'x-forwarded-host': 'evil.example' })).body);
    expect(page.canonical).toBe(`${PUBLIC_URL}/explore-tenders`);
    expect(JSON.stringify(page.jsonLd)).not.toContain('evil.example');
    expect(page.meta('og:image')).not.toContain('evil.example');
  });

  it('/services/list, /search-parts and /asset-intel (with the projects table at ?tab=projects) are rendered with their heads', async () => {
    const landing = parseHtml((await get('/services/list')).body);
    expect(landing.text).toContain('Manage and promote your business');
    expect(landing.title).toBe('List your solar services for free | Solar Marketplace');
    expectHead(landing, '/services/list');

    const parts = parseHtml((await get('/search-parts')).body);
    expect(parts.text).toContain('Compare PV modules, inverters and battery systems');
    expectHead(parts, '/search-parts');

    await t.ctx.database.query(
      `INSERT INTO assets (repd_ref_id, site_name, technology_type, development_status, installed_capacity, repd_operator, region, content_hash)
       VALUES ('T-1', 'Sunny Fields Solar Farm', 'Solar Photovoltaics', 'Under Construction', 12.5, 'Sunny Operator', 'Yorkshire and Humber', 'x')`,
    );
    const shellPage = parseHtml((await get('/asset-intel')).body);
    expect(shellPage.text).toContain('Asset intelligence');
    expect(shellPage.title).toBe('UK renewable energy projects on a map | Solar Marketplace');
    expectHead(shellPage, '/asset-intel');
    const projects = parseHtml((await get('/asset-intel?tab=projects')).body);
    expect(projects.text).toContain('Sunny Fields Solar Farm');
    expect(projects.text).toContain('Sunny Operator');
    expectHead(projects, '/asset-intel?tab=projects');
  });

  it('an unknown address is the not-found page with a 404 and noindex; signed-in areas stay the client-rendered shell', async () => {
    const missing = await get('/no/such/page');
    expect(missing.statusCode).toBe(404);
    expect(parseHtml(missing.body).robots).toBe('noindex, follow');
    const dashboard = await get('/dashboard');
    expect(dashboard.statusCode).toBe(200);
    expect(dashboard.body).toContain('<div id="root"></div>');
    expect(dashboard.body).not.toContain('id="query-state"');
  });

  it('a visitor\'s page is kept and sent compressed, and a write to what it reads shows at once', async () => {
    const first = await get(`/providers/${described.slug}`, { 'accept-encoding': 'br' });
    expect(first.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(first.rawPayload).toString()).toContain('Described Energy');
    await t.ctx.database.query(`UPDATE providers SET business_name = 'Described Energy Renamed' WHERE id = $1`, [described.id]);
    const after = parseHtml((await get(`/providers/${described.slug}`)).body);
    expect(after.text).toContain('Described Energy Renamed');
  });

  it("a visitor's profile page goes when that profile is edited, and only then (decision 0384)", async () => {
    const edited = `/providers/${thin.slug}`;
    const other = `/providers/${profile.slug}`;
    for (const url of [edited, other]) await get(url);
    for (const url of [edited, other]) expect((await get(url)).headers['x-read-cache']).toBe('hit');
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/providers/${thin.id}`,
      headers: { cookie: (await signedInUser(t, { admin: true })).cookie },
      payload: { description: 'Now with a description of its work in Somerset.' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await get(edited);
    expect(after.headers['x-read-cache']).toBe('miss');
    expect(parseHtml(after.body).text).toContain('Now with a description of its work in Somerset.');
    expect((await get(other)).headers['x-read-cache']).toBe('hit');
  });
});

describe('when the server entry is missing or a render fails', () => {
  it('a render that throws is logged and the shell sent: never a 500 page for a render bug', async () => {
    const shell = webShellDir();
    const entry = mkdtempSync(path.join(os.tmpdir(), 'solar-entry-'));
    writeFileSync(path.join(entry, 'entry-server.js'), "export const plan = async () => ({ reads: [] });\nexport const render = async () => { throw new Error('a render bug'); };\n");
    const t = await createTestApp({ build: { serveWeb: true, webDistDir: shell, webServerEntryDir: entry } });
    try {
      const res = await t.app.inject('/providers');
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root"></div>');
      expect(t.logs.some((line) => line.includes('server render failed') && line.includes('a render bug'))).toBe(true);
    } finally {
      await t.close();
      rmSync(shell, { recursive: true, force: true });
      rmSync(entry, { recursive: true, force: true });
    }
  });

  it('sends the client-rendered shell when the entry is not built', async () => {
    const shell = webShellDir();
    const t = await createTestApp({ build: { serveWeb: true, webDistDir: shell, webServerEntryDir: `${shell}/nowhere` } });
    try {
      const res = await t.app.inject('/providers');
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root"></div>');
    } finally {
      await t.close();
      rmSync(shell, { recursive: true, force: true });
    }
  });
});
