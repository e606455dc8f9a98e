import { describe, expect, it } from 'vitest';
import { assetFiltersOf } from '@solar/shared/domain/asset-map-address';
import { activeAssetFilters, DEFAULT_FILTERS } from './asset-filters';

// Reading and writing the Overview filters in the address, and their query: packages/shared/src/domain/asset-map-address.test.ts.
describe('Overview filters on the screens', () => {
  it("counts the filters set, for the small-screen 'Filters' button (decision 0350)", () => {
    expect(activeAssetFilters(assetFiltersOf(new URLSearchParams('minCapacity=abc&status=Nope&region=Wales&unknownAge=maybe')))).toBe(1);
    expect(activeAssetFilters({ ...DEFAULT_FILTERS, capacity: [5, 100], includeUnknownAge: false, operators: ['a', 'b'] })).toBe(4);
    expect(activeAssetFilters(DEFAULT_FILTERS)).toBe(0);
  });
});
