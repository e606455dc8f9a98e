import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES as M, AUTH_LIMITS as L, RESET_MAIL_CAP as CAP } from '@solar/shared/constants/accounts';
import { insertUser } from '../../src/features/accounts/accounts.repository';
import { runAccountJobs } from '../../src/features/accounts/accounts.jobs';
import { fixedClock } from '../../src/platform/clock';
import { hashPassword } from '../../src/platform/passwords';
import { createTestApp, databaseKinds, type TestApp } from '../harness';

/**
 * Issue 25, finding 6: five anonymous forgot-password requests blocked the user's own reset for an
 * hour (the per-email limit answered 429 to everyone). The requester is slowed now (per address,
 * per address and email); the account's mailbox is protected by a cap on mails to addresses it
 * has not signed in from, which never holds back its owner's request from their own (decision 0421).
 */
const PASSWORD = 'SolarPanel42x';
let n = 1;
const address = () => `10.66.${Math.floor(n / 250) % 250}.${(n++ % 250) + 1}`;

describe.each(databaseKinds)('password reset limits on %s', (kind) => {
  let t: TestApp;
  const clock = fixedClock(new Date('2026-11-25T09:00:00Z'));
  const start = clock.now();
  beforeAll(async () => {
    t = await createTestApp({ kind, clock });
  });
  afterAll(() => t.close());
  afterEach(() => clock.set(start));

  const account = async () => {
    const email = `reset${n++}@acme-solar.co.uk`;
    await insertUser(t.ctx.database.db, { email, name: 'Reset Test', company: 'Reset Ltd', type: 'provider', passwordHash: await hashPassword(PASSWORD) });
    return email;
  };
  const forgot = (email: string, ip: string) => t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email }, remoteAddress: ip });
  const signIn = (email: string, ip: string) => t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: PASSWORD }, remoteAddress: ip });
  const resetMails = async (email: string) => {
    await t.ctx.mailer.idle();
    const rows = await t.ctx.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM outbox WHERE to_address = $1 AND subject LIKE '%eset%'`, [email]);
    return rows[0]!.n;
  };

  it('requests from many other addresses never stop the owner resetting from an address they sign in from', async () => {
    const email = await account();
    const home = address();
    expect((await signIn(email, home)).statusCode).toBe(200);
    // Ten anonymous requests for the account, each from its own address, within the hour.
    for (let i = 0; i < 10; i++) {
      const res = await forgot(email, address());
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, message: M.forgotNeutral });
      clock.advance(60_000);
    }
    // The mailbox got at most the cap's mails in any window.
    expect(await resetMails(email)).toBe(CAP.max);
    const before = await resetMails(email);
    const own = await forgot(email, home);
    expect(own.statusCode).toBe(200);
    expect(await resetMails(email)).toBe(before + 1);
  });

  it('holds extra mails to an account only for the cap’s window, never for an hour, and answers alike meanwhile', async () => {
    const email = await account();
    for (let i = 0; i < CAP.max; i++) expect((await forgot(email, address())).statusCode).toBe(200);
    expect(await resetMails(email)).toBe(CAP.max);
    // The owner on a new network (no sign-in from it yet): the same neutral answer, no mail yet...
    const cafe = address();
    const held = await forgot(email, cafe);
    expect(held.statusCode).toBe(200);
    expect(held.json()).toEqual({ success: true, message: M.forgotNeutral });
    expect(await resetMails(email)).toBe(CAP.max);
    // ...and the mail as soon as the window has passed, well within the hour.
    clock.advance(CAP.windowMs + 1);
    expect(CAP.windowMs).toBeLessThan(60 * 60_000);
    expect((await forgot(email, cafe)).statusCode).toBe(200);
    expect(await resetMails(email)).toBe(CAP.max + 1);
  });

  it('slows the requester: one address asking again for one email, and one address asking for many', async () => {
    const email = await account();
    const asker = address();
    const pair: number[] = [];
    for (let i = 0; i <= L.forgotPerPair.max; i++) pair.push((await forgot(email, asker)).statusCode);
    expect(pair).toEqual([...Array(L.forgotPerPair.max).fill(200), 429]);
    // The same for an email with no account: the limits reveal nothing.
    const nobody = `nobody${n++}@acme-solar.co.uk`;
    const unknown: number[] = [];
    for (let i = 0; i <= L.forgotPerPair.max; i++) unknown.push((await forgot(nobody, asker)).statusCode);
    expect(unknown).toEqual(pair);
    // Another client is not held by that requester's count.
    expect((await forgot(email, address())).statusCode).toBe(200);

    const sprayer = address();
    const spray: number[] = [];
    for (let i = 0; i <= L.forgotPerIp.max; i++) spray.push((await forgot(`spray${n++}@acme-solar.co.uk`, sprayer)).statusCode);
    expect(spray.at(-1)).toBe(429);
    expect(spray.slice(0, L.forgotPerIp.max).every((s) => s === 200)).toBe(true);
  });

  it('forgets sign-in addresses after the stated time', async () => {
    const email = await account();
    const home = address();
    await signIn(email, home);
    const rows = () => t.ctx.database.query<{ n: number }>('SELECT count(*)::int AS n FROM account_sign_in_addresses a JOIN users u ON u.id = a.user_id WHERE u.email = $1', [email]);
    expect((await rows())[0]!.n).toBe(1);
    clock.advance(CAP.knownAddressMs + 1);
    await runAccountJobs(t.ctx);
    expect((await rows())[0]!.n).toBe(0);
  });
});
