import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { geocodeResponse, servicesResponse } from '@solar/shared/contracts/geo';
import { SERVICES } from '@solar/shared/constants/services';
import { createTestApp, databaseKinds, type TestApp } from '../../../../test/harness';

describe.each(databaseKinds)('geo routes on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind });
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('GET /api/geocode answers UK suggestions in the contract shape', async () => {
    const res = await get('/api/geocode?q=Manchester');
    expect(res.statusCode).toBe(200);
    const body = geocodeResponse.parse(res.json());
    expect(body.features[0]).toEqual({
      place_name: 'Manchester, Greater Manchester',
      center: [-2.24528, 53.47894],
      place_type: ['place'],
    });
    expect(body.features.length).toBeLessThanOrEqual(5);
  });

  it('finds Inverness by both names, Belfast, LS1 and a misspelling', async () => {
    const top = async (q: string) =>
      (await get(`/api/geocode?limit=1&q=${encodeURIComponent(q)}`)).json().features[0]?.place_name;
    expect(await top('Inverness')).toBe('Inverness, Highland');
    expect(await top('Inbhir Nis')).toBe('Inbhir Nis (Inverness), Highland');
    expect(await top('Belfast')).toBe('Belfast, Northern Ireland');
    expect(await top('LS1')).toBe('LS1, Leeds, West Yorkshire');
    expect(await top('Manchster')).toBe('Manchester, Greater Manchester');
  });

  it('empty or missing q gives no features', async () => {
    for (const url of ['/api/geocode', '/api/geocode?q=', '/api/geocode?q=%20%20']) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ features: [] });
    }
  });

  it('honours limit and types, comma-joined or repeated', async () => {
    expect((await get('/api/geocode?q=New&limit=1')).json().features).toHaveLength(1);
    expect((await get('/api/geocode?q=New')).json().features).toHaveLength(5);
    const joined = (await get('/api/geocode?q=Man&types=neighborhood')).json().features;
    expect(joined.length).toBeGreaterThan(0);
    expect(joined.every((f: { place_type: string[] }) => f.place_type[0] === 'neighborhood')).toBe(true);
    const a = (await get('/api/geocode?q=LS1&types=place,locality,neighborhood')).json();
    const b = (await get('/api/geocode?q=LS1&types=place&types=locality&types=neighborhood')).json();
    expect(a).toEqual(b);
    expect(a.features[0].place_name).toBe('LS1, Leeds, West Yorkshire');
    expect((await get('/api/geocode?q=LS1&types=place')).json()).toEqual({ features: [] });
  });

  it('refuses bad parameters with 400 and a message, never a 5xx', async () => {
    const bad = [
      '/api/geocode?q=Leeds&limit=0',
      '/api/geocode?q=Leeds&limit=6',
      '/api/geocode?q=Leeds&limit=abc',
      '/api/geocode?q=Leeds&limit=1.5',
      '/api/geocode?q=Leeds&types=country',
      '/api/geocode?q=Leeds&types=place,planet',
      `/api/geocode?q=${'a'.repeat(201)}`,
    ];
    for (const url of bad) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message: expect.any(String) });
    }
  });

  it('survives odd input without a 5xx', async () => {
    const odd = [
      '%00',
      '%E2%80%AE',
      '%F0%9F%98%80',
      '\'";--',
      '....',
      '-1,-1',
      'q&q=2',
      '%2C%2C%2C',
      'LS',
      '1',
      encodeURIComponent('Ynys Môn'),
    ];
    for (const q of odd) {
      const res = await get(`/api/geocode?q=${q}`);
      expect(res.statusCode, q).toBeLessThan(500);
      if (res.statusCode === 200) geocodeResponse.parse(res.json());
    }
    expect((await get('/api/geocode?q=a&q=b')).statusCode).toBeLessThan(500);
  });

  it('GET /api/services lists the curated services', async () => {
    const res = await get('/api/services');
    expect(res.statusCode).toBe(200);
    const body = servicesResponse.parse(res.json());
    expect(body.services).toEqual([...SERVICES]);
    expect(body.services).toEqual(
      expect.arrayContaining(['Panel Cleaning', 'Vegetation Management', 'Grid Connection', 'Insurance']),
    );
    expect(new Set(body.services).size).toBe(body.services.length);
  });
});
