import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PROACTIS_NOTICE_TYPES } from '@solar/shared/constants/data-sources';
import { REPD_FEED } from '@solar/shared/constants/data-sources';
import type { OcdsRelease } from '../ocds/ocds-mapper';

/**
 * A stand-in for the four tender feeds on 127.0.0.1 (`npm run feeds:fixture`, and the feed tests):
 * paginated release packages built from the bundled real releases, in each source's URL shape
 * (decision 0390); the two Proactis sites, which share their paths, under `/scotland` and `/sell2wales`. The bundled Contracts Finder releases are shared between the Find a Tender and
 * Contracts Finder paths (alternately); the Scottish and Welsh ones are served by month and notice
 * type. With `faults` on, each fault happens once: a 429 with Retry-After on Find a Tender's
 * second page, an empty page in its cursor chain, a malformed release on its first page and a later
 * release updating an earlier notice on its last page; a 403 on Contracts Finder's first request;
 * a 500 on the first Scottish request that has releases.
 */
export interface FeedFixture {
  /** The base URL of Find a Tender and Contracts Finder; the Proactis sites are under `/scotland` and `/sell2wales`. */
  url: string;
  /** Each feed's base URL on this fixture. */
  urls: Record<'find-a-tender' | 'contracts-finder' | 'public-contracts-scotland' | 'sell2wales', string>;
  /** Every request's path and query, in order. */
  requests: string[];
  /** The most requests ever in flight at once (the feeds ask one at a time). */
  maxInFlight: number;
  /** The releases each feed serves (for tests' expectations), the malformed one and the update included. */
  served: Record<'find-a-tender' | 'contracts-finder' | 'public-contracts-scotland' | 'sell2wales', unknown[]>;
  /**
   * The GOV.UK REPD publication (decision 0395): the content API answer at REPD_FEED.contentPath
   * lists `repd.listed` (file names) as CSV attachments under `/media/`, served from `repd.files`.
   * Tests change both between runs; `repd.fail` answers the next request under `/media/` with that status.
   */
  repd: { url: string; listed: string[]; files: Map<string, Buffer>; titles: Map<string, string>; fail: number | null };
  close(): Promise<void>;
}

export interface FeedFixtureOptions {
  releases: OcdsRelease[];
  port?: number;
  faults?: boolean;
  /** Releases per page on the cursor-paged paths. */
  pageSize?: number;
  /** REPD releases the publication can list (the first listed at start). */
  repdReleases?: Array<{ fileName: string; title: string; body: Buffer }>;
  /** Called for each request before it is answered; may delay the answer (the kill -9 test). */
  onRequest?: (path: string, index: number) => Promise<void> | void;
}

const date = (r: OcdsRelease) => r.date ?? '';
const byDate = (a: OcdsRelease, b: OcdsRelease) => date(a).localeCompare(date(b)) || String(a.id ?? '').localeCompare(String(b.id ?? ''));
const token = (offset: number) => Buffer.from(`page:${offset}`).toString('base64url');
const offsetOf = (cursor: string | null) => {
  const m = cursor ? /^page:(\d+)$/.exec(Buffer.from(cursor, 'base64url').toString()) : null;
  return m ? Number(m[1]) : 0;
};

/** The notice type a Proactis API would file a release under. */
const noticeTypeOf = (r: OcdsRelease) => (r.tag?.some((t) => t.startsWith('award')) ? 3 : r.tag?.includes('planning') ? 1 : 2);

export async function startFeedFixture(options: FeedFixtureOptions): Promise<FeedFixture> {
  const faults = options.faults ?? true;
  const pageSize = options.pageSize ?? 20;
  const sorted = [...options.releases].sort(byDate);
  const england = sorted.filter((r) => r.ocid?.startsWith('ocds-b5fd17-'));
  const fts: unknown[] = england.filter((_, i) => i % 2 === 0);
  const cf: unknown[] = england.filter((_, i) => i % 2 === 1);
  const scotland = sorted.filter((r) => r.ocid?.startsWith('ocds-r6ebe6-'));
  const wales = sorted.filter((r) => r.ocid?.startsWith('ocds-kuma6s-'));
  if (faults) {
    // A release the importer cannot read, and a later award release of an earlier notice that names
    // its supplier by Companies House number.
    fts.splice(1, 0, { id: 'fixture-malformed', date: '2025-01-02T00:00:00Z', tag: ['tender'], tender: { title: 'No ocid' } });
    const target = (fts as OcdsRelease[]).find((r) => /solar|charge points?|switchgear/i.test(r.tender?.title ?? '')) ?? (fts[0] as OcdsRelease);
    fts.push({
      ...target,
      id: `${target.id}-fixture-award`,
      date: '2025-03-31T09:00:00Z',
      tag: ['award'],
      parties: [...(target.parties ?? []), { id: 'GB-COH-01234567', name: 'Fixture Solar Ltd', roles: ['supplier'], identifier: { scheme: 'GB-COH', id: '01234567' } }],
      awards: [{ status: 'active', date: '2025-03-30T00:00:00Z', value: { amount: 123456, currency: 'GBP' }, suppliers: [{ id: 'GB-COH-01234567', name: 'Fixture Solar Ltd' }] }],
    } satisfies OcdsRelease);
  }
  const fired = new Set<string>();
  const once = (key: string) => faults && !fired.has(key) && (fired.add(key), true);
  const requests: string[] = [];
  const repd: FeedFixture['repd'] = {
    url: '',
    listed: options.repdReleases?.length ? [options.repdReleases[0]!.fileName] : [],
    files: new Map((options.repdReleases ?? []).map((r) => [r.fileName, r.body])),
    titles: new Map((options.repdReleases ?? []).map((r) => [r.fileName, r.title])),
    fail: null,
  };
  let inFlight = 0;
  let maxInFlight = 0;

  const server = http.createServer((req, res) => {
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    res.on('close', () => inFlight--);
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const index = requests.push(url.pathname + url.search) - 1;
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(typeof body === 'string' ? body : JSON.stringify(body));
    };
    const pkg = (releases: unknown[], next: string | null) => ({
      uri: url.href,
      version: '1.1',
      publishedDate: new Date().toISOString(),
      publisher: { name: 'Feed fixture (bundled sample releases)' },
      releases,
      ...(next ? { links: { next } } : {}),
    });
    const base = `http://${req.headers.host}`;
    void (async () => {
      await options.onRequest?.(url.pathname + url.search, index);
      if (url.pathname === '/api/1.0/ocdsReleasePackages') {
        const from = url.searchParams.get('updatedFrom') ?? '';
        const list = fts.filter((r) => date(r as OcdsRelease) >= from);
        const offset = offsetOf(url.searchParams.get('cursor'));
        if (offset > 0 && once('fts-429')) return send(429, { error: 'Too many requests' }, { 'retry-after': '1' });
        // The third page of the chain is empty, and links on to the fourth.
        if (offset === 2 * pageSize && once('fts-empty')) return send(200, pkg([], `${base}${url.pathname}?updatedFrom=${from}&limit=100&cursor=${token(offset)}`));
        const page = list.slice(offset, offset + pageSize);
        const more = offset + pageSize < list.length;
        return send(200, pkg(page, more ? `${base}${url.pathname}?updatedFrom=${from}&limit=100&cursor=${token(offset + pageSize)}` : null));
      }
      if (url.pathname === '/Published/Notices/OCDS/Search') {
        if (once('cf-403')) return send(403, 'Forbidden');
        const from = url.searchParams.get('publishedFrom') ?? '';
        const to = url.searchParams.get('publishedTo') ?? '9999';
        const list = cf.filter((r) => date(r as OcdsRelease).slice(0, 19) >= from && date(r as OcdsRelease).slice(0, 19) < to);
        const offset = offsetOf(url.searchParams.get('cursor'));
        const page = list.slice(offset, offset + pageSize);
        const more = offset + pageSize < list.length;
        const next = `${base}${url.pathname}?publishedFrom=${from}&publishedTo=${to}&limit=100&cursor=${token(offset + pageSize)}`;
        return send(200, pkg(page, more ? next : null));
      }
      const proactis = /^\/(scotland|sell2wales)\/v1\/Notices$/.exec(url.pathname);
      if (proactis) {
        const pool = proactis[1] === 'scotland' ? scotland : wales;
        const [month, year] = (url.searchParams.get('dateFrom') ?? '').split('-');
        const type = Number(url.searchParams.get('noticeType'));
        if (!(PROACTIS_NOTICE_TYPES as readonly number[]).includes(type) || url.searchParams.get('outputType') !== '0') return send(400, { error: 'bad parameters' });
        const list = pool.filter((r) => date(r).slice(0, 7) === `${year}-${month}` && noticeTypeOf(r) === type);
        if (list.length > 0 && pool === scotland && once('pcs-500')) return send(500, { error: 'Internal Server Error' });
        // A month with nothing to say is a bare package without releases, as the live API answers.
        if (list.length === 0) return send(200, { uri: url.href, version: '1.1', publishedDate: new Date().toISOString() });
        return send(200, pkg(list, null));
      }
      if (url.pathname === REPD_FEED.contentPath) {
        return send(200, {
          base_path: '/government/publications/renewable-energy-planning-database-quarterly-extract',
          title: 'Renewable Energy Planning Database: quarterly extract',
          document_type: 'official_statistics',
          public_updated_at: new Date().toISOString(),
          details: {
            attachments: repd.listed.flatMap((name) => [
              { attachment_type: 'file', content_type: 'text/csv', filename: name, title: repd.titles.get(name) ?? name, url: `${base}/media/fixture/${name}` },
              // The publication also offers a spreadsheet of each release: not the one to read.
              { attachment_type: 'file', content_type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', filename: name.replace(/\.csv$/, '.xlsx'), title: repd.titles.get(name) ?? name, url: `${base}/media/fixture/${name.replace(/\.csv$/, '.xlsx')}` },
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
    get maxInFlight() {
      return maxInFlight;
    },
    served: { 'find-a-tender': fts, 'contracts-finder': cf, 'public-contracts-scotland': scotland, sell2wales: wales },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
