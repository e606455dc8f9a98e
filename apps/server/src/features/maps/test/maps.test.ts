import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/harness';

describe('offline basemap', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('serves a MapLibre style with GeoJSON sources, attribution and no text layers', async () => {
    const res = await t.app.inject('/api/maps/style');
    expect(res.statusCode).toBe(200);
    const style = res.json();
    expect(style.version).toBe(8);
    expect(style.glyphs).toBeUndefined();
    expect(style.layers.some((l: { type: string }) => l.type === 'symbol')).toBe(false);
    expect(style.sources.uk).toMatchObject({ type: 'geojson', data: '/api/maps/geo/uk.geojson', attribution: expect.stringMatching(/Crown copyright/) });
    for (const name of ['uk', 'nations', 'regions']) {
      const layer = await t.app.inject(`/api/maps/geo/${name}.geojson`);
      expect(layer.statusCode).toBe(200);
      expect(layer.headers['content-type']).toMatch(/geo\+json/);
      const geo = layer.json();
      expect(geo.type).toBe('FeatureCollection');
      expect(geo.features.length).toBe({ uk: 1, nations: 4, regions: 12 }[name]);
    }
    expect((await t.app.inject('/api/maps/geo/secret.json')).statusCode).toBe(400);
  });

  it('answers place labels by zoom, bounded', async () => {
    const uk = (await t.app.inject('/api/maps/places?bounds=-12,49,2,61&zoom=5')).json();
    expect(uk.length).toBeGreaterThan(20);
    expect(uk.every((p: { kind: string }) => p.kind === 'City')).toBe(true);
    const city = (await t.app.inject('/api/maps/places?bounds=-1.7,53.7,-1.4,53.9&zoom=12')).json();
    expect(city.map((p: { name: string }) => p.name)).toContain('Leeds');
    expect(city.length).toBeLessThanOrEqual(150);
    const belfast = (await t.app.inject('/api/maps/places?bounds=-6.2,54.5,-5.8,54.7&zoom=9')).json();
    expect(belfast.map((p: { name: string }) => p.name)).toContain('Belfast');
    expect((await t.app.inject('/api/maps/places?zoom=5')).statusCode).toBe(400);
  });

  it('redirects to MAP_STYLE_URL when configured', async () => {
    const hosted = await createTestApp({ env: { MAP_STYLE_URL: 'https://tiles.example.com/style.json' } });
    try {
      const res = await hosted.app.inject('/api/maps/style');
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('https://tiles.example.com/style.json');
    } finally {
      await hosted.close();
    }
  });
});
