import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { REPD_FEED } from '@solar/shared/constants/data-sources';
import { createTestApp, signedInUser, type TestApp } from '../../../../test/harness';
import { fixedClock } from '../../../platform/clock';
import { findDataSource } from '../../../platform/data-sources.repository';
import { startFeedFixture, type FeedFixture } from '../../tenders/feeds/fixture-server';
import { buildRepdFixtureReleases, type RepdFixtureReleases } from '../repd-fixture-releases';
import { runRepdFeed } from '../repd-feed.job';
import { parseRepd } from '../repd-parse';

/** The assets as a comparable snapshot: every stored column that a release can change. */
const snapshot = (t: TestApp) =>
  t.ctx.database.query<Record<string, unknown>>(
    `SELECT repd_ref_id, site_name, development_status, installed_capacity, repd_operator, content_hash, source_release, updated_at::text
     FROM assets ORDER BY repd_ref_id`,
  );
const changes = (t: TestApp) =>
  t.ctx.database.query<{ repd_ref_id: string; site_name: string; kind: string; before_value: string | null; after_value: string | null; release: string }>(
    `SELECT repd_ref_id, site_name, kind, before_value, after_value, release FROM asset_changes ORDER BY kind, repd_ref_id`,
  );
const byKindAndRef = <T extends { kind: string; repdRefId: string }>(list: T[]) =>
  [...list].sort((a, b) => a.kind.localeCompare(b.kind) || a.repdRefId.localeCompare(b.repdRefId));

describe('the REPD release job against the local fixture server (decisions 0395, 0396)', () => {
  let releases: RepdFixtureReleases;
  let fixture: FeedFixture;
  let t: TestApp;
  const clock = fixedClock(new Date('2026-11-24T09:00:00Z'));
  const sleep = async () => {};
  const run = () => runRepdFeed(t.ctx, { sleep });
  const later = (ms = REPD_FEED.periodMs) => clock.advance(ms + 1);

  beforeAll(async () => {
    releases = buildRepdFixtureReleases(400);
    fixture = await startFeedFixture({ releases: [], repdReleases: [releases.first, releases.second] });
    t = await createTestApp({ clock, env: { REPD_FEED_URL: fixture.repd.url } });
  });
  afterAll(async () => {
    await t?.close();
    await fixture?.close();
  });

  it('imports the newest release as the baseline, without a change report', async () => {
    const result = await run();
    expect(result).toMatchObject({ ran: true, error: null, release: 'repd-q4-jan-2025', imported: true, inserted: releases.rows.first, changes: [] });
    expect((await snapshot(t)).length).toBe(releases.rows.first);
    expect(await changes(t)).toEqual([]);
    const row = (await findDataSource(t.ctx.database.db, 'repd'))!;
    expect(row).toMatchObject({ enabled: true, lastError: null, lastRunRead: releases.rows.first, lastRunKept: releases.rows.first, errors: 0 });
    expect(row.cursor).toMatchObject({ release: 'repd-q4-jan-2025' });
    // The spreadsheet attachment is never asked for.
    expect(fixture.requests.filter((r) => r.startsWith('/media/'))).toEqual(['/media/fixture/repd-q4-jan-2025.csv']);
  });

  it('a later check of the same release downloads nothing and changes nothing', async () => {
    const before = await snapshot(t);
    later();
    const requests = fixture.requests.length;
    expect(await run()).toMatchObject({ ran: true, error: null, imported: false });
    expect(fixture.requests.slice(requests)).toEqual([REPD_FEED.contentPath]);
    expect(await snapshot(t)).toEqual(before);
  });

  it('imports the second release (other name spelling, header drift, rounded capacities) with exactly the known change report', async () => {
    fixture.repd.listed = [releases.first.fileName, releases.second.fileName];
    later();
    const started = performance.now();
    const result = await run();
    const ms = performance.now() - started;
    expect(result).toMatchObject({ ran: true, error: null, release: 'repd-q2-jul-2026', imported: true });
    if (!result.ran) throw new Error('did not run');
    const expected = byKindAndRef(releases.changes);
    expect(byKindAndRef(result.changes)).toEqual(expected);
    expect(await changes(t)).toEqual(
      expected.map((c) => ({ repd_ref_id: c.repdRefId, site_name: c.siteName, kind: c.kind, before_value: c.before, after_value: c.after, release: 'repd-q2-jul-2026' })),
    );
    const assets = await snapshot(t);
    expect(assets.length).toBe(releases.rows.second);
    const removed = releases.changes.find((c) => c.kind === 'removed')!;
    expect(assets.some((a) => a.repd_ref_id === removed.repdRefId)).toBe(false);
    const status = releases.changes.find((c) => c.kind === 'status')!;
    expect(assets.find((a) => a.repd_ref_id === status.repdRefId)).toMatchObject({ development_status: 'Under Construction', source_release: 'repd-q2-jul-2026' });
    // Rounded capacities were stored but not reported as changes.
    const first = new Map(parseRepd(releases.first.body).records.map((r) => [r.repdRefId, r.installedCapacity]));
    const rounded = assets.filter((a) => first.has(a.repd_ref_id as string) && first.get(a.repd_ref_id as string) !== a.installed_capacity);
    expect(rounded.length).toBeGreaterThan(1);
    console.info(`REPD fixture: ${releases.rows.first} → ${releases.rows.second} rows, ${result.changes.length} changes in ${Math.round(ms)} ms`);
  });

  it('the same release imported again (its cursor lost) changes nothing', async () => {
    const before = await snapshot(t);
    const history = await changes(t);
    await t.ctx.database.query(`UPDATE data_sources SET cursor = '{}'::jsonb WHERE id = 'repd'`);
    later();
    expect(await run()).toMatchObject({ ran: true, error: null, imported: true, changes: [], inserted: 0, updated: 0 });
    expect(await snapshot(t)).toEqual(before);
    expect(await changes(t)).toEqual(history);
  });

  it('the detail shows the history and the projects table filters on changed since', async () => {
    const { cookie } = await signedInUser(t);
    const status = releases.changes.find((c) => c.kind === 'status')!;
    const [asset] = await t.ctx.database.query<{ id: number }>(`SELECT id::int AS id FROM assets WHERE repd_ref_id = $1`, [status.repdRefId]);
    const detail = await t.app.inject({ url: `/api/assets/${asset!.id}`, headers: { cookie } });
    expect(detail.json().history).toEqual([
      { kind: 'status', before: 'Planning Permission Granted', after: 'Under Construction', release: 'repd-q2-jul-2026', changedAt: expect.any(String) },
    ]);
    const since = (day: string) => t.app.inject({ url: `/api/assets/tenders?changedSince=${day}&limit=100` }).then((r) => r.json() as { data: Array<{ siteName: string }>; total: number });
    // In the projects table's phases: the status change (now under construction), the capacity and
    // operator changes and the added project (granted); the removed one is gone.
    const changed = await since('2026-11-24');
    expect(changed.total).toBe(4);
    expect(changed.data.map((r) => r.siteName).sort()).toEqual(releases.changes.filter((c) => c.kind !== 'removed').map((c) => c.siteName).sort());
    expect((await since('2099-01-01')).total).toBe(0);
    expect((await t.app.inject({ url: '/api/assets/tenders?changedSince=24/11/2026' })).statusCode).toBe(400);
    const source = (await t.app.inject({ url: '/api/assets/source' })).json();
    expect(source).toMatchObject({ release: 'repd-q2-jul-2026', automatic: true, checkedAt: clock.now().toISOString() });
  });

  it('a failed download, a file that is not REPD and a release that would remove too much leave the data as it was and show in the status', async () => {
    const before = await snapshot(t);
    const history = await changes(t);
    const third = (body: Buffer) => {
      fixture.repd.files.set('repd-q3-oct-2026.csv', body);
      fixture.repd.listed = ['repd-q3-oct-2026.csv', releases.second.fileName];
    };
    third(releases.second.body);
    fixture.repd.fail = 404;
    later();
    let result = await run();
    expect(result).toMatchObject({ ran: true, error: expect.stringContaining('HTTP 404') });
    let row = (await findDataSource(t.ctx.database.db, 'repd'))!;
    expect(row.lastError).toContain('HTTP 404');
    expect(row.backoffUntil!.getTime()).toBe(clock.now().getTime() + REPD_FEED.failureBackoffMs);
    // Backing off: not even due.
    expect(await run()).toEqual({ ran: false, why: 'not due' });

    third(Buffer.from('Name,Value\r\nnot,repd\r\n'));
    later(REPD_FEED.failureBackoffMs);
    result = await run();
    expect(result).toMatchObject({ ran: true, error: expect.stringContaining("no 'Ref ID' or 'Site Name' column") });

    // A truncated release: the first 10 rows only.
    third(Buffer.from(releases.second.body.toString('utf8').split('\r\n').slice(0, 11).join('\r\n')));
    later(REPD_FEED.failureBackoffMs);
    result = await run();
    expect(result).toMatchObject({ ran: true, error: expect.stringMatching(/would remove \d+ of \d+ projects/) });
    row = (await findDataSource(t.ctx.database.db, 'repd'))!;
    expect(row.errors).toBe(3);
    expect(row.cursor).toMatchObject({ release: 'repd-q2-jul-2026' });
    expect(await snapshot(t)).toEqual(before);
    expect(await changes(t)).toEqual(history);
  });

  it('is off without REPD_FEED_URL: no job, no request', async () => {
    const off = await createTestApp({ clock });
    try {
      const requests = fixture.requests.length;
      expect(off.ctx.jobs.has('data-source:repd')).toBe(false);
      expect(await runRepdFeed(off.ctx)).toEqual({ ran: false, why: 'off' });
      expect(fixture.requests.length).toBe(requests);
      expect((await off.app.inject({ url: '/api/assets/source' })).json()).toMatchObject({ automatic: false, checkedAt: null });
    } finally {
      await off.close();
    }
  });
});

describe("the admin's Run now starts the REPD job (decision 0393)", () => {
  it('answers with the source and the run records its check', async () => {
    const releases = buildRepdFixtureReleases(200);
    const fixture = await startFeedFixture({ releases: [], repdReleases: [releases.first] });
    const t = await createTestApp({ env: { REPD_FEED_URL: fixture.repd.url } });
    try {
      const { cookie } = await signedInUser(t, { admin: true });
      const res = await t.app.inject({ method: 'POST', url: '/api/admin/data-sources/repd/run', headers: { cookie, origin: 'http://localhost:3000' } });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ id: 'repd', enabled: true });
      await vi.waitFor(async () => expect((await findDataSource(t.ctx.database.db, 'repd'))?.lastSuccessAt).not.toBeNull(), { timeout: 20_000 });
      expect((await snapshot(t)).length).toBe(releases.rows.first);
      const tab = await t.app.inject({ url: '/api/admin/data-sources', headers: { cookie } });
      expect(tab.json().data.find((s: { id: string }) => s.id === 'repd')).toMatchObject({ enabled: true, lastError: null, lastRun: { read: releases.rows.first } });
    } finally {
      await t.close();
      await fixture.close();
    }
  });
});
