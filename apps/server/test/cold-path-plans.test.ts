import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { providerMediaFiles } from '../src/db/schema/index';
import { createTestApp, databaseKinds, signedInUser, type TestApp } from './harness';
import { insertProvider } from './fixtures/providers';

/**
 * Issue 26, the cold path: a first-time answer of each long-tail kind finds its rows through an
 * index. Each request below is answered once while its statements are recorded; each statement is
 * then planned with sequential scans switched off (`enable_seqscan = off`), so the planner takes an
 * index wherever one serves the statement, whatever the table's size. A sequential scan left on a
 * large table means no index can serve that shape: a regression the bench would only show as a
 * share moving in the noise of a loaded machine (measured figures: docs/benchmarks/cold-path.md).
 */

/** Tables that grow with the marketplace (thousands to a million rows). */
const LARGE = /Seq Scan on (providers|assets|tenders|asset_changes)\b/;
const LEEDS = { lng: -1.5491, lat: 53.8008 };
/** The asset map's view around Leeds at `zoom`, as the web app asks for it (1280 px wide). */
const view = (zoom: number) => {
  const width = (360 * 5) / 2 ** zoom;
  const height = width * 0.62 * Math.cos((LEEDS.lat * Math.PI) / 180);
  return [LEEDS.lng - width / 2, LEEDS.lat - height / 2, LEEDS.lng + width / 2, LEEDS.lat + height / 2].map((v) => v.toFixed(4)).join(',');
};
const near = `location=Leeds&locationCenter=${LEEDS.lng},${LEEDS.lat}`;

describe.each(databaseKinds)('cold-path query plans on %s', (kind) => {
  let t: TestApp;
  let recording: Array<{ sql: string; params: unknown[] }> | null = null;
  let profileId = '';

  beforeAll(async () => {
    t = await createTestApp({ kind, logQuery: (sql, params) => recording?.push({ sql, params: [...params] }) });
    for (let i = 0; i < 5; i++) {
      const p = await insertProvider(t, {
        businessName: `Cold Path Solar ${i}`,
        services: ['Operations & Maintenance'],
        technologies: ['Solar PV'],
        latitude: LEEDS.lat + i * 0.05,
        longitude: LEEDS.lng,
        serviceRadius: 50,
      });
      profileId ||= p.id;
    }
    await t.ctx.database.query(
      `INSERT INTO assets (repd_ref_id, site_name, technology_type, installed_capacity, development_status, region, latitude, longitude, content_hash)
       SELECT 'cold-' || g, 'Cold Site ' || g, 'Solar Photovoltaics', g, 'Operational', 'Yorkshire and Humber', 53.5 + g * 0.01, -1.6, 'x'
       FROM generate_series(1, 40) g`,
    );
  });
  afterAll(() => t?.close());

  /** The statements the first answer to `url` runs (reads only). */
  async function statementsOf(url: string) {
    recording = [];
    const res = await t.app.inject({ url });
    const ran = recording;
    recording = null;
    expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(200);
    return ran.filter((s) => /^\s*(select|with)\b/i.test(s.sql));
  }

  /** Plans of `statements` with sequential scans (and `also`, e.g. sorts) off: each plan's text. */
  async function plansWithoutSeqScans(statements: Array<{ sql: string; params: unknown[] }>, also: string[] = []) {
    const plans: string[] = [];
    const off = ['enable_seqscan', ...also];
    if (kind === 'postgres') {
      const client = new pg.Client({ connectionString: t.ctx.env.DATABASE_URL });
      await client.connect();
      try {
        for (const setting of off) await client.query(`SET ${setting} = off`);
        for (const s of statements) plans.push((await client.query(`EXPLAIN ${s.sql}`, s.params)).rows.map((r) => Object.values(r)[0]).join('\n'));
      } finally {
        await client.end();
      }
    } else {
      // PGlite is one connection: the settings hold for the statements below and are reset after.
      for (const setting of off) await t.ctx.database.exec(`SET ${setting} = off`);
      try {
        for (const s of statements) {
          const rows = await t.ctx.database.query<Record<string, string>>(`EXPLAIN ${s.sql}`, s.params);
          plans.push(rows.map((r) => Object.values(r)[0]).join('\n'));
        }
      } finally {
        for (const setting of off) await t.ctx.database.exec(`RESET ${setting}`);
      }
    }
    return plans;
  }

  const kinds: Array<[string, () => string]> = [
    ['directory search filtered by service, near a place, by distance, page 2', () => `/api/providers/search?services=Operations%20%26%20Maintenance&${near}&radius=50&sort=distance&page=2`],
    ['directory search by technology and type, by name', () => `/api/providers/search?technologies=Solar%20PV&types=Installer&sort=name`],
    ['directory search near a place at the widest radius', () => `/api/providers/search?${near}&radius=200`],
    ['directory map view near a place, filtered', () => `/api/providers/search?mode=map&services=Operations%20%26%20Maintenance&${near}&radius=100`],
    ['profile', () => `/api/providers/${profileId}`],
    ['asset map at zoom 7', () => `/api/assets/coordinates?bounds=${view(7)}&zoom=7`],
    ['asset map at zoom 10, one technology', () => `/api/assets/coordinates?bounds=${view(10)}&zoom=10&technologyTypes=Solar%20Photovoltaics`],
    ['asset map at zoom 12, a minimum capacity', () => `/api/assets/coordinates?bounds=${view(12)}&zoom=12&minCapacity=5`],
    ['tender board by service, closing soonest', () => `/api/tenders/public?service=Operations%20%26%20Maintenance&status=open&sortBy=closingDate&sortOrder=asc&limit=10`],
    ['tender board near a place, all, newest', () => `/api/tenders/public?location=Leeds&lat=${LEEDS.lat}&lng=${LEEDS.lng}&radius=50&status=all&sortBy=publishedDate&sortOrder=desc&limit=20&page=2`],
  ];

  it.each(kinds)('%s: every statement on a large table can use an index', async (_name, url) => {
    const statements = await statementsOf(url());
    expect(statements.length).toBeGreaterThan(0);
    const plans = await plansWithoutSeqScans(statements);
    const scanned = plans.map((plan, i) => ({ plan, sql: statements[i]!.sql })).filter(({ plan }) => LARGE.test(plan));
    expect(scanned, scanned.map(({ sql, plan }) => `${sql}\n${plan}`).join('\n\n')).toEqual([]);
  });

  it('a profile answers in two statements, and reads its media only when it has some (decision 0618)', async () => {
    // Unclaimed, no media, reviews, accreditations or identifiers: the provider (with its owner's
    // name and whether it has media) and the trust facts.
    const plain = await insertProvider(t, { businessName: 'Cold Path Plain', location: 'Leeds' });
    expect((await statementsOf(`/api/providers/${plain.id}`)).length).toBe(2);
    const owner = await signedInUser(t, { name: 'Cold Path Owner' });
    const owned = await insertProvider(t, { businessName: 'Cold Path Owned', userId: owner.user.id, claimed: true, claimApproved: true });
    await t.ctx.database.db.insert(providerMediaFiles).values({ providerId: owned.id, title: 'Site photo', type: 'image', mimeType: 'image/png', storageKey: 'cold-path.png', sizeBytes: 10 });
    const statements = await statementsOf(`/api/providers/${owned.id}`);
    expect(statements.length).toBe(3);
    const profile = (await t.app.inject({ url: `/api/providers/${owned.slug}` })).json();
    expect(profile).toMatchObject({ user: { name: 'Cold Path Owner' }, mediaFiles: [{ title: 'Site photo', type: 'image' }] });
  });

  it('the map view reads positioned providers in the default order from the covering index alone (migration 0040)', async () => {
    const statements = await statementsOf('/api/providers/search?mode=map');
    // Sorts off too: with a handful of rows any index on positioned providers would do, then a sort.
    const plans = await plansWithoutSeqScans(statements, ['enable_sort']);
    expect(plans.filter((p) => LARGE.test(p))).toEqual([]);
    const plan = plans.find((_p, i) => /json_agg/.test(statements[i]!.sql));
    expect(plan).toMatch(/Index Only Scan using providers_map_order_idx on providers/);
    // The only sort left, if any, is of the row numbers (an integer), not of the providers' order.
    expect(plan).not.toMatch(/Sort Key: [^\n]*claim_approved/);
  });
});
