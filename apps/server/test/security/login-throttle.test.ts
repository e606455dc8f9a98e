import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES as M, LOGIN_THROTTLE as T } from '@solar/shared/constants/accounts';
import { buildApp } from '../../src/app';
import { insertUser } from '../../src/features/accounts/accounts.repository';
import { fixedClock } from '../../src/platform/clock';
import { hashPassword } from '../../src/platform/passwords';
import { createTestApp, databaseKinds, type TestApp } from '../harness';

/**
 * Issue 14, finding 6: ten wrong passwords locked an account for 15 minutes and then refused the
 * right password too, so anyone could lock anyone out, the admin included. Sign-in is now
 * throttled per account, per address and per pair with growing delays (decision 0336), and a
 * correct password from a client that has not been failing is never refused.
 */
const PASSWORD = 'SolarPanel42x';
const WRONG = 'WrongGuess99x';
let ipCounter = 1;
const freshIp = () => `10.77.${Math.floor(ipCounter / 250) % 250}.${(ipCounter++ % 250) + 1}`;
let emailCounter = 1;

describe.each(databaseKinds)('sign-in throttling on %s', (kind) => {
  let t: TestApp;
  const clock = fixedClock(new Date('2026-11-24T09:00:00Z'));
  const start = clock.now();
  beforeAll(async () => {
    t = await createTestApp({ kind, clock });
  });
  afterAll(() => t.close());
  afterEach(() => clock.set(start));

  const passwordHash = hashPassword(PASSWORD);
  const account = async (opts: { admin?: boolean } = {}) => {
    const email = `throttle${emailCounter++}@acme-solar.co.uk`;
    await insertUser(t.ctx.database.db, { email, name: 'Throttle Test', company: 'Throttle Ltd', type: 'provider', passwordHash: await passwordHash, isAdmin: opts.admin ?? false });
    return email;
  };
  const login = (email: string, password: string, ip: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: ip });
  const secondsIn = (message: string) => Number(/try again in (\d+) seconds?\./.exec(message)?.[1]);

  it('an attacker guessing from other addresses never stops the owner (the admin included) signing in from their own', async () => {
    for (const admin of [false, true]) {
      const email = await account({ admin });
      // 36 wrong guesses from 12 addresses, three each, the way a botnet spreads them.
      const attackers = Array.from({ length: 12 }, freshIp);
      for (let round = 0; round < 3; round++) {
        for (const ip of attackers) expect([401, 429]).toContain((await login(email, WRONG, ip)).statusCode);
        clock.advance(61_000); // the attackers wait out every delay they are given
      }
      // And one address hammering the account.
      const hammer = freshIp();
      for (let i = 0; i < 20; i++) await login(email, WRONG, hammer);
      expect((await login(email, WRONG, hammer)).statusCode).toBe(429);

      const owner = await login(email, PASSWORD, freshIp());
      expect(owner.statusCode, owner.body).toBe(200);
      expect(owner.json().data.is_admin).toBe(admin);
    }
  });

  it('a client that keeps failing on one account waits longer each time, told how long in a 429 with Retry-After', async () => {
    const email = await account();
    const ip = freshIp();
    for (let i = 0; i < T.pair.free; i++) expect((await login(email, WRONG, ip)).statusCode).toBe(401);
    const waits: number[] = [];
    for (let i = 0; i < 4; i++) {
      const refused = await login(email, PASSWORD, ip); // even the right password waits: this client has been guessing
      expect(refused.statusCode).toBe(429);
      const seconds = secondsIn(refused.json().message);
      expect(refused.json()).toEqual({ success: false, message: M.loginThrottled(seconds) });
      expect(refused.headers['retry-after']).toBe(String(seconds));
      waits.push(seconds);
      clock.advance(seconds * 1000 - 1);
      expect((await login(email, WRONG, ip)).statusCode, 'one millisecond early').toBe(429);
      clock.advance(1);
      expect((await login(email, WRONG, ip)).statusCode).toBe(401);
    }
    expect(waits).toEqual([1, 2, 4, 8]);
    expect(M.loginThrottled(1)).toBe('Too many failed sign-in attempts. Please try again in 1 second.');
    // After waiting, the right password works and clears this client's count for the account.
    clock.advance(16_000);
    expect((await login(email, PASSWORD, ip)).statusCode).toBe(200);
    expect((await login(email, WRONG, ip)).statusCode).toBe(401);
  });

  it('an address guessing across many accounts is slowed on every account, other addresses are not', async () => {
    const email = await account();
    const ip = freshIp();
    for (let i = 0; i < T.ip.free; i++) expect((await login(`spray${i}-${ip}@acme-solar.co.uk`, WRONG, ip)).statusCode).toBe(401);
    const refused = await login(email, PASSWORD, ip);
    expect(refused.statusCode).toBe(429);
    expect(secondsIn(refused.json().message)).toBe(1);
    expect((await login(email, PASSWORD, freshIp())).statusCode).toBe(200);
  });

  it('the per-account delay slows only clients that have failed themselves, and is capped low', async () => {
    const email = await account();
    const attackers = Array.from({ length: 40 }, freshIp);
    for (const ip of attackers) expect((await login(email, WRONG, ip)).statusCode).toBe(401);
    // Each attacking address waits the account's delay (capped at 60 s) before its next guess.
    const again = await login(email, WRONG, attackers[0]!);
    expect(again.statusCode).toBe(429);
    expect(secondsIn(again.json().message)).toBe(T.account.capMs / 1000);
    clock.advance(T.account.capMs);
    expect((await login(email, WRONG, attackers[0]!)).statusCode).toBe(401);
    // A client with no failures of its own is answered at once, right or wrong.
    expect((await login(email, PASSWORD, freshIp())).statusCode).toBe(200);
    const newcomer = freshIp();
    expect((await login(email, WRONG, newcomer)).statusCode).toBe(401);
    // The real user who mistypes once during the attack waits at most the cap, then gets in.
    const typo = await login(email, PASSWORD, newcomer);
    expect(typo.statusCode).toBe(429);
    expect(secondsIn(typo.json().message)).toBeLessThanOrEqual(T.account.capMs / 1000);
    clock.advance(T.account.capMs);
    expect((await login(email, PASSWORD, newcomer)).statusCode).toBe(200);
  });

  it('unknown and existing emails are throttled alike: same statuses, same bodies', async () => {
    const known = await account();
    const unknown = `nobody${emailCounter++}@acme-solar.co.uk`;
    const run = async (email: string) => {
      const ip = freshIp();
      const out: Array<[number, unknown]> = [];
      for (let i = 0; i < T.pair.free + 2; i++) {
        const res = await login(email, WRONG, ip);
        out.push([res.statusCode, res.json()]);
      }
      return out;
    };
    const a = await run(known);
    const b = await run(unknown);
    expect(a).toEqual(b);
    expect(a.map(([s]) => s)).toEqual([...Array<number>(T.pair.free).fill(401), 429, 429]);
  });

  it('counts are shared by every server process on the database, and a success from a clean client writes nothing', async () => {
    const email = await account();
    const ip = freshIp();
    for (let i = 0; i < T.pair.free; i++) await login(email, WRONG, ip);
    const other = await buildApp(t.ctx, { serveWeb: false });
    try {
      const res = await other.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: PASSWORD }, remoteAddress: ip });
      expect(res.statusCode).toBe(429);
    } finally {
      await other.close();
    }
    const state = () => t.ctx.database.query(`SELECT key, failures, last_failure_at FROM login_throttle ORDER BY key`);
    const before = await state();
    const clean = freshIp();
    for (let i = 0; i < 5; i++) expect((await login(email, PASSWORD, clean)).statusCode).toBe(200);
    expect(await state()).toEqual(before);
    // No email or address is stored in the clear.
    expect(JSON.stringify(before)).not.toContain(email);
    expect(JSON.stringify(before)).not.toContain(ip);
  });

  it('counts are forgotten an hour after the last failure, and the accounts job removes them', async () => {
    const email = await account();
    const ip = freshIp();
    for (let i = 0; i < T.pair.free + 3; i++) await login(email, WRONG, ip);
    expect((await login(email, WRONG, ip)).statusCode).toBe(429);
    clock.advance(T.forgetMs + 1);
    expect((await login(email, WRONG, ip)).statusCode).toBe(401); // a fresh count: 1
    clock.advance(T.forgetMs + 1);
    await t.ctx.jobs.runDue();
    const rows = await t.ctx.database.query<{ n: number }>('SELECT count(*)::int AS n FROM login_throttle WHERE last_failure_at < $1', [
      new Date(clock.now().getTime() - T.forgetMs).toISOString(),
    ]);
    expect(rows[0]!.n).toBe(0);
  });
});
