import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_ABSOLUTE_DAYS, SESSION_CACHE } from '@solar/shared/constants/accounts';
import { HTTP_CACHE } from '@solar/shared/constants/http-cache';
import { buildApp } from '../src/app';
import { createContext } from '../src/context';
import { createLogger } from '../src/logger';
import type { AppContext } from '../src/plugins/context';
import { hashToken } from '../src/plugins/auth';
import { fixedClock } from '../src/platform/clock';
import { readCacheFeed } from '../src/platform/read-cache-feed';
import { createTestApp, databaseKinds, signedInUser, type SignedInUser, type TestApp } from './harness';

const DAY_MS = 86_400_000;

async function status(app: FastifyInstance, url: string, cookie: string) {
  return (await app.inject({ url, headers: { cookie } })).statusCode;
}

async function me(app: FastifyInstance, cookie: string) {
  const res = await app.inject({ url: '/api/auth/me', headers: { cookie } });
  return { status: res.statusCode, body: res.json() };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Asks until `check` holds; fails past the stated bound (decision 0430). */
async function eventually(check: () => Promise<boolean>) {
  const from = Date.now();
  while (!(await check())) {
    expect(Date.now() - from).toBeLessThan(HTTP_CACHE.staleBoundSeconds * 1000);
    await sleep(2);
  }
  return Date.now() - from;
}

const sessionId = (s: SignedInUser) => hashToken(s.cookie.slice(s.cookie.indexOf('=') + 1));

/** Decision 0386: the session → user lookup is answered from memory, never after a write that ended or changed it. */
describe.each(databaseKinds)('sessions from memory on %s', (kind) => {
  let t: TestApp;
  const clock = fixedClock(new Date('2026-11-22T09:00:00Z'));

  beforeAll(async () => {
    t = await createTestApp({ kind, clock });
    // On PostgreSQL the feed listens once its connection is up; until then lookups go to the database.
    await readCacheFeed(t.ctx.database).sync();
  });
  afterAll(() => t.close());
  /** SQL from outside the app's requests, heard before the next request (PGlite as it commits; PostgreSQL once the feed caught up, as a write request waits for). */
  const sql = async (text: string, params: unknown[]) => {
    await t.ctx.database.query(text, params);
    await readCacheFeed(t.ctx.database).sync();
  };

  it('a held session is answered without the database (a delete no trigger reports is not seen)', async () => {
    const viewer = await signedInUser(t);
    expect((await me(t.app, viewer.cookie)).status).toBe(200);
    // With the notifying triggers off, only a copy in memory can still answer for the session.
    await t.ctx.database.query('ALTER TABLE sessions DISABLE TRIGGER USER');
    try {
      await t.ctx.database.query('DELETE FROM sessions WHERE id = $1', [sessionId(viewer)]);
      expect((await me(t.app, viewer.cookie)).status).toBe(200);
    } finally {
      await t.ctx.database.query('ALTER TABLE sessions ENABLE TRIGGER USER');
    }
  });

  it('sign-out and revocation (SQL from anywhere) are refused on the very next request', async () => {
    const a = await signedInUser(t);
    const b = await signedInUser(t);
    for (const s of [a, b]) expect((await me(t.app, s.cookie)).status).toBe(200);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: a.cookie } })).statusCode,
    ).toBeLessThan(300);
    expect((await me(t.app, a.cookie)).status).toBe(401);
    await sql('DELETE FROM sessions WHERE user_id = $1', [b.user.id]);
    expect((await me(t.app, b.cookie)).status).toBe(401);
  });

  it('a demoted admin is refused, a verification and a deleted user are seen, on the very next request', async () => {
    const admin = await signedInUser(t, { admin: true });
    const other = await signedInUser(t, { verified: false });
    expect(await status(t.app, '/api/admin/users', admin.cookie)).toBe(200);
    expect((await me(t.app, other.cookie)).body.data.emailVerified).toBe(false);
    await sql('UPDATE users SET is_admin = false WHERE id = $1', [admin.user.id]);
    expect(await status(t.app, '/api/admin/users', admin.cookie)).toBe(403);
    await sql('UPDATE users SET email_verified_at = now() WHERE id = $1', [other.user.id]);
    expect((await me(t.app, other.cookie)).body.data.emailVerified).toBe(true);
    await sql('DELETE FROM users WHERE id = $1', [other.user.id]);
    expect((await me(t.app, other.cookie)).status).toBe(401);
  });

  it('expiry is checked in memory; last_seen_at is written at most once a minute', async () => {
    const viewer = await signedInUser(t);
    const lastSeen = async () =>
      new Date(
        (
          await t.ctx.database.query<{ last_seen_at: string | Date }>(
            'SELECT last_seen_at FROM sessions WHERE id = $1',
            [sessionId(viewer)],
          )
        )[0]!.last_seen_at,
      ).getTime();
    const started = clock.now().getTime();
    expect((await me(t.app, viewer.cookie)).status).toBe(200);
    clock.advance(SESSION_CACHE.touchIntervalMs / 2);
    expect((await me(t.app, viewer.cookie)).status).toBe(200);
    expect(await lastSeen()).toBe(started);
    clock.advance(SESSION_CACHE.touchIntervalMs);
    expect((await me(t.app, viewer.cookie)).status).toBe(200);
    const touched = await lastSeen();
    expect(touched).toBe(clock.now().getTime());
    expect((await me(t.app, viewer.cookie)).status).toBe(200);
    expect(await lastSeen()).toBe(touched);
    // Past the absolute expiry (no write tells anyone): refused.
    clock.set(new Date(started + SESSION_ABSOLUTE_DAYS * DAY_MS + 1000));
    expect((await me(t.app, viewer.cookie)).status).toBe(401);
    clock.set(new Date(started + SESSION_ABSOLUTE_DAYS * DAY_MS * 2));
  });

  it("one viewer's session never answers for another", async () => {
    const a = await signedInUser(t, { name: 'Viewer Alpha' });
    const b = await signedInUser(t, { name: 'Viewer Beta' });
    for (let i = 0; i < 2; i++) {
      expect((await me(t.app, a.cookie)).body.data).toMatchObject({ id: a.user.id, name: 'Viewer Alpha' });
      expect((await me(t.app, b.cookie)).body.data).toMatchObject({ id: b.user.id, name: 'Viewer Beta' });
    }
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'sessions from memory across processes on PostgreSQL (decision 0386)',
  () => {
    let a: TestApp;
    let b: { ctx: AppContext; app: FastifyInstance };

    beforeAll(async () => {
      a = await createTestApp({ kind: 'postgres' });
      const ctx = await createContext(a.ctx.env, createLogger('warn'), a.ctx.clock);
      b = { ctx, app: await buildApp(ctx, { serveWeb: false }) };
      await b.app.ready();
    });
    afterAll(async () => {
      await b.app.close();
      await b.ctx.database.close();
      await a.close();
    });

    it('a session signed out, revoked or demoted on process A is refused on process B as the notification arrives, well within the stated bound', async () => {
      const lags: number[] = [];
      for (let round = 0; round < 3; round++) {
        const viewer = await signedInUser(a);
        const admin = await signedInUser(a, { admin: true });
        await readCacheFeed(b.ctx.database).sync();
        expect((await me(b.app, viewer.cookie)).status).toBe(200);
        expect(await status(b.app, '/api/admin/users', admin.cookie)).toBe(200);
        expect((await me(b.app, viewer.cookie)).status).toBe(200);

        if (round === 0) {
          const out = await a.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: viewer.cookie } });
          expect(out.statusCode).toBeLessThan(300);
          // Process A acknowledged the sign-out only once it had heard it.
          expect((await me(a.app, viewer.cookie)).status).toBe(401);
        } else await a.ctx.database.query('DELETE FROM sessions WHERE id = $1', [sessionId(viewer)]);
        lags.push(await eventually(async () => (await me(b.app, viewer.cookie)).status === 401));

        await a.ctx.database.query('UPDATE users SET is_admin = false WHERE id = $1', [admin.user.id]);
        lags.push(await eventually(async () => (await status(b.app, '/api/admin/users', admin.cookie)) === 403));
      }
      expect(Math.max(...lags)).toBeLessThan(1_000);
    });
  },
);
