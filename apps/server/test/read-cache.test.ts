import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { READ_CACHE_FEED } from '@solar/shared/constants/read-cache';
import { HTTP_CACHE } from '@solar/shared/constants/http-cache';
import { buildApp } from '../src/app';
import { createContext } from '../src/context';
import { createLogger } from '../src/logger';
import type { AppContext } from '../src/plugins/context';
import { Cache } from '../src/platform/cache';
import { ReadCacheFeed, readCacheFeed } from '../src/platform/read-cache-feed';
import type { Database } from '../src/db/client';
import { addTender } from '../src/features/tenders/test/helpers';
import { insertProvider } from './fixtures/providers';
import { createTestApp, databaseKinds, signedInUser, type SignedInUser, type TestApp } from './harness';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** GET through an app (with a cookie, as a browser sends it): the body and what the read cache said. */
async function read(app: FastifyInstance, url: string, cookie?: string) {
  const res = await app.inject({ url, ...(cookie && { headers: { cookie } }) });
  expect(res.statusCode, res.body).toBe(200);
  return { body: res.json(), cache: res.headers['x-read-cache'] };
}

/** Decisions 0384, 0430: writes drop only the answers they may change; a kept answer asks the database nothing. */
describe.each(databaseKinds)('read caches under writes on %s', (kind) => {
  let t: TestApp;
  let admin: SignedInUser;
  let alpha: { id: string; slug: string };
  let beta: { id: string; slug: string };
  const patch = async (id: string, body: Record<string, unknown>) => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/providers/${id}`,
      headers: { cookie: admin.cookie },
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const get = (url: string) => read(t.app, url);

  beforeAll(async () => {
    t = await createTestApp({ kind });
    admin = await signedInUser(t, { admin: true });
    const owner = await signedInUser(t, { name: 'Owner Name' });
    alpha = await insertProvider(t, {
      businessName: 'Alpha Narrow Cache',
      description: 'First words.',
      services: ['Panel Cleaning'],
      userId: owner.user.id,
      latitude: 53.48,
      longitude: -2.24,
      serviceRadius: 30,
    });
    beta = await insertProvider(t, {
      businessName: 'Beta Narrow Cache',
      description: 'Other words.',
      services: ['Inverters'],
      latitude: 51.5,
      longitude: -0.12,
      serviceRadius: 30,
    });
    // The inserts above went round the app: on PostgreSQL their news arrives later, and an answer
    // computed while it lands is not kept. Heard first, so the tests below start from quiet.
    if (kind === 'postgres') await readCacheFeed(t.ctx.database).sync();
  });
  afterAll(() => t.close());

  it('a profile edit is seen at once by the next read of the same process: list, map, profile; other answers stay hits', async () => {
    const list = '/api/providers/search?companies=alpha%20narrow';
    const other = '/api/providers/search?companies=beta%20narrow';
    const map = '/api/providers/search?companies=narrow%20cache&mode=map';
    const profile = `/api/providers/${alpha.id}`;
    const otherProfile = `/api/providers/${beta.slug}`;
    for (const url of [list, other, map, profile, otherProfile]) expect((await get(url)).cache).toBe('miss');
    for (const url of [list, other, map, profile, otherProfile]) expect((await get(url)).cache).toBe('hit');

    // A description is shown by the list and the profile, decides no match: only their answers go.
    await patch(alpha.id, { description: 'Second words.' });
    expect(await get(list)).toMatchObject({ cache: 'miss', body: { data: [{ description: 'Second words.' }] } });
    expect(await get(profile)).toMatchObject({ cache: 'miss', body: { description: 'Second words.' } });
    expect((await get(other)).cache).toBe('hit');
    expect((await get(otherProfile)).cache).toBe('hit');
    expect((await get(map)).cache).toBe('hit');

    // A name decides matches and order: every search goes, other profiles stay.
    await patch(alpha.id, { businessName: 'Alpha Narrow Cache Renamed' });
    expect(await get(list)).toMatchObject({
      cache: 'miss',
      body: { data: [{ businessName: 'Alpha Narrow Cache Renamed' }] },
    });
    const points = await get(map);
    expect(points.cache).toBe('miss');
    expect(points.body.data.map((p: { businessName: string }) => p.businessName).sort()).toEqual([
      'Alpha Narrow Cache Renamed',
      'Beta Narrow Cache',
    ]);
    expect((await get(other)).cache).toBe('miss');
    expect(await get(profile)).toMatchObject({ cache: 'miss', body: { businessName: 'Alpha Narrow Cache Renamed' } });
    expect((await get(otherProfile)).cache).toBe('hit');
  });

  it("a write outside the app's services (SQL, as a migration or an import would) is heard too: at once on PGlite, as its notification arrives on PostgreSQL", async () => {
    const profile = `/api/providers/${alpha.slug}`;
    // PGlite hears a write as it commits; PostgreSQL on the listening connection, which `sync` waits for
    // (a write request does the same before it is acknowledged).
    const sql = async (text: string, params: unknown[]) => {
      await t.ctx.database.query(text, params);
      if (kind === 'postgres') await readCacheFeed(t.ctx.database).sync();
    };
    await get(profile);
    expect((await get(profile)).cache).toBe('hit');
    await sql("UPDATE users SET name = 'Owner Renamed' WHERE id = (SELECT user_id FROM providers WHERE id = $1)", [
      alpha.id,
    ]);
    expect(await get(profile)).toMatchObject({ cache: 'miss', body: { user: { name: 'Owner Renamed' } } });
    await sql(
      "INSERT INTO provider_media_files (provider_id, title, type, mime_type, storage_key, size_bytes) VALUES ($1, 'Site photo', 'image', 'image/png', 'x.png', 1)",
      [alpha.id],
    );
    expect(await get(profile)).toMatchObject({ cache: 'miss', body: { mediaFiles: [{ title: 'Site photo' }] } });
  });

  it("tender saves leave the public board and a visitor's tender page cached; a tender write does not", async () => {
    const tender = await addTender(t, { title: 'Narrow cache tender', closingDate: new Date('2026-12-20T12:00:00Z') });
    if (kind === 'postgres') await readCacheFeed(t.ctx.database).sync();
    const board = '/api/tenders/public?status=all';
    const detail = `/api/tenders/${tender}`;
    for (const url of [board, detail]) await get(url);
    for (const url of [board, detail]) expect((await get(url)).cache).toBe('hit');
    const save = await t.app.inject({
      method: 'PUT',
      url: `/api/tenders/${tender}/saves/saved`,
      headers: { cookie: admin.cookie },
    });
    expect(save.statusCode, save.body).toBe(200);
    for (const url of [board, detail]) expect((await get(url)).cache).toBe('hit');
    await t.ctx.database.query("UPDATE tenders SET title = 'Narrow cache tender, renamed' WHERE id = $1", [tender]);
    if (kind === 'postgres') await readCacheFeed(t.ctx.database).sync();
    const after = await get(board);
    expect(after.cache).toBe('miss');
    expect(after.body.data.map((x: { title: string }) => x.title)).toContain('Narrow cache tender, renamed');
    expect(await get(detail)).toMatchObject({
      cache: 'miss',
      body: { data: { title: 'Narrow cache tender, renamed' } },
    });
    // A signed-in reader's view (saved state, invitations) is never the visitors' answer.
    const mine = await t.app.inject({ url: detail, headers: { cookie: admin.cookie } });
    expect(mine.headers['x-read-cache']).toBeUndefined();
  });

  it("a signed-in profile read is never answered from the visitors' cache", async () => {
    const res = await t.app.inject({ url: `/api/providers/${alpha.id}`, headers: { cookie: admin.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-read-cache']).toBeUndefined();
  });
});

/**
 * A second server on the same PostgreSQL, as a second process would be: its own pool, its own
 * listening connection, its own caches.
 */
async function secondServer(t: TestApp): Promise<{ ctx: AppContext; app: FastifyInstance }> {
  const ctx = await createContext(t.ctx.env, createLogger('warn'));
  const app = await buildApp(ctx, { serveWeb: false });
  await app.ready();
  return { ctx, app };
}

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'the in-process cache across processes on PostgreSQL (LISTEN/NOTIFY, decisions 0384, 0430)',
  () => {
    let a: TestApp;
    let b: { ctx: AppContext; app: FastifyInstance };
    let admin: SignedInUser;
    let provider: { id: string; slug: string };

    beforeAll(async () => {
      a = await createTestApp({ kind: 'postgres' });
      b = await secondServer(a);
      admin = await signedInUser(a, { admin: true });
      provider = await insertProvider(a, {
        businessName: 'Gamma Across Processes',
        description: 'v0',
        services: ['Panel Cleaning'],
      });
      // A and B have heard the writes above, so the answers they keep next are not dropped by their late news.
      await Promise.all([readCacheFeed(a.ctx.database).sync(), readCacheFeed(b.ctx.database).sync()]);
    });
    afterAll(async () => {
      await b.app.close();
      await b.ctx.database.close();
      await a.close();
    });

    const edit = async (description: string) => {
      const res = await a.app.inject({
        method: 'PATCH',
        url: `/api/providers/${provider.id}`,
        headers: { cookie: admin.cookie },
        payload: { description },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res;
    };

    /** Reads on `app` until `seen` holds; how long it took (ms) after `from`. */
    const until = async (
      app: FastifyInstance,
      url: string,
      seen: (body: { description?: string; data?: Array<{ description: string }> }) => boolean,
      from: number,
    ) => {
      for (;;) {
        if (seen((await read(app, url)).body)) return Date.now() - from;
        expect(Date.now() - from, `${url} still stale`).toBeLessThan(HTTP_CACHE.staleBoundSeconds * 1000);
        await sleep(2);
      }
    };

    it("a write is seen at once by its own process's next read, and by another process's as its notification arrives, well within the bound", async () => {
      const profile = `/api/providers/${provider.id}`;
      const search = '/api/providers/search?companies=gamma%20across';
      for (const app of [a.app, b.app]) {
        await read(app, profile);
        await read(app, search);
        expect((await read(app, profile)).cache).toBe('hit');
      }
      const lags: number[] = [];
      for (let i = 1; i <= 5; i++) {
        await edit(`v${i}`);
        const acked = Date.now();
        // The writing process acknowledged only once it had heard its own write.
        expect(await read(a.app, profile)).toMatchObject({ cache: 'miss', body: { description: `v${i}` } });
        expect(await read(a.app, search)).toMatchObject({ cache: 'miss', body: { data: [{ description: `v${i}` }] } });
        lags.push(await until(b.app, profile, (body) => body.description === `v${i}`, acked));
        lags.push(await until(b.app, search, (body) => body.data?.[0]?.description === `v${i}`, acked));
        expect((await read(b.app, profile)).cache).toBe('hit');
      }
      // SQL from outside any server process (psql, an import) is heard the same way.
      await a.ctx.database.query("UPDATE providers SET description = 'from psql' WHERE id = $1", [provider.id]);
      lags.push(await until(b.app, profile, (body) => body.description === 'from psql', Date.now()));
      expect(Math.max(...lags)).toBeLessThan(1_000);
    });

    it('when B loses its listening connection it reads around its cache, then listens again', async () => {
      const profile = `/api/providers/${provider.slug}`;
      await read(b.app, profile);
      expect((await read(b.app, profile)).cache).toBe('hit');
      const feed = readCacheFeed(b.ctx.database);
      const pid = feed.listenerPid;
      expect(pid).not.toBeNull();
      await a.ctx.database.query('SELECT pg_terminate_backend($1)', [pid]);
      await a.ctx.database.query("UPDATE providers SET description = 'while B was deaf' WHERE id = $1", [provider.id]);
      await until(b.app, profile, (body) => body.description === 'while B was deaf', Date.now());
      // It reconnects and caches again.
      const from = Date.now();
      while ((await read(b.app, profile)).cache !== 'hit') {
        expect(Date.now() - from).toBeLessThan(READ_CACHE_FEED.reconnectMs * 5);
        await sleep(50);
      }
      expect(feed.listenerPid).not.toBe(pid);
      await a.ctx.database.query("UPDATE providers SET description = 'after B is back' WHERE id = $1", [provider.id]);
      await until(b.app, profile, (body) => body.description === 'after B is back', Date.now());
    });

    it("concurrent writes' syncs share markers: one query at a time on the listening connection, every write heard before its sync resolves", async () => {
      let inFlight = 0;
      let most = 0;
      let markers = 0;
      // The same database, its listening connection's notify counted (pg 9 refuses overlapping queries on one client).
      const counted: Database = {
        ...a.ctx.database,
        listen: async (...args) => {
          const listener = await a.ctx.database.listen(...args);
          return {
            ...listener,
            notify: async (payload) => {
              inFlight += 1;
              markers += 1;
              most = Math.max(most, inFlight);
              try {
                await listener.notify(payload);
              } finally {
                inFlight -= 1;
              }
            },
          };
        },
      };
      const feed = new ReadCacheFeed(counted);
      await feed.ready;
      let heard = 0;
      feed.subscribe((change) => void (change?.cache === 'providers' && (heard += 1)));
      let committed = 0;
      try {
        const results = await Promise.all(
          Array.from({ length: 12 }, async (_, i) => {
            await a.ctx.database.query('UPDATE providers SET description = $2 WHERE id = $1', [
              provider.id,
              `sync ${i}`,
            ]);
            // Every update counted so far committed before this sync began, so its news is in when it resolves.
            const before = ++committed;
            return (await feed.sync()) && heard >= before;
          }),
        );
        expect(results.every(Boolean)).toBe(true);
        expect(most).toBe(1);
        expect(markers).toBeGreaterThanOrEqual(1);
        expect(markers).toBeLessThanOrEqual(12);
      } finally {
        await feed.close();
      }
    });
  },
);

describe('the in-process cache (platform/cache.ts)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  const value =
    (text: string, tags: string[] = ['providers:set']) =>
    async () => ({ value: text, tags, size: text.length });

  it('an answer computed while a write it depends on lands is returned but not kept', async () => {
    const cache = new Cache<string>(readCacheFeed(t.ctx.database), { maxBytes: 1 << 20, ttlMs: 60_000 });
    let computed = 0;
    const first = await cache.get('k', async () => {
      computed += 1;
      await insertProvider(t, { businessName: 'Lands While Computing' });
      return { value: 'answer', tags: ['providers:set'], size: 6 };
    });
    expect(first.hit).toBe(false);
    const second = await cache.get('k', async () => ({
      value: `answer ${(computed += 1)}`,
      tags: ['providers:set'],
      size: 8,
    }));
    expect(second).toMatchObject({ hit: false, value: 'answer 2' });
    expect((await cache.get('k', value('never'))).hit).toBe(true);
  });

  it('identical misses in flight are computed once', async () => {
    const cache = new Cache<string>(readCacheFeed(t.ctx.database), { maxBytes: 1 << 20, ttlMs: 60_000 });
    let computed = 0;
    const slow = async () => {
      computed += 1;
      await sleep(20);
      return { value: 'once', tags: [], size: 4 };
    };
    const answers = await Promise.all([cache.get('same', slow), cache.get('same', slow), cache.get('same', slow)]);
    expect(computed).toBe(1);
    expect(answers.map((x) => x.value)).toEqual(['once', 'once', 'once']);
  });

  it('is bounded in bytes: the least recently used entry goes first', async () => {
    const cache = new Cache<string>(readCacheFeed(t.ctx.database), { maxBytes: 350_000, ttlMs: 60_000 });
    const big = (n: number) => value(`${n}`.padEnd(100_000, '.'));
    for (let n = 0; n < 3; n++) await cache.get(`a${n}`, big(n));
    // a0 read again: a1 is now the least recently used.
    expect((await cache.get('a0', big(0))).hit).toBe(true);
    await cache.get('a3', big(3));
    expect(cache.bytes).toBeLessThanOrEqual(350_000);
    expect((await cache.get('a0', big(0))).hit).toBe(true);
    expect((await cache.get('a1', big(1))).hit).toBe(false);
  });

  it('a write drops exactly the entries its notification names, found through the tag index', async () => {
    const cache = new Cache<string>(readCacheFeed(t.ctx.database), { maxBytes: 1 << 20, ttlMs: 60_000 });
    const mine = await insertProvider(t, { businessName: 'Tagged Entry' });
    const other = await insertProvider(t, { businessName: 'Other Tagged Entry' });
    await cache.get('mine', value('m', [`providers:${mine.id}`]));
    await cache.get('other', value('o', [`providers:${other.id}`]));
    await cache.get('set', value('s', ['providers:set']));
    await t.ctx.database.query("UPDATE providers SET description = 'changed' WHERE id = $1", [mine.id]);
    expect((await cache.get('mine', value('m2'))).hit).toBe(false);
    expect((await cache.get('other', value('o2'))).hit).toBe(true);
    // A description decides no match: the searches stay.
    expect((await cache.get('set', value('s2'))).hit).toBe(true);
  });

  it('entries of a closed feed are dropped and free their bytes', async () => {
    const other = await createTestApp();
    const cache = new Cache<string>(readCacheFeed(other.ctx.database), { maxBytes: 1 << 20, ttlMs: 60_000 });
    await cache.get('k', value('x'.repeat(200_000)));
    expect(cache.bytes).toBeGreaterThanOrEqual(200_000);
    await other.close();
    expect(cache.bytes).toBe(0);
  });
});
