import { describe, expect, it } from 'vitest';
import { readFilters, toggleItem, mapLinkQuery } from './directory-filters';

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

  it('View on Map carries only the filters that are set (no sort, page or scales)', () => {
    expect(mapLinkQuery(new URLSearchParams('services=a&sort=name&page=2&scales=Utility&radius=25'))).toBe(
      '?services=a&radius=25',
    );
  });
});
