import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES as M, AUTH_LIMITS, BLOCKED_EMAIL_DOMAINS, EMAIL_VERIFICATION_TTL_MS } from '@solar/shared/constants/accounts';
import { ADMIN_MESSAGES } from '@solar/shared/constants/admin';
import { openDatabase } from '../../src/db/client';
import { migrate, readMigrations } from '../../src/db/migrate';
import { ensureConfiguredAdmin } from '../../src/features/accounts/admin-bootstrap';
import { seedDemoAccounts } from '../../src/seed/demo-accounts';
import { fixedClock } from '../../src/platform/clock';
import { cookieFrom, createTestApp, databaseKinds, type TestApp } from '../harness';
import { actor, databaseState, insertProviderRow, type Actor } from './fixtures';

/**
 * Issue 14, finding 7: anyone could register with another company's address and file claims
 * under it. Sign-up now mails a verification link; until it is followed the account works but
 * cannot claim a profile or launch a tender, and a claim filed at sign-up cannot be approved
 * (decision 0337).
 */
const PASSWORD = 'SolarPanel42x';
let n = 1;
const freshIp = () => `10.99.${Math.floor(n / 250) % 250}.${(n++ % 250) + 1}`;
const tokenIn = (text: string) => /\/verify-email#token=([\w-]+)/.exec(text)?.[1];

describe.each(databaseKinds)('email verification on %s', (kind) => {
  let t: TestApp;
  let admin: Actor;
  const clock = fixedClock(new Date('2026-11-24T09:00:00Z'));
  beforeAll(async () => {
    t = await createTestApp({ kind, clock });
    admin = await actor(t, 'verifier-admin', { admin: true });
  });
  afterAll(() => t.close());

  const send = (method: 'GET' | 'POST' | 'PATCH', url: string, opts: { payload?: object; cookie?: string; ip?: string; headers?: Record<string, string> } = {}) =>
    t.app.inject({
      method,
      url,
      ...(opts.payload && { payload: opts.payload }),
      remoteAddress: opts.ip ?? freshIp(),
      headers: { ...opts.headers, ...(opts.cookie && { cookie: opts.cookie }) },
    });
  const me = async (cookie: string) => (await send('GET', '/api/auth/me', { cookie })).json().data;
  /** Mail is written after the response: wait by a deadline. */
  const mailsTo = async (to: string, count = 1) => {
    for (const deadline = Date.now() + 15_000; Date.now() < deadline; ) {
      const rows = await t.ctx.database.query<{ subject: string; text_body: string }>(
        `SELECT subject, text_body FROM outbox WHERE to_address = $1 AND subject ILIKE '%confirm your email%' ORDER BY created_at`,
        [to],
      );
      if (rows.length >= count) return rows;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error(`no verification mail to ${to}`);
  };
  const linkTo = async (to: string, count = 1) => tokenIn((await mailsTo(to, count)).at(-1)!.text_body)!;
  const signUp = async (over: Record<string, unknown> = {}, headers: Record<string, string> = {}) => {
    const email = `verify${n}-${Math.random().toString(36).slice(2, 7)}@acme-solar.co.uk`;
    const res = await send('POST', '/api/auth/signup', { payload: { email, name: 'Vera Fied', company: 'Acme Solar Ltd', password: PASSWORD, type: 'provider', ...over }, headers });
    expect(res.statusCode, res.body).toBe(201);
    return { email, cookie: cookieFrom(res), id: res.json().data.id as string, data: res.json().data };
  };
  const verify = (token: string, cookie?: string) => send('POST', '/api/auth/verify-email', { payload: { token }, cookie });

  it('sign-up mails a single-use link built from PUBLIC_URL (never the Host header); following it verifies the account', async () => {
    const { email, cookie, data } = await signUp({}, { host: 'evil.example', 'x-forwarded-host': 'evil.example' });
    expect(data.emailVerified).toBe(false);
    const [mail] = await mailsTo(email);
    expect(mail!.text_body).toContain('http://localhost:3000/verify-email#token=');
    expect(mail!.text_body).not.toContain('evil.example');
    const token = tokenIn(mail!.text_body)!;
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
    const stored = await t.ctx.database.query<{ id: string; email: string }>('SELECT id, email FROM email_verification_tokens');
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(stored.map((r) => r.email)).toContain(email);

    // The link works without a session (another device), once.
    const ok = await verify(token);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ success: true, message: M.emailVerified });
    expect((await me(cookie)).emailVerified).toBe(true);
    const again = await verify(token);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(M.verificationInvalid);
    for (const bad of ['nope', ' ', 'x'.repeat(300)]) expect((await verify(bad)).statusCode).toBe(400);
    expect(t.logs.filter((l) => l.includes(token))).toEqual([]);
    const page = await t.app.inject('/verify-email');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
  });

  it('a link expires after 7 days', async () => {
    const { email, id } = await signUp();
    const token = await linkTo(email);
    const start = clock.now();
    try {
      clock.advance(EMAIL_VERIFICATION_TTL_MS + 60_000);
      expect((await verify(token)).statusCode).toBe(400);
      const [row] = await t.ctx.database.query<{ verified: boolean }>('SELECT email_verified_at IS NOT NULL AS verified FROM users WHERE id = $1', [id]);
      expect(row!.verified).toBe(false);
    } finally {
      clock.set(start);
    }
  });

  it('an unverified account works at once but cannot claim or create a profile or launch a tender (403 with the message); verified, it can', async () => {
    const { email, cookie } = await signUp();
    expect((await send('GET', '/api/auth/me', { cookie })).statusCode).toBe(200);
    const provider = await insertProviderRow(t, `Unverified Target ${n}`, null);
    const claim = () => send('POST', `/api/providers/${provider.id}/claim`, { cookie, payload: { companyRole: 'Director', message: 'It is ours.' } });
    const tender = () => send('POST', '/api/tenders', { cookie, payload: { service: 'Panel Cleaning', location: 'Leeds', description: 'Clean 2,000 panels on a farm near Leeds.' } });
    const create = () =>
      send('POST', '/api/providers', {
        cookie,
        payload: { businessName: `Verified Newco ${n}`, description: 'We clean and maintain solar farms.', services: ['Panel Cleaning'], location: 'Leeds', type: 'Solar Installer' },
      });
    const before = await databaseState(t);
    for (const [res, message] of [
      [await claim(), M.verifyToClaim],
      [await tender(), M.verifyToLaunchTender],
      [await create(), M.verifyToCreateProvider],
    ] as const) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toEqual({ success: false, message });
    }
    expect(await databaseState(t)).toEqual(before);

    expect((await verify(await linkTo(email))).statusCode).toBe(200);
    expect((await claim()).statusCode).toBe(201);
    expect((await tender()).statusCode).toBe(201);
    expect((await create()).statusCode).toBe(201);
  });

  it('a claim filed at sign-up stays pending, shows admins the claimant is unverified, and cannot be approved until they are', async () => {
    const provider = await insertProviderRow(t, `Signup Claim Target ${n}`, null);
    const { email, id } = await signUp({ providerId: provider.id });
    const listed = await send('GET', '/api/admin/claims?status=pending', { cookie: admin.cookie });
    const claim = listed.json().data.find((c: { claimant: { id: string } }) => c.claimant.id === id);
    expect(claim).toMatchObject({ status: 'pending', claimant: { email, emailVerified: false } });
    const review = (status: 'approved' | 'rejected') => send('POST', `/api/admin/claims/${claim.id}/review`, { cookie: admin.cookie, payload: { status } });

    const before = await databaseState(t);
    const refused = await review('approved');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(ADMIN_MESSAGES.claimantNotVerified);
    expect(await databaseState(t)).toEqual(before);

    expect((await verify(await linkTo(email))).statusCode).toBe(200);
    const relisted = await send('GET', '/api/admin/claims?status=pending', { cookie: admin.cookie });
    expect(relisted.json().data.find((c: { id: string }) => c.id === claim.id).claimant.emailVerified).toBe(true);
    const approved = await review('approved');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data.claimant.emailVerified).toBe(true);
  });

  it('an unverified claimant can still be rejected', async () => {
    const provider = await insertProviderRow(t, `Reject Target ${n}`, null);
    const { id } = await signUp({ providerId: provider.id });
    const claims = (await send('GET', '/api/admin/claims?status=pending', { cookie: admin.cookie })).json().data;
    const claim = claims.find((c: { claimant: { id: string } }) => c.claimant.id === id);
    expect((await send('POST', `/api/admin/claims/${claim.id}/review`, { cookie: admin.cookie, payload: { status: 'rejected' } })).statusCode).toBe(200);
  });

  it('resend mails only the caller, is refused once verified, and is limited per account and per address', async () => {
    expect((await send('POST', '/api/auth/resend-verification')).statusCode).toBe(401);
    const { email, cookie } = await signUp();
    await mailsTo(email);
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < AUTH_LIMITS.resendVerificationPerAccount.max + 1; i++) {
      const res = await send('POST', '/api/auth/resend-verification', { cookie, ip: i === 0 ? ip : freshIp() });
      statuses.push(res.statusCode);
      if (i === 0) expect(res.json()).toEqual({ success: true, message: M.verificationSent(email) });
    }
    expect(statuses).toEqual([...Array<number>(AUTH_LIMITS.resendVerificationPerAccount.max).fill(200), 429]);
    const mails = await mailsTo(email, 1 + AUTH_LIMITS.resendVerificationPerAccount.max);
    // Any of the links works; the others are voided by the first one used.
    const tokens = mails.map((m) => tokenIn(m.text_body)!);
    expect(new Set(tokens).size).toBe(tokens.length);
    expect((await verify(tokens[1]!)).statusCode).toBe(200);
    expect((await verify(tokens[2]!)).statusCode).toBe(400);

    // Per address: several accounts asking from one address.
    const shared = freshIp();
    const perIp: number[] = [];
    for (let i = 0; i <= AUTH_LIMITS.resendVerificationPerIp.max; i++) {
      const other = await signUp();
      perIp.push((await send('POST', '/api/auth/resend-verification', { cookie: other.cookie, ip: shared })).statusCode);
    }
    expect(perIp.at(-1)).toBe(429);
    expect(perIp.slice(0, -1).every((s) => s === 200)).toBe(true);

    // Verified: nothing to resend (another account: this one has used up its hour).
    const verified = await signUp();
    expect((await verify(await linkTo(verified.email))).statusCode).toBe(200);
    const done = await send('POST', '/api/auth/resend-verification', { cookie: verified.cookie });
    expect(done.statusCode).toBe(409);
    expect(done.json().message).toBe(M.emailAlreadyVerified);
  });

  it('verifies only the address the link went to: after an admin changes the email, the account must verify again', async () => {
    const { email, cookie, id } = await signUp();
    const oldToken = await linkTo(email);
    const fresh = await signUp();
    expect((await verify(await linkTo(fresh.email))).statusCode).toBe(200);
    const moved = `moved-${id.slice(0, 8)}@acme-solar.co.uk`;
    for (const [userId, address] of [
      [id, moved],
      [fresh.id, `moved-${fresh.id.slice(0, 8)}@acme-solar.co.uk`],
    ] as const) {
      const res = await send('PATCH', `/api/admin/users/${userId}`, { cookie: admin.cookie, payload: { email: address } });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.emailVerified).toBe(false);
    }
    expect((await me(fresh.cookie)).emailVerified).toBe(false);
    expect((await verify(oldToken)).statusCode).toBe(400);
    expect((await me(cookie)).emailVerified).toBe(false);
    expect((await send('POST', '/api/auth/resend-verification', { cookie })).statusCode).toBe(200);
    expect((await verify(await linkTo(moved))).statusCode).toBe(200);
    expect((await me(cookie)).emailVerified).toBe(true);
    // A change of case only is the same address.
    const same = await send('PATCH', `/api/admin/users/${id}`, { cookie: admin.cookie, payload: { email: moved.toUpperCase() } });
    expect(same.json().data.emailVerified).toBe(true);
  });

  it('refuses free-mail addresses and their subdomains at sign-up', async () => {
    for (const domain of BLOCKED_EMAIL_DOMAINS) {
      for (const address of [`x@${domain}`, `x@sub.${domain}`, `x@a.b.${domain.toUpperCase()}`]) {
        const res = await send('POST', '/api/auth/signup', { payload: { email: address, name: 'Free Mail', company: 'Free Ltd', password: PASSWORD, type: 'provider' } });
        expect(res.statusCode, address).toBe(400);
        expect(res.json().message).toBe(M.businessEmail);
      }
    }
    // A company whose domain merely ends in the same letters is not free mail.
    expect((await send('POST', '/api/auth/signup', { payload: { email: `x${n}@notgmail.com`, name: 'Not Free', company: 'Not Free Ltd', password: PASSWORD, type: 'provider' } })).statusCode).toBe(201);
  });

  it('the demo accounts and the configured admin are verified', async () => {
    await seedDemoAccounts(t.ctx);
    await ensureConfiguredAdmin({ ...t.ctx, env: { ...t.ctx.env, ADMIN_EMAIL: 'first.admin@acme-solar.co.uk', ADMIN_PASSWORD: 'FirstAdmin2026x' } });
    const rows = await t.ctx.database.query<{ verified: boolean }>(
      `SELECT email_verified_at IS NOT NULL AS verified FROM users WHERE email IN ('provider.demo@example.com', 'owner.demo@example.com', 'first.admin@acme-solar.co.uk')`,
    );
    expect(rows).toEqual([{ verified: true }, { verified: true }, { verified: true }]);
  });

  // Issue 28 item 7: the link returns the user to the page they came from.
  describe('the page to return to', () => {
    const linkIn = (text: string) => /(\/verify-email#\S+)/.exec(text)?.[1];

    it('a sign-up from a page carries it in the link fragment, and a new link from the banner carries its own', async () => {
      const { email, cookie } = await signUp({ type: 'representative', returnTo: '/list-a-tender?service=Panel%20Cleaning' });
      const first = (await mailsTo(email))[0]!.text_body;
      expect(linkIn(first)).toMatch(/^\/verify-email#token=[\w-]+&next=%2Flist-a-tender%3Fservice%3DPanel%2520Cleaning$/);
      expect(first).toContain('It takes you back to the page you were on.');
      expect((await send('POST', '/api/auth/resend-verification', { cookie, payload: { returnTo: '/tenders/mine' } })).statusCode).toBe(200);
      expect(linkIn((await mailsTo(email, 2)).at(-1)!.text_body)).toMatch(/&next=%2Ftenders%2Fmine$/);
      // The banner of an older client sends no body: a link with no return path, as before.
      expect((await send('POST', '/api/auth/resend-verification', { cookie })).statusCode).toBe(200);
      expect(linkIn((await mailsTo(email, 3)).at(-1)!.text_body)).toMatch(/^\/verify-email#token=[\w-]+$/);
    });

    it.each(['/..//evil.example', '//evil.example', 'https://evil.example/', '/%2F%2Fevil.example', '/\\evil.example'])('a return path %j that is not same-site is left out of the link', async (returnTo) => {
      const { email, cookie } = await signUp({ returnTo });
      expect(linkIn((await mailsTo(email))[0]!.text_body)).toMatch(/^\/verify-email#token=[\w-]+$/);
      expect((await send('POST', '/api/auth/resend-verification', { cookie, payload: { returnTo } })).statusCode).toBe(200);
      expect(linkIn((await mailsTo(email, 2)).at(-1)!.text_body)).toMatch(/^\/verify-email#token=[\w-]+$/);
    });
  });
});

describe('migration 0016', () => {
  it('marks accounts that existed before it as verified, and new ones start unverified', async () => {
    const database = await openDatabase({ dataDir: 'memory://' });
    try {
      const all = readMigrations();
      const at = all.findIndex((m) => m.name.startsWith('0016_'));
      expect(at).toBeGreaterThan(0);
      await migrate(database, all.slice(0, at));
      await database.query(`INSERT INTO users (email, name, company, type, password_hash) VALUES ('old@acme-solar.co.uk', 'Old', 'Old Ltd', 'provider', 'x')`);
      await migrate(database, all);
      await database.query(`INSERT INTO users (email, name, company, type, password_hash) VALUES ('new@acme-solar.co.uk', 'New', 'New Ltd', 'provider', 'x')`);
      const rows = await database.query<{ email: string; verified: boolean }>('SELECT email, email_verified_at IS NOT NULL AS verified FROM users ORDER BY email');
      expect(rows).toEqual([
        { email: 'new@acme-solar.co.uk', verified: false },
        { email: 'old@acme-solar.co.uk', verified: true },
      ]);
    } finally {
      await database.close();
    }
  });
});
