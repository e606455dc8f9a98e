import { rmSync } from 'node:fs';
import type { ParsedDocument } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITEMAP_MAX_URLS } from '@solar/shared/constants/seo';
import { listSitemapProviders, sitemapProviderBlocks } from '../../providers/providers.repository';
import { createTestApp, signedInUser, type TestApp } from '../../../../test/harness';
import { insertProvider } from '../../../../test/fixtures/providers';
import { addTender } from '../../tenders/test/helpers';
import { parseHtml, parseXml, serverEntryDir, webShellDir } from './render-setup';

const PUBLIC_URL = 'https://solar.example';
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** Issue 20: robots.txt keeps crawlers out of the API and signed-in areas; the sitemaps list what may be indexed, no more. */
describe('robots.txt and the sitemaps', () => {
  let t: TestApp;
  let shell: string;
  const names: Record<string, { id: string; slug: string }> = {};
  const tenders: Record<string, string> = {};

  beforeAll(async () => {
    shell = webShellDir();
    t = await createTestApp({ env: { PUBLIC_URL }, build: { serveWeb: true, webDistDir: shell, webServerEntryDir: serverEntryDir() } });
    const owner = await signedInUser(t, { name: 'Sam Owner' });
    names.claimed = await insertProvider(t, { businessName: 'Claimed Solar', description: '', services: [], userId: owner.user.id, claimed: true, claimApproved: true });
    names.withServices = await insertProvider(t, { businessName: 'Services Only', description: '', services: ['Panel Cleaning'], claimed: false });
    names.withDescription = await insertProvider(t, { businessName: 'Described Only', description: 'Asset manager.', services: [], claimed: false });
    names.thin = await insertProvider(t, { businessName: 'Thin & Quiet', description: '  ', services: [], claimed: false });
    tenders.open = await addTender(t, { title: 'Open public', closingDate: new Date('2026-12-31T12:00:00Z') });
    tenders.private = await addTender(t, { title: 'Private one', type: 'private', userId: owner.user.id, closingDate: new Date('2026-12-31T12:00:00Z') });
    tenders.closed = await addTender(t, { title: 'Closed one', closingDate: new Date('2026-10-01T12:00:00Z'), publishedDate: new Date('2026-09-01T12:00:00Z') });
  });

  afterAll(async () => {
    await t.close();
    rmSync(shell, { recursive: true, force: true });
  });

  const locs = (doc: ParsedDocument, tag: 'url' | 'sitemap') =>
    [...doc.getElementsByTagNameNS(NS, tag)].map((node) => ({
      loc: node.getElementsByTagNameNS(NS, 'loc')[0]?.textContent ?? '',
      lastmod: node.getElementsByTagNameNS(NS, 'lastmod')[0]?.textContent ?? null,
    }));

  async function xml(url: string) {
    const res = await t.app.inject(url);
    expect(res.statusCode, url).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    return parseXml(res.body);
  }

  it('robots.txt: plain text, off-limits paths, the sitemap from PUBLIC_URL', async () => {
    const res = await t.app.inject('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const lines = res.body.split('\n').map((line) => line.trim());
    expect(lines[0]).toBe('User-agent: *');
    const disallowed = lines.filter((line) => line.startsWith('Disallow: ')).map((line) => line.slice('Disallow: '.length));
    for (const path of ['/api/', '/dashboard', '/admin', '/auth']) expect(disallowed).toContain(path);
    expect(disallowed).not.toContain('/providers');
    expect(lines).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
    // Never the app's HTML any more.
    expect(res.body).not.toContain('<html');
  });

  it('the index lists the static, buyer, profile and tender sitemaps, each with its newest change', async () => {
    const index = await xml('/sitemap.xml');
    expect(index.documentElement.localName).toBe('sitemapindex');
    expect(index.documentElement.namespaceURI).toBe(NS);
    const children = locs(index, 'sitemap');
    expect(children.map((c) => c.loc)).toEqual([`${PUBLIC_URL}/sitemaps/static.xml`, `${PUBLIC_URL}/sitemaps/buyers.xml`, `${PUBLIC_URL}/sitemaps/providers-1.xml`, `${PUBLIC_URL}/sitemaps/tenders-1.xml`]);
    // The block sitemaps carry their newest change; the static and buyer lists have none to give.
    for (const child of children.slice(2)) expect(Date.parse(child.lastmod!)).not.toBeNaN();
    for (const child of children) {
      const doc = await xml(child.loc.replace(PUBLIC_URL, ''));
      expect(doc.documentElement.localName).toBe('urlset');
      const urls = locs(doc, 'url');
      // This database has no imported notices, so no buyers: their list may be empty.
      if (!child.loc.endsWith('/buyers.xml')) expect(urls.length).toBeGreaterThan(0);
      expect(urls.length).toBeLessThanOrEqual(SITEMAP_MAX_URLS);
      for (const url of urls) expect(url.loc.startsWith(`${PUBLIC_URL}/`)).toBe(true);
    }
  });

  it('the static sitemap has the public pages', async () => {
    const urls = locs(await xml('/sitemaps/static.xml'), 'url').map((u) => u.loc.replace(PUBLIC_URL, ''));
    expect(urls).toEqual(['/', '/providers', '/explore-tenders', '/services/list', '/search-parts', '/asset-intel', '/buyers', '/reviews/policy', '/asset-intel?tab=projects']);
  });

  it('the profile sitemap has exactly the profiles whose pages may be indexed, with their last change; the pages agree', async () => {
    const urls = locs(await xml('/sitemaps/providers-1.xml'), 'url');
    const listed = urls.map((u) => u.loc.replace(`${PUBLIC_URL}/providers/`, ''));
    expect(listed.sort()).toEqual([names.claimed!.slug, names.withServices!.slug, names.withDescription!.slug].sort());
    const [row] = await t.ctx.database.query<{ updated_at: Date }>('SELECT updated_at FROM providers WHERE id = $1', [names.claimed!.id]);
    expect(urls.find((u) => u.loc.endsWith(names.claimed!.slug))!.lastmod).toBe(row!.updated_at.toISOString().replace(/\.\d{3}Z$/, 'Z'));
    // One rule: a profile is in the sitemap exactly when its page has no noindex.
    for (const p of Object.values(names)) {
      const page = parseHtml((await t.app.inject(`/providers/${p.slug}`)).body);
      expect(page.robots === null, p.slug).toBe(listed.includes(p.slug));
    }
  });

  it('the tender sitemap has the open tenders a visitor may see: no private, no closed', async () => {
    const listed = locs(await xml('/sitemaps/tenders-1.xml'), 'url').map((u) => u.loc);
    expect(listed).toEqual([`${PUBLIC_URL}/tender/${tenders.open}`]);
  });

  it('an unknown sitemap is refused and one past the last block is a 404', async () => {
    expect((await t.app.inject('/sitemaps/users-1.xml')).statusCode).toBe(400);
    expect((await t.app.inject('/sitemaps/providers-0.xml')).statusCode).toBe(400);
    expect((await t.app.inject('/sitemaps/providers-2.xml')).statusCode).toBe(404);
  });

  it('profiles are split into blocks in id order, each with its newest change', async () => {
    const all = await listSitemapProviders(t.ctx.database, 1, 100);
    expect(all).toHaveLength(3);
    const blocks = await sitemapProviderBlocks(t.ctx.database, 2);
    expect(blocks.map((b) => b.block)).toEqual([1, 2]);
    const second = await listSitemapProviders(t.ctx.database, 2, 2);
    expect(second.map((p) => p.id)).toEqual([[...all].sort((a, b) => a.id.localeCompare(b.id))[2]!.id]);
    expect(blocks[1]!.lastmod).toBe(second[0]!.lastmod);
  });

  it('a new indexable profile is listed at once', async () => {
    const fresh = await insertProvider(t, { businessName: 'Fresh Listing', description: 'New here.', services: [], claimed: false });
    const listed = locs(await xml('/sitemaps/providers-1.xml'), 'url').map((u) => u.loc);
    expect(listed).toContain(`${PUBLIC_URL}/providers/${fresh.slug}`);
  });
});
