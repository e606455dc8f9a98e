import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_LIMITS } from '@solar/shared/constants/developers';
import { contracts } from '@solar/shared/contracts/index';
import { createTestApp, databaseKinds, signedInUser, type SignedInUser, type TestApp } from '../../../../test/harness';
import { hashApiKey } from '../../../platform/api-keys';
import { readCacheFeed } from '../../../platform/read-cache-feed';
import { insertTender } from '../../tenders/tenders.repository';

/**
 * API keys (decision 0492): created, named, listed with their last use, revoked; shown once and
 * stored hashed; a key reads the public routes and its account's own data, never an admin route and
 * never a write; each key has its own rate limit.
 */
describe.each(databaseKinds)('API keys on %s', (kind) => {
  let t: TestApp;
  let alice: SignedInUser;
  let bob: SignedInUser;
  let admin: SignedInUser;
  const create = (who: SignedInUser, name: string) =>
    t.app.inject({ method: 'POST', url: '/api/api-keys', payload: { name }, headers: { cookie: who.cookie } });
  const withKey = (key: string, url: string, method: 'GET' | 'POST' | 'DELETE' | 'PATCH' = 'GET', payload?: object) =>
    t.app.inject({ method, url, headers: { authorization: `Bearer ${key}` }, ...(payload && { payload }) });

  beforeAll(async () => {
    t = await createTestApp({ kind });
    alice = await signedInUser(t, { name: 'Alice Keyholder' });
    bob = await signedInUser(t, { name: 'Bob Other' });
    admin = await signedInUser(t, { admin: true, name: 'Ada Admin' });
  });
  afterAll(() => t.close());

  it('shows the key once; stores only its SHA-256 and first characters; lists keys without them', async () => {
    const res = await create(alice, 'Nightly sync');
    expect(res.statusCode, res.body).toBe(201);
    const { data, secret } = res.json();
    expect(secret).toMatch(/^sm_[A-Za-z0-9_-]{32}$/);
    expect(data).toMatchObject({ name: 'Nightly sync', prefix: secret.slice(0, 11), lastUsedAt: null, revokedAt: null });
    const [row] = await t.ctx.database.query<Record<string, string>>('SELECT * FROM api_keys WHERE id = $1', [data.id]);
    expect(row!.key_hash).toBe(hashApiKey(secret));
    expect(JSON.stringify(row)).not.toContain(secret.slice(11));
    const list = await t.app.inject({ url: '/api/api-keys', headers: { cookie: alice.cookie } });
    expect(list.json().data).toEqual([data]);
    expect(list.body).not.toContain(secret);
    expect(list.body).not.toContain(row!.key_hash);
    // Another account sees none of them.
    expect((await t.app.inject({ url: '/api/api-keys', headers: { cookie: bob.cookie } })).json().data).toEqual([]);
    // Two keys are never the same.
    expect((await create(alice, 'Second')).json().secret).not.toBe(secret);
  });

  it('signs a GET in as its account: its own data and the public reads; records when it was last used', async () => {
    const { secret, data } = (await create(alice, 'Reader')).json();
    const me = await withKey(secret, '/api/auth/me');
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json().data).toMatchObject({ name: 'Alice Keyholder' });
    expect(me.headers['x-ratelimit-limit']).toBe(String(API_KEY_LIMITS.perMinute));
    expect(Number(me.headers['x-ratelimit-remaining'])).toBe(API_KEY_LIMITS.perMinute - 1);
    expect((await withKey(secret, '/api/tenders/mine')).statusCode).toBe(200);
    expect((await withKey(secret, '/api/tenders/public')).statusCode).toBe(200);
    const [row] = await t.ctx.database.query<{ last_used_at: Date | string | null }>('SELECT last_used_at FROM api_keys WHERE id = $1', [data.id]);
    expect(new Date(row!.last_used_at!).toISOString()).toBe(t.ctx.clock.now().toISOString());
    const listed = (await t.app.inject({ url: '/api/api-keys', headers: { cookie: alice.cookie } })).json().data;
    expect(listed.find((k: { id: string }) => k.id === data.id).lastUsedAt).toBe(t.ctx.clock.now().toISOString());
  });

  it('never works for an admin route, even on an admin account, nor for any write, nor to manage keys; nothing changes', async () => {
    const adminKey = (await create(admin, 'Admin script')).json().secret;
    const adminRoutes = Object.values(contracts).filter((c) => c.access === 'admin' && c.method === 'GET' && !c.path.includes(':'));
    expect(adminRoutes.length).toBeGreaterThan(3);
    for (const c of adminRoutes) {
      const res = await withKey(adminKey, c.path);
      expect(res.statusCode, `${c.path}: ${res.body}`).toBe(403);
      expect(res.json().message).toBe('API keys do not work for this route.');
    }
    // The same admin's session still works there: the refusal is about the key.
    expect((await t.app.inject({ url: adminRoutes[0]!.path, headers: { cookie: admin.cookie } })).statusCode).toBe(200);
    const key = (await create(alice, 'Writer?')).json().secret;
    const before = (await t.ctx.database.query<{ n: number }>('SELECT count(*)::int AS n FROM api_keys'))[0]!.n;
    for (const [method, url, payload] of [
      ['POST', '/api/api-keys', { name: 'made by a key' }],
      ['PATCH', '/api/auth/update-details', { name: 'Renamed by a key' }],
      ['POST', '/api/auth/logout', undefined],
    ] as const) {
      const res = await withKey(key, url, method, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().message).toBe('API keys can only read. Sign in to make changes.');
    }
    expect((await withKey(key, '/api/api-keys')).statusCode).toBe(403);
    expect((await t.ctx.database.query<{ n: number }>('SELECT count(*)::int AS n FROM api_keys'))[0]!.n).toBe(before);
    expect((await t.ctx.database.query<{ name: string }>('SELECT name FROM users WHERE id = $1', [alice.user.id]))[0]!.name).toBe('Alice Keyholder');
  });

  it('refuses a revoked, unknown or malformed key with 401, and revoking takes effect on the very next request', async () => {
    const { secret, data } = (await create(alice, 'Short-lived')).json();
    expect((await withKey(secret, '/api/auth/me')).statusCode).toBe(200);
    // Bob cannot revoke Alice's key: 404, as for a key that does not exist.
    const foreign = await t.app.inject({ method: 'DELETE', url: `/api/api-keys/${data.id}`, headers: { cookie: bob.cookie } });
    expect(foreign.statusCode).toBe(404);
    expect((await withKey(secret, '/api/auth/me')).statusCode).toBe(200);
    const revoked = await t.app.inject({ method: 'DELETE', url: `/api/api-keys/${data.id}`, headers: { cookie: alice.cookie } });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json().data.revokedAt).toBe(t.ctx.clock.now().toISOString());
    const after = await withKey(secret, '/api/auth/me');
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe('This API key is not valid, or it has been revoked.');
    expect((await withKey(`sm_${'A'.repeat(32)}`, '/api/tenders/public')).statusCode).toBe(401);
    expect((await withKey('not-a-key', '/api/tenders/public')).statusCode).toBe(401);
    const basic = await t.app.inject({ url: '/api/tenders/public', headers: { authorization: 'Basic abc' } });
    expect(basic.statusCode).toBe(401);
    expect(basic.json().message).toBe('Send the API key as "Authorization: Bearer <key>".');
    // Without any key, public reads answer as ever.
    expect((await t.app.inject({ url: '/api/tenders/public' })).statusCode).toBe(200);
  });

  it('names are required, visible and bounded; an account holds at most 10 active keys', async () => {
    for (const name of ['', '   ', 'x'.repeat(61), 'evil\u202Egnp.exe']) expect((await create(bob, name)).statusCode, JSON.stringify(name)).toBe(400);
    const made: string[] = [];
    for (let i = 0; i < API_KEY_LIMITS.maxActive; i++) made.push((await create(bob, `Key ${i}`)).json().data.id);
    const eleventh = await create(bob, 'One too many');
    expect(eleventh.statusCode).toBe(409);
    expect(eleventh.json().message).toBe('You already have 10 active API keys. Revoke one before creating another.');
    await t.app.inject({ method: 'DELETE', url: `/api/api-keys/${made[0]}`, headers: { cookie: bob.cookie } });
    expect((await create(bob, 'Now there is room')).statusCode).toBe(201);
  });

  it('limits each key on its own: the request past the limit is 429 with Retry-After; another key of the account is not held', async () => {
    const first = (await create(admin, 'Busy')).json().secret;
    const second = (await create(admin, 'Quiet')).json().secret;
    let last = await withKey(first, '/api/health');
    for (let i = 1; i < API_KEY_LIMITS.perMinute; i++) last = await withKey(first, '/api/health');
    expect(last.statusCode).toBe(200);
    expect(last.headers['x-ratelimit-remaining']).toBe('0');
    const over = await withKey(first, '/api/health');
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(over.json().message).toMatch(/^Too many requests with this API key\. Please try again in \d+ seconds\.$/);
    expect((await withKey(second, '/api/health')).statusCode).toBe(200);
  });

  it('a keyed request is never answered from a kept visitor’s answer: it is its account’s, checked and counted each time', async () => {
    const dave = await signedInUser(t, {});
    const { secret, data } = (await create(dave, 'Replay check')).json();
    const id = await insertTender(
      t.ctx.database.db,
      { source: 'Solar Manager', type: 'open', title: 'Roof survey', description: 'x', userId: alice.user.id, contactEmail: 'olive.contact@example.com', closingDate: new Date('2026-12-30T12:00:00Z') },
      [],
    );
    // The insert's change notice reaches PostgreSQL's listener later: heard first, it clears nothing kept after.
    if (kind === 'postgres') await readCacheFeed(t.ctx.database).sync();
    // A visitor's answer for this address is kept and replayed to other visitors; it has no contact email (decision 0400).
    const visitor = await t.app.inject({ url: `/api/tenders/${id}` });
    expect(visitor.body).not.toContain('olive.contact@example.com');
    expect((await t.app.inject({ url: `/api/tenders/${id}` })).headers['x-read-cache']).toBe('hit');
    const one = await withKey(secret, `/api/tenders/${id}`);
    expect(one.body).toContain('olive.contact@example.com');
    expect(one.headers['cache-control']).toBe('private, no-store');
    const two = await withKey(secret, `/api/tenders/${id}`);
    expect(Number(one.headers['x-ratelimit-remaining']) - Number(two.headers['x-ratelimit-remaining'])).toBe(1);
    await t.app.inject({ method: 'DELETE', url: `/api/api-keys/${data.id}`, headers: { cookie: dave.cookie } });
    expect((await withKey(secret, `/api/tenders/${id}`)).statusCode).toBe(401);
  });

  it('a keyed answer is never kept for visitors: asked first with a key, the address still gives visitors their own answer', async () => {
    const erin = await signedInUser(t, {});
    const { secret } = (await create(erin, 'Cache check')).json();
    const id = await insertTender(
      t.ctx.database.db,
      { source: 'Solar Manager', type: 'open', title: 'Inverter swap', description: 'x', userId: alice.user.id, contactEmail: 'olive.keyed@example.com', closingDate: new Date('2026-12-30T12:00:00Z') },
      [],
    );
    const keyed = await withKey(secret, `/api/tenders/${id}`);
    expect(keyed.body).toContain('olive.keyed@example.com');
    expect(keyed.headers.etag).toBeUndefined();
    const visitor = await t.app.inject({ url: `/api/tenders/${id}` });
    expect(visitor.statusCode).toBe(200);
    expect(visitor.body).not.toContain('olive.keyed@example.com');
  });

  it('deleting the account deletes its keys', async () => {
    const carol = await signedInUser(t, {});
    const { secret } = (await create(carol, 'Goes with the account')).json();
    await t.ctx.database.query('DELETE FROM users WHERE id = $1', [carol.user.id]);
    expect((await withKey(secret, '/api/auth/me')).statusCode).toBe(401);
    expect((await t.ctx.database.query<{ n: number }>('SELECT count(*)::int AS n FROM api_keys WHERE user_id = $1', [carol.user.id]))[0]!.n).toBe(0);
  });
});
