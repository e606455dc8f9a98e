import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TENDER_FEED_LIMITS, type TenderFeedId } from '@solar/shared/constants/data-sources';
import { createTestApp, signedInUser, type TestApp } from '../../../../test/harness';
import { fixedClock } from '../../../platform/clock';
import { findDataSource, requestRun } from '../../../platform/data-sources.repository';
import { startFeedFixture, type FeedFixture } from '../feeds/fixture-server';
import { runTenderFeed } from '../feeds/tender-feeds.job';
import { readOcdsSource } from '../ocds/ocds-import';
import type { OcdsRelease } from '../ocds/ocds-mapper';
import { OCDS_SAMPLE } from '../tenders.seed';

const LABELS = path.resolve(import.meta.dirname, '../../../../test/fixtures/ocds-relevance-labels.json');
const relevantOcids = new Set(
  (JSON.parse(readFileSync(LABELS, 'utf8')) as { labels: Array<{ ocid: string; relevant: boolean }> }).labels.filter((l) => l.relevant).map((l) => l.ocid),
);
const MINUTE = 60_000;

describe('tender feeds against the local fixture server (decision 0390)', () => {
  let releases: OcdsRelease[];
  let fixture: FeedFixture;
  let t: TestApp;
  let clock: ReturnType<typeof fixedClock>;
  const waits: number[] = [];
  const sleep = async (ms: number) => void waits.push(ms);

  const open = async (now: string, since: string) => {
    // The rate limit runs on simulated time in tender-feeds-documented.test.ts; here the clock stands still.
    fixture = await startFeedFixture({ releases, rateLimit: false });
    clock = fixedClock(new Date(now));
    waits.length = 0;
    const { urls } = fixture;
    t = await createTestApp({
      clock,
      env: {
        TENDER_FEEDS: 'all',
        TENDER_FEEDS_SINCE: since,
        FIND_A_TENDER_URL: urls['find-a-tender'],
        CONTRACTS_FINDER_URL: urls['contracts-finder'],
        PUBLIC_CONTRACTS_SCOTLAND_URL: urls['public-contracts-scotland'],
        SELL2WALES_URL: urls.sell2wales,
      },
    });
  };
  const board = async () =>
    (await t.ctx.database.query<{ external_id: string }>(`SELECT external_id FROM tenders WHERE source = 'External' ORDER BY external_id`)).map((r) => r.external_id);
  const expected = (feed: TenderFeedId) =>
    [...new Set((fixture.served[feed] as OcdsRelease[]).map((r) => r.ocid).filter((o): o is string => !!o && relevantOcids.has(o)))].sort();
  const run = (feed: TenderFeedId) => runTenderFeed(t.ctx, feed, { sleep });
  const status = async (feed: TenderFeedId) => (await findDataSource(t.ctx.database.db, feed))!;

  beforeAll(async () => {
    releases = await readOcdsSource(OCDS_SAMPLE);
  });
  afterEach(async () => {
    await t?.close();
    await fixture?.close();
  });

  it('Find a Tender: reads 6-hour windows, paced, counts a malformed release, applies a later release', async () => {
    await open('2025-04-15T08:00:00Z', '2025-01-01');
    const result = await run('find-a-tender');
    expect(result).toMatchObject({ ran: true, caughtUp: true, error: null, paused: null });
    // Paced: every wait is the source's interval (the clock stands still in this test).
    expect(new Set(waits)).toEqual(new Set([10_000]));
    const pages = fixture.requests.filter((r) => r.startsWith('/api/1.0/ocdsReleasePackages'));
    expect(pages[0]).toBe('/api/1.0/ocdsReleasePackages?updatedFrom=2025-01-01T00:00:00&updatedTo=2025-01-01T06:00:00&limit=100');
    expect(pages[1]).toBe('/api/1.0/ocdsReleasePackages?updatedFrom=2025-01-01T06:00:01&updatedTo=2025-01-01T12:00:01&limit=100');
    expect(fixture.maxInFlight).toBe(1);

    const served = fixture.served['find-a-tender'];
    const row = await status('find-a-tender');
    expect(row).toMatchObject({ itemsRead: served.length, itemsInvalid: 1, errors: 0, lastError: null });
    expect(row.itemsKept + row.itemsDropped + row.itemsInvalid + row.itemsMerged).toBe(served.length);
    expect(row.lastSuccessAt?.toISOString()).toBe('2025-04-15T08:00:00.000Z');
    expect(row.nextRunAt!.getTime()).toBe(clock.now().getTime() + TENDER_FEED_LIMITS.periodMs);
    expect(row.lastRunReasons).toMatchObject({ 'missing ocid': 1, 'not relevant to this market': row.lastRunDropped });
    const notices = await board();
    expect(notices).toEqual(expected('find-a-tender'));
    expect(notices.length).toBeGreaterThan(0);

    // The later award release updated its notice, with the supplier's Companies House number.
    const [updated] = await t.ctx.database.query<{ stage: string; award_suppliers: unknown; notice_stage: string }>(
      `SELECT stage, award_suppliers, notice_stage FROM tenders WHERE external_release_id LIKE '%-fixture-award'`,
    );
    expect(updated).toMatchObject({ stage: 'awarded', notice_stage: 'awarded', award_suppliers: [{ name: 'Fixture Solar Ltd', id: 'GB-COH-01234567' }] });

    // Not due again until its period has passed; then a new pass from a little before the last one ended.
    expect(await run('find-a-tender')).toEqual({ ran: false, why: 'not due' });
    clock.advance(31 * MINUTE);
    const before = fixture.requests.length;
    expect(await run('find-a-tender')).toMatchObject({ ran: true, caughtUp: true, counts: { read: 0 } });
    expect(fixture.requests.slice(before)).toEqual(['/api/1.0/ocdsReleasePackages?updatedFrom=2025-04-15T07:55:00&updatedTo=2025-04-15T08:31:00&limit=100']);
    expect(await board()).toEqual(notices);
  });

  it('Contracts Finder: a 403 leaves the board as it was and waits five minutes; then 15-day windows catch up', async () => {
    await open('2025-04-15T08:00:00Z', '2025-01-01');
    const failed = await run('contracts-finder');
    expect(failed).toMatchObject({ ran: true, error: expect.stringContaining('HTTP 403') });
    expect(await board()).toEqual([]);
    const row = await status('contracts-finder');
    expect(row).toMatchObject({ errors: 1, itemsRead: 0, lastSuccessAt: null });
    expect(row.backoffUntil!.getTime()).toBe(clock.now().getTime() + 5 * MINUTE);
    // 'Run now' does not override the source's own request to wait.
    await requestRun(t.ctx.database.db, 'contracts-finder', clock.now());
    expect(await run('contracts-finder')).toEqual({ ran: false, why: 'not due' });

    clock.advance(5 * MINUTE);
    expect(await run('contracts-finder')).toMatchObject({ ran: true, caughtUp: true, error: null });
    expect(await board()).toEqual(expected('contracts-finder'));
    const windows = fixture.requests
      .filter((r) => r.startsWith('/Published/Notices/OCDS/Search') && !r.includes('cursor='))
      .map((r) => new URL(r, 'http://x').searchParams)
      .map((q) => [Date.parse(`${q.get('publishedFrom')}Z`), Date.parse(`${q.get('publishedTo')}Z`)] as const);
    expect(windows.length).toBeGreaterThanOrEqual(7);
    for (const [from, to] of windows) expect(to - from).toBeLessThanOrEqual(15 * 86_400_000);
    // Windows follow on from each other, without a gap.
    for (let i = 2; i < windows.length; i++) expect(windows[i]![0]).toBe(windows[i - 1]![1]);
    expect((await status('contracts-finder')).lastError).toBeNull();
  });

  it('Public Contracts Scotland: walks months and its own notice types, retries a 500, reads the current month again', async () => {
    await open('2019-05-20T08:00:00Z', '2019-03-01');
    expect(await run('public-contracts-scotland')).toMatchObject({ ran: true, caughtUp: true, error: null });
    expect(await board()).toEqual(expected('public-contracts-scotland'));
    const asked = fixture.requests.filter((r) => r.startsWith('/scotland/v1/Notices?'));
    // 13 types a month (F1–F6, F14, F15, F20, site notices 101–104), the 500 asked again once.
    expect(asked).toHaveLength(3 * 13 + 1);
    expect(asked.filter((r, i) => r === asked[i - 1])).toHaveLength(1);
    expect((await status('public-contracts-scotland')).cursor).toEqual({ month: '2019-05', type: 0 });
  });

  it('Sell2Wales: months with nothing are bare packages, not errors', async () => {
    await open('2025-03-10T08:00:00Z', '2025-01-01');
    expect(await run('sell2wales')).toMatchObject({ ran: true, caughtUp: true, error: null });
    expect(fixture.requests.filter((r) => r.startsWith('/sell2wales/v1/Notices?dateFrom=01-2025&outputType=0&noticeType='))).toHaveLength(15);
    expect(await board()).toEqual(expected('sell2wales'));
    expect((await status('sell2wales')).itemsRead).toBe(fixture.served.sell2wales.length);
  });

  it("an admin's Run now reads the source at once; the board says so, filters by CPV and shows the OCDS fields", async () => {
    await open('2025-04-15T08:00:00Z', '2025-01-01');
    const admin = await signedInUser(t, { admin: true });
    const before = await t.app.inject({ url: '/api/tenders/freshness' });
    expect(before.json().data.sources.map((s: { id: string; lastSuccessAt: string | null }) => [s.id, s.lastSuccessAt])).toEqual([
      ['find-a-tender', null],
      ['contracts-finder', null],
      ['public-contracts-scotland', null],
      ['sell2wales', null],
    ]);
    const queued = await t.app.inject({ method: 'POST', url: '/api/admin/data-sources/find-a-tender/run', headers: { cookie: admin.cookie } });
    expect(queued.statusCode, queued.body).toBe(200);
    expect(queued.json().data).toMatchObject({ id: 'find-a-tender', enabled: true, runRequestedAt: '2025-04-15T08:00:00.000Z' });
    for (let i = 0; i < 100 && !(await status('find-a-tender')).lastSuccessAt; i++) await new Promise((r) => setTimeout(r, 100));
    // The run it started read its first pages (paced on the clock); the next ticks carry on.
    expect((await status('find-a-tender')).itemsRead).toBeGreaterThan(0);
    clock.advance(MINUTE);
    expect(await run('find-a-tender')).toMatchObject({ ran: true, caughtUp: true });
    const listed = await t.app.inject({ url: '/api/admin/data-sources', headers: { cookie: admin.cookie } });
    const fts = listed.json().data.find((s: { id: string }) => s.id === 'find-a-tender');
    expect(fts).toMatchObject({ lastSuccessAt: expect.stringMatching(/^2025-04-15T/), runRequestedAt: null, lastError: null, totals: { read: fixture.served['find-a-tender'].length, invalid: 1 } });
    expect(fts.totals.kept).toBe(fixture.served['find-a-tender'].length - fts.totals.dropped - 1);

    const fresh = (await t.app.inject({ url: '/api/tenders/freshness' })).json().data;
    expect(fresh.sources[0]).toEqual({ id: 'find-a-tender', label: 'Find a Tender', lastSuccessAt: fts.lastSuccessAt });
    expect(fresh.latestPublishedAt).toMatch(/^2025-/);

    const all = (await t.app.inject({ url: '/api/tenders/public?status=all&limit=50' })).json().data as Array<{ id: string; cpvCodes: string[] }>;
    expect(all.length).toBe(expected('find-a-tender').length);
    const code = all.find((n) => n.cpvCodes.length > 0)!.cpvCodes[0]!;
    const filtered = (await t.app.inject({ url: `/api/tenders/public?status=all&limit=50&cpv=${code}` })).json().data as Array<{ cpvCodes: string[] }>;
    expect(filtered.length).toBeGreaterThan(0);
    expect(filtered.length).toBeLessThanOrEqual(all.length);
    for (const n of filtered) expect(n.cpvCodes).toContain(code);
    expect((await t.app.inject({ url: '/api/tenders/public?cpv=0933' })).statusCode).toBe(400);

    const [awarded] = await t.ctx.database.query<{ id: string }>(`SELECT id FROM tenders WHERE external_release_id LIKE '%-fixture-award'`);
    const detail = (await t.app.inject({ url: `/api/tenders/${awarded!.id}` })).json().data;
    expect(detail).toMatchObject({ awardSuppliers: [{ name: 'Fixture Solar Ltd', id: 'GB-COH-01234567' }], buyerId: expect.stringMatching(/^GB-/) });
    expect(detail.documents.length).toBeGreaterThan(0);
    for (const d of detail.documents) expect(d.url).toMatch(/^https?:\/\//);
  });

  it('refuses a next page on another host, and records it', async () => {
    await open('2025-04-15T08:00:00Z', '2025-01-01');
    const fetchStub: typeof fetch = async () =>
      new Response(JSON.stringify({ releases: [], links: { next: 'http://169.254.169.254/latest' } }), { headers: { 'content-type': 'application/json' } });
    expect(await runTenderFeed(t.ctx, 'find-a-tender', { fetch: fetchStub, sleep })).toMatchObject({ error: expect.stringContaining('another host') });
    expect((await status('find-a-tender')).lastError).toContain('another host');
  });
});

describe('tender feeds are off unless configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('registers no feed job and makes no request without TENDER_FEEDS', async () => {
    expect(t.ctx.jobs.names().filter((n) => n.startsWith('data-source:'))).toEqual([]);
    const fetchStub: typeof fetch = async () => {
      throw new Error('no request may be made');
    };
    expect(await runTenderFeed(t.ctx, 'find-a-tender', { fetch: fetchStub })).toEqual({ ran: false, why: 'off' });
  });
});
