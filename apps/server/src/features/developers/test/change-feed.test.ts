import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { createTestApp, databaseKinds, signedInUser, type TestApp } from '../../../../test/harness';
import { insertTender } from '../../tenders/tenders.repository';

/**
 * The feeds of changes (decision 0493): a reader paging with the cursor while writes go on never
 * skips a change and never gets one twice; what a visitor may not see never shows; what leaves
 * public view is told as removed.
 */

type TenderItem = { id: string; change: 'upsert' | 'removed'; tender?: { title: string; description: string } };
type Page<T> = { data: T[]; next: string; more: boolean };

describe.each(databaseKinds)('feeds of changes on %s', (kind) => {
  let t: TestApp;
  let ownerId: string;
  const page = async <T = TenderItem>(feed: 'tenders' | 'assets', after?: string, limit = 100): Promise<Page<T>> => {
    const res = await t.app.inject({ url: `/api/changes/${feed}?limit=${limit}${after ? `&after=${after}` : ''}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  /**
   * On PostgreSQL, waits until every transaction running now has ended: only then does the feed give
   * what was written before (decision 0493). Transaction ids are the server's, so on a server shared
   * with other databases (other test runs) their transactions hold the feed back too.
   */
  const settled = async () => {
    if (kind !== 'postgres') return;
    const [{ xmax }] = (await t.ctx.database.query<{ xmax: string }>(`SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS xmax`)) as [{ xmax: string }];
    for (const started = Date.now(); ; await new Promise((r) => setTimeout(r, 50))) {
      const [{ done }] = (await t.ctx.database.query<{ done: boolean }>(`SELECT pg_snapshot_xmin(pg_current_snapshot()) >= $1::xid8 AS done`, [xmax])) as [{ done: boolean }];
      if (done) return;
      if (Date.now() - started > 90_000) throw new Error('a transaction on this PostgreSQL server stayed open over 90 s');
    }
  };
  /** Reads on from `after` until a page is empty, once what was written before has settled. */
  const drain = async <T = TenderItem>(feed: 'tenders' | 'assets', after?: string, limit = 100) => {
    await settled();
    const items: T[] = [];
    let cursor = after;
    for (;;) {
      const p = await page<T>(feed, cursor, limit);
      items.push(...p.data);
      if (p.next === cursor || p.data.length === 0) return { items, cursor: p.next };
      cursor = p.next;
    }
  };
  const tender = (title: string, extra: Record<string, unknown> = {}) =>
    insertTender(t.ctx.database.db, { source: 'Solar Manager', type: 'open', title, description: 'v0', userId: ownerId, ...extra }, []);

  beforeAll(async () => {
    t = await createTestApp({ kind });
    ownerId = (await signedInUser(t, {})).user.id;
  });
  afterAll(() => t.close());

  it('gives what any visitor may see, passes over what nobody outside could ever see, and tells what left public view', async () => {
    const start = (await drain('tenders')).cursor;
    const open = await tender('open-one');
    const privateOne = await tender('private-one', { type: 'private' });
    const draft = await tender('draft-one', { stage: 'draft' });
    const goesPrivate = await tender('goes-private');
    const deleted = await tender('deleted-one');
    const first = await drain('tenders', start);
    expect(first.items.map((i) => i.tender?.title)).toEqual(['open-one', 'goes-private', 'deleted-one']);
    expect(JSON.stringify(first.items)).not.toMatch(/private-one|draft-one/);

    await t.ctx.database.query(`UPDATE tenders SET type = 'private' WHERE id = $1`, [goesPrivate]);
    await t.ctx.database.query(`DELETE FROM tenders WHERE id = ANY($1::uuid[])`, [[deleted, draft]]);
    await t.ctx.database.query(`UPDATE tenders SET description = 'v1' WHERE id = ANY($1::uuid[])`, [[open, privateOne]]);
    const second = await drain('tenders', first.cursor);
    expect(second.items).toEqual([
      { id: goesPrivate, change: 'removed' },
      { id: deleted, change: 'removed' },
      expect.objectContaining({ id: open, change: 'upsert', tender: expect.objectContaining({ description: 'v1' }) }),
    ]);
    // Nothing new: the same cursor back, and no data.
    expect(await page('tenders', second.cursor)).toEqual({ data: [], next: second.cursor, more: false });
  });

  it('pages with a small limit give every change once, in order, each cursor after the last', async () => {
    const start = (await drain('tenders')).cursor;
    const ids: string[] = [];
    for (let i = 0; i < 23; i++) ids.push(await tender(`paged-${i}`));
    await settled();
    const seen: string[] = [];
    const cursors: string[] = [];
    let cursor = start;
    for (;;) {
      const p = await page('tenders', cursor, 5);
      seen.push(...p.data.map((d) => d.id));
      if (!p.data.length) break;
      expect(p.more).toBe(p.data.length === 5);
      cursors.push(p.next);
      cursor = p.next;
    }
    expect(seen).toEqual(ids);
    const position = (c: string) => c.split('.').map(BigInt) as [bigint, bigint];
    for (let i = 1; i < cursors.length; i++) {
      const [a, b] = [position(cursors[i - 1]!), position(cursors[i]!)];
      expect(a[0] < b[0] || (a[0] === b[0] && a[1] < b[1])).toBe(true);
    }
  });

  it('refuses a cursor that is not one and a limit out of range', async () => {
    for (const q of ['after=12', 'after=abc.1', 'after=1.2.3', 'limit=0', 'limit=501']) {
      expect((await t.app.inject({ url: `/api/changes/tenders?${q}` })).statusCode, q).toBe(400);
    }
  });

  it('the asset feed gives every REPD project written and removed', async () => {
    const start = (await drain('assets')).cursor;
    await t.ctx.database.query(
      `INSERT INTO assets (repd_ref_id, site_name, technology_type, installed_capacity, development_status, source, content_hash, planning_granted_date)
       VALUES ('FEED-1', 'Feed Farm One', 'Solar Photovoltaics', 12.5, 'Planning Permission Granted', 'REPD', 'h1', '2024-03-01'),
              ('FEED-2', 'Feed Farm Two', 'Battery', 49.9, 'Operational', 'REPD', 'h2', NULL)`,
    );
    const added = await drain<{ id: number; change: string; asset?: Record<string, unknown> }>('assets', start);
    expect(added.items.map((i) => [i.change, i.asset?.siteName])).toEqual([
      ['upsert', 'Feed Farm One'],
      ['upsert', 'Feed Farm Two'],
    ]);
    expect(added.items[0]!.asset).toMatchObject({ installedCapacity: 12.5, planningGrantedDate: '2024-03-01', developmentStatus: 'Planning Permission Granted' });
    await t.ctx.database.query(`DELETE FROM assets WHERE repd_ref_id = 'FEED-1'`);
    const removed = await drain<{ id: number; change: string }>('assets', added.cursor);
    expect(removed.items).toEqual([{ id: added.items[0]!.id, change: 'removed' }]);
  });

  it.runIf(kind === 'postgres')(
    'a change committed after a later one is not skipped: the later one waits (a plain sequence as cursor would skip it)',
    async () => {
      const [x, y] = [await tender('late-x'), await tender('early-y')];
      const from = (await drain('tenders')).cursor;
      const slow = new pg.Client({ connectionString: t.ctx.env.DATABASE_URL });
      await slow.connect();
      try {
        // X is written first (its position taken first) but commits last.
        await slow.query('BEGIN');
        await slow.query(`UPDATE tenders SET description = 'x1' WHERE id = $1`, [x]);
        await t.ctx.database.query(`UPDATE tenders SET description = 'y1' WHERE id = $1`, [y]);
        const [naiveCursor] = await t.ctx.database.query<{ seq: string }>(`SELECT max(seq)::text AS seq FROM tender_feed`);
        // A plain sequence reader would now give Y and move past X's number.
        const [{ seq: xSeq }] = (await slow.query<{ seq: string }>(`SELECT seq::text AS seq FROM tender_feed WHERE tender_id = $1`, [x])).rows as [{ seq: string }];
        expect(BigInt(xSeq)).toBeLessThan(BigInt(naiveCursor!.seq));
        const whileOpen = await page('tenders', from);
        expect(whileOpen.data).toEqual([]);
        expect(whileOpen.next).toBe(from);
        await slow.query('COMMIT');
        const after = await drain('tenders', from);
        expect(after.items.map((i) => [i.id, i.tender?.description])).toEqual([
          [x, 'x1'],
          [y, 'y1'],
        ]);
        // The control: reading by sequence number past Y's finds nothing more, so X would be lost.
        const naive = await t.ctx.database.query(`SELECT tender_id FROM tender_feed WHERE seq > $1::bigint`, [naiveCursor!.seq]);
        expect(naive).toEqual([]);
      } finally {
        await slow.end();
      }
    },
  );

  /** Each feed's rows for the concurrent walk: how one is made, how it is written, and the version an item carries. */
  const BUSY = {
    tenders: {
      create: (i: number) => tender(`busy-${i}`),
      update: `UPDATE tenders SET description = $2 WHERE id = $1`,
      version: (item: FeedItem) => item.tender?.description,
    },
    assets: {
      create: async (i: number) => {
        const [row] = await t.ctx.database.query<{ id: string }>(
          `INSERT INTO assets (repd_ref_id, site_name, technology_type, installed_capacity, development_status, source, content_hash)
           VALUES ($1, 'v0', 'Solar Photovoltaics', 5, 'Operational', 'REPD', $1) RETURNING id::text AS id`,
          [`BUSY-${i}`],
        );
        return row!.id;
      },
      update: `UPDATE assets SET site_name = $2 WHERE id = $1::bigint`,
      version: (item: FeedItem) => item.asset?.siteName,
    },
  } as const;
  type FeedItem = { id: string | number; change: string; tender?: { description: string }; asset?: { siteName: string } };

  it.each(['tenders', 'assets'] as const)(
    'under concurrent writes, a reader paging the %s feed all along sees every row’s every version at most once, in order, and each one’s last',
    async (feed) => {
      const busy = BUSY[feed];
      const rows: string[] = [];
      for (let i = 0; i < 24; i++) rows.push(await busy.create(i));
      const from = (await drain(feed)).cursor;
      const writers = kind === 'postgres' ? 6 : 1;
      const rounds = 12;
      const seen = new Map<string, number[]>();
      let cursor = from;
      let writing = true;
      // One reader: each page starts from the cursor the last one ended at.
      let reading: Promise<number> = Promise.resolve(0);
      const read = () =>
        (reading = reading.then(async () => {
          // Large pages: the reader keeps up with the writers, so it reads while some are still open.
          const p = await page<FeedItem>(feed, cursor, 50);
          for (const item of p.data) {
            const text = busy.version(item);
            if (text === undefined) continue;
            seen.set(String(item.id), [...(seen.get(String(item.id)) ?? []), Number(text.slice(1))]);
          }
          cursor = p.next;
          return p.data.length;
        }));
      const reader = (async () => {
        while (writing) {
          await read();
          await new Promise((r) => setTimeout(r, 2));
        }
      })();
      const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
      // Each writer owns a share of the rows (so each row's versions are numbered in commit
      // order); transactions hold their write for a random while before committing, so commits
      // land out of the order positions were taken in.
      const writer = async (w: number) => {
        const client = kind === 'postgres' ? new pg.Client({ connectionString: t.ctx.env.DATABASE_URL }) : null;
        await client?.connect();
        try {
          const mine = rows.filter((_, i) => i % writers === w);
          for (let round = 1; round <= rounds; round++) {
            for (const id of mine) {
              const text = `v${round}`;
              if (client) {
                await client.query('BEGIN');
                await client.query(busy.update, [id, text]);
                // The last round's writes are held longest: a reader that moved past one committed
                // meanwhile would never see that row's last version.
                await sleep(Math.floor(Math.random() * (round === rounds ? 60 : 8)));
                await client.query('COMMIT');
              } else {
                await t.ctx.database.query(busy.update, [id, text]);
                if (Math.random() < 0.3) await read();
              }
            }
          }
        } finally {
          await client?.end();
        }
      };
      await Promise.all(Array.from({ length: writers }, (_, w) => writer(w)));
      writing = false;
      await reader;
      await settled();
      while ((await read()) > 0);
      for (const id of rows) {
        const versions = seen.get(id) ?? [];
        // Never twice, never out of order, and the last version is there.
        expect(versions, id).toEqual([...new Set(versions)].sort((a, b) => a - b));
        expect(versions.at(-1), id).toBe(rounds);
      }
    },
    120_000,
  );
});
