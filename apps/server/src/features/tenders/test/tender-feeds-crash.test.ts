import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../../test/harness';
import { openDatabase } from '../../../db/client';
import { fixedClock } from '../../../platform/clock';
import { startFeedFixture, type FeedFixture } from '../feeds/fixture-server';
import { runTenderFeed } from '../feeds/tender-feeds.job';
import { readOcdsSource } from '../ocds/ocds-import';
import type { OcdsRelease } from '../ocds/ocds-mapper';
import { OCDS_SAMPLE } from '../tenders.seed';

const CHILD = path.resolve(import.meta.dirname, '../../../../test/fixtures/feed-child.ts');
const NOW = '2025-04-15T08:00:00Z';
const BOARD_SQL = `SELECT external_id, external_release_id, stage, award_suppliers::text AS suppliers FROM tenders WHERE source = 'External' ORDER BY external_id`;

/** The feed in a child process (the server's job, as a process that can be killed). */
function child(dataDir: string, base: string): { process: ChildProcess; exit: Promise<{ code: number | null; signal: NodeJS.Signals | null; out: string }> } {
  const proc = spawn(process.execPath, ['--import', 'tsx', CHILD, dataDir, base, NOW], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  proc.stdout!.on('data', (chunk) => (out += String(chunk)));
  return { process: proc, exit: new Promise((resolve) => proc.on('exit', (code, signal) => resolve({ code, signal, out }))) };
}

describe('a tender feed killed with SIGKILL mid-page resumes without duplicates or gaps', () => {
  let releases: OcdsRelease[];
  let dir: string;
  beforeAll(async () => {
    releases = await readOcdsSource(OCDS_SAMPLE);
    dir = mkdtempSync(path.join(os.tmpdir(), 'solar-feed-crash-'));
    cpSync(process.env.TEST_PGLITE_TEMPLATE!, path.join(dir, 'pgdata'), { recursive: true });
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('re-reads the page it was on, and ends with the board an uninterrupted run gives', async () => {
    // The reference: the same feed read in one go.
    const clean = await startFeedFixture({ releases, faults: true, pageSize: 10, rateLimit: false });
    const t = await createTestApp({ clock: fixedClock(new Date(NOW)), env: { TENDER_FEEDS: 'find-a-tender', TENDER_FEEDS_SINCE: '2025-01-01', FIND_A_TENDER_URL: clean.url } });
    expect(await runTenderFeed(t.ctx, 'find-a-tender', { sleep: async () => {} })).toMatchObject({ caughtUp: true, error: null });
    const reference = await t.ctx.database.query(BOARD_SQL);
    await t.close();
    await clean.close();

    // The crash: the child is killed while the fifth request of its run is in flight.
    const victim: { process?: ChildProcess } = {};
    let killed = false;
    const fixture: FeedFixture = await startFeedFixture({
      releases,
      faults: true,
      pageSize: 10,
      rateLimit: false,
      onRequest: async (_path, index) => {
        if (index === 4 && !killed) {
          killed = true;
          victim.process!.kill('SIGKILL');
          await new Promise((resolve) => victim.process!.once('exit', resolve));
        }
      },
    });
    const first = child(path.join(dir, 'pgdata'), fixture.url);
    victim.process = first.process;
    expect((await first.exit).signal).toBe('SIGKILL');
    const inFlight = fixture.requests[4]!;

    const resumed = child(path.join(dir, 'pgdata'), fixture.url);
    const done = await resumed.exit;
    expect(done.code).toBe(0);
    expect(JSON.parse(done.out.trim())).toMatchObject({ ran: true, caughtUp: true, error: null });
    // No gap: the resumed run starts at the page that was in flight.
    expect(fixture.requests[5]).toBe(inFlight);

    const database = await openDatabase({ dataDir: path.join(dir, 'pgdata') });
    try {
      expect(await database.query(BOARD_SQL)).toEqual(reference);
      // No duplicates: every served release was counted once, the killed page included.
      const [row] = await database.query<{ items_read: string }>(`SELECT items_read FROM data_sources WHERE id = 'find-a-tender'`);
      expect(Number(row!.items_read)).toBe(fixture.served['find-a-tender'].length);
    } finally {
      await database.close();
      await fixture.close();
    }
  }, 120_000);
});
