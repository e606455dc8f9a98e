import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assetMapQuery } from '../contracts/assets';
import { assetFiltersAddress, assetFiltersOf, assetMapQueryOf, DEFAULT_ASSET_FILTERS, isAssetFiltersAddress, type AssetFilters } from './asset-map-address';

const toSearch = (f: AssetFilters) => {
  const out = new URLSearchParams();
  for (const [key, value] of Object.entries(assetFiltersAddress(f))) {
    if (Array.isArray(value)) value.forEach((v) => out.append(key, v));
    else if (value) out.set(key, value);
  }
  return out;
};

describe('Overview filters in the address', () => {
  it('writes nothing for the defaults and round-trips a filtered view', () => {
    expect(toSearch(DEFAULT_ASSET_FILTERS).toString()).toBe('');
    const f: AssetFilters = {
      operators: ['Island Green Power'],
      siteName: 'Cottam',
      capacity: [50, 100],
      statuses: ['Operational'],
      technologies: ['Battery', 'Solar Photovoltaics'],
      regions: ['Wales'],
      age: [2, 20],
      includeUnknownAge: false,
    };
    const search = toSearch(f);
    expect(search.toString()).toBe(
      'operator=Island+Green+Power&site=Cottam&minCapacity=50&status=Operational&technology=Battery&technology=Solar+Photovoltaics&region=Wales&minAge=2&unknownAge=exclude',
    );
    expect(assetFiltersOf(search)).toEqual(f);
  });

  it('ignores unknown list values and clamps or orders ranges', () => {
    const f = assetFiltersOf(new URLSearchParams('technology=Nope&technology=Battery&region=Atlantis&minCapacity=500&maxCapacity=-3&minAge=abc&maxAge=5'));
    expect(f.technologies).toEqual(['Battery']);
    expect(f.regions).toEqual([]);
    expect(f.capacity).toEqual([0, 100]);
    expect(f.age).toEqual([0, 5]);
    expect(f.includeUnknownAge).toBe(true);
  });

  it('asks the map for a slider at its top end as "and above"', () => {
    expect(assetMapQueryOf(DEFAULT_ASSET_FILTERS)).toEqual({
      operators: [],
      siteNameSearch: undefined,
      minCapacity: undefined,
      maxCapacity: undefined,
      developmentStatus: [],
      technologyTypes: [],
      regions: [],
      minAge: undefined,
      maxAge: undefined,
      includeUnknownAge: 'true',
    });
    expect(assetMapQueryOf({ ...DEFAULT_ASSET_FILTERS, capacity: [5, 40], age: [0, 20], siteName: '  ' })).toMatchObject({ minCapacity: 5, maxCapacity: 40, maxAge: undefined, siteNameSearch: undefined });
  });
});

/** Any address the Overview might be given: its keys with any text, repeated, plus keys it does not know. */
const address = fc
  .array(
    fc.tuple(
      fc.constantFrom('operator', 'site', 'minCapacity', 'maxCapacity', 'status', 'technology', 'region', 'minAge', 'maxAge', 'unknownAge', 'utm_source'),
      fc.oneof(fc.string(), fc.string({ minLength: 190, maxLength: 260 }), fc.integer().map(String), fc.double().map(String), fc.constantFrom('Wales', 'Battery', 'exclude', ' ', '')),
    ),
    { maxLength: 80 },
  )
  .map((pairs) => new URLSearchParams(pairs));

describe('a bad Overview address (decision 0352)', () => {
  it('whatever the address holds, the map query passes the contract', () => {
    fc.assert(
      fc.property(address, (params) => {
        const query = assetMapQueryOf(assetFiltersOf(params));
        const result = assetMapQuery.safeParse(query);
        expect(result.success, JSON.stringify({ params: params.toString(), issues: result.error?.issues })).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('whatever the address holds, the address the filters write reads back as the same filters', () => {
    fc.assert(
      fc.property(address, (params) => {
        const f = assetFiltersOf(params);
        expect(assetFiltersOf(toSearch(f))).toEqual(f);
        expect(isAssetFiltersAddress(toSearch(f), f)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('is seen as needing a rewrite, and the rewrite is stable', () => {
    const bad = new URLSearchParams('minCapacity=abc&status=Nope&region=Wales&unknownAge=maybe');
    const f = assetFiltersOf(bad);
    expect(isAssetFiltersAddress(bad, f)).toBe(false);
    expect(toSearch(f).toString()).toBe('region=Wales');
    expect(isAssetFiltersAddress(toSearch(f), f)).toBe(true);
  });
});
