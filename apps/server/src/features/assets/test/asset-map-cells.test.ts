import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSET_MAP, ASSET_MAP_CAPACITY_BANDS, ASSET_MAP_CAPACITY_LEVELS, ASSET_MAP_CELL_LEVELS } from '@solar/shared/constants/assets';
import { gridLevel, levelCellDegrees } from '@solar/shared/domain/map-grid';
import { createTestApp, databaseKinds, type TestApp } from '../../../../test/harness';
import * as repo from '../assets.repository';
import { seedSyntheticAssets } from '../assets.synthetic';
import type { AssetMapQuery } from '@solar/shared/contracts/assets';
import { readCacheFeed } from '../../../platform/read-cache-feed';
import { assetCoordinates, assetMapCells } from '../assets.service';

/** The asset map's clusters counted ahead (decisions 0388, 0411): the same cells as the live query, never stale. */

const WORLD: [number, number, number, number] = [-180, -90, 180, 90];
const filter = (f: Partial<repo.AssetFilter> = {}): repo.AssetFilter => ({
  bounds: WORLD,
  includeUnknownAge: true,
  regions: [],
  technologyTypes: [],
  developmentStatus: [],
  operators: [],
  today: '2026-11-24',
  ...f,
});

type Cell = { n: number; longitude: number; latitude: number; single_id: string | null; capacity: number };
/** By cell: a cell's mean position lies inside it. */
const sorted = (cells: Cell[], cell: number) => {
  const key = (c: Cell) => [Math.floor(c.longitude / cell), Math.floor(c.latitude / cell)] as const;
  return [...cells].sort((a, b) => key(a)[0] - key(b)[0] || key(a)[1] - key(b)[1]);
};

describe.each(databaseKinds)('asset map cells counted ahead on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    // More than the point limit (lowered from 15,000, decision 0614), so wide views are clustered.
    t = await createTestApp({ kind, assetMap: { pointLimit: 2_000 } });
    await seedSyntheticAssets(t.ctx.database, 3_000);
  }, 120_000);
  afterAll(() => t?.close());

  /** The counted clusters of `f` at `level` against the live query's, cell for cell. */
  async function expectSameClusters(f: repo.AssetFilter, level: number, bands: readonly number[] = []) {
    const what = `level ${level}, ${JSON.stringify({ ...f, bounds: undefined, today: undefined })}`;
    const counted = sorted(await repo.listCountedAssetClusters(t.ctx.database, f, level, bands), levelCellDegrees(level));
    const live = sorted(await repo.listAssetClusters(t.ctx.database, repo.assetWhere(f), levelCellDegrees(level)), levelCellDegrees(level));
    expect(live.length, what).toBeGreaterThan(0);
    expect(counted.length, what).toBe(live.length);
    // A single asset's stored feature comes with its cell (decision 0628: the capacity paths too).
    const features = new Map((await t.ctx.database.query<{ id: string; map_feature: string }>('SELECT id::text AS id, map_feature FROM assets WHERE map_feature IS NOT NULL')).map((r) => [r.id, r.map_feature]));
    counted.forEach((c, i) => {
      const l = live[i]!;
      if (c.single_id !== null && 'feature' in c) expect(c.feature, `${what} cell ${i}`).toBe(features.get(c.single_id));
      expect([c.n, c.single_id], `${what} cell ${i}`).toEqual([l.n, l.single_id]);
      expect(c.longitude).toBeCloseTo(l.longitude, 9);
      expect(c.latitude).toBeCloseTo(l.latitude, 9);
      expect(c.capacity).toBeCloseTo(l.capacity, 6);
    });
  }

  it('are fresh after a load and hold the same clusters as the live query, at every level and with each counted filter', async () => {
    expect(await repo.assetMapCellsLevel(t.ctx.database)).toBe(ASSET_MAP_CELL_LEVELS);
    const cases = [
      filter(),
      filter({ technologyTypes: ['Battery', 'Wind Onshore'] }),
      filter({ regions: ['Scotland'], developmentStatus: ['Operational'] }),
    ];
    for (const f of cases) {
      for (let level = 0; level <= ASSET_MAP_CELL_LEVELS; level++) await expectSameClusters(f, level);
    }
  });

  it('are counted by capacity band to the level a UK-wide view reads, and agree with the live query for thresholds on band edges and inside bands', async () => {
    const cells = await repo.assetMapCells(t.ctx.database);
    const located = (await t.ctx.database.query<{ n: number }>('SELECT count(*)::int AS n FROM assets WHERE latitude IS NOT NULL AND longitude IS NOT NULL'))[0]!.n;
    expect(cells).toEqual({ finest: ASSET_MAP_CELL_LEVELS, capacityFinest: ASSET_MAP_CAPACITY_LEVELS, bands: [...ASSET_MAP_CAPACITY_BANDS], located });
    // The UK at the deepest zoom reads no finer level than the bands are counted to.
    expect(gridLevel(ASSET_MAP.maxZoom, ASSET_MAP.defaultBounds, 4_000)).toBeLessThanOrEqual(ASSET_MAP_CAPACITY_LEVELS);
    // Some assets of unknown capacity, which no capacity range holds.
    await t.ctx.database.query('UPDATE assets SET installed_capacity = NULL WHERE id % 50 = 0');
    await repo.refreshAssetMapCells(t.ctx.database);
    const cases = [
      // On band edges: only whole bands.
      filter({ minCapacity: 5 }),
      filter({ minCapacity: 50, technologyTypes: ['Battery', 'Solar Photovoltaics'] }),
      filter({ maxCapacity: 20, regions: ['Scotland', 'Wales'] }),
      // Inside bands: whole bands plus the cut bands' assets, live.
      filter({ minCapacity: 7.5 }),
      filter({ minCapacity: 3, technologyTypes: ['Battery'] }),
      filter({ minCapacity: 0.37, maxCapacity: 63.2, developmentStatus: ['Operational', 'Planning Permission Granted'] }),
      filter({ minCapacity: 13, regions: ['South West'], developmentStatus: ['Operational'], technologyTypes: ['Solar Photovoltaics'] }),
      filter({ minCapacity: 150 }),
      // Within one band: no whole band, the live query answers.
      filter({ minCapacity: 11, maxCapacity: 19 }),
    ];
    for (const f of cases) {
      for (let level = 0; level <= ASSET_MAP_CAPACITY_LEVELS; level++) await expectSameClusters(f, level, cells.bands);
      expect(repo.countedLevel(cells, f)).toBe(f.minCapacity === 11 ? -1 : ASSET_MAP_CAPACITY_LEVELS);
    }
    // A view's edges count whole cells, as without a capacity filter.
    const uk = filter({ bounds: [-3.5, 50, 0.5, 52.5], minCapacity: 7.5 });
    const level = 6;
    const cell = levelCellDegrees(level);
    const whole = filter({
      ...uk,
      bounds: [Math.floor(-3.5 / cell) * cell, Math.floor(50 / cell) * cell, (Math.floor(0.5 / cell) + 1) * cell - 1e-9, (Math.floor(52.5 / cell) + 1) * cell - 1e-9],
    });
    const counted = await repo.listCountedAssetClusters(t.ctx.database, uk, level, cells.bands);
    const [row] = await t.ctx.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM assets ${repo.assetWhere(whole).sql}`, repo.assetWhere(whole).params);
    expect(counted.reduce((s, c) => s + c.n, 0)).toBe(row!.n);
  });

  it('band thresholds: whole bands inside a capacity range', () => {
    const bands = [0, 1, 2, 5, 10];
    const full = (f: Partial<repo.AssetFilter>) => repo.fullCapacityBands(filter(f), bands);
    expect(full({ minCapacity: 5 })).toEqual({ first: 4, last: 5 });
    expect(full({ minCapacity: 7.5 })).toEqual({ first: 5, last: 5 });
    expect(full({ maxCapacity: 2 })).toEqual({ first: 0, last: 2 });
    expect(full({ minCapacity: 1, maxCapacity: 4.9 })).toEqual({ first: 2, last: 2 });
    expect(full({ minCapacity: 3, maxCapacity: 4 })).toBeNull();
    expect(full({ minCapacity: 12 })).toBeNull();
  });

  it('a wide view with counted filters adds up to the matches; a capacity filter takes the live query', async () => {
    const get = async (q: string) => (await t.app.inject(`/api/assets/coordinates?${q}`)).json() as { total: number; clustered: boolean; features: Array<{ properties: { cluster?: boolean; point_count?: number } }> };
    const [row] = await t.ctx.database.query<{ n: number }>('SELECT count(*)::int AS n FROM assets WHERE latitude IS NOT NULL AND longitude IS NOT NULL');
    const all = row!.n;
    const body = await get('bounds=-180,-90,180,90&zoom=5');
    expect(body.clustered).toBe(true);
    expect(body.total).toBe(all);
    expect(body.features.reduce((s, f) => s + (f.properties.cluster ? f.properties.point_count! : 1), 0)).toBe(all);
    // A row only the cells hold shows which path answered (the level of a world view at zoom 5 is 3).
    await t.ctx.database.query('INSERT INTO asset_map_cells (level, cx, cy, n, capacity, lng_sum, lat_sum) VALUES (3, 0, 0, 1000, 0, 0, 0)');
    try {
      expect((await get('bounds=-180,-90,180,90&zoom=5.2')).total).toBe(all + 1000);
      expect((await get('bounds=-180,-90,180,90&zoom=5.2&technologyTypes=Battery')).total).toBeLessThan(all);
      // A capacity filter is counted ahead too (decision 0411); age, operator and site-name filters are not.
      expect((await get('bounds=-180,-90,180,90&zoom=5.2&minCapacity=0.01&minAge=1')).total).toBeLessThan(all);
    } finally {
      await t.ctx.database.query('DELETE FROM asset_map_cells WHERE level = 3 AND cx = 0 AND cy = 0 AND technology_type IS NULL AND n = 1000');
    }
  });

  it('count the matches of the cells wholly inside a view, never more than match there (with a capacity range, its whole bands)', async () => {
    const { bands } = await repo.assetMapCells(t.ctx.database);
    const matches = async (f: repo.AssetFilter) =>
      (await t.ctx.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM assets ${repo.assetWhere(f).sql}`, repo.assetWhere(f).params))[0]!.n;
    const views: Array<[number, number, number, number]> = [WORLD, [-12, 49, 2, 61], [-3.5, 50, 0.5, 52.5], [-2.5, 53, -1, 54], [-1.2, 51.4, -1.1, 51.5]];
    for (const bounds of views) {
      for (const f of [filter({ bounds }), filter({ bounds, technologyTypes: ['Battery'] })]) {
        const n = await matches(f);
        for (const level of [0, 4, 8, ASSET_MAP_CELL_LEVELS]) {
          expect(await repo.countAssetsInsideCells(t.ctx.database, f, level)).toBeLessThanOrEqual(n);
        }
      }
      for (const f of [filter({ bounds, minCapacity: 7.5 }), filter({ bounds, minCapacity: 5, maxCapacity: 60, technologyTypes: ['Battery'] })]) {
        const n = await matches(f);
        for (const level of [0, 4, ASSET_MAP_CAPACITY_LEVELS]) {
          expect(await repo.countAssetsInsideCells(t.ctx.database, f, level, bands)).toBeLessThanOrEqual(n);
        }
      }
    }
    // A wide view's floor is most of its matches, already three levels up (where it is tried first).
    for (const uk of [filter({ bounds: [-12, 49, 2, 61] }), filter({ bounds: [-12, 49, 2, 61], minCapacity: 5 })]) {
      const n = await matches(uk);
      expect(await repo.countAssetsInsideCells(t.ctx.database, uk, 8, bands)).toBeGreaterThan(n * 0.9);
      expect(await repo.countAssetsInsideCells(t.ctx.database, uk, 5, bands)).toBeGreaterThan(n * 0.9);
    }
  });

  it("a view's probe tries the cells wholly inside it first, in its own statement: no points when any level holds more than the limit (decisions 0627, 0628)", async () => {
    const { bands } = await repo.assetMapCells(t.ctx.database);
    const views: Array<[number, number, number, number]> = [WORLD, [-12, 49, 2, 61], [-3.5, 50, 0.5, 52.5], [-1.2, 51.4, -1.1, 51.5]];
    for (const bounds of views) {
      for (const f of [filter({ bounds }), filter({ bounds, technologyTypes: ['Battery'] }), filter({ bounds, minCapacity: 7.5 }), filter({ bounds, minCapacity: 5, maxCapacity: 5.5 })]) {
        const matches = (await repo.listAssetFeatures(t.ctx.database, f, 1_000_000)).n;
        for (const levels of [[5, 8], [8], [0, 3]]) {
          const counts = await Promise.all(levels.map((l) => repo.countAssetsInsideCells(t.ctx.database, f, l, bands)));
          for (const limit of [0, 100, 1_000, 10_000]) {
            const what = `${JSON.stringify(bounds)} ${levels} ${limit}`;
            const probe = await repo.listAssetFeatures(t.ctx.database, f, limit, { levels, bands });
            const points = !counts.some((n) => n > limit) && matches <= limit;
            expect(probe.features !== null, what).toBe(points);
            if (points) expect(probe.n, what).toBe(matches);
          }
        }
      }
    }
  });

  it('answer a range of views with the points of the live query, or clusters adding up to the matches of the cells they meet (decision 0628)', async () => {
    type Answer = { total: number; clustered: boolean; features: Array<{ properties: { id?: number; cluster?: boolean; point_count?: number } }> };
    const views: Array<[number, number, number, number]> = [[-12, 49, 2, 61], [-3.5, 50, 0.5, 52.5], [-2.5, 53, -1, 54], [-1.2, 51.4, -1.1, 51.5], [-0.35, 51.45, -0.3, 51.5]];
    const filters: Array<[string, Partial<repo.AssetFilter>]> = [
      ['', {}],
      ['&technologyTypes=Battery', { technologyTypes: ['Battery'] }],
      ['&minCapacity=5', { minCapacity: 5 }],
      ['&minCapacity=7.5&technologyTypes=Solar%20Photovoltaics', { minCapacity: 7.5, technologyTypes: ['Solar Photovoltaics'] }],
      ['&maxCapacity=20&developmentStatus=Operational', { maxCapacity: 20, developmentStatus: ['Operational'] }],
      ['&regions=Scotland&regions=Wales', { regions: ['Scotland', 'Wales'] }],
    ];
    const count = async (f: repo.AssetFilter) => {
      const w = repo.assetWhere(f);
      return (await t.ctx.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM assets ${w.sql}`, w.params))[0]!.n;
    };
    let clustered = 0;
    for (const bounds of views)
      for (const zoom of [5, 7, 8, 9, 12])
        for (const [query, f] of filters) {
          const url = `/api/assets/coordinates?bounds=${bounds.join(',')}&zoom=${zoom}${query}`;
          const body = (await t.app.inject(url)).json() as Answer;
          const exact = await count(filter({ ...f, bounds }));
          if (!body.clustered) {
            const w = repo.assetWhere(filter({ ...f, bounds }));
            const ids = await t.ctx.database.query<{ id: number }>(`SELECT id::int AS id FROM assets ${w.sql} ORDER BY id`, w.params);
            expect(body.features.map((p) => p.properties.id).sort((a, b) => a! - b!), url).toEqual(ids.map((r) => r.id));
            expect(body.total, url).toBe(exact);
            continue;
          }
          clustered++;
          expect(body.features.reduce((s, p) => s + (p.properties.cluster ? p.properties.point_count! : 1), 0), url).toBe(body.total);
          // Counted ahead, a cell meeting the view counts whole: between the matches in the view and those of the cells it meets.
          const cell = levelCellDegrees(gridLevel(zoom, bounds, 4_000));
          const [w, s, e, n] = bounds;
          const whole: [number, number, number, number] = [Math.floor(w / cell) * cell, Math.floor(s / cell) * cell, (Math.floor(e / cell) + 1) * cell - 1e-9, (Math.floor(n / cell) + 1) * cell - 1e-9];
          expect(body.total, url).toBeGreaterThanOrEqual(exact);
          expect(body.total, url).toBeLessThanOrEqual(await count(filter({ ...f, bounds: whole })));
        }
    expect(clustered).toBeGreaterThan(10);
    // With a point limit above every located asset, no view can hold more: its points come without a probe
    // (a view without a zoom is never a wide one).
    const roomy = { ...t.ctx, assetMap: { ...t.ctx.assetMap, pointLimit: 100_000 } };
    for (const bounds of views)
      for (const [, f] of filters) {
        const body = JSON.parse((await assetCoordinates(roomy, { regions: [], technologyTypes: [], developmentStatus: [], operators: [], ...f, bounds } as AssetMapQuery)).text) as Answer;
        const w = repo.assetWhere(filter({ ...f, bounds }));
        const ids = await t.ctx.database.query<{ id: number }>(`SELECT id::int AS id FROM assets ${w.sql} ORDER BY id`, w.params);
        expect(body.clustered).toBe(false);
        expect(body.features.map((p) => p.properties.id).sort((a, b) => a! - b!)).toEqual(ids.map((r) => r.id));
        expect(body.total).toBe(ids.length);
      }
  });

  it("the cells' state kept in memory is dropped when an asset write is heard: the next view takes the live query (decision 0628)", async () => {
    const total = async (q: string) => ((await t.app.inject(`/api/assets/coordinates?${q}`)).json() as { total: number }).total;
    const all = (await t.ctx.database.query<{ n: number }>('SELECT count(*)::int AS n FROM assets WHERE latitude IS NOT NULL'))[0]!.n;
    // A row only the cells hold shows which path answered (the level of a world view at zoom 5 is 3).
    await t.ctx.database.query('INSERT INTO asset_map_cells (level, cx, cy, n, capacity, lng_sum, lat_sum) VALUES (3, 0, 0, 1000, 0, 0, 0)');
    try {
      expect(await total('bounds=-180,-90,180,90&zoom=5.1')).toBe(all + 1000);
      await t.ctx.database.query(`UPDATE assets SET site_name = site_name || ' ' WHERE id = (SELECT min(id) FROM assets)`);
      // As a write request waits for it (decision 0430): the process has heard the write.
      await readCacheFeed(t.ctx.database).sync();
      expect(await total('bounds=-180,-90,180,90&zoom=5.3')).toBe(all);
      expect(await repo.refreshAssetMapCells(t.ctx.database)).toBe(true);
      // Rebuilt (the extra row is gone) and read again.
      expect(await total('bounds=-180,-90,180,90&zoom=5.4')).toBe(all);
      expect(await assetMapCells(t.ctx.database)).toEqual(await repo.assetMapCells(t.ctx.database));
    } finally {
      await t.ctx.database.query('DELETE FROM asset_map_cells WHERE level = 3 AND cx = 0 AND cy = 0 AND technology_type IS NULL AND n = 1000');
    }
  });

  it('any asset write marks them stale until rebuilt, and a rebuild happens once', async () => {
    await t.ctx.database.query(`UPDATE assets SET site_name = site_name || ' ' WHERE id = (SELECT min(id) FROM assets)`);
    expect(await repo.assetMapCellsLevel(t.ctx.database)).toBe(-1);
    // Nor are the banded cells read: a capacity view takes the live query.
    expect(repo.countedLevel(await repo.assetMapCells(t.ctx.database), filter({ minCapacity: 5 }))).toBe(-1);
    expect(await repo.refreshAssetMapCells(t.ctx.database)).toBe(true);
    expect(await repo.refreshAssetMapCells(t.ctx.database)).toBe(false);
    expect(await repo.assetMapCellsLevel(t.ctx.database)).toBe(ASSET_MAP_CELL_LEVELS);
    await t.ctx.database.query(`DELETE FROM assets WHERE id = (SELECT max(id) FROM assets)`);
    expect(await repo.assetMapCellsLevel(t.ctx.database)).toBe(-1);
  });
});
