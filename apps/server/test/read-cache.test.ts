import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { READ_CACHE_FEED } from '@solar/shared/constants/read-cache';
import { buildApp } from '../src/app';
import { createContext } from '../src/context';
import type { Database } from '../src/db/client';
import { createLogger } from '../src/logger';
import type { AppContext } from '../src/plugins/context';
import { createReadCache, readCacheBudget, readCacheBytes } from '../src/platform/read-cache';
import { ReadCacheFeed, readCacheFeed } from '../src/platform/read-cache-feed';
import { addTender } from '../src/features/tenders/test/helpers';
import { insertProvider } from './fixtures/providers';
import { createTestApp, databaseKinds, signedInUser, type SignedInUser, type TestApp } from './harness';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Past the stated bound (decision 0413): timers may fire a millisecond early, so with a margin. */
const pastBound = READ_CACHE_FEED.staleBoundMs + 10;

/** GET through an app (with a cookie, as a browser sends it): the body and what the read cache said. */
async function read(app: FastifyInstance, url: string, cookie?: string) {
  const res = await app.inject({ url, ...(cookie && { headers: { cookie } }) });
  expect(res.statusCode, res.body).toBe(200);
  return { body: res.json(), cache: res.headers['x-read-cache'] };
}

/** Decision 0384: writes drop only the answers they may change; a cached read asks the database nothing. */
describe.each(databaseKinds)('read caches under writes on %s', (kind) => {
  let t: TestApp;
  let admin: SignedInUser;
  let alpha: { id: string; slug: string };
  let beta: { id: string; slug: string };
  const patch = async (id: string, body: Record<string, unknown>) => {
    const res = await t.app.inject({ method: 'PATCH', url: `/api/providers/${id}`, headers: { cookie: admin.cookie }, payload: body });
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
    beta = await insertProvider(t, { businessName: 'Beta Narrow Cache', description: 'Other words.', services: ['Inverters'], latitude: 51.5, longitude: -0.12, serviceRadius: 30 });
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
    expect(await get(list)).toMatchObject({ cache: 'miss', body: { data: [{ businessName: 'Alpha Narrow Cache Renamed' }] } });
    const points = await get(map);
    expect(points.cache).toBe('miss');
    expect(points.body.data.map((p: { businessName: string }) => p.businessName).sort()).toEqual(['Alpha Narrow Cache Renamed', 'Beta Narrow Cache']);
    expect((await get(other)).cache).toBe('miss');
    expect(await get(profile)).toMatchObject({ cache: 'miss', body: { businessName: 'Alpha Narrow Cache Renamed' } });
    expect((await get(otherProfile)).cache).toBe('hit');
  });

  it("a write outside the app's services (SQL, as a migration or an import would) is seen at once too", async () => {
    const profile = `/api/providers/${alpha.slug}`;
    const sql = (text: string, params: unknown[]) => t.ctx.database.query(text, params);
    await get(profile);
    expect((await get(profile)).cache).toBe('hit');
    await sql("UPDATE users SET name = 'Owner Renamed' WHERE id = (SELECT user_id FROM providers WHERE id = $1)", [alpha.id]);
    expect(await get(profile)).toMatchObject({ cache: 'miss', body: { user: { name: 'Owner Renamed' } } });
    await sql("INSERT INTO provider_media_files (provider_id, title, type, mime_type, storage_key, size_bytes) VALUES ($1, 'Site photo', 'image', 'image/png', 'x.png', 1)", [alpha.id]);
    expect(await get(profile)).toMatchObject({ cache: 'miss', body: { mediaFiles: [{ title: 'Site photo' }] } });
  });

  it("tender saves leave the public board and a visitor's tender page cached; a tender write does not", async () => {
    const tender = await addTender(t, { title: 'Narrow cache tender', closingDate: new Date('2026-12-20T12:00:00Z') });
    const board = '/api/tenders/public?status=all';
    const detail = `/api/tenders/${tender}`;
    for (const url of [board, detail]) await get(url);
    for (const url of [board, detail]) expect((await get(url)).cache).toBe('hit');
    const save = await t.app.inject({ method: 'PUT', url: `/api/tenders/${tender}/saves/saved`, headers: { cookie: admin.cookie } });
    expect(save.statusCode, save.body).toBe(200);
    for (const url of [board, detail]) expect((await get(url)).cache).toBe('hit');
    await t.ctx.database.query("UPDATE tenders SET title = 'Narrow cache tender, renamed' WHERE id = $1", [tender]);
    const after = await get(board);
    expect(after.cache).toBe('miss');
    expect(after.body.data.map((x: { title: string }) => x.title)).toContain('Narrow cache tender, renamed');
    expect(await get(detail)).toMatchObject({ cache: 'miss', body: { data: { title: 'Narrow cache tender, renamed' } } });
    // A signed-in reader's view (saved state, invitations) is never the visitors' answer.
    const mine = await t.app.inject({ url: detail, headers: { cookie: admin.cookie } });
    expect(mine.headers['x-read-cache']).toBeUndefined();
  });

  it('a signed-in profile read is never answered from the visitors\' cache', async () => {
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

describe.skipIf(!process.env.TEST_DATABASE_URL)('read caches across processes on PostgreSQL (LISTEN/NOTIFY, decision 0384)', () => {
  let a: TestApp;
  let b: { ctx: AppContext; app: FastifyInstance };
  let admin: SignedInUser;
  let provider: { id: string; slug: string };

  beforeAll(async () => {
    a = await createTestApp({ kind: 'postgres' });
    b = await secondServer(a);
    admin = await signedInUser(a, { admin: true });
    provider = await insertProvider(a, { businessName: 'Gamma Across Processes', description: 'v0', services: ['Panel Cleaning'] });
    // B has heard the writes above, so the answers it keeps next are not dropped by their late news.
    await readCacheFeed(b.ctx.database).heardAll();
  });
  afterAll(async () => {
    await b.app.close();
    await b.ctx.database.close();
    await a.close();
  });

  const edit = async (description: string) => {
    const res = await a.app.inject({ method: 'PATCH', url: `/api/providers/${provider.id}`, headers: { cookie: admin.cookie }, payload: { description } });
    expect(res.statusCode, res.body).toBe(200);
    return res;
  };

  it("a write acknowledged by process A is seen by the writer's next read on process B, which then caches again", async () => {
    const profile = `/api/providers/${provider.id}`;
    const search = '/api/providers/search?companies=gamma%20across';
    await read(b.app, profile);
    await read(b.app, search);
    expect((await read(b.app, profile)).cache).toBe('hit');
    expect((await read(b.app, search)).cache).toBe('hit');
    for (let i = 1; i <= 5; i++) {
      // B has just heard a beat: without the writer's mark it could answer from before the edit.
      await readCacheFeed(b.ctx.database).heardAll();
      const res = await edit(`v${i}`);
      // The answer marks the writer's browser: its reads wait for a beat sent after they arrive.
      const wrote = String(res.headers['set-cookie']).match(/(?:^|,\s*)(wrote=1)/)?.[1];
      expect(wrote, String(res.headers['set-cookie'])).toBe('wrote=1');
      expect(await read(b.app, profile, wrote)).toMatchObject({ cache: 'miss', body: { description: `v${i}` } });
      expect(await read(b.app, search, wrote)).toMatchObject({ cache: 'miss', body: { data: [{ description: `v${i}` }] } });
      expect((await read(b.app, profile)).cache).toBe('hit');
    }
  });

  it('anyone reading on process B sees a write of process A once the stated bound has passed', async () => {
    const profile = `/api/providers/${provider.id}`;
    for (let i = 1; i <= 5; i++) {
      await read(b.app, profile);
      await edit(`bound ${i}`);
      await sleep(pastBound);
      expect((await read(b.app, profile)).body.description).toBe(`bound ${i}`);
    }
    // SQL from outside any server process (psql, an import) is heard the same way.
    await a.ctx.database.query("UPDATE providers SET description = 'from psql' WHERE id = $1", [provider.id]);
    await sleep(pastBound);
    expect((await read(b.app, profile)).body.description).toBe('from psql');
  });

  it('lookups share beats: a steady stream sends about one per half bound, not one per lookup', async () => {
    const feed = readCacheFeed(b.ctx.database);
    await feed.heardAll();
    const before = feed.beats;
    const started = performance.now();
    let lookups = 0;
    while (performance.now() - started < 400) {
      expect(await feed.trusted()).toBe(true);
      lookups += 1;
      if (lookups % 50 === 0) await sleep(1);
    }
    const elapsed = performance.now() - started;
    expect(lookups).toBeGreaterThan(1_000);
    expect(feed.beats - before).toBeLessThanOrEqual(Math.ceil(elapsed / (READ_CACHE_FEED.staleBoundMs / 2)) + 2);
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
    await sleep(pastBound);
    expect(await read(b.app, profile)).toMatchObject({ cache: 'miss', body: { description: 'while B was deaf' } });
    // It reconnects and caches again.
    const from = Date.now();
    while ((await read(b.app, profile)).cache !== 'hit') {
      expect(Date.now() - from).toBeLessThan(READ_CACHE_FEED.reconnectMs * 5);
      await sleep(50);
    }
    expect(feed.listenerPid).not.toBe(pid);
    await a.ctx.database.query("UPDATE providers SET description = 'after B is back' WHERE id = $1", [provider.id]);
    await sleep(pastBound);
    expect((await read(b.app, profile)).body.description).toBe('after B is back');
  });

  it('a listener that silently hears nothing is not trusted: the read goes to the database after at most the beat timeout', async () => {
    // B's database as the feed sees it, with a switch that silences notifications (a dead link
    // that reports no error).
    let deaf = false;
    const database: Database = {
      ...b.ctx.database,
      listen: (channel, onNotify, onLost) => b.ctx.database.listen(channel, (payload) => void (deaf || onNotify(payload)), onLost),
    };
    const feed = new ReadCacheFeed(database);
    try {
      await feed.ready;
      expect(await feed.trusted()).toBe(true);
      deaf = true;
      // Trusted while the last beat heard is within the bound, then not.
      await sleep(pastBound);
      const started = Date.now();
      expect(await feed.trusted()).toBe(false);
      expect(Date.now() - started).toBeLessThan(READ_CACHE_FEED.beatTimeoutMs + 500);
      deaf = false;
      expect(await feed.trusted()).toBe(true);
    } finally {
      await feed.close();
    }
  });
});

describe('a read cache answer computed while a write lands is not kept', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('the next lookup computes again', async () => {
    const cache = createReadCache(['providers:set'], { maxEntries: 10, maxBytes: 1 << 20, ttlMs: 60_000 });
    let computed = 0;
    const first = await cache(t.ctx.database, 'k', async () => {
      computed += 1;
      await insertProvider(t, { businessName: 'Lands While Computing' });
      return 'answer';
    });
    expect(first.hit).toBe(false);
    const second = await cache(t.ctx.database, 'k', async () => `answer ${(computed += 1)}`);
    expect(second).toMatchObject({ hit: false });
    expect(second.text.text).toBe('answer 2');
    expect((await cache(t.ctx.database, 'k', async () => 'never')).hit).toBe(true);
  });
});

/** Decision 0410: all read caches of a process share one byte budget; the least recently used answer of any goes first. */
describe('the read caches share one byte budget', () => {
  let t: TestApp;
  const budget = readCacheBudget.bytes;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    readCacheBudget.bytes = budget;
    await t.close();
  });

  it('a cache filling up drops the least recently used answers of another, never going over the budget', async () => {
    const limits = { maxEntries: 100, maxBytes: 64 << 20, ttlMs: 60_000 };
    const first = createReadCache(['providers:set'], limits);
    const second = createReadCache(['tenders'], limits);
    const answer = (n: number) => async () => `${n}`.padEnd(100_000, '.');
    const before = readCacheBytes();
    readCacheBudget.bytes = before + 500_000;
    for (let n = 0; n < 4; n++) await first(t.ctx.database, `a${n}`, answer(n));
    // a0 read again: a1 is now the least recently used.
    expect((await first(t.ctx.database, 'a0', answer(0))).hit).toBe(true);
    for (let n = 0; n < 3; n++) await second(t.ctx.database, `b${n}`, answer(n));
    expect(readCacheBytes() - before).toBeLessThanOrEqual(500_000);
    expect((await first(t.ctx.database, 'a1', answer(1))).hit).toBe(false);
    expect((await second(t.ctx.database, 'b2', answer(2))).hit).toBe(true);
    readCacheBudget.bytes = budget;
  });

  it('answers of a closed feed are dropped and free their share', async () => {
    const cache = createReadCache(['providers:set'], { maxEntries: 100, maxBytes: 64 << 20, ttlMs: 60_000 });
    const other = await createTestApp();
    const before = readCacheBytes();
    await cache(other.ctx.database, 'k', async () => 'x'.repeat(200_000));
    expect(readCacheBytes() - before).toBeGreaterThanOrEqual(200_000);
    await other.close();
    expect(readCacheBytes()).toBe(before);
  });
});
