import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineContract } from '@solar/shared/contracts/contract';
import { fixedClock } from '../src/platform/clock';
import { createReadCache, sendCachedJson } from '../src/platform/read-cache';
import { bind } from '../src/plugins/routes';
import { perIp } from '../src/plugins/rate-limit';
import { addTender } from '../src/features/tenders/test/helpers';
import { insertProvider } from './fixtures/providers';
import { createTestApp, databaseKinds, signedInUser, type SignedInUser, type TestApp } from './harness';

/** A public GET with a rate limit of two per minute whose answer is cached (no route of the app is both today). */
const limited = defineContract({
  method: 'GET',
  path: '/api/test/limited-cached',
  access: 'public',
  summary: 'test',
  source: 'project',
  response: { 200: z.object({ n: z.number() }) },
});
const limitedCache = createReadCache(['providers'], { maxEntries: 10, maxBytes: 1024 * 1024, ttlMs: 60_000 });

/** Decision 0414: a repeated visitor address is answered from memory before routing's work. */
describe.each(databaseKinds)('answers replayed by address on %s', (kind) => {
  let t: TestApp;
  let owner: SignedInUser;
  let admin: SignedInUser;
  let provider: { id: string; slug: string };
  const clock = fixedClock(new Date('2026-12-01T12:00:10Z'));
  /** Requests that reached validation, by address: a replayed one never does. */
  const validated = new Map<string, number>();
  const validations = (url: string) => validated.get(url) ?? 0;

  beforeAll(async () => {
    t = await createTestApp({
      kind,
      clock,
      routes: (app: FastifyInstance) => {
        app.addHook('preValidation', async (request) => void (request.method === 'GET' && validated.set(request.url, validations(request.url) + 1)));
        bind(app, limited, async (_request, reply) => sendCachedJson(reply, await limitedCache(app.ctx.database, 'n', async () => JSON.stringify({ n: 1 }))), {
          limits: [perIp('test-limited-cached', 2, 60_000)],
        });
      },
    });
    owner = await signedInUser(t, { name: 'Replay Owner' });
    admin = await signedInUser(t, { admin: true });
    provider = await insertProvider(t, { businessName: 'Replay Solar', description: 'Before.', services: ['Panel Cleaning'], userId: owner.user.id });
  });
  afterAll(() => t.close());

  it('the second request for an address is sent from memory without validation, with the same answer and headers', async () => {
    const url = '/api/providers/search?companies=replay%20solar&sort=name';
    const first = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    const second = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(validations(url)).toBe(1);
    expect(first.headers['x-read-cache']).toBe('miss');
    expect(second.headers['x-read-cache']).toBe('hit');
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    const comparable = (headers: Record<string, unknown>) => {
      const { 'x-request-id': id, date: _date, 'x-read-cache': _cache, ...rest } = headers;
      expect(id).toBeTruthy();
      return rest;
    };
    expect(comparable(second.headers)).toEqual(comparable(first.headers));
    expect(second.headers['cache-control']).toBe('no-store');
    expect(second.headers['x-content-type-options']).toBe('nosniff');
    expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id']);

    // The same search spelled otherwise is another address: the full path, then the same entry.
    const reordered = '/api/providers/search?sort=name&companies=replay%20solar';
    expect((await t.app.inject({ url: reordered })).headers['x-read-cache']).toBe('hit');
    expect(validations(reordered)).toBe(1);
  });

  it('a replayed answer is never one a write has changed', async () => {
    const url = `/api/providers/${provider.id}`;
    await t.app.inject({ url });
    expect((await t.app.inject({ url })).json()).toMatchObject({ description: 'Before.' });
    const before = validations(url);
    const edit = await t.app.inject({ method: 'PATCH', url, headers: { cookie: admin.cookie }, payload: { description: 'After.' } });
    expect(edit.statusCode, edit.body).toBe(200);
    const after = await t.app.inject({ url });
    expect(after.json()).toMatchObject({ description: 'After.' });
    expect(after.headers['x-read-cache']).toBe('miss');
    expect(validations(url)).toBe(before + 1);
  });

  it('a signed-in reader, or a browser that has just written, takes the full path for the same address', async () => {
    const url = `/api/providers/${provider.slug}`;
    await t.app.inject({ url });
    await t.app.inject({ url });
    const before = validations(url);
    const mine = await t.app.inject({ url, headers: { cookie: owner.cookie } });
    expect(mine.statusCode).toBe(200);
    // The owner's view of their profile, not the visitors' cached answer.
    expect(mine.headers['x-read-cache']).toBeUndefined();
    const wrote = await t.app.inject({ url, headers: { cookie: 'theme=dark; wrote=1' } });
    expect(wrote.statusCode).toBe(200);
    expect(validations(url)).toBe(before + 2);
    // Another site's cookie does not stop a replay.
    await t.app.inject({ url, headers: { cookie: 'theme=dark; notsid=1' } });
    expect(validations(url)).toBe(before + 2);
  });

  it("the board's answer is not replayed past the minute its statuses were computed at", async () => {
    await addTender(t, { title: 'Replay minute tender', closingDate: new Date('2026-12-01T12:00:40Z') });
    const url = '/api/tenders/public?status=open&sortBy=closingDate&sortOrder=asc&limit=50';
    const titles = async () => (await t.app.inject({ url })).json().data.map((x: { title: string }) => x.title);
    expect(await titles()).toContain('Replay minute tender');
    expect(await titles()).toContain('Replay minute tender');
    expect(validations(url)).toBe(1);
    clock.set(new Date('2026-12-01T12:01:05Z'));
    expect(await titles()).not.toContain('Replay minute tender');
  });

  it('a rate limit still counts every request: a limit of two answers the third with 429', async () => {
    const url = limited.path;
    const codes: number[] = [];
    for (let i = 0; i < 3; i++) codes.push((await t.app.inject({ url })).statusCode);
    expect(codes).toEqual([200, 200, 429]);
    expect(validations(url)).toBe(3);
  });
});
