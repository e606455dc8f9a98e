import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CACHE_STATUS_HEADER, HTTP_CACHE } from '@solar/shared/constants/http-cache';
import { parseEnv } from '../src/env';
import { publicCacheControl, PRIVATE } from '../src/plugins/http-cache';
import { addTender } from '../src/features/tenders/test/helpers';
import { insertProvider } from './fixtures/providers';
import { createTestApp, databaseKinds, signedInUser, type SignedInUser, type TestApp } from './harness';

/**
 * Issue 26, decision 0430: standard HTTP caching on every public read. Headers per class of answer
 * (a visitor's public read, a signed-in caller's, a user's own), strong ETags and 304s, only the
 * encoding asked for, and the stated bound in the headers.
 */
describe.each(databaseKinds)('HTTP caching of reads on %s', (kind) => {
  let t: TestApp;
  let user: SignedInUser;
  let admin: SignedInUser;
  let provider: { id: string; slug: string };
  let tender = '';

  beforeAll(async () => {
    t = await createTestApp({ kind });
    user = await signedInUser(t, { name: 'Signed In Reader' });
    admin = await signedInUser(t, { admin: true });
    provider = await insertProvider(t, { businessName: 'Headers Solar', description: 'Cleans panels. '.repeat(100), services: ['Panel Cleaning'] });
    tender = await addTender(t, { title: 'Headers tender', closingDate: new Date('2026-12-20T12:00:00Z') });
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });
  const publicReads = () => [
    '/api/providers/search?services=Panel%20Cleaning',
    '/api/providers/search?mode=map',
    `/api/providers/${provider.id}`,
    '/api/tenders/public?status=all',
    `/api/tenders/${tender}`,
    '/api/assets/coordinates?bounds=-3,50,0,52&zoom=8',
    '/api/assets/tenders?limit=25',
    '/sitemap.xml',
  ];

  it("a visitor's public read is public within the stated bound, with a strong ETag and Vary", async () => {
    for (const url of publicReads()) {
      for (const round of ['miss', 'hit']) {
        const res = await get(url);
        expect(res.statusCode, `${url} ${res.body.slice(0, 200)}`).toBe(200);
        expect(res.headers['cache-control'], `${url} (${round})`).toBe(publicCacheControl(url.startsWith('/api/tenders') || url === '/sitemap.xml' ? 60 : Infinity));
        expect(res.headers.etag, url).toMatch(/^"[\w-]{22}"$/);
        expect(String(res.headers.vary), url).toContain('Cookie');
        expect(res.headers[CACHE_STATUS_HEADER.toLowerCase()], url).toBe(round);
      }
    }
  });

  it('answers If-None-Match with a 304 and no body while the answer is unchanged, then 200 once a write changed it', async () => {
    const url = `/api/providers/${provider.id}`;
    const first = await get(url);
    const etag = String(first.headers.etag);
    const again = await get(url, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['cache-control']).toBe(publicCacheControl());
    // A list of validators, weak or strong, and the one of a compressed form, all name the same answer.
    expect((await get(url, { 'if-none-match': `"other", W/${etag}` })).statusCode).toBe(304);
    const br = await get(url, { 'accept-encoding': 'br' });
    expect((await get(url, { 'if-none-match': String(br.headers.etag) })).statusCode).toBe(304);
    const edit = await t.app.inject({ method: 'PATCH', url: `/api/providers/${provider.id}`, headers: { cookie: admin.cookie }, payload: { description: 'Now also inspects inverters.' } });
    expect(edit.statusCode, edit.body).toBe(200);
    const changed = await get(url, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().description).toBe('Now also inspects inverters.');
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('compresses only in the encoding asked for, the bytes naming their own validator', async () => {
    const long = await insertProvider(t, { businessName: 'Compressed Solar', description: 'Inspects inverters and cleans panels. '.repeat(80) });
    const url = `/api/providers/${long.id}`;
    const plain = await get(url);
    const br = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
    const gzip = await get(url, { 'accept-encoding': 'gzip' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(br.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    expect(new Set([plain.headers.etag, br.headers.etag, gzip.headers.etag]).size).toBe(3);
    expect(String(br.headers.vary)).toContain('Accept-Encoding');
  });

  it("a signed-in caller's answer is private, no-store and carries nothing a shared cache may keep or validate", async () => {
    for (const url of [...publicReads(), '/api/auth/me', '/api/tenders/saved', '/api/tenders/mine', `/api/providers/user/${user.user.id}`]) {
      const res = await get(url, { cookie: user.cookie });
      expect(res.statusCode, `${url} ${res.body.slice(0, 200)}`).toBe(200);
      // `private, no-store` from a cached route; `no-store` from the rest (decision 0430): kept nowhere.
      expect([PRIVATE, 'no-store'], url).toContain(res.headers['cache-control']);
      expect(res.headers.etag, url).toBeUndefined();
      // A stale validator from a visitor's copy never turns into a 304 for a signed-in caller.
      expect((await get(url, { cookie: user.cookie, 'if-none-match': '*' })).statusCode, url).toBe(200);
    }
  });

  it("an admin's lists and other private reads are private, no-store; a refused caller gets no cached answer", async () => {
    for (const url of ['/api/admin/users', '/api/admin/claims', '/api/admin/audit-log', '/api/admin/waiting']) {
      const res = await get(url, { cookie: admin.cookie });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control'], url).toBe(PRIVATE);
      expect((await get(url, { cookie: user.cookie })).statusCode, url).toBe(403);
      expect((await get(url)).statusCode, url).toBe(401);
    }
  });

  it("a user's own lists are never another's: the same address answers each with their own", async () => {
    const other = await signedInUser(t, { name: 'Other Reader' });
    const mine = await get(`/api/providers/user/${user.user.id}`, { cookie: user.cookie });
    expect(mine.statusCode).toBe(200);
    expect((await get(`/api/providers/user/${user.user.id}`, { cookie: other.cookie })).statusCode).toBe(403);
    expect((await get(`/api/providers/user/${user.user.id}`)).statusCode).toBe(401);
    expect((await get('/api/auth/me', { cookie: other.cookie })).json().data.name).toBe('Other Reader');
  });

  it('an uncached or failed read is never public', async () => {
    expect((await get('/api/providers/00000000-0000-0000-0000-000000000000')).headers['cache-control']).not.toMatch(/public/);
    expect((await get('/api/health')).headers['cache-control']).not.toMatch(/public/);
    expect((await get('/api/providers/search?radius=-1')).headers['cache-control']).not.toMatch(/public/);
  });
});

/** Issue 25 ("Also seen"): whether an answer came from memory tells a visitor what others just asked for. */
describe('the cache status header', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { CACHE_STATUS_HEADER: 'false' } });
  });
  afterAll(() => t.close());

  it('is off unless configured, and then absent from every answer, first or repeated, visitor or signed in', async () => {
    expect(parseEnv({}).CACHE_STATUS_HEADER).toBe(false);
    const admin = await signedInUser(t, { admin: true });
    for (const url of ['/api/providers/search', '/api/tenders/public', '/api/admin/users']) {
      for (let i = 0; i < 2; i++) {
        for (const cookie of [undefined, admin.cookie]) {
          const res = await t.app.inject({ url, headers: cookie ? { cookie } : {} });
          expect(res.headers[CACHE_STATUS_HEADER.toLowerCase()], `${url} ${cookie ? 'signed in' : 'visitor'}`).toBeUndefined();
        }
      }
    }
  });
});

describe('the stated bound', () => {
  it('is stated once; the headers of a public answer add up to no more than it, with a second for the notification', () => {
    const { maxAge, sMaxAge, staleWhileRevalidate, staleBoundSeconds } = HTTP_CACHE;
    expect(maxAge + sMaxAge + staleWhileRevalidate + 1).toBeLessThanOrEqual(staleBoundSeconds);
    expect(publicCacheControl()).toBe(`public, max-age=${maxAge}, s-maxage=${sMaxAge}, stale-while-revalidate=${staleWhileRevalidate}`);
    // An answer that turns sooner (a tender closing at the minute) is kept no longer than that.
    expect(publicCacheControl(2.5)).toBe('public, max-age=2, s-maxage=2, stale-while-revalidate=2');
  });
});
