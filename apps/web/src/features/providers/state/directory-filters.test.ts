import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { searchProvidersQuery } from '@solar/shared/contracts/providers';
import { activeFilterCount, cleanDirectoryParams, readFilters, searchQuery, toggleItem, mapLinkQuery } from './directory-filters';

describe('directory filters in the address', () => {
  it('toggles case-insensitively: selecting a selected item removes it', () => {
    expect(toggleItem(['Solar PV'], 'solar pv')).toEqual([]);
    expect(toggleItem(['Solar PV'], ' BESS ')).toEqual(['Solar PV', 'BESS']);
  });

  it('reads repeated keys, radius (default 50), sort and page', () => {
    const f = readFilters(new URLSearchParams('services=a&services=b&radius=100&sort=name&page=3'));
    expect(f).toMatchObject({ services: ['a', 'b'], radius: 100, sort: 'name', page: 3 });
    expect(readFilters(new URLSearchParams('')).radius).toBe(50);
  });

  it('with a location, nearest first is the order unless another is asked for (decision 0502)', () => {
    const whitstable = 'location=Whitstable&locationCenter=1.0257,51.3607';
    expect(readFilters(new URLSearchParams(whitstable)).sort).toBe('distance');
    expect(searchQuery(readFilters(new URLSearchParams(whitstable))).sort).toBeUndefined();
    // The spec's default (server) order and A–Z stay a choice away, and are sent as such.
    expect(searchQuery(readFilters(new URLSearchParams(`${whitstable}&sort=default`))).sort).toBe('default');
    expect(searchQuery(readFilters(new URLSearchParams(`${whitstable}&sort=name`))).sort).toBe('name');
    // Without a location: the default order, and 'distance' or 'default' in the address mean it.
    for (const sort of ['', 'sort=distance', 'sort=default']) {
      expect(readFilters(new URLSearchParams(sort)).sort).toBe('default');
      expect(searchQuery(readFilters(new URLSearchParams(sort))).sort).toBeUndefined();
    }
  });

  it('View on Map carries only the filters that are set (no sort, page or scales)', () => {
    expect(mapLinkQuery(new URLSearchParams('services=a&sort=name&page=2&scales=Utility&radius=25'))).toBe(
      '?services=a&radius=25',
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

describe('the directory address is cleaned with the contract\'s limits (decision 0352)', () => {
  it('whatever the address holds, the query the directory sends passes the contract', () => {
    fc.assert(
      fc.property(address, (params) => {
        const query = searchQuery(readFilters(cleanDirectoryParams(params)));
        const result = searchProvidersQuery.safeParse(query);
        expect(result.success, JSON.stringify({ params: params.toString(), issues: result.error?.issues })).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('drops each kind of garbage and keeps good values and unknown keys', () => {
    const long = 'x'.repeat(201);
    const clean = cleanDirectoryParams(
      new URLSearchParams(
        `services=${long}&services=Panel+Cleaning&services=&companies=${'a&companies='.repeat(25)}a&location=${long}&locationCenter=999,999&radius=5000&sort=up&page=0&utm_source=x`,
      ),
    );
    expect(clean.getAll('services')).toEqual(['Panel Cleaning']);
    expect(clean.getAll('companies')).toHaveLength(20);
    for (const key of ['location', 'locationCenter', 'radius', 'sort', 'page']) expect(clean.has(key), key).toBe(false);
    expect(clean.get('utm_source')).toBe('x');
    const good = new URLSearchParams('services=Panel+Cleaning&location=Bristol&locationCenter=-2.58,51.45&radius=37&sort=name&page=4');
    expect(cleanDirectoryParams(good).toString()).toBe(good.toString());
  });

  it('counts the active filters for the small-screen Filters button (decision 0350)', () => {
    const filters = readFilters(new URLSearchParams('services=a&services=b&types=c&scales=Utility&location=Leeds'));
    expect(activeFilterCount(filters)).toBe(4);
    expect(activeFilterCount(filters, true)).toBe(5);
  });
});
