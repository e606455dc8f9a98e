import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIRECTORY_MAP_POINT_LIMIT } from '@solar/shared/constants/maps';
import { createTestApp, databaseKinds, type TestApp } from '../../../../test/harness';

/** The directory map at scale (decision 0387): clusters for wide views, points when zoomed in, the same filters as the list. */

/** Generated providers spread over Great Britain (deterministic): more than the point limit. */
const GENERATED = 12_000;
/** The most an answer may send, as a browser asks for it (issue 16). */
const MAX_SENT_BYTES = 300 * 1024;
const UK = 'bounds=-12,49,2,61&zoom=5';

interface MapBody {
  data: Array<{ id: string; position: [number, number]; countrywide: boolean; businessName: string }>;
  clusters?: Array<{ position: [number, number]; count: number; countrywide: number; expansionZoom: number }>;
  clustered?: boolean;
  pagination: { total: number };
}

describe.each(databaseKinds)('directory map clusters on %s', (kind) => {
  let t: TestApp;
  const map = async (query: string) => {
    const res = await t.app.inject({ url: `/api/providers/search?mode=map&${query}`, headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    const sent = res.rawPayload.length;
    const body = JSON.parse(res.headers['content-encoding'] === 'br' ? brotliDecompressSync(res.rawPayload).toString() : res.body) as MapBody;
    return { body, sent };
  };
  const listTotal = async (query: string) => {
    const res = await t.app.inject(`/api/providers/search?pageSize=1&${query}`);
    return (res.json() as { pagination: { total: number } }).pagination.total;
  };
  const inAnswer = (b: MapBody) => b.data.length + (b.clusters ?? []).reduce((n, c) => n + c.count, 0);

  beforeAll(async () => {
    t = await createTestApp({ kind });
    // Every one has a position, so the list's total (which also counts unpositioned providers) is comparable.
    await t.ctx.database.query(
      `INSERT INTO providers (slug, business_name, type, services, technologies, scale, phase, location, latitude, longitude,
         service_radius, description, completeness, source)
       SELECT 'map-test-' || g, 'Map Test ' || g, 'O&M Provider',
         CASE WHEN g % 3 = 0 THEN ARRAY['Drone Surveys'] ELSE ARRAY['Panel Cleaning'] END,
         CASE WHEN g % 4 = 0 THEN ARRAY['BESS'] ELSE ARRAY['Solar PV'] END,
         ARRAY['Utility'], CASE WHEN g % 5 = 0 THEN ARRAY['Construction'] ELSE ARRAY['Operational'] END,
         'Generated', 50.2 + (g * 7919 % 8300) / 1000.0, -5.5 + (g * 104729 % 7200) / 1000.0,
         CASE WHEN g % 10 = 0 THEN -1 ELSE 50 END, 'Generated for the map tests.', 50, 'scale'
       FROM generate_series(1, ${GENERATED}) AS g`,
    );
    await t.ctx.database.exec('ANALYZE providers');
  }, 120_000);
  afterAll(() => t?.close());

  it('a wide view at many providers is clusters under the byte bound, and they add up to the list total', async () => {
    for (const query of ['', UK, 'bounds=-180,-90,180,90&zoom=0']) {
      const { body, sent } = await map(query);
      expect(body.clustered).toBe(true);
      expect(body.clusters!.length).toBeGreaterThan(0);
      expect(sent).toBeLessThan(MAX_SENT_BYTES);
      expect(body.pagination.total).toBe(await listTotal(''));
      expect(inAnswer(body)).toBe(body.pagination.total);
    }
    const { body } = await map(UK);
    expect(body.clusters!.every((c) => c.expansionZoom === 7)).toBe(true);
    // Each cluster knows how many of its providers are countrywide (the donut's orange share): 1 in 10 here.
    const countrywide = body.clusters!.reduce((n, c) => n + c.countrywide, 0) + body.data.filter((p) => p.countrywide).length;
    expect(countrywide).toBe(GENERATED / 10);
  });

  it('filters apply to clusters exactly as to the list', async () => {
    const filters = [
      // 9,000 and 6,400 match: clusters.
      'technologies=Solar%20PV',
      'services=Panel%20Cleaning&phases=Operational',
      // 4,000, 3,000, 2,400 and 3,111 match: every point.
      'services=Drone%20Surveys',
      'technologies=BESS',
      'phases=Construction',
      'companies=Map%20Test%201',
    ];
    for (const filter of filters) {
      const { body } = await map(`${filter}&${UK}`);
      const total = await listTotal(filter);
      expect(body.pagination.total).toBe(total);
      expect(body.clusters!.length > 0).toBe(total > DIRECTORY_MAP_POINT_LIMIT);
      expect(inAnswer(body)).toBe(total);
      // A filter keeping at most the point limit is every point, clustered in the browser.
      const unviewed = (await map(filter)).body;
      expect(unviewed.clustered).toBe(total > DIRECTORY_MAP_POINT_LIMIT);
      if (total <= DIRECTORY_MAP_POINT_LIMIT) expect(unviewed.data).toHaveLength(total);
    }
    const near = 'location=Leeds&locationCenter=-1.5491,53.8008&radius=100';
    const { body } = await map(`${near}&bounds=-6,51,3,57&zoom=6`);
    expect(body.pagination.total).toBe(await listTotal(near));
    expect(inAnswer(body)).toBe(body.pagination.total);
  });

  it('a zoomed-in view returns the providers in it as points', async () => {
    const bounds: [number, number, number, number] = [-2.4, 53.3, -2.0, 53.6];
    const { body, sent } = await map(`bounds=${bounds.join(',')}&zoom=11`);
    expect(body.clustered).toBe(true);
    expect(body.clusters).toEqual([]);
    expect(body.data.length).toBeGreaterThan(0);
    expect(sent).toBeLessThan(MAX_SENT_BYTES);
    // Each provider inside the asked view is there (the answer may hold a margin around it).
    const [w, s, e, n] = bounds;
    const rows = await t.ctx.database.query<{ id: string }>(
      `SELECT id::text FROM providers WHERE latitude BETWEEN $1 AND $2 AND longitude BETWEEN $3 AND $4`,
      [s, n, w, e],
    );
    const ids = new Set(body.data.map((p) => p.id));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => ids.has(r.id))).toBe(true);
  });

  it('refuses bounds that are not west,south,east,north', async () => {
    const res = await t.app.inject('/api/providers/search?mode=map&bounds=10,0,-10,5');
    expect(res.statusCode).toBe(400);
  });
});
