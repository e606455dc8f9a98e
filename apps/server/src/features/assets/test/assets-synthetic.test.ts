import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSET_REGIONS, ASSET_TECHNOLOGY_TYPES, ASSET_DEVELOPMENT_STATUSES } from '@solar/shared/constants/assets';
import { seedSyntheticAssets } from '../assets.synthetic';
import { createTestApp, databaseKinds, type TestApp } from '../../../../test/harness';

type Feature = { geometry: { coordinates: [number, number] }; properties: Record<string, unknown> };

/** The generator behind `npm run seed:assets-scale` (docs/decisions/0316). */
describe.each(databaseKinds)('synthetic assets on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind });
  });
  afterAll(() => t.close());

  it('inserts up to the target, is idempotent, and resumes a partial run', async () => {
    const first = await seedSyntheticAssets(t.ctx.database, 300, { batch: 120 });
    expect(first).toMatchObject({ inserted: 300, synthetic: 300 });
    const resumed = await seedSyntheticAssets(t.ctx.database, 500, { batch: 120 });
    expect(resumed).toMatchObject({ inserted: 200, synthetic: 500 });
    const again = await seedSyntheticAssets(t.ctx.database, 500);
    expect(again).toMatchObject({ inserted: 0, synthetic: 500, total: resumed.total });
    const [row] = await t.ctx.database.query<{ n: number; refs: number; names: number; first: string; last: string }>(
      `SELECT count(*)::int AS n, count(DISTINCT repd_ref_id)::int AS refs,
         count(*) FILTER (WHERE site_name LIKE '%(synthetic)')::int AS names, min(repd_ref_id) AS first, max(repd_ref_id) AS last
       FROM assets WHERE source = 'synthetic'`,
    );
    expect(row).toEqual({ n: 500, refs: 500, names: 500, first: 'SYN-0000001', last: 'SYN-0000500' });
  });

  it('spreads rows over Great Britain with known regions, technologies and statuses', async () => {
    const rows = await t.ctx.database.query<{ region: string; technology_type: string; development_status: string; longitude: number; latitude: number; installed_capacity: number }>(
      `SELECT region, technology_type, development_status, longitude, latitude, installed_capacity FROM assets WHERE source = 'synthetic'`,
    );
    for (const r of rows) {
      expect(ASSET_REGIONS).toContain(r.region);
      expect(ASSET_TECHNOLOGY_TYPES).toContain(r.technology_type);
      expect(ASSET_DEVELOPMENT_STATUSES).toContain(r.development_status);
      expect(r.longitude).toBeGreaterThan(-5);
      expect(r.longitude).toBeLessThan(1.6);
      expect(r.latitude).toBeGreaterThan(50.4);
      expect(r.latitude).toBeLessThan(57.4);
      expect(r.installed_capacity).toBeGreaterThanOrEqual(0.05);
    }
    const share = (pick: (r: (typeof rows)[number]) => boolean) => rows.filter(pick).length / rows.length;
    expect(share((r) => r.technology_type === 'Solar Photovoltaics')).toBeGreaterThan(0.4);
    expect(new Set(rows.map((r) => r.region)).size).toBeGreaterThanOrEqual(9);
  });

  it('are found by the coordinates endpoint with their filters', async () => {
    const [one] = await t.ctx.database.query<{ id: number; longitude: number; latitude: number; technology_type: string }>(
      `SELECT id::int AS id, longitude, latitude, technology_type FROM assets WHERE repd_ref_id = 'SYN-0000042'`,
    );
    const bounds = [one!.longitude - 0.001, one!.latitude - 0.001, one!.longitude + 0.001, one!.latitude + 0.001].join(',');
    const res = await t.app.inject({ url: `/api/assets/coordinates?bounds=${bounds}&technologyTypes=${encodeURIComponent(one!.technology_type)}&zoom=14` });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { features: Feature[]; clustered: boolean };
    expect(body.clustered).toBe(false);
    const hit = body.features.find((f) => f.properties.id === one!.id);
    expect(hit?.properties).toMatchObject({ technologyType: one!.technology_type });
    expect(String(hit?.properties.title)).toMatch(/\(synthetic\)$/);
    expect(hit?.geometry.coordinates).toEqual([one!.longitude, one!.latitude]);
  });
});
