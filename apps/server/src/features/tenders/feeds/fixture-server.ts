import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { REPD_FEED } from '@solar/shared/constants/data-sources';
import type { OcdsRelease } from '../ocds/ocds-mapper';
import { buildFeedScenario, type FeedScenario } from './fixture-scenario';

/**
 * A stand-in for the four tender feeds and the GOV.UK REPD publication on 127.0.0.1
 * (`npm run feeds:fixture`, and the feed and REPD tests), behaving as the real services are
 * documented and observed to behave (decision 0390's assumptions table names the source of each):
 *
 * - Find a Tender (`/api/1.0/ocdsReleasePackages`): `updatedFrom`/`updatedTo` (both inclusive),
 *   `limit` (1–100), an opaque `cursor` in `links.next`; a window longer than 6 hours (or without
 *   `updatedTo`) misses every third release and has no next links; 12 requests in 2 minutes, then
 *   429 '12 request limit in 2 minute exceeded' without Retry-After (on the fixture's clock, so
 *   tests run in simulated time). With `faults` (and the generated notices): one 503 without Retry-After, one full cursor page
 *   without its next link (kingfisher-collect#1306), one release with ` 000` and one with `1e9999`
 *   as a number, a malformed release, and an award release updating an earlier notice.
 * - Contracts Finder (`/Published/Notices/OCDS/Search`): `publishedFrom`/`publishedTo`, `stages`,
 *   cursor paging; with `faults`, one 403 (its documented rate limit).
 * - Public Contracts Scotland and Sell2Wales (`/scotland` and `/sell2wales` + `/v1/Notices`): one
 *   month and one notice type of the site's documented list per request; a month with nothing is
 *   a package without `releases`; with `faults`, one 500 on the first Scottish request with releases.
 * - GOV.UK (`REPD_FEED.contentPath`): the publication's CSV attachments (with a spreadsheet beside
 *   each), their `public_updated_at`, served under `/media/fixture/`.
 */
export type FixtureFeed = 'find-a-tender' | 'contracts-finder' | 'public-contracts-scotland' | 'sell2wales';

export interface FeedFixture {
  /** The base URL of Find a Tender and Contracts Finder; the Proactis sites are under `/scotland` and `/sell2wales`. */
  url: string;
  /** Each feed's base URL on this fixture. */
  urls: Record<FixtureFeed, string>;
  /** Every request's path and query, in order. */
  requests: string[];
  /** Find a Tender's answered requests' times on the fixture's clock (ms), and how many it refused with 429. */
  findATender: { times: number[]; limited: number };
  /** The most requests ever in flight at once (the feeds ask one at a time). */
  maxInFlight: number;
  /** The releases each feed serves (for tests' expectations), the malformed one and the update included. */
  served: Record<FixtureFeed, unknown[]>;
  /** The generated notices (issue 29), when `scenarioEnd` was given. */
  scenario: FeedScenario | null;
  /**
   * The GOV.UK REPD publication (decision 0395): the content API answer at REPD_FEED.contentPath
   * lists `repd.listed` (file names) as CSV attachments under `/media/`, served from `repd.files`.
   * Tests change both between runs; `repd.fail` answers the next request under `/media/` with that
   * status; `repd.urls` replaces an attachment's address (a malformed one, say).
   */
  repd: {
    url: string;
    listed: string[];
    files: Map<string, Buffer>;
    titles: Map<string, string>;
    updatedAt: Map<string, string>;
    urls: Map<string, string>;
    fail: number | null;
  };
  close(): Promise<void>;
}

export interface FeedFixtureOptions {
  releases: OcdsRelease[];
  port?: number;
  faults?: boolean;
  /** Releases per page on Contracts Finder's cursor-paged path (Find a Tender honours `limit`). */
  pageSize?: number;
  /** Serve the generated notices of issue 29, the last of them just before this time. */
  scenarioEnd?: Date;
  /** The fixture's clock for Find a Tender's rate limit (the tests' simulated time); the real one by default. */
  now?: () => Date;
  /** Find a Tender's 12-in-2-minutes limit (on unless false). */
  rateLimit?: boolean;
  /** REPD releases the publication can list (the first listed at start). */
  repdReleases?: Array<{ fileName: string; title: string; body: Buffer; publicUpdatedAt?: string }>;
  /** Called for each request before it is answered; may delay the answer (the kill -9 test). */
  onRequest?: (path: string, index: number) => Promise<void> | void;
}

const HOUR = 3_600_000;
/** Find a Tender: 12 requests in 2 minutes (its 429 body; kingfisher-collect's spider: about 6 a minute). */
const FTS_LIMIT = { requests: 12, windowMs: 120_000, body: '12 request limit in 2 minute exceeded' };
/** Windows longer than this miss releases (kingfisher-collect#1203, its 6-hour step). */
const FTS_MAX_WINDOW_MS = 6 * HOUR;
/** The notice types each Proactis site documents (its API page; Sell2Wales' site notices from kingfisher-collect's spider). */
const EU_TYPES = [1, 2, 3, 4, 5, 6, 7, 12, 13, 14, 15, 20, 21, 22, 23, 24, 25];
const SITE_TYPES = { scotland: [...EU_TYPES, 101, 102, 103, 104], sell2wales: [...EU_TYPES, 51, 52, 53, 54, 55, 56] };

const date = (r: OcdsRelease) => r.date ?? '';
const byDate = (a: OcdsRelease, b: OcdsRelease) => date(a).localeCompare(date(b)) || String(a.id ?? '').localeCompare(String(b.id ?? ''));
const token = (offset: number) => Buffer.from(`page:${offset}`).toString('base64url');
const offsetOf = (cursor: string | null) => {
  const m = cursor ? /^page:(\d+)$/.exec(Buffer.from(cursor, 'base64url').toString()) : null;
  return m ? Number(m[1]) : 0;
};
/** The sources' date parameters carry no zone: UTC. */
const paramTime = (value: string | null) => (value ? Date.parse(/[zZ]|[+-]\d\d:\d\d$/.test(value) ? value : `${value}Z`) : NaN);

/** The notice type a Proactis API would file a bundled release under. */
const noticeTypeOf = (r: OcdsRelease & { noticeType?: number }) => r.noticeType ?? (r.tag?.some((t) => t.startsWith('award')) ? 3 : r.tag?.includes('planning') ? 1 : 2);
/** Contracts Finder's stage of a release (its `stages` filter). */
const stageOf = (r: OcdsRelease) =>
  r.tag?.some((t) => t.startsWith('contract')) ? 'implementation' : r.tag?.some((t) => t.startsWith('award')) ? 'award' : r.tag?.includes('planning') ? 'planning' : 'tender';

/** Stand-ins for the invalid numbers served in place of an amount. */
const BAD_NUMBERS = { leadingZeros: { marker: -777_001, text: ' 000' }, overflow: { marker: -777_002, text: '1e9999' } };

export async function startFeedFixture(options: FeedFixtureOptions): Promise<FeedFixture> {
  const faults = options.faults ?? true;
  const pageSize = options.pageSize ?? 20;
  const now = options.now ?? (() => new Date());
  const scenario = options.scenarioEnd ? buildFeedScenario(options.scenarioEnd) : null;
  const sorted = [...options.releases].sort(byDate);
  const england = sorted.filter((r) => r.ocid?.startsWith('ocds-b5fd17-'));
  const fts: OcdsRelease[] = [...(england.filter((_, i) => i % 2 === 0) as OcdsRelease[]), ...(scenario?.findATender ?? [])];
  const cf: unknown[] = england.filter((_, i) => i % 2 === 1);
  const scotland: OcdsRelease[] = [...sorted.filter((r) => r.ocid?.startsWith('ocds-r6ebe6-')), ...(scenario?.publicContractsScotland ?? [])];
  const wales: OcdsRelease[] = [...sorted.filter((r) => r.ocid?.startsWith('ocds-kuma6s-')), ...(scenario?.sell2wales ?? [])];
  if (faults) {
    // A release the importer cannot read, and a later award release of an earlier notice that names
    // its supplier by Companies House number.
    fts.splice(1, 0, { id: 'fixture-malformed', date: '2025-01-02T00:00:00Z', tag: ['tender'], tender: { title: 'No ocid' } });
    const target = fts.find((r) => /solar|charge points?|switchgear/i.test(r.tender?.title ?? '') && r.ocid?.startsWith('ocds-b5fd17-')) ?? fts[0]!;
    fts.push({
      ...target,
      id: `${target.id}-fixture-award`,
      date: '2025-03-31T09:00:00Z',
      tag: ['award'],
      parties: [...(target.parties ?? []), { id: 'GB-COH-01234567', name: 'Fixture Solar Ltd', roles: ['supplier'], identifier: { scheme: 'GB-COH', id: '01234567' } }],
      awards: [{ status: 'active', date: '2025-03-30T00:00:00Z', value: { amount: 123456, currency: 'GBP' }, suppliers: [{ id: 'GB-COH-01234567', name: 'Fixture Solar Ltd' }] }],
    } satisfies OcdsRelease);
  }
  fts.sort(byDate);
  const ftsTimes = fts.map((r) => Date.parse(date(r)));
  const fired = new Set<string>();
  const once = (key: string) => faults && !fired.has(key) && (fired.add(key), true);
  const requests: string[] = [];
  const findATender = { times: [] as number[], limited: 0 };
  const repd: FeedFixture['repd'] = {
    url: '',
    listed: options.repdReleases?.length ? [options.repdReleases[0]!.fileName] : [],
    files: new Map((options.repdReleases ?? []).map((r) => [r.fileName, r.body])),
    titles: new Map((options.repdReleases ?? []).map((r) => [r.fileName, r.title])),
    updatedAt: new Map((options.repdReleases ?? []).flatMap((r) => (r.publicUpdatedAt ? [[r.fileName, r.publicUpdatedAt] as [string, string]] : []))),
    urls: new Map(),
    fail: null,
  };
  let inFlight = 0;
  let maxInFlight = 0;

  /** A page of releases as JSON text, with the fixture's invalid numbers in place where they belong. */
  const pageText = (body: Record<string, unknown>) => {
    let text = JSON.stringify(body);
    if (!faults || !scenario) return text;
    for (const { marker, text: bad } of Object.values(BAD_NUMBERS)) text = text.replace(String(marker), bad);
    return text;
  };
  const withBadNumbers = (releases: OcdsRelease[]) =>
    !faults || !scenario
      ? releases
      : releases.map((r) => {
          const bad = r.id === scenario.badNumberReleaseIds.leadingZeros ? BAD_NUMBERS.leadingZeros : r.id === scenario.badNumberReleaseIds.overflow ? BAD_NUMBERS.overflow : null;
          return bad ? { ...r, tender: { ...r.tender, value: { amount: bad.marker, currency: 'GBP' } } } : r;
        });

  const server = http.createServer((req, res) => {
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    res.on('close', () => inFlight--);
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const index = requests.push(url.pathname + url.search) - 1;
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': typeof body === 'string' ? 'text/plain' : 'application/json', ...headers });
      res.end(typeof body === 'string' ? body : JSON.stringify(body));
    };
    const pkg = (releases: unknown[], next: string | null) => ({
      uri: url.href,
      version: '1.1',
      publishedDate: now().toISOString(),
      publisher: { name: 'Feed fixture (bundled sample releases)' },
      releases,
      ...(next ? { links: { next } } : {}),
    });
    const base = `http://${req.headers.host}`;
    void (async () => {
      await options.onRequest?.(url.pathname + url.search, index);
      if (url.pathname === '/api/1.0/ocdsReleasePackages') {
        const at = now().getTime();
        if (options.rateLimit !== false && findATender.times.filter((t) => t > at - FTS_LIMIT.windowMs).length >= FTS_LIMIT.requests) {
          findATender.limited++;
          return send(429, FTS_LIMIT.body);
        }
        findATender.times.push(at);
        if (scenario && findATender.times.length === 5 && once('fts-503')) return send(503, 'Service Unavailable');
        const fromParam = url.searchParams.get('updatedFrom');
        const toParam = url.searchParams.get('updatedTo');
        const from = Number.isNaN(paramTime(fromParam)) ? -Infinity : paramTime(fromParam);
        const to = Number.isNaN(paramTime(toParam)) ? Infinity : paramTime(toParam);
        const limit = Math.min(Math.max(Number(url.searchParams.get('limit') ?? 100) || 100, 1), 100);
        const long = to - from > FTS_MAX_WINDOW_MS;
        // A long window misses releases, and its pages carry no next link.
        const list = fts.filter((_, i) => ftsTimes[i]! >= from && ftsTimes[i]! <= to).filter((_, i) => !long || i % 3 !== 2);
        const offset = offsetOf(url.searchParams.get('cursor'));
        const page = withBadNumbers(list.slice(offset, offset + limit));
        const more = !long && offset + limit < list.length;
        const query = `updatedFrom=${fromParam ?? ''}${toParam ? `&updatedTo=${toParam}` : ''}&limit=${limit}`;
        // kingfisher-collect#1306: a full page reached through a cursor, without its next link.
        const dropNext = more && offset > 0 && page.length === limit && once('fts-no-next');
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end(pageText(pkg(page, more && !dropNext ? `${base}${url.pathname}?${query}&cursor=${token(offset + limit)}` : null)));
      }
      if (url.pathname === '/Published/Notices/OCDS/Search') {
        if (once('cf-403')) return send(403, '<html><head><title>Forbidden - Contracts Finder</title></head><body>Request forbidden</body></html>');
        const from = url.searchParams.get('publishedFrom') ?? '';
        const to = url.searchParams.get('publishedTo') ?? '9999';
        const stages = url.searchParams.get('stages')?.split(',');
        const list = (cf as OcdsRelease[]).filter((r) => date(r).slice(0, 19) >= from && date(r).slice(0, 19) < to && (!stages || stages.includes(stageOf(r))));
        const offset = offsetOf(url.searchParams.get('cursor'));
        const page = list.slice(offset, offset + pageSize);
        const more = offset + pageSize < list.length;
        const next = `${base}${url.pathname}?publishedFrom=${from}&publishedTo=${to}${stages ? `&stages=${stages.join(',')}` : ''}&limit=100&cursor=${token(offset + pageSize)}`;
        return send(200, pkg(page, more ? next : null));
      }
      const proactis = /^\/(scotland|sell2wales)\/v1\/Notices$/.exec(url.pathname);
      if (proactis) {
        const site = proactis[1] as 'scotland' | 'sell2wales';
        const pool = site === 'scotland' ? scotland : wales;
        const [month, year] = (url.searchParams.get('dateFrom') ?? '').split('-');
        const type = Number(url.searchParams.get('noticeType'));
        if (!SITE_TYPES[site].includes(type) || url.searchParams.get('outputType') !== '0') return send(400, { error: 'bad parameters' });
        const list = pool.filter((r) => date(r).slice(0, 7) === `${year}-${month}` && noticeTypeOf(r) === type).map(({ noticeType: _type, ...r }: OcdsRelease & { noticeType?: number }) => r);
        if (list.length > 0 && site === 'scotland' && once('pcs-500')) return send(500, { error: 'Internal Server Error' });
        // A month with nothing to say is a bare package without releases, as the live API answers.
        if (list.length === 0) return send(200, { uri: url.href, version: '1.1', publishedDate: now().toISOString() });
        return send(200, pkg(list, null));
      }
      if (url.pathname === REPD_FEED.contentPath) {
        return send(200, {
          base_path: '/government/publications/renewable-energy-planning-database-quarterly-extract',
          title: 'Renewable Energy Planning Database: quarterly extract',
          document_type: 'official_statistics',
          public_updated_at: now().toISOString(),
          details: {
            attachments: repd.listed.flatMap((name) => [
              {
                attachment_type: 'file',
                content_type: 'text/csv',
                filename: name,
                title: repd.titles.get(name) ?? name,
                url: repd.urls.get(name) ?? `${base}/media/fixture/${name}`,
                ...(repd.updatedAt.has(name) ? { public_updated_at: repd.updatedAt.get(name) } : {}),
              },
              // The publication also offers a spreadsheet of each release: not the one to read.
              { attachment_type: 'file', content_type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', filename: name.replace(/\.csv$/i, '.xlsx'), title: repd.titles.get(name) ?? name, url: `${base}/media/fixture/${name.replace(/\.csv$/i, '.xlsx')}` },
            ]),
          },
        });
      }
      const media = /^\/media\/fixture\/([^/]+)$/.exec(url.pathname);
      if (media) {
        if (repd.fail !== null) {
          const status = repd.fail;
          repd.fail = null;
          return send(status, { error: 'fixture failure' });
        }
        const file = repd.files.get(decodeURIComponent(media[1]!));
        if (!file) return send(404, { error: 'Not found' });
        res.writeHead(200, { 'content-type': 'text/csv', 'content-length': String(file.length) });
        return res.end(file);
      }
      return send(404, { error: 'Not found' });
    })().catch(() => send(500, { error: 'fixture failure' }));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  repd.url = url;
  return {
    repd,
    url,
    urls: { 'find-a-tender': url, 'contracts-finder': url, 'public-contracts-scotland': `${url}/scotland`, sell2wales: `${url}/sell2wales` },
    requests,
    findATender,
    get maxInFlight() {
      return maxInFlight;
    },
    served: { 'find-a-tender': fts, 'contracts-finder': cf, 'public-contracts-scotland': scotland, sell2wales: wales },
    scenario,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
