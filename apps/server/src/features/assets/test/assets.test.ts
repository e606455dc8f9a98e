// Over 300 lines: the asset API suite (import, map, type-aheads, projects, detail) sharing one imported dataset per database kind.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import iconv from 'iconv-lite';
import { PROJECT_PHASES } from '@solar/shared/constants/assets';
import { assetFeatureCollection } from '@solar/shared/contracts/assets';
import { insertUser } from '../../accounts/accounts.repository';
import { BUNDLED_REPD_FILE, importRepdFile, type RepdImportReport } from '../repd-import';
import { startSession } from '../../../plugins/auth';
import { dataDir } from '../../../paths';
import { createTestApp, databaseKinds, type TestApp } from '../../../../test/harness';

type Feature = { geometry: { coordinates: [number, number] }; properties: Record<string, unknown> };

/** Ray casting over a (Multi)Polygon's outer and inner rings. */
function inside(point: [number, number], geometry: { type: string; coordinates: number[][][] | number[][][][] }): boolean {
  const polygons = (geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates) as number[][][][];
  return polygons.some((rings) => {
    let hit = false;
    for (const ring of rings) {
      for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
        const [xi, yi] = ring[i] as [number, number];
        const [xj, yj] = ring[j] as [number, number];
        if (yi > point[1] !== yj > point[1] && point[0] < ((xj - xi) * (point[1] - yi)) / (yj - yi) + xi) hit = !hit;
      }
    }
    return hit;
  });
}

describe.each(databaseKinds)('assets on %s', (kind) => {
  let t: TestApp;
  let first: RepdImportReport;
  let cookie = '';
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });
  const json = async (url: string) => {
    const res = await get(url);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  /** The stored rows behind a map answer's points: the features carry only what the map draws (decision 0566). */
  const rowsOf = (features: Feature[]) =>
    t.ctx.database.query<{ id: number; site_name: string; region: string | null; development_status: string | null; repd_operator: string | null; start_year: number | null }>(
      'SELECT id::int AS id, site_name, region, development_status, repd_operator, extract(year FROM record_last_updated)::int AS start_year FROM assets WHERE id = ANY($1::bigint[])',
      [features.map((f) => f.properties.id as number)],
    );

  beforeAll(async () => {
    t = await createTestApp({ kind });
    first = await importRepdFile(t.ctx, BUNDLED_REPD_FILE);
    const user = await insertUser(t.ctx.database.db, { email: 'asset.viewer@example.com', name: 'Asset Viewer', company: 'Viewer Co', type: 'representative', passwordHash: 'x' });
    const reply = { setCookie: (name: string, value: string) => (cookie = `${name}=${value}`) } as never;
    await startSession(t.ctx, reply, user.id);
  });
  afterAll(() => t.close());

  describe('REPD import', () => {
    it('imports the real file with a read / inserted / updated / rejected report', async () => {
      expect(first).toMatchObject({ read: 11_989, inserted: 11_985, updated: 0, unchanged: 0, rejected: 4 });
      expect(first.rejections.every((r) => r.reason === 'missing Site Name')).toBe(true);
      const [counts] = await t.ctx.database.query<{ n: number; located: number }>(
        'SELECT count(*)::int AS n, count(latitude)::int AS located FROM assets',
      );
      expect(counts).toEqual({ n: 11_985, located: 11_966 });
    });

    it('places converted points inside their stated REPD region (≥ 99%) and reads lat/lon typed into X/Y', async () => {
      const regions = JSON.parse(gunzipSync(readFileSync(path.join(dataDir, 'geo/uk-regions.geojson.gz'))).toString()) as {
        features: Array<{ properties: { repd_region: string }; geometry: { type: string; coordinates: number[][][] } }>;
      };
      const rows = await t.ctx.database.query<{ region: string; longitude: number; latitude: number }>(
        "SELECT region, longitude, latitude FROM assets WHERE latitude IS NOT NULL AND region IS NOT NULL AND region <> 'Offshore'",
      );
      const byName = new Map(regions.features.map((f) => [f.properties.repd_region, f.geometry]));
      const matched = rows.filter((r) => byName.get(r.region) && inside([r.longitude, r.latitude], byName.get(r.region)!)).length;
      expect(matched / rows.length).toBeGreaterThan(0.99);

      const [carrick] = await t.ctx.database.query('SELECT latitude, longitude, easting FROM assets WHERE repd_ref_id = $1', ['17312']);
      expect(carrick).toEqual({ latitude: 54.727061, longitude: -5.748969, easting: null });
    });

    it('is idempotent: a second run changes nothing; a changed row is updated', async () => {
      const again = await importRepdFile(t.ctx, BUNDLED_REPD_FILE);
      expect(again).toMatchObject({ read: 11_989, inserted: 0, updated: 0, unchanged: 11_985, rejected: 4 });

      const dir = mkdtempSync(path.join(os.tmpdir(), 'repd-'));
      try {
        const text = iconv.decode(gunzipSync(readFileSync(BUNDLED_REPD_FILE)), 'win1252');
        const changed = text.replace('N00053B,1,07/07/2009,RWE npower,Aberthaw Power Station Biomass,Biomass (co-firing),,,35,', 'N00053B,1,07/07/2009,RWE npower,Aberthaw Power Station Biomass,Biomass (co-firing),,,36,');
        expect(changed).not.toBe(text);
        const file = path.join(dir, 'repd-q1-apr-2025.csv');
        writeFileSync(file, iconv.encode(changed, 'win1252'));
        const third = await importRepdFile(t.ctx, file);
        expect(third).toMatchObject({ inserted: 0, updated: 1, unchanged: 11_984 });
        const [row] = await t.ctx.database.query('SELECT installed_capacity, source_release FROM assets WHERE repd_ref_id = $1', ['1']);
        expect(row).toEqual({ installed_capacity: 36, source_release: 'repd-q1-apr-2025' });
        // Put the bundled release back for the API tests below.
        expect(await importRepdFile(t.ctx, BUNDLED_REPD_FILE)).toMatchObject({ updated: 1 });
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });

    it('flags probable duplicates without hiding them', async () => {
      const dups = await t.ctx.database.query<{ n: number }>('SELECT count(*)::int AS n FROM assets WHERE duplicate_of_id IS NOT NULL');
      expect(dups[0]!.n).toBeGreaterThan(0);
      const [pair] = await t.ctx.database.query<{ a: string; b: string; same: boolean }>(
        `SELECT a.site_name AS a, b.site_name AS b, lower(a.site_name) = lower(b.site_name) AND a.technology_type = b.technology_type AS same
         FROM assets a JOIN assets b ON b.id = a.duplicate_of_id LIMIT 1`,
      );
      expect(pair!.same).toBe(true);
      // A battery co-located with the solar farm of the same name is not a duplicate.
      const cleve = await t.ctx.database.query('SELECT duplicate_of_id FROM assets WHERE repd_ref_id IN ($1, $2)', ['6502', '7856']);
      expect(cleve).toEqual([{ duplicate_of_id: null }, { duplicate_of_id: null }]);
    });
  });

  describe('GET /api/assets/coordinates', () => {
    it('answers every located asset in the default bounds as [lng, lat] points with what the map draws', async () => {
      const body = await json('/api/assets/coordinates');
      expect(body.type).toBe('FeatureCollection');
      expect(body.clustered).toBe(false);
      const { n } = (await t.ctx.database.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM assets WHERE longitude BETWEEN -12 AND 2 AND latitude BETWEEN 49 AND 61',
      ))[0]!;
      expect(body.total).toBe(n);
      expect(body.features).toHaveLength(n);
      const f = (body.features as Feature[]).find((x) => x.properties.title === 'Aberthaw Power Station Biomass')!;
      expect(f.geometry.coordinates[0]).toBeCloseTo(-3.4066, 3);
      expect(f.geometry.coordinates[1]).toBeCloseTo(51.3875, 3);
      // The circle's colour and radius, the popup's title and capacity, the id for 'View Details' (decision 0566).
      expect(Object.keys(f.properties).sort()).toEqual(['capacity', 'id', 'technologyType', 'title']);
      expect(f.properties).toMatchObject({ capacity: 35, technologyType: 'Biomass (co-firing)' });
      // A wide answer stays small: about half of the ten-property features' ~390 bytes a point.
      const bytes = Buffer.byteLength(JSON.stringify(body.features));
      expect(bytes / n).toBeLessThan(240);
    });

    it('sends each point as its stored feature: the contract shape, the row\'s values, each matching asset once', async () => {
      const body = await json('/api/assets/coordinates');
      expect(() => assetFeatureCollection.parse(body)).not.toThrow();
      // In no particular order (the map sorts its circles by capacity; decision 0583), but every one, once.
      const ids = (body.features as Feature[]).map((f) => f.properties.id as number);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids.length).toBe(body.total);
      const rows = await t.ctx.database.query<{
        id: number; site_name: string; installed_capacity: number | null; technology_type: string | null; longitude: number; latitude: number;
      }>(
        `SELECT id::int AS id, site_name, installed_capacity, technology_type, longitude, latitude
         FROM assets WHERE longitude BETWEEN -12 AND 2 AND latitude BETWEEN 49 AND 61 ORDER BY md5(id::text) LIMIT 300`,
      );
      const byId = new Map((body.features as Feature[]).map((f) => [f.properties.id as number, f]));
      for (const r of rows) {
        const f = byId.get(r.id)!;
        expect(f.properties).toEqual({ id: r.id, title: r.site_name, capacity: r.installed_capacity, technologyType: r.technology_type });
        expect(Math.abs(f.geometry.coordinates[0] - r.longitude)).toBeLessThanOrEqual(0.000005 + 1e-12);
        expect(Math.abs(f.geometry.coordinates[1] - r.latitude)).toBeLessThanOrEqual(0.000005 + 1e-12);
      }
      // Any text survives as JSON: quotes, backslashes, control characters, markup and non-ASCII.
      const [original] = await t.ctx.database.query<{ site_name: string; repd_operator: string | null }>(
        "SELECT site_name, repd_operator FROM assets WHERE repd_ref_id = '1'",
      );
      const awkward = 'Quote " back \\ slash\n\t<b>Ynys Môn</b> \u2028 ☀';
      await t.ctx.database.query("UPDATE assets SET site_name = $1, repd_operator = NULL WHERE repd_ref_id = '1'", [awkward]);
      try {
        const site = await json('/api/assets/coordinates?siteNameSearch=back');
        const f = (site.features as Feature[]).find((x) => x.properties.title === awkward)!;
        expect(f.properties).toMatchObject({ title: awkward });
      } finally {
        await t.ctx.database.query("UPDATE assets SET site_name = $1, repd_operator = $2 WHERE repd_ref_id = '1'", [original!.site_name, original!.repd_operator]);
      }
    });

    it('filters by bounds, capacity, technology, region, status, operator and site name', async () => {
      const london = await json('/api/assets/coordinates?bounds=-0.5,51.3,0.3,51.7');
      expect(london.total).toBeGreaterThan(50);
      for (const f of london.features as Feature[]) {
        expect(f.geometry.coordinates[0]).toBeGreaterThanOrEqual(-0.5);
        expect(f.geometry.coordinates[1]).toBeLessThanOrEqual(51.7);
      }
      const tech = await json('/api/assets/coordinates?technologyTypes=Battery&technologyTypes=Solar%20Photovoltaics&minCapacity=10&maxCapacity=50');
      expect(tech.total).toBeGreaterThan(100);
      for (const f of tech.features as Feature[]) {
        expect(['Battery', 'Solar Photovoltaics']).toContain(f.properties.technologyType);
        expect(f.properties.capacity).toBeGreaterThanOrEqual(10);
        expect(f.properties.capacity).toBeLessThanOrEqual(50);
      }
      const region = await json('/api/assets/coordinates?regions=Wales&developmentStatus=Operational');
      expect(region.total).toBeGreaterThan(10);
      const regionRows = await rowsOf(region.features);
      expect(regionRows).toHaveLength(region.features.length);
      expect(regionRows.every((r) => r.region === 'Wales' && r.development_status === 'Operational')).toBe(true);
      const op = await json('/api/assets/coordinates?operators=RWE%20npower');
      expect(op.total).toBeGreaterThan(0);
      expect((await rowsOf(op.features)).every((r) => r.repd_operator === 'RWE npower')).toBe(true);
      const site = await json('/api/assets/coordinates?siteNameSearch=aberthaw');
      expect((site.features as Feature[]).every((f) => /aberthaw/i.test(String(f.properties.title)))).toBe(true);
      expect(site.total).toBeGreaterThan(0);
      const none = await json('/api/assets/coordinates?siteNameSearch=%25%25_nothing_');
      expect(none.total).toBe(0);
    });

    it('filters by age in years since recordLastUpdated, with or without unknown ages', async () => {
      // The test clock is 2026-11-22.
      const young = await json('/api/assets/coordinates?maxAge=1&includeUnknownAge=false');
      const { n } = (await t.ctx.database.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM assets WHERE latitude IS NOT NULL AND longitude BETWEEN -12 AND 2 AND latitude BETWEEN 49 AND 61 AND record_last_updated > date '2024-11-22'",
      ))[0]!;
      expect(young.total).toBe(n);
      const old = await json('/api/assets/coordinates?minAge=10&includeUnknownAge=false');
      const oldRows = await rowsOf(old.features);
      expect(oldRows).toHaveLength(old.features.length);
      for (const r of oldRows) expect(r.start_year!).toBeLessThanOrEqual(2016);
      await t.ctx.database.query("UPDATE assets SET record_last_updated = NULL WHERE repd_ref_id = '1'");
      try {
        const withUnknown = await json('/api/assets/coordinates?minAge=10&includeUnknownAge=true');
        const withoutUnknown = await json('/api/assets/coordinates?minAge=10&includeUnknownAge=false');
        expect(withUnknown.total).toBe(withoutUnknown.total + 1);
      } finally {
        await t.ctx.database.query("UPDATE assets SET record_last_updated = '2009-07-07' WHERE repd_ref_id = '1'");
      }
    });

    it('refuses malformed bounds and numbers with 400, never 500', async () => {
      for (const q of ['bounds=1,2,3', 'bounds=a,b,c,d', 'bounds=10,50,0,60', 'minCapacity=-1', 'zoom=abc', 'includeUnknownAge=maybe']) {
        const res = await get(`/api/assets/coordinates?${q}`);
        expect(res.statusCode, q).toBe(400);
      }
    });

    it('answers bounded grid clusters above 15,000 matches', async () => {
      await t.ctx.database.query(
        `INSERT INTO assets (repd_ref_id, site_name, technology_type, installed_capacity, latitude, longitude, content_hash)
         SELECT 'synthetic-' || g, 'Synthetic ' || g, 'Solar Photovoltaics', 1, 50 + (g % 100) * 0.1, -5 + (g / 100) * 0.1, 'x'
         FROM generate_series(1, 5000) g`,
      );
      try {
        const body = await json('/api/assets/coordinates?zoom=5');
        expect(body.clustered).toBe(true);
        expect(body.total).toBeGreaterThan(15_000);
        expect(body.features.length).toBeLessThan(5_000);
        const sum = (body.features as Feature[]).reduce((s, f) => s + (f.properties.cluster ? (f.properties.point_count as number) : 1), 0);
        expect(sum).toBe(body.total);
        const cluster = (body.features as Feature[]).find((f) => f.properties.cluster)!;
        expect(cluster.properties).toMatchObject({ cluster: true, expansion_zoom: 7 });
        // Even a whole-world box at the deepest zoom stays bounded.
        const deep = await json('/api/assets/coordinates?zoom=20&bounds=-180,-90,180,90');
        expect(deep.features.length).toBeLessThanOrEqual(4_000 + 5_000);
      } finally {
        await t.ctx.database.query("DELETE FROM assets WHERE repd_ref_id LIKE 'synthetic-%'");
      }
    });
  });

  describe('type-aheads', () => {
    it('suggests operators (prefix matches first) and at most 5 site names', async () => {
      const ops: string[] = await json('/api/assets/operators?search=rwe');
      expect(ops.length).toBeGreaterThan(0);
      expect(ops.length).toBeLessThanOrEqual(10);
      expect(ops.every((o) => /rwe/i.test(o))).toBe(true);
      expect(ops[0]!.toLowerCase().startsWith('rwe')).toBe(true);
      expect((await json('/api/assets/operators')).length).toBe(10);
      const sites = await json('/api/assets/sites?search=solar%20farm');
      expect(sites).toHaveLength(5);
      // With what tells two sites of one name apart (issue 27 defect 11).
      expect(sites[0]).toMatchObject({ id: expect.any(Number), siteName: expect.stringMatching(/solar farm/i), region: expect.any(String), technology: expect.any(String) });
      expect(Object.keys(sites[0]).sort()).toEqual(['capacityMw', 'county', 'id', 'region', 'siteName', 'status', 'technology']);
      expect(await json('/api/assets/sites?search=')).toEqual([]);
    });
  });

  describe('GET /api/assets/tenders (projects)', () => {
    const base = `development_status = ANY(ARRAY['${PROJECT_PHASES.join("','")}'])`;

    it('lists the three phases, 25 a page by default, with the total', async () => {
      const body = await json('/api/assets/tenders');
      const { n } = (await t.ctx.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM assets WHERE ${base}`))[0]!;
      expect(body.total).toBe(n);
      expect(body.data).toHaveLength(25);
      expect(new Set(body.data.map((r: { developmentStatus: string }) => r.developmentStatus)).size).toBeGreaterThan(0);
      for (const r of body.data) expect(PROJECT_PHASES).toContain(r.developmentStatus);
      expect(Object.keys(body.data[0]).sort()).toEqual(
        ['developmentStatus', 'id', 'installedCapacity', 'planningGrantedDate', 'planningSubmissionDate', 'possibleDuplicate', 'region', 'repdOperator', 'siteName', 'technologyType'].sort(),
      );
    });

    it('filters by phase, region, technology and applicant search, and pages with offset/limit', async () => {
      const body = await json('/api/assets/tenders?phase=Under%20Construction&region=Scotland&technology=Wind%20Onshore&limit=100');
      const { n } = (await t.ctx.database.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM assets WHERE development_status = 'Under Construction' AND region = 'Scotland' AND technology_type = 'Wind Onshore'",
      ))[0]!;
      expect(body.total).toBe(n);
      expect(body.data.length).toBe(Math.min(n, 100));
      const op = await json('/api/assets/tenders?operatorSearch=ENERGY&limit=100');
      expect(op.data.every((r: { repdOperator: string }) => /energy/i.test(r.repdOperator))).toBe(true);
      const page1 = await json('/api/assets/tenders?sortBy=siteName&sortDirection=asc&limit=10');
      const page2 = await json('/api/assets/tenders?sortBy=siteName&sortDirection=asc&limit=10&offset=10');
      const both = await json('/api/assets/tenders?sortBy=siteName&sortDirection=asc&limit=20');
      expect([...page1.data, ...page2.data].map((r: { id: number }) => r.id)).toEqual(both.data.map((r: { id: number }) => r.id));
    });

    it.each([
      ['siteName', (r: Record<string, unknown>) => String(r.siteName).toLowerCase()],
      ['installedCapacity', (r: Record<string, unknown>) => r.installedCapacity as number | null],
      ['planningGrantedDate', (r: Record<string, unknown>) => r.planningGrantedDate as string | null],
      ['planningSubmissionDate', (r: Record<string, unknown>) => r.planningSubmissionDate as string | null],
      ['region', (r: Record<string, unknown>) => r.region as string | null],
      ['developmentStatus', (r: Record<string, unknown>) => r.developmentStatus as string | null],
      ['repdOperator', (r: Record<string, unknown>) => (r.repdOperator as string | null)?.toLowerCase() ?? null],
    ])('sorts by %s in both directions', async (key, value) => {
      for (const dir of ['asc', 'desc'] as const) {
        const body = await json(`/api/assets/tenders?sortBy=${key}&sortDirection=${dir}&limit=100`);
        const values = body.data.map(value).filter((v: unknown) => v !== null);
        const sorted = [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
        if (dir === 'desc') sorted.reverse();
        expect(values, `${key} ${dir}`).toEqual(sorted);
      }
    });

    it('refuses unknown sort keys, phases and oversized pages with 400', async () => {
      for (const q of ['sortBy=password', 'sortDirection=up', 'phase=Operational', 'limit=101', 'offset=-1']) {
        expect((await get(`/api/assets/tenders?${q}`)).statusCode, q).toBe(400);
      }
    });

    it('exports the CSV of the same filters, every page, as tenders-yyyy-MM-dd.csv', async () => {
      const filter = 'region=Wales&technology=Solar%20Photovoltaics&sortBy=installedCapacity&sortDirection=desc';
      const table = await json(`/api/assets/tenders?${filter}&limit=100`);
      const res = await get(`/api/assets/tenders?${filter}&export=true`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/csv/);
      expect(res.headers['content-disposition']).toBe('attachment; filename="tenders-2026-11-22.csv"');
      const lines = res.body.replace(/^\uFEFF/, '').trim().split('\r\n');
      expect(lines[0]).toBe(
        '"Site Name","Status","Capacity (MW)","Planning Applicant","Region","Planning Submission Date","Planning Permission Date","Technology Type","Possible Duplicate","Asset ID"',
      );
      expect(lines).toHaveLength(table.total + 1);
      // Numbers as numbers (decision 0491): the capacity as REPD gives it, dates dd/MM/yyyy or empty.
      const top = table.data[0];
      expect(lines[1]).toContain(`,${top.installedCapacity},`);
      expect(lines[1]).toMatch(/,(\d\d\/\d\d\/\d{4})?,(\d\d\/\d\d\/\d{4})?,/);
    });

    it('leaves the numeric Capacity cell empty when the capacity is unknown, never N/A (issue 19)', async () => {
      const res = await get('/api/assets/tenders?export=true');
      const lines = res.body.replace(/^\uFEFF/, '').trim().split('\r\n').slice(1);
      expect(lines).toHaveLength((await json('/api/assets/tenders?limit=1')).total);
      // Site names may hold commas (then quoted); the capacity is the third cell.
      const cell = /^(?:"(?:[^"]|"")*"|[^,"]*),(?:"(?:[^"]|"")*"|[^,"]*),([^,]*),/;
      const capacities = lines.map((line) => cell.exec(line)![1]);
      expect(capacities.filter((c) => !/^(\d+(\.\d+)?)?$/.test(c!))).toEqual([]);
      expect(capacities.filter((c) => c === '').length, 'projects of unknown capacity in the bundled REPD').toBeGreaterThan(0);
    });
  });

  describe('GET /api/assets/:id and the source record', () => {
    it('needs a session: visitors get 401 (docs/product/assets.md#asset-detail)', async () => {
      const { id } = (await t.ctx.database.query<{ id: number }>("SELECT id::int AS id FROM assets WHERE repd_ref_id = '1'"))[0]!;
      const res = await get(`/api/assets/${id}`);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ success: false, message: 'Please sign in to continue' });
    });

    it('gives a signed-in user every field; unknown ids are 404', async () => {
      const { id } = (await t.ctx.database.query<{ id: number }>("SELECT id::int AS id FROM assets WHERE repd_ref_id = '2347'"))[0]!;
      const res = await get(`/api/assets/${id}`, { cookie });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        id,
        repdRefId: '2347',
        siteName: 'Shotwick Solar Farm',
        technologyType: 'Solar Photovoltaics',
        installedCapacity: 72.2,
        mountingType: 'Ground',
        developmentStatus: 'Operational',
        recordLastUpdated: '2018-02-02',
        ageYears: 8,
        estimatedModules: 180_500,
        estimatedModulesIsEstimate: true,
        region: 'Wales',
        postCode: 'CH5 2NN',
        repdOperator: 'Foresight Solar Fund',
        latestOperator: 'Foresight Solar Fund',
        planningAuthority: 'Flintshire',
        planningSubmissionDate: '2014-02-21',
        source: { name: 'Renewable Energy Planning Database (REPD)', release: 'repd-q4-jan-2025' },
      });
      for (const bad of ['999999999', 'abc', '1e3']) expect((await get(`/api/assets/${bad}`, { cookie })).statusCode, bad).toBe(404);
    });

    it('answers the source and freshness record', async () => {
      const body = await json('/api/assets/source');
      expect(body).toMatchObject({ release: 'repd-q4-jan-2025', newestRecord: '2025-01-14', assets: 11_985, lastImport: { read: 11_989, rejected: 4 } });
      expect(body.attribution).toMatch(/Open Government Licence/);
    });
  });
});
