import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPD_FEED } from '@solar/shared/constants/data-sources';
import { createTestApp, type TestApp } from '../../../../test/harness';
import { fixedClock } from '../../../platform/clock';
import { findDataSource } from '../../../platform/data-sources.repository';
import { startFeedFixture, type FeedFixture } from '../../tenders/feeds/fixture-server';
import { buildRepdFixtureReleases, type RepdFixtureReleases } from '../repd-fixture-releases';
import { runRepdFeed } from '../repd-feed.job';

/**
 * Issue 29's REPD 'Done when' against the fixture publication (decision 0464): attachments named
 * both ways, Q4_2025 uploaded in February 2026; and issue 25 finding 12, a malformed address.
 */
describe('REPD releases named by calendar quarter', () => {
  let releases: RepdFixtureReleases;
  let fixture: FeedFixture;
  let t: TestApp;
  const clock = fixedClock(new Date('2026-03-01T09:00:00Z'));
  const run = () => runRepdFeed(t.ctx, { sleep: async () => {} });
  const later = (ms = REPD_FEED.periodMs) => clock.advance(ms + 1);
  const q3 = 'REPD_Publication_Q3_2025.csv';
  const q4 = 'REPD_Publication_Q4_2025.csv';

  beforeAll(async () => {
    releases = buildRepdFixtureReleases(300);
    fixture = await startFeedFixture({
      releases: [],
      now: () => clock.now(),
      repdReleases: [
        // The bundled file is Windows-1252; the next one UTF-8 with a BOM: both encodings.
        { fileName: q3, title: 'REPD Q3 2025', body: releases.first.body, publicUpdatedAt: '2025-11-03T09:30:00Z' },
        { fileName: q4, title: 'REPD Q4 2025', body: releases.second.body, publicUpdatedAt: '2026-02-06T09:30:00Z' },
      ],
    });
    t = await createTestApp({ clock, env: { REPD_FEED_URL: fixture.repd.url } });
  });
  afterAll(async () => {
    await t?.close();
    await fixture?.close();
  });

  it('imports Q3_2025 as October 2025, then Q4_2025 as January 2026 after it; a re-run downloads nothing', async () => {
    expect(await run()).toMatchObject({ ran: true, error: null, release: 'repd-q3-oct-2025', imported: true });
    fixture.repd.listed = [q3, q4];
    later();
    expect(await run()).toMatchObject({ ran: true, error: null, release: 'repd-q4-jan-2026', imported: true });
    expect((await findDataSource(t.ctx.database.db, 'repd'))!.cursor).toMatchObject({ release: 'repd-q4-jan-2026' });
    const history = await t.ctx.database.query<{ release: string }>(`SELECT DISTINCT release FROM asset_changes`);
    expect(history).toEqual([{ release: 'repd-q4-jan-2026' }]);
    later();
    const before = fixture.requests.length;
    expect(await run()).toMatchObject({ ran: true, error: null, release: 'repd-q4-jan-2026', imported: false });
    expect(fixture.requests.slice(before)).toEqual([REPD_FEED.contentPath]);
  });

  it('a malformed attachment address is recorded with a back-off, not a job failing every minute', async () => {
    fixture.repd.listed = [q3, q4, 'REPD_Publication_Q1_2026.csv'];
    fixture.repd.urls.set('REPD_Publication_Q1_2026.csv', 'http://[::1');
    later();
    const result = await run();
    expect(result).toMatchObject({ ran: true, error: expect.stringContaining('has an address that cannot be read') });
    const row = (await findDataSource(t.ctx.database.db, 'repd'))!;
    expect(row.lastError).toContain('REPD_Publication_Q1_2026.csv');
    expect(row.backoffUntil!.getTime() - clock.now().getTime()).toBe(REPD_FEED.failureBackoffMs);
    // Within the back-off, the next minute's tick does not run it again.
    clock.advance(60_000);
    expect(await run()).toEqual({ ran: false, why: 'not due' });
  });
});
