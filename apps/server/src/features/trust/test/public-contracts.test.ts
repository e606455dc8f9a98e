import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKinds, type TestApp } from '../../../../test/harness';
import { fixedClock } from '../../../platform/clock';
import { startFeedFixture, type FeedFixture } from '../../tenders/feeds/fixture-server';
import { runTenderFeed } from '../../tenders/feeds/tender-feeds.job';
import { importOcdsReleases, readOcdsSource } from '../../tenders/ocds/ocds-import';
import { OCDS_SAMPLE } from '../../tenders/tenders.seed';
import { addProvider, signIn } from './helpers';

/**
 * Public track record (decision 0483): awards from the bundled sample and the feed fixture, matched
 * by identifier or by an admin's confirmation, never by a name alone; buyer pages.
 */
describe.each(databaseKinds)('public contracts and buyers on %s', (kind) => {
  let t: TestApp;
  let feeds: FeedFixture;
  beforeAll(async () => {
    const releases = await readOcdsSource(OCDS_SAMPLE);
    // Find a Tender's rate limit runs on the real clock, the feed job's sleeps on none here: off.
    feeds = await startFeedFixture({ releases, rateLimit: false });
    t = await createTestApp({
      kind,
      clock: fixedClock(new Date('2025-04-15T08:00:00Z')),
      env: { TENDER_FEEDS: 'find-a-tender', TENDER_FEEDS_SINCE: '2025-03-25', FIND_A_TENDER_URL: feeds.urls['find-a-tender'] },
    });
    // The bundled sample, as the seed imports it, then the feed fixture (with its award naming a Companies House number).
    await importOcdsReleases(t.ctx.database, releases, { now: t.ctx.clock.now() });
    await runTenderFeed(t.ctx, 'find-a-tender', { sleep: async () => undefined });
  });
  afterAll(async () => {
    await t.close();
    await feeds.close();
  });
  /** The n-th award supplier of the stored notices without an identifier match (by name order). */
  const suppliers = (n: number) =>
    t.ctx.database.query<{ id: string; name: string }>(
      `SELECT DISTINCT ON (s ->> 'name') t.id::text, s ->> 'name' AS name FROM tenders t, jsonb_array_elements(t.award_suppliers) s
        WHERE t.stage = 'awarded' AND s ->> 'name' <> 'Fixture Solar Ltd' AND coalesce(s ->> 'id', '') NOT LIKE 'GB-COH-%'
        ORDER BY s ->> 'name', t.id OFFSET $1 LIMIT 1`,
      [n],
    );
  const call = (method: 'GET' | 'POST', url: string, cookie?: string, payload?: object) =>
    t.app.inject({ method, url, ...(payload && { payload }), headers: cookie ? { cookie } : {} });

  it('an award naming a Companies House number is listed on the profile holding that number; a profile with only the same name gets nothing', async () => {
    const [award] = await t.ctx.database.query<{ id: string; title: string; organisation_name: string }>(
      `SELECT id::text, title, organisation_name FROM tenders WHERE external_release_id LIKE '%-fixture-award'`,
    );
    expect(award).toBeDefined();
    const owner = await signIn(t);
    const holder = await addProvider(t, 'Fixture Solar Holdings', owner.user.id);
    const sameName = await addProvider(t, 'Fixture Solar Ltd', null);
    await t.ctx.database.query(`UPDATE providers SET company_number = '01234567' WHERE id = $1`, [holder.id]);
    const contracts = (await call('GET', `/api/providers/${holder.id}`)).json().trust;
    expect(contracts.publicContracts).toEqual([expect.objectContaining({ tenderId: award!.id, title: award!.title, matchedBy: 'identifier', buyer: expect.objectContaining({ name: award!.organisation_name }) })]);
    expect(contracts.publicContractCount).toBe(1);
    expect((await call('GET', `/api/providers/${sameName.id}`)).json().trust.publicContracts).toEqual([]);
  });

  it('a name suggestion ties an award to a profile only once an admin confirms it; a rejected one does not come back', async () => {
    const admin = await signIn(t, { admin: true });
    const [row] = await suppliers(0);
    expect(row).toBeDefined();
    // Even the very same name is only a suggestion.
    const p = await addProvider(t, row!.name, null);
    const other = await addProvider(t, `${row!.name} Group`, null);
    // Suggested, not listed.
    const suggestions = (await call('GET', '/api/admin/supplier-matches', admin.cookie)).json().data as Array<{ tenderId: string; supplierName: string; candidates: Array<{ id: string }> }>;
    const mine = suggestions.find((s) => s.tenderId === row!.id && s.supplierName === row!.name);
    expect(mine?.candidates.map((c) => c.id)).toContain(p.id);
    expect((await call('GET', `/api/providers/${p.id}`)).json().trust.publicContracts).toEqual([]);

    const decide = (providerId: string, decision: 'confirm' | 'reject') =>
      call('POST', '/api/admin/supplier-matches', admin.cookie, { tenderId: row!.id, supplierName: row!.name, providerId, decision });
    expect((await decide(other.id, 'reject')).statusCode).toBe(200);
    expect((await decide(p.id, 'confirm')).statusCode).toBe(200);
    const listed = (await call('GET', `/api/providers/${p.id}`)).json().trust.publicContracts;
    expect(listed).toEqual([expect.objectContaining({ tenderId: row!.id, matchedBy: 'confirmed-name' })]);
    expect((await call('GET', `/api/providers/${other.id}`)).json().trust.publicContracts).toEqual([]);
    const after = (await call('GET', '/api/admin/supplier-matches', admin.cookie)).json().data as Array<{ tenderId: string; supplierName: string }>;
    expect(after.find((s) => s.tenderId === row!.id && s.supplierName === row!.name)).toBeUndefined();
  });

  it('an unmatched supplier becomes an unclaimed profile labelled as made from the award, with that record', async () => {
    const admin = await signIn(t, { admin: true });
    const [row] = await suppliers(1);
    const res = await call('POST', '/api/admin/supplier-profiles', admin.cookie, { tenderId: row!.id, supplierName: row!.name });
    expect(res.statusCode, res.body).toBe(201);
    const made = (await call('GET', `/api/providers/${res.json().data.slug}`)).json();
    expect(made).toMatchObject({ businessName: row!.name, claimed: false, trust: { madeFromAward: true } });
    expect(made.trust.publicContracts.map((c: { tenderId: string }) => c.tenderId)).toEqual([row!.id]);
    expect((await call('POST', '/api/admin/supplier-profiles', admin.cookie, { tenderId: row!.id, supplierName: 'Someone not on it' })).statusCode).toBe(404);
  });

  it('a buyer page shows its notices, awards, suppliers, totals by year and contracts ending in the next 12 months', async () => {
    const list = (await call('GET', '/api/buyers')).json();
    expect(list.data.length).toBeGreaterThan(3);
    const [award] = await t.ctx.database.query<{ organisation_name: string }>(`SELECT organisation_name FROM tenders WHERE external_release_id LIKE '%-fixture-award'`);
    const slug = award!.organisation_name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
    const res = await call('GET', `/api/buyers/${slug}`);
    expect(res.statusCode, res.body).toBe(200);
    const buyer = res.json().data;
    expect(buyer.name).toBe(award!.organisation_name);
    expect(buyer.awardList.flatMap((a: { suppliers: Array<{ name: string }> }) => a.suppliers.map((s) => s.name))).toContain('Fixture Solar Ltd');
    expect(buyer.totalsByYear.length).toBeGreaterThan(0);
    expect((await call('GET', '/api/buyers/no-such-buyer')).statusCode).toBe(404);

    // The expiry radar: awards ending within 12 months of today, soonest first, with extension options where given.
    const anyBuyer = await t.ctx.database.query<{ slug: string }>(
      `SELECT buyer_slug(organisation_name) AS slug FROM tenders WHERE stage = 'awarded' AND end_date BETWEEN $1 AND $2 LIMIT 1`,
      ['2025-04-15T08:00:00Z', '2026-04-15T08:00:00Z'],
    );
    expect(anyBuyer.length).toBe(1);
    const radar = (await call('GET', `/api/buyers/${anyBuyer[0]!.slug}`)).json().data.endingSoon as Array<{ endsOn: string }>;
    expect(radar.length).toBeGreaterThan(0);
    expect(radar.map((a) => a.endsOn)).toEqual([...radar.map((a) => a.endsOn)].sort());
    const withOptions = await t.ctx.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM tenders WHERE lots::text LIKE '%"renewal"%'`);
    expect(withOptions[0]!.n).toBeGreaterThan(0);
  });
});
