import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { providers } from '../../../db/schema/index';
import { createTestApp, databaseKinds, type TestApp } from '../../../../test/harness';
import { insertProvider } from '../../../../test/fixtures/providers';
import { providerColumns, toProviderRow } from '../provider-rows';
import { findProfile, providersByIds } from '../providers.repository';
import { searchProviderIds, searchProviderPage, type SearchFilters, type SearchSort } from '../provider-search.repository';

/** The hot reads' hand-written provider rows (decision 0627) read exactly what Drizzle reads, and the one-statement page finds what the two statements found. */

const none: SearchFilters = { companies: [], services: [], servicesMatch: 'any', types: [], technologies: [], scales: [], phases: [], accreditations: [], near: null };

describe.each(databaseKinds)('provider rows read without Drizzle on %s', (kind) => {
  let t: TestApp;
  let statements: string[] = [];
  beforeAll(async () => {
    t = await createTestApp({ kind, logQuery: (sqlText) => statements.push(sqlText) });
    const values = [
      { businessName: 'Bristol Solar Installers', location: 'Bristol', latitude: 51.4545, longitude: -2.5879, serviceRadius: 50, services: ['Solar PV installation', 'Maintenance'], claimed: true, claimApproved: true, reviewCount: 3, reviewAverage: 4.37, website: 'https://bristol.example' },
      { businessName: 'Bath O&M', location: 'Bath', latitude: 51.3811, longitude: -2.359, serviceRadius: 30, services: ['Maintenance'], technologies: ['Solar PV'], reviewCount: 1, reviewAverage: 5 },
      { businessName: 'Countrywide Surveys', location: 'United Kingdom', serviceRadius: -1, services: ['Drone Surveys'], verifiedAccreditations: ['mcs'] },
      { businessName: 'Leeds Planning Consultants', location: 'Leeds', latitude: 53.8008, longitude: -1.5491, serviceRadius: 0, type: 'Planning Consultant', services: ['Planning'] },
      { businessName: 'Empty Arrays Ltd', location: '' },
    ];
    for (const v of values) await insertProvider(t, v);
    // Timestamps with microseconds, as now() writes them: read to the millisecond as Drizzle reads them.
    await t.ctx.database.query(`UPDATE providers SET updated_at = '2026-11-24 09:00:00.123987+00' WHERE business_name = 'Bath O&M'`);
    for (let i = 0; i < 14; i++) await insertProvider(t, { businessName: `Somerset Maintenance ${String(i).padStart(2, '0')}`, location: 'Somerset', latitude: 51.1 + i / 100, longitude: -2.9, serviceRadius: 80, services: ['Maintenance'] });
  });
  afterAll(() => t?.close());

  it('every provider column reads the value Drizzle reads', async () => {
    const drizzle = await t.ctx.database.db.select().from(providers).orderBy(asc(providers.id));
    const raw = await t.ctx.database.query<Record<string, unknown>>(`SELECT ${providerColumns('p')} FROM providers p ORDER BY p.id`);
    expect(raw.map(toProviderRow)).toEqual(drizzle);
    expect(drizzle.find((r) => r.businessName === 'Bath O&M')!.updatedAt.toISOString()).toBe('2026-11-24T09:00:00.123Z');
    expect(drizzle.find((r) => r.businessName === 'Bristol Solar Installers')!.reviewAverage).toBe(4.37);
  });

  it('a profile is found by id, by slug in any case, and not otherwise, with its owner name and media flag', async () => {
    const [row] = await t.ctx.database.db.select().from(providers).orderBy(asc(providers.businessName)).limit(1);
    for (const key of [row!.id, row!.slug, row!.slug.toUpperCase()]) {
      expect(await findProfile(t.ctx.database, key)).toEqual({ row, ownerName: null, hasMedia: false });
    }
    expect(await findProfile(t.ctx.database, 'no-such-provider')).toBeUndefined();
    expect(await findProfile(t.ctx.database, '00000000-0000-4000-8000-000000000000')).toBeUndefined();
  });

  const near = { lat: 51.4545, lng: -2.5879, radiusKm: 60 };
  const cases: Array<[string, SearchFilters, SearchSort, number, number]> = [
    ['everyone, default order', none, 'default', 1, 9],
    ['everyone, by name, page 2', none, 'name', 2, 9],
    ['a service near Bristol, nearest first', { ...none, services: ['Maintenance'], near }, 'distance', 1, 9],
    ['a service near Bristol, nearest first, page 2', { ...none, services: ['Maintenance'], near }, 'distance', 2, 9],
    ['near Bristol, default order', { ...none, near }, 'default', 1, 5],
    ['a technology', { ...none, technologies: ['solar pv'] }, 'default', 1, 9],
    ['an accreditation', { ...none, accreditations: ['mcs'] }, 'default', 1, 9],
    ['no match', { ...none, services: ['Nothing Like It'] }, 'default', 1, 9],
    ['a page past the end', { ...none, services: ['Maintenance'] }, 'default', 9, 9],
  ];

  it.each(cases)('a list page in one statement finds what the ids and rows found: %s', async (_name, filters, sort, page, pageSize) => {
    const before = await searchProviderIds(t.ctx.database, filters, sort, page, pageSize);
    const rows = await providersByIds(t.ctx.database.db, before.hits.map((h) => h.id));
    statements = [];
    const after = await searchProviderPage(t.ctx.database, filters, sort, page, pageSize);
    expect(after.total).toBe(before.total);
    expect(after.rows).toEqual(rows.map((row, i) => ({ row, distanceKm: before.hits[i]!.distanceKm })));
    // PostgreSQL: one statement, past the end too (the total is counted in it). PGlite: the ids with
    // the total, then the rows when there are some (decision 0627), as before.
    const expected = kind === 'postgres' ? 1 : before.hits.length > 0 ? 2 : page === 1 ? 1 : 2;
    expect(statements).toHaveLength(expected);
  });

  it('the one-statement page still applies the filters and the radius', async () => {
    const { rows, total } = await searchProviderPage(t.ctx.database, { ...none, services: ['Maintenance'], near }, 'distance', 1, 50);
    expect(total).toBe(rows.length);
    expect(rows.length).toBeGreaterThan(3);
    for (const { row, distanceKm } of rows) {
      expect(row.services).toContain('Maintenance');
      expect(distanceKm).not.toBeNull();
      expect(distanceKm!).toBeLessThanOrEqual(near.radiusKm);
    }
    expect(rows.map((r) => r.distanceKm)).toEqual([...rows.map((r) => r.distanceKm)].sort((a, b) => a! - b!));
    expect(rows.some((r) => r.row.businessName === 'Leeds Planning Consultants')).toBe(false);
  });
});
