import { afterEach, describe, expect, it } from 'vitest';
import { TENDER_FEED_LIMITS, type TenderFeedId } from '@solar/shared/constants/data-sources';
import { createTestApp, type TestApp } from '../../../../test/harness';
import { fixedClock, systemClock } from '../../../platform/clock';
import { findDataSource } from '../../../platform/data-sources.repository';
import { startFeedFixture, type FeedFixture } from '../feeds/fixture-server';
import { runTenderFeed, type FeedRunResult } from '../feeds/tender-feeds.job';

const MINUTE = 60_000;
/** The scenario's last release is just before this; the clock starts an hour later. */
const END = new Date('2026-06-12T00:00:00Z');

/**
 * Issue 29's 'Done when' against the fixture that behaves as the services are documented and
 * observed to behave (decision 0460): in simulated time (each wait advances the clock the fixture's
 * rate limit reads), so a first run from 30 days back, paced at 10 s a request, takes seconds.
 */
describe('tender feeds against the documented behaviour of the services (issue 29)', () => {
  let fixture: FeedFixture;
  let t: TestApp;
  let clock: ReturnType<typeof fixedClock>;
  const sleep = async (ms: number) => clock.advance(ms);

  const open = async (feeds: string, extra: { rateLimit?: boolean } = {}) => {
    clock = fixedClock(new Date(END.getTime() + 60 * MINUTE));
    fixture = await startFeedFixture({ releases: [], scenarioEnd: END, now: () => clock.now(), ...extra });
    const { urls } = fixture;
    t = await createTestApp({
      clock,
      env: {
        TENDER_FEEDS: feeds,
        FIND_A_TENDER_URL: urls['find-a-tender'],
        CONTRACTS_FINDER_URL: urls['contracts-finder'],
        PUBLIC_CONTRACTS_SCOTLAND_URL: urls['public-contracts-scotland'],
        SELL2WALES_URL: urls.sell2wales,
      },
    });
  };
  /** The job runner's ticks: a run a minute until the feed has caught up. */
  const catchUp = async (feed: TenderFeedId, maxTicks = 200) => {
    const runs: FeedRunResult[] = [];
    for (let i = 0; i < maxTicks; i++) {
      const result = await runTenderFeed(t.ctx, feed, { sleep });
      runs.push(result);
      const row = (await findDataSource(t.ctx.database.db, feed))!;
      // Never the 10-minute back-off of a failure; Contracts Finder's documented 403 asks for 5 minutes.
      if (feed === 'contracts-finder' && result.ran && result.error?.includes('HTTP 403')) {
        expect(row.backoffUntil!.getTime() - clock.now().getTime()).toBe(5 * MINUTE);
        clock.advance(5 * MINUTE);
        continue;
      }
      expect(row.backoffUntil, JSON.stringify(result)).toBeNull();
      if (result.ran && result.caughtUp) return runs;
      clock.advance(MINUTE);
    }
    throw new Error(`${feed} did not catch up in ${maxTicks} ticks`);
  };
  const boardOcids = async () =>
    new Set((await t.ctx.database.query<{ external_id: string }>(`SELECT external_id FROM tenders WHERE source = 'External'`)).map((r) => r.external_id));
  const notice = async (ocid: string) =>
    (
      await t.ctx.database.query<Record<string, unknown>>(
        `SELECT id, stage, notice_stage, notice_type, deadline_kind, above_threshold, closing_date, notice_sources, notice_awards, buyer_ids, award_suppliers, match_reason, title, value_maximum::float8 AS value_maximum
           FROM tenders WHERE external_id = $1`,
        [ocid],
      )
    )[0];

  afterEach(async () => {
    await t?.close();
    await fixture?.close();
  });

  it('Find a Tender: a first run from 30 days back reads every release in ≤ 6-hour windows, paced, through a 503, a missing next link and invalid numbers', async () => {
    await open('find-a-tender');
    const runs = await catchUp('find-a-tender');
    const scenario = fixture.scenario!;

    // All 60 solar notices on the board (the stand-in of the issue put 21 there before).
    const board = await boardOcids();
    expect(scenario.solarOcids.filter((o) => !board.has(o))).toEqual([]);
    for (const ocid of Object.values(scenario.pa23)) expect(board.has(ocid), ocid).toBe(true);

    // Every request a bounded window (or its next page), ≥ 10 s apart on the fixture's clock, and none refused.
    const asked = fixture.requests.filter((r) => r.startsWith('/api/1.0/ocdsReleasePackages')).map((r) => new URL(r, 'http://x').searchParams);
    for (const q of asked) {
      const from = Date.parse(`${q.get('updatedFrom')}Z`);
      const to = Date.parse(`${q.get('updatedTo')}Z`);
      expect(to - from).toBeLessThanOrEqual(TENDER_FEED_LIMITS.findATenderWindowMs);
      expect(to - from).toBeGreaterThan(0);
    }
    const times = fixture.findATender.times;
    for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!, `${i} ${JSON.stringify(times.slice(Math.max(0, i - 3), i + 2).map((x) => new Date(x).toISOString()))} ${JSON.stringify(asked.slice(Math.max(0, i - 3), i + 2).map(String))}`).toBeGreaterThanOrEqual(10_000);
    expect(fixture.findATender.limited).toBe(0);
    expect(fixture.maxInFlight).toBe(1);

    // The 503 without Retry-After paused one run for ≥ 30 s without a failure.
    const paused = runs.filter((r) => r.ran && r.paused);
    expect(paused).toHaveLength(1);
    expect(paused[0]).toMatchObject({ error: null, paused: expect.stringContaining('HTTP 503 without Retry-After') });
    const row = (await findDataSource(t.ctx.database.db, 'find-a-tender'))!;
    expect(row).toMatchObject({ errors: 0, lastError: null, lastPause: null });

    // The full cursor page without a next link was read again over a narrower window.
    const suspects = runs.flatMap((r) => (r.ran ? Object.entries(r.reasons) : [])).filter(([k]) => k.startsWith('full page without a next link'));
    expect(suspects.length).toBeGreaterThan(0);
    // ' 000' was repaired and '1e9999' read: both solar notices are on the board, the whole page kept.
    const reasons = Object.assign({}, ...runs.map((r) => (r.ran ? r.reasons : {})));
    expect(reasons).toHaveProperty(['page repaired: numbers with leading zeros']);
    const served = fixture.served['find-a-tender'] as Array<{ id: string; ocid: string }>;
    for (const id of Object.values(scenario.badNumberReleaseIds)) expect(board.has(served.find((r) => r.id === id)!.ocid), id).toBe(true);

    // Counted: every release of the 30 days was read at least once, none unreadable.
    const inWindow = served.filter((r) => r.ocid?.startsWith('ocds-h6vhtk-')).length;
    expect(row.itemsRead).toBeGreaterThanOrEqual(inWindow);
    expect(row.itemsInvalid).toBe(0);
    expect(row.itemsKept + row.itemsDropped + row.itemsMerged + row.itemsInvalid).toBe(row.itemsRead);
    expect(row.lastSuccessAt).not.toBeNull();
  });

  it('a bare 429 (another client used the allowance) pauses ≥ 30 s and loses nothing', async () => {
    await open('find-a-tender');
    // Twelve requests from elsewhere in the last two minutes.
    for (let i = 0; i < 12; i++) await fetch(`${fixture.url}/api/1.0/ocdsReleasePackages?updatedFrom=2026-01-01T00:00:00&updatedTo=2026-01-01T01:00:00`);
    const first = await runTenderFeed(t.ctx, 'find-a-tender', { sleep });
    expect(first).toMatchObject({ ran: true, error: null, paused: expect.stringContaining('HTTP 429: too many requests without Retry-After') });
    const row = (await findDataSource(t.ctx.database.db, 'find-a-tender'))!;
    expect(row.nextRunAt!.getTime() - clock.now().getTime()).toBeGreaterThanOrEqual(30_000);
    // Nothing was read, so the cursor has not moved.
    expect(row).toMatchObject({ backoffUntil: null, errors: 0, cursor: {} });
    // Not due before the wait is over.
    clock.advance(10_000);
    expect(await runTenderFeed(t.ctx, 'find-a-tender', { sleep })).toEqual({ ran: false, why: 'not due' });
    clock.advance(2 * MINUTE);
    await catchUp('find-a-tender');
    const board = await boardOcids();
    expect(fixture.scenario!.solarOcids.filter((o) => !board.has(o))).toEqual([]);
  });

  it('Procurement Act notices: each shows its stage, deadline and threshold; lots, awards and GB-PPON identifiers are kept', async () => {
    await open('find-a-tender');
    await catchUp('find-a-tender');
    const { pa23 } = fixture.scenario!;
    const interest = await notice(pa23.pipelineToInterest);
    expect(interest).toMatchObject({ stage: 'active', notice_stage: 'interest', notice_type: 'UK4', deadline_kind: 'interest', above_threshold: true });
    expect(new Date(interest!.closing_date as string).toISOString()).toBe(new Date(END.getTime() + 10 * 86_400_000).toISOString());
    const changed = await notice(pa23.awardedAndChanged);
    expect(changed).toMatchObject({ stage: 'awarded', notice_stage: 'changed', notice_type: 'UK10', above_threshold: false });
    expect(changed!.notice_awards).toEqual([
      expect.objectContaining({ id: '1', lotIds: ['1'], value: 60000, suppliers: [{ name: 'Sunrise Solar Ltd', ids: ['GB-COH-07654321', 'GB-PPON-PSUN-1111-AAAA'] }] }),
      expect.objectContaining({ id: '2', lotIds: ['2'], value: 55000, suppliers: [{ name: 'Bright Roofs Ltd', ids: ['GB-COH-08765432', 'GB-PPON-PBRI-2222-BBBB'] }] }),
    ]);
    expect(changed!.buyer_ids).toEqual(['GB-COH-01234567', 'GB-PPON-PDEV-1234-COUN']);
    expect(await notice(pa23.cancelled)).toMatchObject({ stage: 'cancelled', notice_stage: 'cancelled', notice_type: 'UK12' });
    // A corrected notice (a later `tenderUpdate` release of the same ocid): the correction's value and
    // closing date, and the changes a watcher is told of (the deadline, then the corrected fields).
    const { correction } = fixture.scenario!;
    const corrected = await notice(correction.ocid);
    expect(corrected).toMatchObject({ title: correction.title, value_maximum: correction.value });
    expect(new Date(corrected!.closing_date as string).toISOString()).toBe(new Date(correction.closingDate).toISOString());
    const changes = await t.ctx.database.query<{ kind: string; detail: { fields?: string[] } | null }>('SELECT kind, detail FROM tender_changes WHERE tender_id = $1 ORDER BY seq', [corrected!.id]);
    expect(changes.map((c) => c.kind)).toEqual(['published', 'deadline', 'updated']);
    expect(changes[2]!.detail!.fields).toContain('value');

    // The API says so, for the board and the detail page.
    const detail = (await t.app.inject({ url: `/api/tenders/${interest!.id as string}` })).json().data;
    expect(detail.notice).toMatchObject({ stage: 'interest', deadlineKind: 'interest', aboveThreshold: true, noticeType: 'UK4' });
    expect(detail.status).toBe('open');
    const closed = (await t.app.inject({ url: `/api/tenders/${(await notice(pa23.cancelled))!.id as string}` })).json().data;
    expect(closed).toMatchObject({ status: 'closed', notice: { stage: 'cancelled' } });
  });

  it('the same notice from two sources shows once, with both sources; site notices and Contracts Finder awards are read', async () => {
    await open('all');
    for (const feed of ['find-a-tender', 'public-contracts-scotland', 'sell2wales', 'contracts-finder'] as const) await catchUp(feed);
    const { duplicates } = fixture.scenario!;
    const board = await boardOcids();
    // Whichever source was read first holds the notice; the other is merged into it.
    expect(board.has(duplicates.welsh.findATender)).toBe(true);
    expect(board.has(duplicates.welsh.sell2wales)).toBe(false);
    expect(board.has(duplicates.scottish.findATender)).toBe(true);
    expect(board.has(duplicates.scottish.scotland)).toBe(false);
    const welsh = await notice(duplicates.welsh.findATender);
    expect((welsh!.notice_sources as Array<{ source: string }>).map((s) => s.source).sort()).toEqual(['find-a-tender', 'sell2wales']);
    const scottish = await notice(duplicates.scottish.findATender);
    expect((scottish!.notice_sources as Array<{ source: string }>).map((s) => s.source).sort()).toEqual(['find-a-tender', 'public-contracts-scotland']);
    const detail = (await t.app.inject({ url: `/api/tenders/${welsh!.id as string}` })).json().data;
    expect(detail.notice.sources.map((s: { label: string }) => s.label)).toEqual(['Find a Tender', 'Sell2Wales']);
    const titles = await t.ctx.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM tenders WHERE tender_title_key(title) = tender_title_key($1)`, [
      'Ysgol Bro Dinefwr solar PV and battery installation',
    ]);
    expect(titles[0]!.n).toBe(1);
    // Counted as merged, not kept, in the Data sources tab's figures.
    expect((await findDataSource(t.ctx.database.db, 'sell2wales'))!.itemsMerged).toBe(1);
    expect((await findDataSource(t.ctx.database.db, 'public-contracts-scotland'))!.itemsMerged).toBe(1);

    // The site notices with a solar job: PCS 102 and Sell2Wales 51.
    expect(board.has('ocds-r6ebe6-0000900102')).toBe(true);
    expect(board.has('ocds-kuma6s-900051')).toBe(true);
    const asked = (site: string) => new Set(fixture.requests.filter((r) => r.startsWith(`/${site}/v1/Notices`)).map((r) => Number(new URL(r, 'http://x').searchParams.get('noticeType'))));
    expect([...asked('scotland')].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 14, 15, 20, 101, 102, 103, 104]);
    expect([...asked('sell2wales')].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 14, 15, 20, 51, 52, 53, 54, 55, 56]);
    // Contracts Finder is asked for every stage it serves, awards included.
    expect(fixture.requests.find((r) => r.startsWith('/Published/Notices/OCDS/Search'))).toContain('stages=planning,tender,award,implementation');
  });

  it('paces requests in real time too (a short interval, real timers)', async () => {
    clock = fixedClock(new Date());
    fixture = await startFeedFixture({ releases: [], rateLimit: false, faults: false });
    t = await createTestApp({ clock: systemClock, env: { TENDER_FEEDS: 'find-a-tender', FIND_A_TENDER_URL: fixture.url, TENDER_FEEDS_SINCE: new Date(Date.now() - 48 * 3_600_000).toISOString().slice(0, 10) } });
    const started = Date.now();
    const stamps: number[] = [];
    const timed: typeof fetch = async (input, init) => {
      stamps.push(Date.now());
      return fetch(input, init);
    };
    const result = await runTenderFeed(t.ctx, 'find-a-tender', { fetch: timed, minIntervalMs: 250 });
    expect(result).toMatchObject({ ran: true, error: null, paused: null });
    expect(stamps.length, JSON.stringify(result)).toBeGreaterThanOrEqual(4);
    for (let i = 1; i < stamps.length; i++) expect(stamps[i]! - stamps[i - 1]!).toBeGreaterThanOrEqual(245);
    expect(Date.now() - started).toBeLessThan(15_000);
  });
});
