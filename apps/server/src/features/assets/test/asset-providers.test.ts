import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EARTH_RADIUS_KM, haversineKm } from '@solar/shared/domain/geo';
import { listServingProviderIds, servingQuery } from '../asset-providers.repository';
import { createTestApp, databaseKinds, signedInUser, type TestApp } from '../../../../test/harness';
import { insertProvider } from '../../../../test/fixtures/providers';

/** A point `km` due north of (lat, lng) on the 6371 km sphere. */
const north = (lat: number, lng: number, km: number) => ({
  latitude: lat + (km / EARTH_RADIUS_KM) * (180 / Math.PI),
  longitude: lng,
});

const SITE = { lat: 51.4545, lng: -2.5879 };

describe.each(databaseKinds)('providers serving an asset on %s', (kind) => {
  let t: TestApp;
  let cookie = '';
  const assets: Record<string, number> = {};
  const ids: Record<string, string> = {};
  const get = (url: string, c = cookie) => t.app.inject({ url, headers: c ? { cookie: c } : {} });
  const names = (body: { data: Array<{ provider: { businessName: string } }> }) =>
    body.data.map((d) => d.provider.businessName);

  async function insertAsset(
    key: string,
    values: { technology: string; status: string; lat: number | null; lng: number | null },
  ) {
    const [row] = await t.ctx.database.query<{ id: number }>(
      `INSERT INTO assets (repd_ref_id, site_name, technology_type, development_status, latitude, longitude, content_hash)
       VALUES ($1, $2, $3, $4, $5, $6, 'x') RETURNING id::int AS id`,
      [`T-${randomUUID().slice(0, 8)}`, `${key} site`, values.technology, values.status, values.lat, values.lng],
    );
    assets[key] = row!.id;
  }

  beforeAll(async () => {
    t = await createTestApp({ kind });
    ({ cookie } = await signedInUser(t));
    await insertAsset('solar', { technology: 'Solar Photovoltaics', status: 'Operational', ...SITE });
    await insertAsset('wind', { technology: 'Wind Onshore', status: 'Planning Permission Granted', ...SITE });
    await insertAsset('biomass', { technology: 'Biomass (dedicated)', status: 'Abandoned', ...SITE });
    await insertAsset('unlocated', { technology: 'Solar Photovoltaics', status: 'Operational', lat: null, lng: null });
    const at = (km: number) => north(SITE.lat, SITE.lng, km);
    const add = async (
      name: string,
      values: Parameters<typeof insertProvider>[1] extends infer V ? Omit<V & object, 'businessName'> : never,
    ) => {
      ids[name] = (await insertProvider(t, { businessName: name, ...values })).id;
    };
    await add('Countrywide Solar', { serviceRadius: -1, technologies: ['Solar PV'] });
    await add('Countrywide Based', { serviceRadius: -1, technologies: ['Solar PV'], ...at(300) });
    await add('Near Solar 50km', { serviceRadius: 50, technologies: ['Solar PV'], ...at(20) });
    await add('Out Of Radius', { serviceRadius: 10, technologies: ['Solar PV'], ...at(20) });
    await add('Just Inside', { serviceRadius: 30, technologies: ['Hybrid'], phase: ['Operational'], ...at(29.5) });
    await add('Just Outside', { serviceRadius: 30, technologies: ['Solar PV'], ...at(30.5) });
    await add('Far Big Radius', { serviceRadius: 1500, technologies: ['solar pv'], ...north(60.3, -1.3, 0) });
    await add('Wind Only Near', { serviceRadius: 100, technologies: ['Wind'], phase: ['Development'], ...at(5) });
    await add('Wrong Phase', { serviceRadius: 100, technologies: ['Solar PV'], phase: ['Construction'], ...at(5) });
    await add('No Radius', { serviceRadius: 0, technologies: ['Solar PV'], ...at(1) });
    await add('Null Radius', { serviceRadius: null, technologies: ['Solar PV'], ...at(1) });
    await add('No Technologies', { serviceRadius: 100, technologies: [], ...at(2) });
    await add('Countrywide Battery', { serviceRadius: -1, technologies: ['BESS'] });
    await add('Approved Far', {
      serviceRadius: 200,
      technologies: ['Solar PV'],
      claimed: true,
      claimApproved: true,
      ...at(150),
    });
  });
  afterAll(() => t.close());

  it('lists countrywide providers and those whose radius covers the site, matching technology and phase', async () => {
    const res = await get(`/api/assets/${assets.solar}/providers?limit=48`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.technologies).toEqual(['Solar PV', 'Hybrid']);
    expect(body.phase).toBe('Operational');
    // Claim-approved first, then local by distance, then countrywide (based ones by distance).
    expect(names(body)).toEqual([
      'Approved Far',
      'Near Solar 50km',
      'Just Inside',
      'Far Big Radius',
      'Countrywide Based',
      'Countrywide Solar',
    ]);
    expect(body.total).toBe(6);
    const byName = Object.fromEntries(
      body.data.map((d: { provider: { businessName: string } }) => [d.provider.businessName, d]),
    );
    expect(byName['Near Solar 50km']).toMatchObject({ countrywide: false, distanceKm: 20 });
    expect(byName['Countrywide Solar']).toMatchObject({ countrywide: true, distanceKm: null });
    expect(byName['Countrywide Based'].distanceKm).toBeCloseTo(300, 0);
    const far = byName['Far Big Radius'];
    expect(far.distanceKm).toBeCloseTo(haversineKm({ lat: SITE.lat, lng: SITE.lng }, { lat: 60.3, lng: -1.3 }), 0);
    // The public provider fields only (the directory card's shape).
    expect(Object.keys(far.provider)).not.toContain('userId_');
    expect(far.provider).toMatchObject({
      id: ids['Far Big Radius'],
      serviceRadius: 1500,
      coordinates: { lat: 60.3, lng: -1.3 },
    });
  });

  it('matches wind providers to a wind asset in development, and only the area where nothing maps', async () => {
    const wind = (await get(`/api/assets/${assets.wind}/providers?limit=48`)).json();
    expect(wind).toMatchObject({ technologies: ['Wind'], phase: 'Development' });
    expect(names(wind)).toEqual(['Wind Only Near']);

    const biomass = (await get(`/api/assets/${assets.biomass}/providers?limit=48`)).json();
    expect(biomass).toMatchObject({ technologies: [], phase: null });
    expect(names(biomass).sort()).toEqual(
      [
        'Approved Far',
        'Countrywide Based',
        'Countrywide Battery',
        'Countrywide Solar',
        'Far Big Radius',
        'Just Inside',
        'Near Solar 50km',
        'No Technologies',
        'Wind Only Near',
        'Wrong Phase',
      ].sort(),
    );
  });

  it('pages with offset and limit, keeping the total past the end', async () => {
    const first = (await get(`/api/assets/${assets.solar}/providers?limit=2`)).json();
    const second = (await get(`/api/assets/${assets.solar}/providers?limit=2&offset=2`)).json();
    const beyond = (await get(`/api/assets/${assets.solar}/providers?limit=2&offset=40`)).json();
    expect(names(first)).toEqual(['Approved Far', 'Near Solar 50km']);
    expect(names(second)).toEqual(['Just Inside', 'Far Big Radius']);
    expect([first.total, second.total, beyond.total]).toEqual([6, 6, 6]);
    expect(beyond.data).toEqual([]);
    const defaults = (await get(`/api/assets/${assets.solar}/providers`)).json();
    expect(defaults.data).toHaveLength(6);
  });

  it('answers an empty list for an asset without coordinates', async () => {
    const res = await get(`/api/assets/${assets.unlocated}/providers`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ data: [], total: 0 });
  });

  it('needs a session; unknown ids are 404; bad paging is 400', async () => {
    expect((await get(`/api/assets/${assets.solar}/providers`, '')).statusCode).toBe(401);
    expect((await get('/api/assets/999999999/providers')).statusCode).toBe(404);
    expect((await get('/api/assets/abc/providers')).statusCode).toBe(404);
    expect((await get(`/api/assets/${assets.solar}/providers?limit=49`)).statusCode).toBe(400);
    expect((await get(`/api/assets/${assets.solar}/providers?offset=-1`)).statusCode).toBe(400);
  });

  it('finds local providers through the service-area box index (runs last: adds 1,500 providers)', async () => {
    await t.ctx.database.exec(`
      INSERT INTO providers (slug, business_name, technologies, latitude, longitude, service_radius)
      SELECT 'bulk-' || g, 'Bulk Provider ' || g, ARRAY['Solar PV'], 55 + (g % 40) * 0.1, -5 + (g / 40) * 0.1, 5
      FROM generate_series(1, 1500) AS g;
      ANALYZE providers;`);
    const q = servingQuery(
      { lat: SITE.lat, lng: SITE.lng, technologies: ['solar pv', 'hybrid'], phase: 'operational' },
      0,
      6,
    );
    const plan = (await t.ctx.database.query<Record<string, string>>(`EXPLAIN ${q.text}`, q.params))
      .map((r) => Object.values(r)[0])
      .join('\n');
    expect(plan).toContain('providers_service_box_idx');
    expect(plan).toContain('providers_countrywide_idx');
    // Same answer as before: none of the bulk providers reaches the site.
    const rows = await listServingProviderIds(
      t.ctx.database,
      { lat: SITE.lat, lng: SITE.lng, technologies: ['solar pv', 'hybrid'], phase: 'operational' },
      0,
      48,
    );
    expect(rows.map((r) => r.id)).toEqual(expect.arrayContaining([ids['Near Solar 50km'], ids['Countrywide Solar']]));
    expect(rows).toHaveLength(6);
  });
});
