import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { haversineKm } from '@solar/shared/domain/geo';
import { refreshAssetMapCells } from '../src/features/assets/assets.repository';
import { boundingBox } from '../src/features/providers/provider-search.repository';
import { chooseEncoding } from '../src/plugins/http-cache';
import { readCacheFeed, type Change } from '../src/platform/read-cache-feed';
import { createTestApp, databaseKinds, type TestApp } from './harness';
import { insertProvider } from './fixtures/providers';

/** Performance work of docs/decisions/0300: the radius box, the version-checked read caches, window counts. */

/** A point at `km` from (lat, lng) along `bearing` (degrees) on the R = 6371 km sphere. */
function destination(lat: number, lng: number, km: number, bearing: number): [number, number] {
  const r = Math.PI / 180;
  const d = km / 6371;
  const φ1 = lat * r;
  const θ = bearing * r;
  const φ2 = Math.asin(Math.sin(φ1) * Math.cos(d) + Math.cos(φ1) * Math.sin(d) * Math.cos(θ));
  const λ2 = lng * r + Math.atan2(Math.sin(θ) * Math.sin(d) * Math.cos(φ1), Math.cos(d) - Math.sin(φ1) * Math.sin(φ2));
  return [φ2 / r, ((λ2 / r + 540) % 360) - 180];
}

describe('radius bounding box', () => {
  it('contains every point of the search circle (property)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -85, max: 85, noNaN: true }),
        fc.double({ min: -179, max: 179, noNaN: true }),
        fc.double({ min: 0.01, max: 2000, noNaN: true }),
        fc.double({ min: 0, max: 360, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (lat, lng, radius, bearing, fraction) => {
          const [pLat, pLng] = destination(lat, lng, radius * fraction, bearing);
          if (haversineKm({ lat, lng }, { lat: pLat, lng: pLng }) > radius) return;
          const box = boundingBox(lat, lng, radius);
          expect(pLat).toBeGreaterThanOrEqual(box.south);
          expect(pLat).toBeLessThanOrEqual(box.north);
          if (box.west !== null) {
            expect(pLng).toBeGreaterThanOrEqual(box.west);
            expect(pLng).toBeLessThanOrEqual(box.east!);
          }
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('is tight at UK latitudes and drops the longitude bound near a pole or the antimeridian', () => {
    const leeds = boundingBox(53.8, -1.55, 50);
    expect(leeds.north - leeds.south).toBeCloseTo((2 * 50 * 180) / (Math.PI * 6371), 3);
    expect(leeds.east! - leeds.west!).toBeGreaterThan(leeds.north - leeds.south);
    expect(boundingBox(89, 0, 300).west).toBeNull();
    expect(boundingBox(0, 179.9, 50).west).toBeNull();
  });
});

describe.each(databaseKinds)('read caches and counts on %s', (kind) => {
  let t: TestApp;
  const get = async (url: string) => {
    const res = await t.app.inject({ url });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    return res.json();
  };

  beforeAll(async () => {
    // Lower map limits (decision 0614): a clustered answer needs a few hundred rows, not 15,001.
    t = await createTestApp({ kind, assetMap: { pointLimit: 300, wideViewPointLimit: 40 } });
    for (let i = 0; i < 12; i++) {
      await insertProvider(t, {
        businessName: `Cache Test ${String(i).padStart(2, '0')}`,
        services: ['Panel Cleaning'],
        latitude: 53.48,
        longitude: -2.24,
        serviceRadius: 30,
      });
    }
    await t.ctx.database.query(
      `INSERT INTO assets (repd_ref_id, site_name, technology_type, installed_capacity, development_status, region, latitude, longitude, content_hash)
       SELECT 'perf-' || g, 'Perf Site ' || g, 'Solar Photovoltaics', g, 'Planning Permission Granted', 'Wales', 51.5 + g * 0.001, -3.2, 'x'
       FROM generate_series(1, 30) g`,
    );
  });
  afterAll(() => t.close());

  it('every committed write to providers is announced with the rows it changed and whether searches may change', async () => {
    const feed = readCacheFeed(t.ctx.database);
    await feed.ready;
    const heard: Change[] = [];
    const stop = feed.subscribe((change) => void (change?.cache === 'providers' && heard.push(change)));
    const q = (text: string, params: unknown[] = []) => t.ctx.database.query<{ id: string }>(text, params);
    const [{ id }] = (await q("SELECT id FROM providers WHERE business_name = 'Cache Test 00'")) as [{ id: string }];
    await q("UPDATE providers SET description = 'x' WHERE id = $1", [id]);
    await q("UPDATE providers SET description = 'x' WHERE id = $1", [id]); // unchanged: nothing to say
    await q("UPDATE providers SET services = ARRAY['Panel Cleaning', 'Inverters'] WHERE id = $1", [id]);
    await q("UPDATE providers SET services = ARRAY['Panel Cleaning'] WHERE id = $1", [id]);
    // PostgreSQL: catching up with this process's writes is what a write request does before it answers.
    expect(await feed.sync()).toBe(true);
    stop();
    expect(heard.map((c) => [c.kind, [...c.ids]])).toEqual([
      ['row', [id]],
      ['match', [id]],
      ['match', [id]],
    ]);
  });

  /** SQL from outside a request, then the feed caught up with it. */
  const sql = async (text: string) => {
    await t.ctx.database.query(text);
    await readCacheFeed(t.ctx.database).sync();
  };

  it('a provider search answer is reused only until a provider row changes', async () => {
    const url = '/api/providers/search?companies=cache%20test&sort=name';
    const first = await get(url);
    expect(first.pagination).toEqual({ page: 1, pages: 2, total: 12 });
    expect(await get(url)).toEqual(first);
    // A write from outside the providers service (as the admin feature would make) is seen once heard:
    // at once on PGlite, after the feed caught up on PostgreSQL (a write request waits for the same).
    await sql("UPDATE providers SET business_name = 'Cache Test 00 Renamed' WHERE business_name = 'Cache Test 00'");
    const renamed = await get(url);
    expect(renamed.data[0].businessName).toBe('Cache Test 00 Renamed');
    await sql("DELETE FROM providers WHERE business_name = 'Cache Test 11'");
    expect((await get(url)).pagination.total).toBe(11);
    const map = await get('/api/providers/search?companies=cache%20test&mode=map');
    expect(map.data).toHaveLength(11);
    expect(map.data[0].position).toEqual([-2.24, 53.48]);
  });

  it('a page past the end still reports the total (window count fallback)', async () => {
    const body = await get('/api/providers/search?companies=cache%20test&page=9');
    expect(body.data).toEqual([]);
    expect(body.pagination).toMatchObject({ page: 9, total: 11, pages: 2 });
    const projects = await get('/api/assets/tenders?region=Wales&offset=500&limit=25');
    expect(projects).toEqual({ data: [], total: 30 });
  });

  it('asset map and projects answers are reused only until an asset row changes', async () => {
    const mapUrl = '/api/assets/coordinates?bounds=-4,51,-2,52&siteNameSearch=perf%20site';
    const first = await get(mapUrl);
    expect(first.total).toBe(30);
    expect(first.features[0].geometry.coordinates).toEqual([-3.2, 51.501]);
    const tableUrl = '/api/assets/tenders?region=Wales&sortBy=installedCapacity&sortDirection=desc&limit=5';
    const table = await get(tableUrl);
    expect(table.total).toBe(30);
    expect(table.data.map((r: { siteName: string }) => r.siteName)).toEqual([
      'Perf Site 30',
      'Perf Site 29',
      'Perf Site 28',
      'Perf Site 27',
      'Perf Site 26',
    ]);
    expect(await get(mapUrl)).toEqual(first);
    await sql("UPDATE assets SET installed_capacity = 99 WHERE repd_ref_id = 'perf-1'");
    expect((await get(tableUrl)).data[0].siteName).toBe('Perf Site 1');
    await sql("DELETE FROM assets WHERE repd_ref_id = 'perf-2'");
    expect((await get(mapUrl)).total).toBe(29);
  });

  it('a cached answer goes compressed (brotli, else gzip) to clients that take it, compressed once', async () => {
    const url = '/api/assets/coordinates?bounds=-4,51,-2,52&siteNameSearch=perf%20site';
    const plain = await t.app.inject({ url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('Accept-Encoding');
    const br = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const zipped = await t.app.inject({ url, headers: { 'accept-encoding': 'br;q=0.1, gzip;q=0.8' } });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(plain.body);
    const again = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(again.rawPayload.equals(zipped.rawPayload)).toBe(true);
    const refused = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip;q=0, identity' } });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body).toBe(plain.body);
  });

  it('a clustered map answer is kept per zoom, a point answer once for every zoom', async () => {
    await t.ctx.database.query(
      `INSERT INTO assets (repd_ref_id, site_name, technology_type, installed_capacity, latitude, longitude, content_hash)
       SELECT 'grid-' || g, 'Grid ' || g, 'Wind Onshore', 1, 55 + (g % 150) * 0.01, -4 + (g / 150) * 0.01, 'x'
       FROM generate_series(1, 301) g`,
    );
    try {
      const url = (zoom: number) =>
        `/api/assets/coordinates?bounds=-5,54,-2,57&technologyTypes=Wind%20Onshore&zoom=${zoom}`;
      const far = await get(url(5));
      const near = await get(url(9));
      expect(far.clustered).toBe(true);
      expect(near.clustered).toBe(true);
      expect(far.features[0].properties.expansion_zoom).toBe(7);
      expect(near.features[0].properties.expansion_zoom).toBe(11);
      expect(near.features.length).toBeGreaterThan(far.features.length);
      expect(await get(url(5))).toEqual(far);
      const points = (zoom: number) =>
        get(`/api/assets/coordinates?bounds=-4,51,-2,52&siteNameSearch=perf%20site&zoom=${zoom}`);
      expect(await points(12)).toEqual(await points(6));
    } finally {
      await t.ctx.database.query("DELETE FROM assets WHERE repd_ref_id LIKE 'grid-%'");
    }
  });

  it('a view drawn at a wide zoom is clusters above its own limit; without a zoom, without bounds or zoomed in, the same assets are points', async () => {
    await t.ctx.database.query(
      `INSERT INTO assets (repd_ref_id, site_name, technology_type, installed_capacity, latitude, longitude, content_hash)
       SELECT 'wide-' || g, 'Wide ' || g, 'Wind Offshore', g, 56.5 + (g % 10) * 0.1, -6.5 + (g / 10) * 0.1, 'x'
       FROM generate_series(1, 60) g`,
    );
    try {
      const ids = (
        await t.ctx.database.query<{ id: number }>(
          "SELECT id::int AS id FROM assets WHERE repd_ref_id LIKE 'wide-%' ORDER BY id",
        )
      ).map((r) => r.id);
      type Answer = {
        clustered: boolean;
        total: number;
        features: Array<{ properties: { id?: number; cluster?: true; point_count?: number } }>;
      };
      const ask = async (q: string): Promise<Answer> => get(`/api/assets/coordinates?${q}`);
      const pointIds = (a: Answer) => a.features.map((f) => f.properties.id).sort((x, y) => x! - y!);
      const view = 'bounds=-7,56,-5,58';
      const filters = ['technologyTypes=Wind%20Offshore', 'siteNameSearch=wide'];
      for (const counted of [true, false]) {
        // The cells counted ahead answer a wide view's clusters; while a write has made them stale, the live query does.
        if (counted) expect(await refreshAssetMapCells(t.ctx.database)).toBe(true);
        for (const filter of filters) {
          const wide = await ask(`${view}&zoom=8&${filter}`);
          expect(wide.clustered, filter).toBe(true);
          expect(wide.total).toBe(60);
          expect(wide.features.reduce((n, f) => n + (f.properties.cluster ? f.properties.point_count! : 1), 0)).toBe(
            60,
          );
          for (const q of [`${view}&${filter}`, filter, `${view}&zoom=9&${filter}`, `${view}&zoom=12&${filter}`]) {
            const all = await ask(q);
            expect(all.clustered, q).toBe(false);
            expect(pointIds(all), q).toEqual(ids);
          }
        }
        if (counted)
          await t.ctx.database.query(
            "UPDATE assets SET installed_capacity = installed_capacity + 1 WHERE repd_ref_id = 'wide-1'",
          );
      }
    } finally {
      await t.ctx.database.query("DELETE FROM assets WHERE repd_ref_id LIKE 'wide-%'");
    }
  });
});

describe('Accept-Encoding', () => {
  it('prefers brotli, then gzip, honouring q values and *', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(chooseEncoding('br;q=0.5, gzip;q=1.0')).toBe('gzip');
    expect(chooseEncoding('gzip;q=0.5, br;q=0.5')).toBe('br');
    expect(chooseEncoding('GZIP')).toBe('gzip');
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('br;q=0, *;q=0.1')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip; q=0.000')).toBeNull();
    expect(chooseEncoding('deflate, identity')).toBeNull();
    expect(chooseEncoding('x-gzip-ish')).toBeNull();
    expect(chooseEncoding(undefined)).toBeNull();
    expect(chooseEncoding('')).toBeNull();
    expect(chooseEncoding(['gzip', 'br;q=0'])).toBe('gzip');
  });
});
