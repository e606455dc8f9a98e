import { ROBOTS_DISALLOW, SITEMAP_MAX_URLS, STATIC_PAGES } from '@solar/shared/constants/seo';
import { absoluteUrl } from '@solar/shared/domain/seo';
import type { AppContext } from '../../plugins/context';
import { AppError } from '../../platform/errors';
import { createReadCache, type CachedAnswer } from '../../platform/read-cache';
import { listSitemapProviders, sitemapProviderBlocks } from '../providers/providers.repository';
import { listSitemapTenders, sitemapTenderBlocks } from '../tenders/tenders.repository';
import { sitemapBuyers } from '../trust/public-contracts.repository';

type Ctx = Pick<AppContext, 'database' | 'clock' | 'env'>;

const MINUTE_MS = 60_000;

/** Sitemaps change with profiles and tenders; a tender leaves when it closes, so at most a minute late (as the board, decision 0318). */
const SITEMAP_TAGS = ['providers', 'tenders'];
const sitemapCache = createReadCache(SITEMAP_TAGS, { maxEntries: 500, maxBytes: 64 * 1024 * 1024, ttlMs: MINUTE_MS });

const xmlText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>';
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

function urlset(urls: ReadonlyArray<{ loc: string; lastmod?: string }>): string {
  const items = urls.map((u) => `<url><loc>${xmlText(u.loc)}</loc>${u.lastmod ? `<lastmod>${u.lastmod}</lastmod>` : ''}</url>`);
  return `${XML_HEAD}\n<urlset xmlns="${NS}">\n${items.join('\n')}\n</urlset>\n`;
}

/** robots.txt (decision 0374): everything but the API, signed-in areas and sign-in pages; the sitemap from PUBLIC_URL. */
export function robotsTxt(ctx: Ctx): string {
  return ['User-agent: *', ...ROBOTS_DISALLOW.map((path) => `Disallow: ${path}`), 'Allow: /', '', `Sitemap: ${absoluteUrl(ctx.env.PUBLIC_URL, '/sitemap.xml')}`, ''].join('\n');
}

const currentMinute = (ctx: Ctx) => new Date(Math.floor(ctx.clock.now().getTime() / MINUTE_MS) * MINUTE_MS);

/**
 * A sitemap made at `minute` (which tenders are open) is kept for that minute only: a lookup by
 * address alone (plugins/answer-replay.ts) must not serve it in the next.
 */
function forTheMinute(ctx: Ctx, minute: Date, key: string, make: () => Promise<string>): Promise<CachedAnswer> {
  const expiresAt = new Date(minute.getTime() + MINUTE_MS);
  return sitemapCache(ctx.database, `${key}@${minute.toISOString()}`, async () => ({ text: await make(), tags: SITEMAP_TAGS, expiresAt }), ctx.clock.now());
}

/**
 * The sitemap index: the static pages, then one child per block of 50,000 indexable profiles and
 * of open public tenders, each with its newest record's last change.
 */
export function sitemapIndex(ctx: Ctx): Promise<CachedAnswer> {
  const now = currentMinute(ctx);
  return forTheMinute(ctx, now, 'index', async () => {
    const [providers, tenders] = await Promise.all([sitemapProviderBlocks(ctx.database, SITEMAP_MAX_URLS), sitemapTenderBlocks(ctx.database, now, SITEMAP_MAX_URLS)]);
    const child = (name: string, lastmod?: string) =>
      `<sitemap><loc>${xmlText(absoluteUrl(ctx.env.PUBLIC_URL, `/sitemaps/${name}.xml`))}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</sitemap>`;
    const children = [
      child('static'),
      child('buyers'),
      ...providers.map((b) => child(`providers-${b.block}`, b.lastmod)),
      ...tenders.map((b) => child(`tenders-${b.block}`, b.lastmod)),
    ];
    return `${XML_HEAD}\n<sitemapindex xmlns="${NS}">\n${children.join('\n')}\n</sitemapindex>\n`;
  });
}

/** A child sitemap by name (`static.xml`, `buyers.xml`, `providers-N.xml`, `tenders-N.xml`); 404 past the last block. */
export function sitemap(ctx: Ctx, name: string): Promise<CachedAnswer> {
  const now = currentMinute(ctx);
  return forTheMinute(ctx, now, name, async () => {
    const [, kind, number] = /^(static|buyers|providers|tenders)(?:-(\d+))?\.xml$/.exec(name) ?? [];
    const at = (path: string) => absoluteUrl(ctx.env.PUBLIC_URL, path);
    if (kind === 'static') return urlset(STATIC_PAGES.map((path) => ({ loc: at(path) })).concat({ loc: at('/asset-intel?tab=projects') }));
    // Buyer pages (decision 0483): one child, a public buyer per imported organisation.
    if (kind === 'buyers') return urlset((await sitemapBuyers(ctx.database.db, SITEMAP_MAX_URLS)).map((b) => ({ loc: at(`/buyers/${b.slug}`), lastmod: new Date(b.updated_at).toISOString() })));
    const block = Number(number);
    const urls =
      kind === 'providers'
        ? (await listSitemapProviders(ctx.database, block, SITEMAP_MAX_URLS)).map((p) => ({ loc: at(`/providers/${encodeURIComponent(p.slug || p.id)}`), lastmod: p.lastmod }))
        : (await listSitemapTenders(ctx.database, now, block, SITEMAP_MAX_URLS)).map((t) => ({ loc: at(`/tender/${t.id}`), lastmod: t.lastmod }));
    if (urls.length === 0) throw new AppError('NOT_FOUND', 'Sitemap not found');
    return urlset(urls);
  });
}
