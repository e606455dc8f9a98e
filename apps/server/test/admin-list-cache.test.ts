import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertClaim } from '../src/features/providers/provider-claims.repository';
import { readCacheFeed } from '../src/platform/read-cache-feed';
import { insertProvider } from './fixtures/providers';
import { createTestApp, databaseKinds, signedInUser, type SignedInUser, type TestApp } from './harness';

/** Decisions 0386, 0430: the admin lists are kept by address for every admin (`cache: { scope: 'access' }`), dropped by the writes they depend on. */
describe.each(databaseKinds)('admin lists from a cache on %s', (kind) => {
  let t: TestApp;
  let admin: SignedInUser;
  let otherAdmin: SignedInUser;
  let claimant: SignedInUser;
  let claimed: { id: string; slug: string };
  let unrelated: { id: string; slug: string };

  const get = async (url: string, who: SignedInUser) => {
    const res = await t.app.inject({ url, headers: { cookie: who.cookie } });
    return {
      status: res.statusCode,
      cache: res.headers['x-read-cache'],
      body: res.statusCode === 200 ? res.json() : null,
    };
  };

  beforeAll(async () => {
    t = await createTestApp({ kind });
    admin = await signedInUser(t, { admin: true });
    otherAdmin = await signedInUser(t, { admin: true });
    claimant = await signedInUser(t, { name: 'Claimant Person' });
    claimed = await insertProvider(t, { businessName: 'Claimed Admin Cache', description: 'one' });
    unrelated = await insertProvider(t, { businessName: 'Unrelated Admin Cache', description: 'one' });
    await insertClaim(t.ctx.database.db, { providerId: claimed.id, userId: claimant.user.id, companyRole: 'Director' });
    await readCacheFeed(t.ctx.database).sync();
  });
  afterAll(() => t.close());
  /** SQL from outside a request, heard before the next request (a write request waits for the same). */
  const sql = async (text: string, params: unknown[]) => {
    await t.ctx.database.query(text, params);
    await readCacheFeed(t.ctx.database).sync();
  };

  it('a second admin is answered from the cache; a signed-in non-admin is still refused', async () => {
    for (const url of ['/api/admin/users', '/api/admin/claims', '/api/admin/audit-log', '/api/admin/waiting']) {
      expect((await get(url, admin)).cache).toBe('miss');
      expect(await get(url, otherAdmin)).toMatchObject({ status: 200, cache: 'hit' });
      expect((await get(url, claimant)).status).toBe(403);
    }
  });

  it('a new user, a claim, a provider rename and an audit entry are seen at once; an unrelated provider edit keeps the claims list', async () => {
    await get('/api/admin/claims', admin);
    expect((await get('/api/admin/claims', admin)).cache).toBe('hit');
    await sql('UPDATE providers SET description = $1 WHERE id = $2', ['edited', unrelated.id]);
    expect((await get('/api/admin/claims', admin)).cache).toBe('hit');

    await sql('UPDATE providers SET business_name = $1 WHERE id = $2', [
      'Claimed Admin Cache Renamed',
      claimed.id,
    ]);
    const renamed = await get('/api/admin/claims', admin);
    expect(renamed.cache).toBe('miss');
    expect(renamed.body.data.map((c: { provider: { name: string } }) => c.provider.name)).toContain(
      'Claimed Admin Cache Renamed',
    );
    // Even a column the list does not show drops it when that provider is in the answer (the row is named).
    await sql('UPDATE providers SET description = $1 WHERE id = $2', ['edited', claimed.id]);
    expect((await get('/api/admin/claims', admin)).cache).toBe('miss');

    const before = (await get('/api/admin/claims', admin)).body.counts.pending;
    const second = await signedInUser(t, { name: 'Second Claimant' });
    await insertClaim(t.ctx.database.db, { providerId: unrelated.id, userId: second.user.id, companyRole: 'Owner' });
    expect((await get('/api/admin/claims', admin)).body.counts.pending).toBe(before + 1);

    const users = await get('/api/admin/users?q=Second%20Claimant', admin);
    expect(users.body.data).toHaveLength(1);
    await sql('UPDATE users SET name = $1 WHERE id = $2', ['Second Claimant Renamed', second.user.id]);
    expect((await get('/api/admin/users?q=Second%20Claimant', admin)).body.data[0].name).toBe(
      'Second Claimant Renamed',
    );

    const audit = (await get('/api/admin/audit-log', admin)).body.pagination.total;
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/users/${second.user.id}`,
      headers: { cookie: admin.cookie },
      payload: { company: 'Changed Co' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await get('/api/admin/audit-log', admin)).body.pagination.total).toBe(audit + 1);
  });
});
