import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_HEADERS } from '@solar/shared/constants/exports';
import { CSV_MEDIA, JSON_MEDIA, STORED_FILE_MEDIA_TYPES, XLSX_MEDIA, ZIP_MEDIA, mediaTypeOf } from '@solar/shared/constants/media-types';
import { answerMediaTypes, type Contract } from '@solar/shared/contracts/contract';
import { boundContracts } from '@solar/shared/contracts/index';
import { createTestApp, databaseKinds, type TestApp } from './harness';
import { OWNED, fillPath, privateWorld, type Actor, type PrivateWorld } from './security/fixtures';

/**
 * Decision 0570: every answer a route sends has a media type the OpenAPI document lists for that
 * route and status. Each GET route is called as someone it answers (a visitor on public routes, then
 * A where a visitor is refused; A on A's records; an admin on admin routes), once as it is and once per value of its documented
 * download parameters (`format`, `export`); the Content-Type of every answer is compared with the
 * document, and every media type the document lists for a 2xx answer must have been sent at least
 * once (a stored file's, whatever the upload's type: one of them).
 */

interface Op {
  parameters?: Array<{ name: string; in: string; required?: boolean; schema?: { enum?: unknown[]; type?: string; anyOf?: Array<{ enum?: unknown[] }> } }>;
  responses: Record<string, { content?: Record<string, unknown>; headers?: Record<string, unknown> }>;
}
type Doc = { paths: Record<string, Record<string, Op>> };

const documentPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');
const documentedTypes = (op: Op | undefined, status: number) => Object.keys(op?.responses[String(status)]?.content ?? {}).map(mediaTypeOf);

/** GET routes that cannot answer 2xx in this world, each with the reason; their answers are still compared with the document. */
const NO_SUCCESS: Record<string, string> = {
  getPart: 'the parts catalogue comes from an outside source, empty in tests: 404',
  getUnsubscribe: 'needs a signed link from a mail (tested in saved-searches.test.ts): 400 here',
};

/** Values for required query parameters without an enum, by name. */
const QUERY_VALUES: Record<string, string> = {
  q: 'Leeds',
  search: 'Solar',
  name: 'Alice Solar Services',
  lat: '53.8',
  lng: '-1.55',
  token: 'x',
  bounds: '-2.5,53,-1,54',
  zoom: '8',
};

describe.each(databaseKinds)('answers are sent as the OpenAPI document says on %s', (kind) => {
  let t: TestApp;
  let w: PrivateWorld;
  let doc: Doc;
  /** Every answer seen: route, status and media type. */
  const seen: Array<{ name: string; url: string; status: number; type: string }> = [];

  const opOf = (c: Contract) => doc.paths[documentPath(c.path)]?.[c.method.toLowerCase()];
  const call = async (name: string, url: string, who: Actor | null) => {
    // Each call from an address of its own, so per-address limits are not what answers.
    const res = await t.app.inject({ method: 'GET', url, remoteAddress: `10.8.${Math.floor(seen.length / 250)}.${(seen.length % 250) + 1}`, headers: who ? { cookie: who.cookie } : {} });
    seen.push({ name, url, status: res.statusCode, type: mediaTypeOf(res.headers['content-type'] as string | undefined) });
    return res;
  };

  beforeAll(async () => {
    t = await createTestApp({ kind });
    w = await privateWorld(t);
    doc = (await t.app.inject('/api/docs/openapi.json')).json();
  }, 300_000);
  afterAll(() => t.close());

  it('documents each export with its real media types, its format parameter and its headers', () => {
    for (const path of ['/api/exports/providers', '/api/exports/tenders', '/api/exports/assets', '/api/exports/buyers/{slug}/awards']) {
      const op = doc.paths[path]!.get!;
      expect(Object.keys(op.responses['200']!.content!), path).toEqual([CSV_MEDIA, JSON_MEDIA]);
      expect(Object.keys(op.responses['200']!.headers!), path).toEqual(expect.arrayContaining([EXPORT_HEADERS.rows, EXPORT_HEADERS.total, EXPORT_HEADERS.truncated, EXPORT_HEADERS.notice, 'Content-Disposition']));
      const format = op.parameters!.find((p) => p.name === 'format')!;
      expect(format, path).toMatchObject({ in: 'query', schema: { enum: ['csv', 'json'] } });
      expect(Object.keys(op.responses['400']!.content!), path).toEqual([JSON_MEDIA]);
    }
    // The JSON of an export is its file, not the chart's or the page's own answer.
    const json = doc.paths['/api/exports/tenders']!.get!.responses['200']!.content![JSON_MEDIA] as { schema: { properties: Record<string, unknown> } };
    expect(Object.keys(json.schema.properties)).toEqual(expect.arrayContaining(['data', 'rows', 'total', 'truncated']));
    expect(Object.keys(doc.paths['/api/assets/insights/breakdown']!.get!.responses['200']!.content!)).toEqual([JSON_MEDIA, CSV_MEDIA]);
    expect(Object.keys(doc.paths['/api/tenders/{id}/records/{file}']!.get!.responses['200']!.content!)).toEqual([ZIP_MEDIA, CSV_MEDIA, XLSX_MEDIA]);
  });

  it('lists for every route the media types its contract says it sends', () => {
    for (const [name, contract] of boundContracts) {
      const op = opOf(contract);
      expect(op, `${name} ${contract.method} ${contract.path} is documented`).toBeDefined();
      for (const status of Object.keys(contract.response).map(Number)) {
        if (status === 204) continue;
        const expected = status < 300 ? answerMediaTypes(contract).map(mediaTypeOf) : [JSON_MEDIA];
        expect(documentedTypes(op, status), `${name} ${status}`).toEqual(expected);
      }
    }
  });

  it('every GET route sends each answer as a media type the document lists for its status', async () => {
    // What the walk needs beside A's records: an asset, a buyer with an award, a sitemap's name.
    const [asset] = await t.ctx.database.query<{ id: number }>(
      `INSERT INTO assets (repd_ref_id, site_name, technology_type, installed_capacity, development_status, source, content_hash, region)
       VALUES ('MEDIA-1', 'Media Type Farm', 'Solar Photovoltaics', 12.5, 'Operational', 'REPD', 'media-1', 'Yorkshire and Humber') RETURNING id::int AS id`,
    );
    await t.ctx.database.query(
      `INSERT INTO tenders (title, source, stage, organisation_name, published_date, award_value, external_id, award_suppliers)
       VALUES ('Media type award', 'External', 'awarded', 'Media Type Council', '2025-03-01T09:00:00Z', 1000, 'media-award-1', '[]'::jsonb)`,
    );
    const [buyer] = await t.ctx.database.query<{ slug: string }>(`SELECT buyer_slug('Media Type Council') AS slug`);
    const sitemap = /\/sitemaps\/([^<\s]+)/.exec((await t.app.inject('/sitemap.xml')).body)?.[1] ?? 'providers-1.xml';
    const PUBLIC_PARAMS: Record<string, Record<string, string>> = {
      getAsset: { id: String(asset!.id) },
      listAssetProviders: { id: String(asset!.id) },
      getMapLayer: { layer: 'uk.geojson' },
      getSitemap: { name: sitemap },
      getBuyer: { slug: buyer!.slug },
      exportBuyerAwards: { slug: buyer!.slug },
    };
    const owned = OWNED(w);
    const paramsOf = (name: string, c: Contract) => PUBLIC_PARAMS[name] ?? owned.find(([prefix]) => c.path.startsWith(prefix))?.[1] ?? { id: w.providerA.id, slug: w.providerA.slug };
    const whoFor = (c: Contract) => (c.access === 'admin' ? w.admin : c.access === 'user' ? w.a : null);

    /** The addresses a GET route is called at: its required query, then each value of a download parameter. */
    const addresses = (name: string, c: Contract) => {
      const parameters = opOf(c)?.parameters?.filter((p) => p.in === 'query') ?? [];
      const enumOf = (p: (typeof parameters)[number]) => p.schema?.enum ?? p.schema?.anyOf?.find((a) => a.enum)?.enum;
      const required = new URLSearchParams();
      for (const p of parameters.filter((q) => q.required)) required.set(p.name, String(enumOf(p)?.[0] ?? QUERY_VALUES[p.name] ?? 'x'));
      const base = fillPath(c.path, paramsOf(name, c));
      const urls = [required.size ? `${base}?${required}` : base];
      for (const p of parameters) {
        const values = p.name === 'format' ? enumOf(p) : p.name === 'export' ? ['true'] : undefined;
        for (const value of values ?? []) {
          const q = new URLSearchParams(required);
          q.set(p.name, String(value));
          urls.push(`${base}?${q}`);
        }
      }
      return urls;
    };

    const gets = boundContracts.filter(([, c]) => c.method === 'GET');
    for (const [name, contract] of gets) {
      for (const url of addresses(name, contract)) {
        const res = await call(name, url, whoFor(contract));
        // A public route that answers its own (A's private tender, A's session) is asked again by A.
        if (contract.access === 'public' && res.statusCode >= 300) await call(name, url, w.a);
      }
    }

    // The owner's records once responses have closed, every file (409 before: decision 0528).
    const closed = await t.app.inject({ method: 'POST', url: `/api/tenders/${w.privateTenderA}/close`, payload: { reason: 'closed for the media type walk' }, headers: { cookie: w.a.cookie } });
    expect(closed.statusCode, closed.body).toBe(200);
    const byName = Object.fromEntries(boundContracts);
    const ownedTender = owned.find(([prefix]) => prefix === '/api/tenders/')![1];
    const records = byName.downloadTenderRecords!;
    for (const file of ['responses.zip', 'comparison.csv', 'comparison.xlsx', 'audit-log.csv']) {
      await call('downloadTenderRecords', fillPath(records.path, { ...ownedTender, file }), w.a);
    }
    // A response's attachment, unsealed at the close (decision 0512); the letters after the award (decision 0527).
    const attachment = byName.downloadTenderResponseAttachment!;
    await call('downloadTenderResponseAttachment', fillPath(attachment.path, ownedTender), w.a);
    const awarded = await t.app.inject({ method: 'POST', url: `/api/tenders/${w.privateTenderA}/award`, payload: { responseId: w.tenderResponseA }, headers: { cookie: w.a.cookie } });
    expect(awarded.statusCode, awarded.body).toBe(200);
    const letter = byName.downloadTenderLetter!;
    await call('downloadTenderLetter', fillPath(letter.path, ownedTender), w.a);

    const problems: string[] = [];
    for (const answer of seen) {
      if (answer.status === 204 || answer.status === 304) continue;
      const contract = byName[answer.name]!;
      const listed = documentedTypes(opOf(contract), answer.status);
      if (!listed.includes(answer.type)) problems.push(`${answer.url} → ${answer.status} ${answer.type || '(none)'}; the document lists ${listed.join(', ') || 'nothing'} for ${answer.status}`);
    }
    expect(problems).toEqual([]);

    // Every GET route answered, and every 2xx type documented was sent.
    const ok = seen.filter((a) => a.status >= 200 && a.status < 300);
    const unanswered = gets.filter(([name]) => !NO_SUCCESS[name] && !ok.some((a) => a.name === name)).map(([name, c]) => {
      const last = seen.filter((a) => a.name === name).at(-1);
      return `${name} ${c.path}: ${last?.status} at ${last?.url}`;
    });
    expect(unanswered).toEqual([]);
    const storedFile = (c: Contract) => answerMediaTypes(c).join() === STORED_FILE_MEDIA_TYPES.join();
    const neverSent = gets.flatMap(([name, c]) => {
      if (NO_SUCCESS[name]) return [];
      const sent = new Set(ok.filter((a) => a.name === name).map((a) => a.type));
      if (storedFile(c)) return sent.size > 0 ? [] : [`${name}: no stored file`];
      return answerMediaTypes(c).map(mediaTypeOf).filter((type) => !sent.has(type)).map((type) => `${name}: ${type} documented, never sent`);
    });
    expect(neverSent).toEqual([]);
    // The walk is real: exports, charts, files and pages of XML were among the answers.
    expect([...new Set(ok.map((a) => a.type))]).toEqual(expect.arrayContaining([JSON_MEDIA, CSV_MEDIA, XLSX_MEDIA, ZIP_MEDIA, 'application/pdf', 'image/svg+xml', 'application/xml', 'text/plain']));
  }, 300_000);
});
