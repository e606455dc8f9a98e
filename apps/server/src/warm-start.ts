import type { FastifyInstance } from 'fastify';
import { getSitemapIndex } from '@solar/shared/contracts/seo';
import { listPublicTenders, getTender } from '@solar/shared/contracts/tenders';
import { getProvider, searchProviders } from '@solar/shared/contracts/providers';
import { getAssetCoordinates, listAssetProjects } from '@solar/shared/contracts/assets';

/**
 * A process's first answer of each kind costs several times a later one: V8 compiles the code on
 * its way and fills its caches, the first page rendered loads and runs the render's code for the
 * first time (a first rendered page took 360 ms of CPU where the next took 40), the database plans
 * statements it has not seen. Under load the first answers of a fresh process all wait for that
 * work together: they were the long tail's slowest (docs/benchmarks/long-tail.md, decision 0631).
 * So once the server listens, one address of each public kind is asked in-process, one at a time:
 * every page the sitemaps list (one address per kind: a profile, a tender, a buyer, each static
 * page), a directory for a place, and the public reads the browser asks for itself. A failure is
 * logged and the rest goes on; it stops after `budgetMs` (a process is never held back by it).
 */
export const WARM_START_BUDGET_MS = 20_000;

/** A place in the middle of Great Britain, for the directory's distance search. */
const PLACE = { location: 'Birmingham, West Midlands', locationCenter: '-1.8904,52.4862', radius: '50' };
/** Great Britain at the asset map's first zoom, and a town's streets at its deepest. */
const VIEWS = [
  { bounds: '-10.5,49.8,2.1,59.0', zoom: '6' },
  { bounds: '-1.9300,52.4700,-1.8500,52.5000', zoom: '12' },
];

const paramPath = (path: string, id: string) => path.replace(/:[a-zA-Z]+/, encodeURIComponent(id));
const withQuery = (path: string, query: Record<string, string>) => `${path}?${new URLSearchParams(query)}`;

/** The path of each `<loc>` in a sitemap document. */
function locs(xml: string): string[] {
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => {
    const url = new URL(m[1]!.replace(/&amp;/g, '&'));
    return url.pathname + url.search;
  });
}

/** The addresses to ask: the sitemaps' pages (each child's first and the static ones), then the public reads. */
async function warmAddresses(ask: (url: string) => Promise<{ statusCode: number; body: string }>): Promise<string[]> {
  const index = await ask(getSitemapIndex.path);
  const pages: string[] = [];
  const ids: { provider?: string; tender?: string } = {};
  if (index.statusCode === 200) {
    for (const child of locs(index.body)) {
      const sitemap = await ask(child);
      if (sitemap.statusCode !== 200) continue;
      const listed = locs(sitemap.body);
      // Static pages are each a kind of their own; the other sitemaps list one kind each.
      pages.push(...(child.includes('static') ? listed : listed.slice(0, 1)));
      const first = listed[0] ?? '';
      ids.provider ??= /^\/providers\/([^/?]+)$/.exec(first)?.[1];
      ids.tender ??= /^\/tender\/([^/?]+)$/.exec(first)?.[1];
    }
  }
  pages.push(withQuery('/providers', PLACE));
  const reads = [
    withQuery(searchProviders.path, PLACE),
    listPublicTenders.path,
    ...VIEWS.map((view) => withQuery(getAssetCoordinates.path, view)),
    withQuery(listAssetProjects.path, { limit: '25' }),
    ...(ids.provider ? [paramPath(getProvider.path, decodeURIComponent(ids.provider))] : []),
    ...(ids.tender ? [paramPath(getTender.path, ids.tender)] : []),
  ];
  return [...new Set([...pages, ...reads])];
}

/** The line the server prints when it is done (the bench waits for it before measuring). */
export const WARM_START_LINE = 'warm start:';

/** Asks each warm address once (decision 0631); resolves with how many were answered and how long it took. */
export async function warmStart(app: FastifyInstance, budgetMs = WARM_START_BUDGET_MS): Promise<{ asked: string[]; failed: string[]; ms: number }> {
  const started = performance.now();
  // As a browser asks: the compressed forms' code is warmed too.
  const ask = async (url: string) => {
    const res = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br', accept: 'text/html,application/json' } });
    return { statusCode: res.statusCode, body: res.headers['content-encoding'] ? '' : res.body };
  };
  const failed: string[] = [];
  const asked: string[] = [];
  // The sitemaps are asked uncompressed: their addresses are read here.
  const plain = async (url: string) => {
    const res = await app.inject({ method: 'GET', url });
    return { statusCode: res.statusCode, body: res.body };
  };
  for (const url of await warmAddresses(plain)) {
    if (performance.now() - started > budgetMs || app.ctx.state.shuttingDown) break;
    const { statusCode } = await ask(url);
    asked.push(url);
    if (statusCode !== 200) failed.push(`${url}: ${statusCode}`);
  }
  return { asked, failed, ms: Math.round(performance.now() - started) };
}
