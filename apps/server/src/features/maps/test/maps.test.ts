import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/harness';

describe('offline basemap', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('serves a MapLibre style with GeoJSON sources, attribution, no glyph files and a mark the web app knows it by', async () => {
    const res = await t.app.inject('/api/maps/style');
    expect(res.statusCode).toBe(200);
    const style = res.json();
    expect(style.version).toBe(8);
    expect(style.glyphs).toBeUndefined();
    expect(style.layers.some((l: { type: string }) => l.type === 'symbol')).toBe(false);
    expect(style.metadata).toMatchObject({ 'solar:offline-basemap': true, 'solar:places-attribution': expect.stringMatching(/OS data.*GeoNames/) });
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

  it('names only cities at the UK view, the capitals first, and towns from zoom 8 (decision 0355)', async () => {
    type Place = { name: string; kind: string; lng: number; lat: number; priority: number };
    const uk: Place[] = (await t.app.inject('/api/maps/places?bounds=-12,49,2,61&zoom=5')).json();
    expect(new Set(uk.map((p) => p.kind))).toEqual(new Set(['City']));
    expect(uk.slice(0, 7).map((p) => p.name)).toEqual(['London', 'Birmingham', 'Manchester', 'Glasgow', 'Edinburgh', 'Cardiff', 'Belfast']);
    expect(uk.map((p) => p.priority)).toEqual([...uk.map((p) => p.priority)].sort((a, b) => a - b));
    const region = (bounds: string, zoom: number): Promise<Place[]> => t.app.inject(`/api/maps/places?bounds=${bounds}&zoom=${zoom}`).then((r) => r.json());
    expect((await region('-3,52.5,-0.5,54', 7.9)).every((p) => p.kind === 'City')).toBe(true);
    const z8 = await region('-3,52.5,-0.5,54', 8);
    expect(z8.some((p) => p.kind === 'Town')).toBe(true);
    expect(z8.some((p) => p.kind === 'Village')).toBe(false);
    expect((await region('-2,53,-1,53.5', 11)).some((p) => p.kind === 'Village')).toBe(true);
  });

  it('spreads the 150 labels over the view, one per 64 px cell, instead of filling its first rows', async () => {
    type Place = { lng: number; lat: number };
    // England and Wales at zoom 8.5: far more than 150 towns.
    const places: Place[] = (await t.app.inject('/api/maps/places?bounds=-5.5,50,1.8,55.8&zoom=8.5')).json();
    expect(places.length).toBe(150);
    const lats = places.map((p) => p.lat);
    expect(Math.min(...lats)).toBeLessThan(51.5);
    expect(Math.max(...lats)).toBeGreaterThan(54);
    const world = (512 * 2 ** 8.5) / 64;
    const cell = ({ lng, lat }: Place) => {
      const s = Math.sin((lat * Math.PI) / 180);
      return `${Math.floor(((lng + 180) / 360) * world)}:${Math.floor((0.5 - Math.log((1 + s) / (1 - s)) / (4 * Math.PI)) * world)}`;
    };
    expect(new Set(places.map(cell)).size).toBe(places.length);
  });

  it('answers the settlements nearest a point with their distances, and the nearest town (decision 0358)', async () => {
    type Near = { name: string; kind: string; distanceKm: number };
    // Cottam Solar Project, in the fields between Gainsborough and Lincoln.
    const res = await t.app.inject('/api/maps/places/nearest?lng=-0.64321&lat=53.35209');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toMatch(/max-age=86400/);
    const near: Near[] = res.json();
    expect(near.length).toBeGreaterThanOrEqual(4);
    expect(near.map((p) => p.distanceKm)).toEqual([...near.map((p) => p.distanceKm)].sort((a, b) => a - b));
    expect(near[0]!.distanceKm).toBeLessThan(3);
    expect(near.some((p) => p.kind === 'Town' || p.kind === 'City')).toBe(true);
    const two: Near[] = (await t.app.inject('/api/maps/places/nearest?lng=-1.5&lat=53.8&limit=2')).json();
    expect(two.length).toBeGreaterThanOrEqual(2);
    for (const bad of ['lng=200&lat=53', 'lat=53', 'lng=-1&lat=53&limit=11', 'lng=-1&lat=53&limit=0', 'lng=x&lat=53']) {
      const r = await t.app.inject(`/api/maps/places/nearest?${bad}`);
      expect(r.statusCode, bad).toBe(400);
    }
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
