import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../src/platform/errors';
import { startSession } from '../src/plugins/auth';
import { insertUser } from '../src/features/accounts/accounts.repository';
import { hashPassword } from '../src/platform/passwords';
import { createTestApp, databaseKinds, type TestApp } from './harness';

describe.each(databaseKinds)('foundation on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      kind,
      routes: (app) => {
        app.get('/api/test/boom', async () => {
          throw new Error('secret internal detail');
        });
        app.post('/api/test/echo', { schema: { body: z.strictObject({ count: z.number(), name: z.string() }) } }, async (req) => req.body);
        app.get('/api/test/conflict', async () => {
          throw new AppError('CONFLICT', 'Already there');
        });
      },
    });
  });
  afterAll(() => t.close());

  it('answers liveness and readiness with migrations current', async () => {
    expect((await t.app.inject('/api/health')).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject('/api/health/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json().checks).toMatchObject({ database: 'reachable', migrations: 'current' });
  });

  it('answers readiness 503 and refuses new requests while shutting down', async () => {
    t.ctx.state.shuttingDown = true;
    try {
      expect((await t.app.inject('/api/health/ready')).statusCode).toBe(503);
      expect((await t.app.inject('/api/auth/me')).statusCode).toBe(503);
    } finally {
      t.ctx.state.shuttingDown = false;
    }
  });

  it('serves an OpenAPI document generated from the route schemas', async () => {
    const res = await t.app.inject('/api/docs/openapi.json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/auth/me', '/api/health', '/api/analytics/pageview']));
  });

  it('compresses large responses when the client accepts gzip', async () => {
    const res = await t.app.inject({ url: '/api/docs/openapi.json', headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    const small = await t.app.inject({ url: '/api/health', headers: { 'accept-encoding': 'gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('answers unknown /api paths with a JSON 404, never the app shell', async () => {
    const res = await t.app.inject('/api/nope');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, message: 'Not found' });
  });

  it('gives a clear 400 for malformed JSON, a wrong type and an unknown field', async () => {
    const post = (payload: string) =>
      t.app.inject({ method: 'POST', url: '/api/test/echo', payload, headers: { 'content-type': 'application/json' } });
    const malformed = await post('{"count": 1,');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ success: false, message: 'The request body is not valid JSON' });

    const wrongType = await post('{"count": "10", "name": "a"}');
    expect(wrongType.statusCode).toBe(400); // no coercion of body types
    expect(wrongType.json().message).toMatch(/count/);

    const unknown = await post('{"count": 1, "name": "a", "isAdmin": true}');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toMatch(/isAdmin/);

    expect((await post('{"count": 1, "name": "a"}')).json()).toEqual({ count: 1, name: 'a' });
  });

  it('maps AppError codes to statuses with the message', async () => {
    const res = await t.app.inject('/api/test/conflict');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ success: false, message: 'Already there' });
  });

  it('hides a thrown error behind a generic 500 whose reference id is in the log', async () => {
    const res = await t.app.inject('/api/test/boom');
    expect(res.statusCode).toBe(500);
    const body = res.json();
    expect(body.message).not.toContain('secret');
    expect(body.reference).toMatch(/^[0-9a-f-]{36}$/);
    const line = t.logs.find((l) => l.includes(body.reference) && l.includes('secret internal detail'));
    expect(line).toBeDefined();
  });

  it('refuses cross-site writes by Origin and by Sec-Fetch-Site', async () => {
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/analytics/pageview',
      headers: { origin: 'https://evil.example' },
      payload: { path: '/' },
    });
    expect(foreign.statusCode).toBe(403);
    const crossSite = await t.app.inject({
      method: 'POST',
      url: '/api/analytics/pageview',
      headers: { 'sec-fetch-site': 'cross-site' },
      payload: { path: '/' },
    });
    expect(crossSite.statusCode).toBe(403);
    const sameOrigin = await t.app.inject({
      method: 'POST',
      url: '/api/analytics/pageview',
      headers: { origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin' },
      payload: { path: '/' },
    });
    expect(sameOrigin.statusCode).toBe(204);
  });

  it('sets security headers on API responses', async () => {
    const res = await t.app.inject('/api/health');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['permissions-policy']).toContain('camera=()');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers /api/auth/me with 401 when signed out and the user when signed in', async () => {
    const signedOut = await t.app.inject('/api/auth/me');
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json().success).toBe(false);

    const user = await insertUser(t.ctx.database.db, {
      email: 'Me.Test@Example.com',
      name: 'Me Test',
      company: 'Test Co',
      type: 'provider',
      passwordHash: await hashPassword('Secret123'),
    });
    // start a session the way the sign-in flow does
    let cookie = '';
    const reply = { setCookie: (name: string, value: string) => (cookie = `${name}=${value}`) } as never;
    await startSession(t.ctx, reply, user.id);
    const me = await t.app.inject({ url: '/api/auth/me', headers: { cookie } });
    expect(me.statusCode).toBe(200);
    const body = me.json();
    expect(body).toMatchObject({ success: true, data: { email: 'me.test@example.com', name: 'Me Test', is_admin: false } });
    expect(JSON.stringify(body)).not.toMatch(/hash|argon/i);
  });

  it('stores page views without tracking parameters', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/analytics/pageview',
      payload: { path: '/providers?services=O%26M&utm_source=x&gclid=abc&fbclid=1', referrer: 'https://search.example/q?utm_medium=y' },
    });
    expect(res.statusCode).toBe(204);
    const rows = await t.ctx.database.query<{ path: string; referrer: string }>(
      "SELECT path, referrer FROM page_views WHERE path LIKE '/providers%'",
    );
    expect(rows).toEqual([{ path: '/providers?services=O%26M', referrer: 'https://search.example/q' }]);
  });

  it('rejects oversized or malformed page views without storing them', async () => {
    const before = await t.ctx.database.query<{ n: number }>('SELECT count(*)::int AS n FROM page_views');
    const bad = await t.app.inject({ method: 'POST', url: '/api/analytics/pageview', payload: { path: 'no-slash' } });
    expect(bad.statusCode).toBe(400);
    const big = await t.app.inject({ method: 'POST', url: '/api/analytics/pageview', payload: { path: `/${'a'.repeat(9000)}` } });
    expect([400, 413]).toContain(big.statusCode);
    const after = await t.ctx.database.query<{ n: number }>('SELECT count(*)::int AS n FROM page_views');
    expect(after[0]!.n).toBe(before[0]!.n);
  });
});
