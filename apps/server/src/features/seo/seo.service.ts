import { ROBOTS_DISALLOW, SITEMAP_MAX_URLS, STATIC_PAGES } from '@solar/shared/constants/seo';
import { absoluteUrl } from '@solar/shared/domain/seo';
import type { AppContext } from '../../plugins/context';
import { AppError } from '../../platform/errors';
import { listSitemapProviders, sitemapProviderBlocks } from '../providers/providers.repository';
import { listSitemapTenders, sitemapTenderBlocks } from '../tenders/tenders.repository';
import { sitemapBuyers } from '../trust/public-contracts.repository';

type Ctx = Pick<AppContext, 'database' | 'clock' | 'env'>;

const MINUTE_MS = 60_000;

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

/** Which tenders are open is read at the start of the minute (as the board, decision 0318). */
const currentMinute = (ctx: Ctx) => new Date(Math.floor(ctx.clock.now().getTime() / MINUTE_MS) * MINUTE_MS);

/**
 * The sitemap index: the static pages, then one child per block of 50,000 indexable profiles and
 * of open public tenders, each with its newest record's last change.
 */
export async function sitemapIndex(ctx: Ctx): Promise<string> {
  const now = currentMinute(ctx);
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
}

/** A child sitemap by name (`static.xml`, `buyers.xml`, `providers-N.xml`, `tenders-N.xml`); 404 past the last block. */
export async function sitemap(ctx: Ctx, name: string): Promise<string> {
  const now = currentMinute(ctx);
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
}
