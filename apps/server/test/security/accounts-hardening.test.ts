import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKinds, type TestApp } from '../harness';

/**
 * The password, session and reset checks of docs/security.md#authentication-passwords-sessions that accounts.test.ts does not already
 * make, and the search of every log line for a password, token or cookie after a full flow.
 */
let ipCounter = 1;
const freshIp = () => `10.66.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;

describe.each(databaseKinds)('account hardening on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind });
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object, cookie?: string) =>
    t.app.inject({ method: 'POST', url, payload, remoteAddress: freshIp(), headers: cookie ? { cookie } : {} });
  const sidOf = (setCookie: unknown) => /sid=([^;]+)/.exec(String(setCookie))![1]!;
  // The reset mail is written after the response: wait by a deadline, not a count of sleeps.
  const waitForToken = async (to: string) => {
    for (const deadline = Date.now() + 15_000; Date.now() < deadline; ) {
      const rows = await t.ctx.database.query<{ text_body: string }>(`SELECT text_body FROM outbox WHERE to_address = $1 AND subject ILIKE '%reset%'`, [to]);
      const token = rows.map((r) => /#token=([\w-]+)/.exec(r.text_body)?.[1]).find(Boolean);
      if (token) return token;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error('no reset mail');
  };

  it('allows a 64+ character passphrase with spaces and accents, compared exactly as typed', async () => {
    const password = 'Correct Horse Battery Staple 42 — éàü and a long tail of words ok!';
    expect(password.length).toBeGreaterThanOrEqual(64);
    const email = 'passphrase@acme-solar.co.uk';
    const signup = await post('/api/auth/signup', { email, name: 'Pass Phrase', company: 'Phrase Ltd', password, type: 'provider' });
    expect(signup.statusCode, signup.body).toBe(201);
    expect((await post('/api/auth/login', { email, password })).statusCode).toBe(200);
    for (const variant of [password.trim() + ' ', ` ${password}`, password.toLowerCase(), password.normalize('NFD'), password.slice(0, 63)]) {
      expect((await post('/api/auth/login', { email, password: variant })).statusCode, JSON.stringify(variant)).toBe(401);
    }
  });

  it('refuses an absurdly long password with a 400, quickly and without hashing it', async () => {
    const start = performance.now();
    const res = await post('/api/auth/login', { email: 'x@acme-solar.co.uk', password: 'A1a'.repeat(400_000) });
    expect([400, 413]).toContain(res.statusCode);
    expect(performance.now() - start).toBeLessThan(2000);
  });

  it('stores only a hash of the session id (at least 128 random bits), and gives a new one at each sign-in', async () => {
    const email = 'session@acme-solar.co.uk';
    const password = 'SolarPanel42x';
    const first = await post('/api/auth/signup', { email, name: 'Sess Ion', company: 'Session Ltd', password, type: 'provider' });
    const sid = sidOf(first.headers['set-cookie']);
    expect(Buffer.from(sid, 'base64url').length).toBeGreaterThanOrEqual(16);
    const stored = await t.ctx.database.query<{ id: string }>('SELECT id FROM sessions');
    expect(stored.map((r) => r.id)).not.toContain(sid);
    expect(JSON.stringify(stored)).not.toContain(sid);
    const seen = new Set([sid]);
    for (let i = 0; i < 5; i++) {
      const again = sidOf((await post('/api/auth/login', { email, password })).headers['set-cookie']);
      expect(seen.has(again)).toBe(false);
      seen.add(again);
    }
  });

  it('leaves no password, token, session id or cookie in any log line after sign-up, login, reset and logout', async () => {
    const email = 'logged@acme-solar.co.uk';
    const password = 'LogSecret77zz';
    const newPassword = 'NewLogSecret88yy';
    const secrets: string[] = [password, newPassword];
    t.logs.length = 0;
    const signup = await post('/api/auth/signup', { email, name: 'Log Checker', company: 'Logs Ltd', password, type: 'provider' });
    expect(signup.statusCode).toBe(201);
    secrets.push(sidOf(signup.headers['set-cookie']));
    const login = await post('/api/auth/login', { email, password });
    const sid = sidOf(login.headers['set-cookie']);
    secrets.push(sid);
    expect((await t.app.inject({ url: '/api/auth/me', headers: { cookie: `sid=${sid}` } })).statusCode).toBe(200);
    expect((await post('/api/auth/login', { email, password: 'WrongGuess99x' })).statusCode).toBe(401);
    expect((await post('/api/auth/forgot-password', { email })).statusCode).toBe(200);
    const token = await waitForToken(email);
    secrets.push(token);
    // Tokens in addresses (for example a mistyped link) are redacted too.
    await t.app.inject({ url: `/api/auth/me?token=${token}` });
    expect((await post('/api/auth/validate-token', { token })).statusCode).toBe(200);
    expect((await post('/api/auth/reset-password', { token, newPassword })).statusCode).toBe(200);
    const relogin = await post('/api/auth/login', { email, password: newPassword });
    secrets.push(sidOf(relogin.headers['set-cookie']));
    expect((await post('/api/auth/logout', {}, `sid=${sidOf(relogin.headers['set-cookie'])}`)).statusCode).toBeLessThan(300);

    expect(t.logs.length).toBeGreaterThan(5);
    const joined = t.logs.join('\n');
    expect(joined).toContain('/api/auth/login'); // the flow really was logged
    for (const secret of secrets) expect(joined.includes(secret), `log contains ${secret.slice(0, 6)}…`).toBe(false);
    expect(joined).not.toMatch(/"cookie":"[^"[]/i);
    expect(joined).not.toMatch(/set-cookie":"[^"[]/i);
    expect(joined).not.toMatch(/\$argon2/);
  });
});
