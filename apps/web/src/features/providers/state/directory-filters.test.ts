import { describe, expect, it } from 'vitest';
import { directoryFiltersOf } from '@solar/shared/domain/directory-address';
import { activeFilterCount, mapLinkQuery, toggleItem } from './directory-filters';

// Reading the address into filters, cleaning it and the query it makes: packages/shared/src/domain/directory-address.test.ts.
describe('directory filters on the screens', () => {
  it('toggles case-insensitively: selecting a selected item removes it', () => {
    expect(toggleItem(['Solar PV'], 'solar pv')).toEqual([]);
    expect(toggleItem(['Solar PV'], ' BESS ')).toEqual(['Solar PV', 'BESS']);
  });

  it('View on Map carries only the filters that are set (no sort, page or scales)', () => {
    expect(mapLinkQuery(new URLSearchParams('services=a&sort=name&page=2&scales=Utility&radius=25'))).toBe('?services=a&radius=25');
  });

  it('counts the active filters for the small-screen Filters button (decision 0350)', () => {
    const filters = directoryFiltersOf(new URLSearchParams('services=a&services=b&types=c&scales=Utility&location=Leeds'));
    expect(activeFilterCount(filters)).toBe(4);
    expect(activeFilterCount(filters, true)).toBe(5);
  });
});
