import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TENDER_RATE_LIMIT } from '@solar/shared/constants/tenders';
import { cookieFrom, createTestApp, databaseKinds, type TestApp } from '../harness';
import { actor, insertProviderRow, type Actor } from './fixtures';

let ipCounter = 1;
const freshIp = () => `10.67.${Math.floor(ipCounter / 250) % 250}.${(ipCounter++ % 250) + 1}`;
const PASSWORD = 'LimitTester42x';

/**
 * Issue 14 finding 3: limits per account count the account, not the session, so signing out and in
 * again (a new session cookie) does not reset them (decision 0334). Each request comes from a new
 * address, so only the account limit can refuse it.
 */
describe.each(databaseKinds)('per-account limits on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind });
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object, cookie: string) =>
    t.app.inject({ method: 'POST', url, payload, remoteAddress: freshIp(), headers: { cookie } });

  /** Signs out of the given session and in again with the password: a new session, the same account. */
  async function signInAgain(who: Actor) {
    expect((await post('/api/auth/logout', {}, who.cookie)).statusCode).toBeLessThan(300);
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: who.email, password: PASSWORD }, remoteAddress: freshIp() });
    expect(login.statusCode, login.body).toBe(200);
    const cookie = cookieFrom(login);
    expect(cookie).not.toBe(who.cookie);
    expect((await t.app.inject({ url: '/api/auth/me', headers: { cookie: who.cookie } })).statusCode).toBe(401);
    return cookie;
  }

  it('keeps counting tender launches after signing out and in again', async () => {
    const rep = await actor(t, 'launcher', { password: PASSWORD });
    const tender = { service: 'Panel Cleaning', location: 'Bristol, City of Bristol, England', latitude: 51.4545, longitude: -2.5879 };
    for (let i = 0; i < TENDER_RATE_LIMIT.createPerAccountPerHour; i++) {
      expect((await post('/api/tenders', tender, rep.cookie)).statusCode).toBe(201);
    }
    expect((await post('/api/tenders', tender, rep.cookie)).statusCode).toBe(429);

    const again = await signInAgain(rep);
    const refused = await post('/api/tenders', tender, again);
    expect(refused.statusCode, refused.body).toBe(429);
    expect(refused.json()).toMatchObject({ success: false, message: expect.stringMatching(/^Too many requests/) });
    // Another account is not affected.
    const other = await actor(t, 'other-launcher');
    expect((await post('/api/tenders', tender, other.cookie)).statusCode).toBe(201);
  });

  it('keeps counting provider claims after signing out and in again', async () => {
    const claimant = await actor(t, 'claimant', { password: PASSWORD });
    const claim = { companyRole: 'Director', message: 'This is our business.' };
    const statuses: number[] = [];
    // The limit counts attempts, accepted or not (one pending claim each on distinct providers).
    for (let i = 0; i < 10; i++) {
      const provider = await insertProviderRow(t, `Claimable ${i}`, null);
      statuses.push((await post(`/api/providers/${provider.id}/claim`, claim, claimant.cookie)).statusCode);
    }
    expect(statuses).toEqual(Array(10).fill(201));
    const last = await insertProviderRow(t, 'Claimable last', null);
    expect((await post(`/api/providers/${last.id}/claim`, claim, claimant.cookie)).statusCode).toBe(429);
    const again = await signInAgain(claimant);
    expect((await post(`/api/providers/${last.id}/claim`, claim, again)).statusCode).toBe(429);
  });
});
