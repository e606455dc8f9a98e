import fc from 'fast-check';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { ASSET_REGIONS, ASSET_TECHNOLOGY_TYPES, DEFAULT_PROJECT_SORT, PROJECT_PHASES, PROJECT_SORT_KEYS, PROJECTS_PAGE_SIZE } from '../constants/assets';
import { projectsQuery } from '../contracts/assets';
import { cleanProjectsAddress, isCleanProjectsAddress, isIsoDay, projectsFiltersOf, projectsPageQuery, PROJECTS_FILTER_KEYS } from './projects-table-address';

const KEYS = Object.values(PROJECTS_FILTER_KEYS);
/** Values an address may hold: the table's own, near misses, blanks, over-long text, odd days. */
const value = fc.oneof(
  fc.constantFrom(...ASSET_REGIONS, ...ASSET_TECHNOLOGY_TYPES, ...PROJECT_PHASES, ` ${ASSET_REGIONS[0]} `, 'wales', '', ' ', 'Solar'),
  fc.constantFrom('2026-11-01', '2024-02-29', '2025-02-29', '2026-13-01', '2026-11-1', '24/11/2026', '2026-11-01T00:00:00Z'),
  fc.string({ maxLength: 12 }),
  fc.string({ minLength: 195, maxLength: 210 }),
);
const address = fc
  .array(fc.tuple(fc.oneof(fc.constantFrom(...KEYS), fc.constantFrom('tab', 'page', 'region')), value), { maxLength: 8 })
  .map((pairs) => new URLSearchParams(pairs));

describe('the projects table address (decision 0590)', () => {
  it('reads the table filters and leaves out what the table does not offer', () => {
    const a = new URLSearchParams('tab=projects&projectRegion=Wales&projectTechnology=Battery&projectPhase=Under%20Construction&applicant=%20RWE%20&changedSince=2026-11-01');
    expect(projectsFiltersOf(a)).toEqual({
      region: 'Wales',
      technology: 'Battery',
      phase: 'Under Construction',
      operatorSearch: 'RWE',
      changedSince: '2026-11-01',
    });
    expect(projectsFiltersOf(new URLSearchParams(`projectRegion=Atlantis&applicant=${'x'.repeat(201)}&changedSince=24%2F11%2F2026`))).toEqual({});
  });

  it('asks for page 1 with the default sort unless told otherwise', () => {
    expect(projectsPageQuery({ region: 'Wales' })).toEqual({ region: 'Wales', ...DEFAULT_PROJECT_SORT, offset: 0, limit: PROJECTS_PAGE_SIZE });
    expect(projectsPageQuery({}, { sortBy: PROJECT_SORT_KEYS[0], sortDirection: 'desc' }, 3)).toMatchObject({ offset: 2 * PROJECTS_PAGE_SIZE, sortDirection: 'desc' });
  });

  it('a day is kept exactly when the contract takes it', () => {
    fc.assert(
      fc.property(fc.oneof(fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)), fc.string({ maxLength: 12 }), fc.stringMatching(/^\d{4}-\d{2}-\d{2}$/)), (day) => {
        expect(isIsoDay(day)).toBe(z.iso.date().safeParse(day).success);
      }),
    );
  });

  it('whatever the address holds, the query the table sends passes the contract and reads back as the same filters', () => {
    fc.assert(
      fc.property(address, (a) => {
        const query = projectsPageQuery(projectsFiltersOf(a));
        const parsed = projectsQuery.safeParse(query);
        expect(parsed.success).toBe(true);
        // The server reads the same filters the page asked for: nothing is trimmed away or defaulted.
        const { offset: _o, limit: _l, sortBy: _s, sortDirection: _d, ...filters } = query;
        expect(Object.fromEntries(Object.entries(parsed.data!).filter(([k, v]) => k in filters && v !== undefined))).toEqual(filters);
      }),
    );
  });

  it('an address and its clean self read the same; cleaning is idempotent and keeps other keys', () => {
    fc.assert(
      fc.property(address, (a) => {
        const clean = cleanProjectsAddress(a);
        expect(projectsFiltersOf(clean)).toEqual(projectsFiltersOf(a));
        expect(cleanProjectsAddress(clean).toString()).toBe(clean.toString());
        expect(isCleanProjectsAddress(clean)).toBe(true);
        expect(clean.getAll('tab')).toEqual(a.getAll('tab'));
      }),
    );
  });
});
