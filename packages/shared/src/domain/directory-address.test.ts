import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { searchProvidersQuery } from '../contracts/providers';
import { cleanDirectoryAddress, directoryFiltersOf, directorySearchQuery, parseLngLat } from './directory-address';

const filtersOf = (address: string) => directoryFiltersOf(new URLSearchParams(address));

describe('a directory address as filters', () => {
  it('reads repeated keys, radius (default 50), sort and page', () => {
    expect(filtersOf('services=a&services=b&radius=100&sort=name&page=3')).toMatchObject({ services: ['a', 'b'], radius: 100, sort: 'name', page: 3 });
    expect(filtersOf('')).toMatchObject({ services: [], radius: 50, sort: 'default', page: 1, location: '', locationCenter: '' });
  });

  it('with a location, nearest first is the order unless another is asked for (decision 0502)', () => {
    const whitstable = 'location=Whitstable&locationCenter=1.0257,51.3607';
    expect(filtersOf(whitstable).sort).toBe('distance');
    expect(directorySearchQuery(filtersOf(whitstable)).sort).toBeUndefined();
    // The spec's default (server) order and A–Z stay a choice away, and are sent as such.
    expect(directorySearchQuery(filtersOf(`${whitstable}&sort=default`)).sort).toBe('default');
    expect(directorySearchQuery(filtersOf(`${whitstable}&sort=name`)).sort).toBe('name');
    // Without a location: the default order, and 'distance' or 'default' in the address mean it.
    for (const sort of ['', 'sort=distance', 'sort=default']) {
      expect(filtersOf(sort).sort).toBe('default');
      expect(directorySearchQuery(filtersOf(sort)).sort).toBeUndefined();
    }
  });

  it('an address the search call would refuse reads as its clean self, so the render and the page ask for one query (issue 28)', () => {
    const long = 'x'.repeat(201);
    const dirty = new URLSearchParams(`services=Panel+Cleaning&services=${long}&location=${long}&radius=0&page=-2&locationCenter=abc`);
    const clean = new URLSearchParams('services=Panel+Cleaning');
    expect(directoryFiltersOf(dirty)).toEqual(directoryFiltersOf(clean));
    expect(directorySearchQuery(directoryFiltersOf(dirty))).toEqual(directorySearchQuery(directoryFiltersOf(clean)));
  });

  it('sends the radius only with a location and the page only past the first', () => {
    expect(directorySearchQuery(filtersOf('radius=100&page=1'))).toMatchObject({ radius: undefined, page: undefined });
    expect(directorySearchQuery(filtersOf('location=Leeds&radius=100&page=2'))).toMatchObject({ location: 'Leeds', radius: 100, page: 2 });
  });
});

describe('a centre written lng,lat', () => {
  it('reads two numbers in range, as JavaScript writes them', () => {
    expect(parseLngLat('-1.55,53.8')).toEqual([-1.55, 53.8]);
    expect(parseLngLat(' -1.55 , 53.8 ')).toEqual([-1.55, 53.8]);
    expect(parseLngLat('1e-7,51')).toEqual([1e-7, 51]);
    expect(parseLngLat('180,-90')).toEqual([180, -90]);
  });

  it('refuses anything else', () => {
    for (const value of [undefined, null, '', 'abc', ',', '1,', ',1', '10,95', '181,0', '1,2,3', '0x10,5', 'Infinity,1', '1 2,3', '1;2'])
      expect(parseLngLat(value), String(value)).toBeNull();
  });

  it('reads back every point the page writes', () => {
    // -0 is written '0', which reads back as 0: the same point.
    const degrees = (max: number) => fc.double({ min: -max, max, noNaN: true }).map((n) => (Object.is(n, -0) ? 0 : n));
    fc.assert(
      fc.property(degrees(180), degrees(90), (lng, lat) => {
        expect(parseLngLat(`${lng},${lat}`)).toEqual([lng, lat]);
      }),
    );
  });
});

/** Any address the directory might be given: its keys with any text (long, empty, numeric), repeated, and keys it does not know. */
const address = fc
  .array(
    fc.tuple(
      fc.constantFrom('companies', 'services', 'types', 'technologies', 'scales', 'phases', 'location', 'locationCenter', 'radius', 'sort', 'page', 'utm_source'),
      fc.oneof(fc.string(), fc.string({ minLength: 190, maxLength: 260 }), fc.integer().map(String), fc.double().map(String), fc.constantFrom('-2.58,51.45', '999,999', 'name', '2001', '0', '')),
    ),
    { maxLength: 40 },
  )
  .map((pairs) => new URLSearchParams(pairs));

describe("the directory address is cleaned with the contract's limits (decision 0352)", () => {
  it('whatever the address holds, the query the directory sends passes the contract', () => {
    fc.assert(
      fc.property(address, (params) => {
        const query = directorySearchQuery(directoryFiltersOf(params));
        const result = searchProvidersQuery.safeParse(query);
        expect(result.success, JSON.stringify({ params: params.toString(), issues: result.error?.issues })).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('cleaning is idempotent, and the filters of an address are those of its clean self', () => {
    fc.assert(
      fc.property(address, (params) => {
        const clean = cleanDirectoryAddress(params);
        expect(cleanDirectoryAddress(clean).toString()).toBe(clean.toString());
        expect(directoryFiltersOf(params)).toEqual(directoryFiltersOf(clean));
      }),
      { numRuns: 300 },
    );
  });

  it('drops each kind of garbage and keeps good values and unknown keys', () => {
    const long = 'x'.repeat(201);
    const clean = cleanDirectoryAddress(
      new URLSearchParams(
        `services=${long}&services=Panel+Cleaning&services=&companies=${'a&companies='.repeat(25)}a&location=${long}&locationCenter=999,999&radius=5000&sort=up&page=0&utm_source=x`,
      ),
    );
    expect(clean.getAll('services')).toEqual(['Panel Cleaning']);
    expect(clean.getAll('companies')).toHaveLength(20);
    for (const key of ['location', 'locationCenter', 'radius', 'sort', 'page']) expect(clean.has(key), key).toBe(false);
    expect(clean.get('utm_source')).toBe('x');
    const good = new URLSearchParams('services=Panel+Cleaning&location=Bristol&locationCenter=-2.58,51.45&radius=37&sort=name&page=4');
    expect(cleanDirectoryAddress(good).toString()).toBe(good.toString());
  });
});
