import { describe, expect, it } from 'vitest';
import { ASSET_DEVELOPMENT_STATUSES, ASSET_REGIONS, ASSET_TECHNOLOGY_TYPES } from '@solar/shared/constants/assets';
import { DEFAULT_FILTERS, filtersFromParams, filtersToParams, type AssetFilters } from './asset-filters';

const options = { statuses: ASSET_DEVELOPMENT_STATUSES, technologies: ASSET_TECHNOLOGY_TYPES, regions: ASSET_REGIONS };

const toSearch = (f: AssetFilters) => {
  const out = new URLSearchParams();
  for (const [key, value] of Object.entries(filtersToParams(f))) {
    if (Array.isArray(value)) value.forEach((v) => out.append(key, v));
    else if (value) out.set(key, value);
  }
  return out;
};

describe('Overview filters in the address', () => {
  it('writes nothing for the defaults and round-trips a filtered view', () => {
    expect(toSearch(DEFAULT_FILTERS).toString()).toBe('');
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
    expect(filtersFromParams(search, options)).toEqual(f);
  });

  it('ignores unknown list values and clamps or orders ranges', () => {
    const f = filtersFromParams(
      new URLSearchParams(
        'technology=Nope&technology=Battery&region=Atlantis&minCapacity=500&maxCapacity=-3&minAge=abc&maxAge=5',
      ),
      options,
    );
    expect(f.technologies).toEqual(['Battery']);
    expect(f.regions).toEqual([]);
    expect(f.capacity).toEqual([0, 100]);
    expect(f.age).toEqual([0, 5]);
    expect(f.includeUnknownAge).toBe(true);
  });
});
