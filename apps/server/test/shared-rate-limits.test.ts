import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { createContext } from '../src/context';
import { createLogger } from '../src/logger';
import type { AppContext } from '../src/plugins/context';
import { limitHandler, perIp } from '../src/plugins/rate-limit';
import { createSharedRateLimitStore, leaseFor } from '../src/platform/rate-limit-store';
import { createTestApp, type TestApp } from './harness';

// A window far longer than the test, so a run never straddles two fixed windows.
const LONG_WINDOW = 10 * 365 * 24 * 3600_000;
const limitedRoute = (app: FastifyInstance) =>
  app.get('/test/limited', { preHandler: limitHandler(app, perIp('test-shared', 7, LONG_WINDOW)) }, async () => ({ ok: true }));

describe('rate-limit leases (decision 0381)', () => {
  it('take a share of what is left, one at a time near the end', () => {
    expect(leaseFor(600, 0)).toBe(30);
    expect(leaseFor(600, 400)).toBe(25);
    expect(leaseFor(600, 590)).toBe(1);
    expect(leaseFor(600, 600)).toBe(0);
    expect(leaseFor(5, 0)).toBe(1);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('rate limits shared across processes on PostgreSQL (decision 0381)', () => {
  let t: TestApp;
  let other: { ctx: AppContext; app: FastifyInstance };

  beforeAll(async () => {
    t = await createTestApp({ kind: 'postgres', routes: limitedRoute });
    // A second server on the same database, as a second process would be: its own pool, its own memory.
    const ctx = await createContext(t.ctx.env, createLogger('warn'));
    const app = await buildApp(ctx, { serveWeb: false });
    limitedRoute(app);
    await app.ready();
    other = { ctx, app };
  });
  afterAll(async () => {
    await other.app.close();
    await other.ctx.database.close();
    await t.close();
  });

  it('a limit of 7 admits 7 requests in all when two processes share the traffic', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) {
      const app = i % 2 ? other.app : t.app;
      statuses.push((await app.inject({ method: 'GET', url: '/test/limited' })).statusCode);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(7);
    expect(statuses.filter((s) => s === 429)).toHaveLength(13);
    // The 429s carry the usual message, from either process.
    const refused = await other.app.inject({ method: 'GET', url: '/test/limited' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many requests\. Please try again in \d+ seconds\.$/);
  });

  it('holds at N under concurrent bursts from both, with about one write per lease', async () => {
    const a = createSharedRateLimitStore(t.ctx.database, t.ctx.log);
    const b = createSharedRateLimitStore(other.ctx.database, other.ctx.log);
    const key = `burst-${Date.now()}`;
    const results = await Promise.all(
      Array.from({ length: 800 }, (_, i) => (i % 2 ? a : b).hit(key, LONG_WINDOW, 600)),
    );
    const admitted = results.filter((r) => r.current <= 600).length;
    expect(admitted).toBe(600);
    // 600 requests took leases of at most 30: far fewer writes than requests.
    expect(a.stats.claims + b.stats.claims).toBeLessThan(120);
    const [row] = await t.ctx.database.query<{ used: number }>('SELECT used FROM rate_limit_windows WHERE key = $1', [key]);
    expect(Number(row!.used)).toBe(600);
  });

  it('refuses a used-up window from memory: further refused requests write nothing', async () => {
    const a = createSharedRateLimitStore(t.ctx.database, t.ctx.log);
    const key = `flood-${Date.now()}`;
    for (let i = 0; i < 3; i++) await a.hit(key, LONG_WINDOW, 3);
    expect((await a.hit(key, LONG_WINDOW, 3)).current).toBe(4);
    const claims = a.stats.claims;
    for (let i = 0; i < 50; i++) expect((await a.hit(key, LONG_WINDOW, 3)).current).toBe(4);
    expect(a.stats.claims).toBe(claims);
  });
});
