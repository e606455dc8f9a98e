import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HTTPMethods } from 'fastify';
import { ACCOUNT_MESSAGES } from '@solar/shared/constants/accounts';
import { ADMIN_MESSAGES as M } from '@solar/shared/constants/admin';
import { adminUser } from '@solar/shared/contracts/admin';
import { insertUser } from '../../accounts/accounts.repository';
import { fixedClock } from '../../../platform/clock';
import { startSession } from '../../../plugins/auth';
import { hashPassword } from '../../../platform/passwords';
import { createTestApp, databaseKinds, signedInUser, type SignedInUser, type TestApp } from '../../../../test/harness';

/**
 * Issue 28 item 8 (decision 0424): the users list shows whether each address is confirmed and when
 * each account last signed in; an admin suspends and reinstates accounts; the last active admin's
 * right can never be revoked nor the account suspended, by anyone, themselves included.
 */
const PASSWORD = 'SolarPanel42x';
let n = 1;

describe.each(databaseKinds)('admin users (%s)', (kind) => {
  let t: TestApp;
  let admin: SignedInUser;
  const clock = fixedClock(new Date('2026-11-25T09:00:00Z'));
  beforeAll(async () => {
    t = await createTestApp({ kind, clock });
    admin = await signedInUser(t, { admin: true, name: 'Ada Admin' });
  });
  afterAll(() => t.close());

  const req = (method: HTTPMethods, url: string, cookie?: string, payload?: unknown) =>
    t.app.inject({ method, url, remoteAddress: `10.28.8.${(n++ % 250) + 1}`, headers: cookie ? { cookie } : {}, ...(payload !== undefined && { payload: payload as object }) });
  const account = async (name: string, opts: { admin?: boolean; verified?: boolean } = {}) => {
    const email = `${name.toLowerCase().replace(/\W+/g, '.')}.${n++}@acme-solar.co.uk`;
    const user = await insertUser(t.ctx.database.db, {
      email,
      name,
      company: 'Acme Solar',
      type: 'provider',
      passwordHash: await hashPassword(PASSWORD),
      isAdmin: opts.admin ?? false,
      emailVerifiedAt: opts.verified === false ? null : clock.now(),
    });
    return { user, email };
  };
  const signIn = (email: string) => req('POST', '/api/auth/login', undefined, { email, password: PASSWORD });
  const listed = async (q: string) => (await req('GET', `/api/admin/users?q=${encodeURIComponent(q)}`, admin.cookie)).json().data[0];
  const suspend = (id: string, suspended: boolean, cookie = admin.cookie) => req('PUT', `/api/admin/users/${id}/suspension`, cookie, { suspended });

  it('the users list shows whether each email is confirmed and when each account last signed in', async () => {
    const { email } = await account('Vera Unconfirmed', { verified: false });
    const before = await listed('Vera Unconfirmed');
    expect(adminUser.strict().safeParse(before).success).toBe(true);
    expect(before).toMatchObject({ emailVerified: false, lastSignInAt: null, suspendedAt: null, onlyAdmin: false });
    clock.advance(60_000);
    expect((await signIn(email)).statusCode).toBe(200);
    expect(await listed('Vera Unconfirmed')).toMatchObject({ lastSignInAt: clock.now().toISOString() });
  });

  it('an admin suspends an account: it cannot sign in, its open sessions stop working, the audit log says who did it; reinstated, it signs in again', async () => {
    const { user, email } = await account('Sid Suspended');
    const session = await signIn(email);
    const cookie = session.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    expect((await req('GET', '/api/auth/me', cookie)).statusCode).toBe(200);

    const res = await suspend(user.id, true);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.suspendedAt).toBe(clock.now().toISOString());
    expect((await req('GET', '/api/auth/me', cookie)).statusCode).toBe(401);
    const refused = await signIn(email);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(ACCOUNT_MESSAGES.accountSuspended);
    // A wrong password is answered as for anyone: suspension is told only to whoever knows the password.
    expect((await req('POST', '/api/auth/login', undefined, { email, password: 'WrongGuess99x' })).statusCode).toBe(401);
    // Suspending again changes nothing and writes nothing more.
    expect((await suspend(user.id, true)).statusCode).toBe(200);

    expect((await suspend(user.id, false)).json().data.suspendedAt).toBeNull();
    expect((await signIn(email)).statusCode).toBe(200);
    const log = (await req('GET', `/api/admin/audit-log?targetType=user&targetId=${user.id}`, admin.cookie)).json().data;
    expect(log.map((e: { action: string; actor: { name: string }; target: { name: string } }) => [e.action, e.actor.name, e.target.name])).toEqual([
      ['user.reinstate', 'Ada Admin', 'Sid Suspended'],
      ['user.suspend', 'Ada Admin', 'Sid Suspended'],
    ]);
  });

  it('only an admin may suspend, and never themselves', async () => {
    const { user } = await account('Tom Target');
    const member = await signedInUser(t, { name: 'Mel Member' });
    expect((await suspend(user.id, true, member.cookie)).statusCode).toBe(403);
    expect((await suspend(user.id, true, '')).statusCode).toBe(401);
    const self = await suspend(admin.user.id, true);
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe(M.cannotSuspendSelf);
    expect((await suspend('00000000-0000-0000-0000-000000000000', true)).statusCode).toBe(404);
  });

  it('the last active admin can never be revoked or suspended; a suspended admin or one leaving does not count', async () => {
    const t2 = await createTestApp({ kind, clock });
    try {
      const call = (method: HTTPMethods, url: string, cookie: string, payload: unknown) => t2.app.inject({ method, url, headers: { cookie }, payload: payload as object });
      const first = await signedInUser(t2, { admin: true, name: 'First Admin' });
      const second = await signedInUser(t2, { admin: true, name: 'Second Admin' });
      const list = async () => (await t2.app.inject({ method: 'GET', url: '/api/admin/users', headers: { cookie: first.cookie } })).json().data as Array<{ id: string; onlyAdmin: boolean }>;
      expect((await list()).filter((u) => u.onlyAdmin)).toEqual([]);

      // The second admin is suspended: the first is now the only one who can act.
      expect((await call('PUT', `/api/admin/users/${second.user.id}/suspension`, first.cookie, { suspended: true })).statusCode).toBe(200);
      expect((await list()).filter((u) => u.onlyAdmin).map((u) => u.id)).toEqual([first.user.id]);
      const revokeSelf = await call('PATCH', `/api/admin/users/${first.user.id}`, first.cookie, { is_admin: false });
      expect(revokeSelf.statusCode).toBe(409);
      expect(revokeSelf.json().message).toBe(M.lastAdmin);

      // An admin whose account deletion is pending will be gone: not counted either.
      expect((await call('PUT', `/api/admin/users/${second.user.id}/suspension`, first.cookie, { suspended: false })).statusCode).toBe(200);
      await t2.ctx.database.query('UPDATE users SET deletion_requested_at = now() WHERE id = $1', [second.user.id]);
      expect((await call('PATCH', `/api/admin/users/${first.user.id}`, first.cookie, { is_admin: false })).statusCode).toBe(409);

      // With a second active admin, revoking works, and the other becomes the only one. (Its
      // sessions ended when it was suspended: it signs in again.)
      await t2.ctx.database.query('UPDATE users SET deletion_requested_at = NULL WHERE id = $1', [second.user.id]);
      let cookie = '';
      await startSession(t2.ctx, { setCookie: (name: string, value: string) => (cookie = `${name}=${value}`) } as never, second.user.id);
      second.cookie = cookie;
      expect((await call('PATCH', `/api/admin/users/${first.user.id}`, second.cookie, { is_admin: false })).statusCode).toBe(200);
      const revokeLast = await call('PATCH', `/api/admin/users/${second.user.id}`, second.cookie, { is_admin: false });
      expect(revokeLast.json().message).toBe(M.lastAdmin);
      const admins = await t2.ctx.database.query<{ n: number }>('SELECT count(*)::int AS n FROM users WHERE is_admin AND suspended_at IS NULL');
      expect(admins[0]!.n).toBe(1);
    } finally {
      await t2.close();
    }
  });

  it('two admins suspending each other at once leave one admin who can act', async () => {
    const t2 = await createTestApp({ kind, clock });
    try {
      const a = await signedInUser(t2, { admin: true });
      const b = await signedInUser(t2, { admin: true });
      const [r1, r2] = await Promise.all([
        t2.app.inject({ method: 'PUT', url: `/api/admin/users/${b.user.id}/suspension`, headers: { cookie: a.cookie }, payload: { suspended: true } }),
        t2.app.inject({ method: 'PUT', url: `/api/admin/users/${a.user.id}/suspension`, headers: { cookie: b.cookie }, payload: { suspended: true } }),
      ]);
      const codes = [r1.statusCode, r2.statusCode].sort();
      expect(codes[0]).toBe(200);
      expect([401, 409]).toContain(codes[1]);
      const active = await t2.ctx.database.query<{ n: number }>('SELECT count(*)::int AS n FROM users WHERE is_admin AND suspended_at IS NULL');
      expect(active[0]!.n).toBe(1);
    } finally {
      await t2.close();
    }
  });
});
