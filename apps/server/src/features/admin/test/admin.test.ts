// Over 300 lines: the admin API suite (access, users, claims, analytics and waiting) sharing one app per database kind.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HTTPMethods } from 'fastify';
import { eq } from 'drizzle-orm';
import { CLAIM_STATUS_MESSAGES } from '@solar/shared/constants/admin';
import { adminAuditLog, outbox, pageViews, providerClaims, providers, tenderInvitations, tenders, users } from '../../../db/schema/index';
import { createTestApp, databaseKinds, signedInUser, type TestApp } from '../../../../test/harness';

const signedIn = signedInUser;

async function insertProvider(t: TestApp, name: string, values: Partial<typeof providers.$inferInsert> = {}) {
  const [row] = await t.ctx.database.db
    .insert(providers)
    .values({ slug: `p-${randomUUID().slice(0, 8)}`, businessName: name, ...values })
    .returning();
  return row!;
}

/** Files a claim the way a user does, through the providers feature's route. */
async function claim(t: TestApp, cookie: string, providerId: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/providers/${providerId}/claim`,
    headers: { cookie },
    payload: { companyRole: 'Director', message: 'It is my company', force: true },
  });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json().data.id as string;
}

/** A snapshot of every table an admin route may write, to prove a refusal changed nothing. */
async function snapshot(t: TestApp) {
  const db = t.ctx.database.db;
  const [u, p, c, a] = await Promise.all([
    db.select().from(users).orderBy(users.id),
    db.select().from(providers).orderBy(providers.id),
    db.select().from(providerClaims).orderBy(providerClaims.id),
    db.select().from(adminAuditLog).orderBy(adminAuditLog.id),
  ]);
  return JSON.stringify({ u, p, c, a });
}

describe.each(databaseKinds)('admin API (%s)', (kind) => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signedIn>>;
  let member: Awaited<ReturnType<typeof signedIn>>;

  beforeAll(async () => {
    t = await createTestApp({ kind });
    admin = await signedIn(t, { admin: true, name: 'Ada Admin' });
    member = await signedIn(t, { name: 'Mel Member' });
  });
  afterAll(() => t.close());

  const req = (method: HTTPMethods, url: string, cookie?: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload !== undefined && { payload: payload as object }) });

  describe('access', () => {
    const zero = '00000000-0000-0000-0000-000000000000';
    const routes: Array<[HTTPMethods, string, unknown]> = [
      ['GET', '/api/admin/users', undefined],
      ['PATCH', `/api/admin/users/${zero}`, { is_admin: true }],
      ['GET', '/api/admin/claims', undefined],
      ['POST', `/api/admin/claims/${zero}/review`, { status: 'approved' }],
      ['GET', '/api/admin/audit-log', undefined],
      ['GET', '/api/admin/analytics', undefined],
      ['GET', '/api/admin/waiting', undefined],
      ['POST', `/api/admin/waiting/invitation/${zero}:${zero}`, { action: 'close' }],
      ['POST', `/api/admin/users/${zero}/cancel-deletion`, undefined],
      ['GET', '/api/tenders', undefined],
    ];

    it.each(routes)('%s %s refuses a visitor (401) and a non-admin (403) and changes nothing', async (method, url, payload) => {
      const before = await snapshot(t);
      const visitor = await req(method, url, undefined, payload);
      expect(visitor.statusCode).toBe(401);
      const nonAdmin = await req(method, url, member.cookie, payload);
      expect(nonAdmin.statusCode).toBe(403);
      expect(nonAdmin.json()).toMatchObject({ success: false, message: expect.any(String) });
      expect(await snapshot(t)).toBe(before);
    });

    it('a user cannot grant themselves admin through any route', async () => {
      const self = `/api/admin/users/${member.user.id}`;
      expect((await req('PATCH', self, member.cookie, { is_admin: true })).statusCode).toBe(403);
      expect((await req('PATCH', '/api/auth/update-details', member.cookie, { name: 'Mel', is_admin: true })).statusCode).toBe(400);
      expect((await req('POST', '/api/auth/update-type', member.cookie, { type: 'provider', is_admin: true })).statusCode).toBe(400);
      const signup = await req('POST', '/api/auth/signup', undefined, {
        email: `sneaky-${randomUUID().slice(0, 6)}@acme-solar.co.uk`,
        name: 'Sneaky',
        company: 'Sneaky Ltd',
        password: 'Sneaky-Pass-2026',
        type: 'provider',
        is_admin: true,
      });
      expect(signup.statusCode).toBe(400);
      const [row] = await t.ctx.database.db.select().from(users).where(eq(users.id, member.user.id));
      expect(row!.isAdmin).toBe(false);
    });
  });

  describe('users', () => {
    it('lists users newest first with a search over name, email and company, without hashes', async () => {
      await signedIn(t, { name: 'Searchable Sally', email: 'sally@findme-solar.co.uk' });
      const all = await req('GET', '/api/admin/users', admin.cookie);
      expect(all.statusCode).toBe(200);
      const body = all.json();
      expect(body.success).toBe(true);
      expect(body.pagination.total).toBeGreaterThanOrEqual(3);
      expect(all.body).not.toContain('password');
      const found = (await req('GET', '/api/admin/users?q=FINDME', admin.cookie)).json();
      expect(found.data.map((u: { name: string }) => u.name)).toEqual(['Searchable Sally']);
      const none = (await req('GET', `/api/admin/users?q=${encodeURIComponent('%_nobody')}`, admin.cookie)).json();
      expect(none.data).toEqual([]);
    });

    it('edits name, email, company and type and writes the audit log with before and after', async () => {
      const target = await signedIn(t, { name: 'Edit Me' });
      const res = await req('PATCH', `/api/admin/users/${target.user.id}`, admin.cookie, {
        name: 'Edited Name',
        email: '  Edited.Email@Example.com ',
        company: 'Edited Co',
        type: 'representative',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ name: 'Edited Name', email: 'edited.email@example.com', company: 'Edited Co', type: 'representative', is_admin: false });
      const log = (await req('GET', `/api/admin/audit-log?targetType=user&targetId=${target.user.id}`, admin.cookie)).json();
      expect(log.data).toHaveLength(1);
      expect(log.data[0]).toMatchObject({
        action: 'user.update',
        actor: { id: admin.user.id, name: 'Ada Admin' },
        before: { name: 'Edit Me', email: target.email, company: 'Test Co', type: 'provider' },
        after: { name: 'Edited Name', email: 'edited.email@example.com', company: 'Edited Co', type: 'representative' },
      });
    });

    it('keeps emails unique (case-insensitive) and validates fields', async () => {
      const a = await signedIn(t);
      const b = await signedIn(t);
      const clash = await req('PATCH', `/api/admin/users/${b.user.id}`, admin.cookie, { email: a.email.toUpperCase() });
      expect(clash.statusCode).toBe(409);
      expect(clash.json().message).toBe('An account with this email already exists');
      expect((await req('PATCH', `/api/admin/users/${b.user.id}`, admin.cookie, { name: 'x' })).json().message).toBe('Name must be at least 2 characters');
      expect((await req('PATCH', `/api/admin/users/${b.user.id}`, admin.cookie, { email: 'nope' })).statusCode).toBe(400);
      expect((await req('PATCH', `/api/admin/users/${b.user.id}`, admin.cookie, { passwordHash: 'x' })).statusCode).toBe(400);
      expect((await req('PATCH', `/api/admin/users/${b.user.id}`, admin.cookie, {})).statusCode).toBe(400);
      expect((await req('PATCH', `/api/admin/users/${randomUUID()}`, admin.cookie, { name: 'Nobody' })).statusCode).toBe(404);
      expect((await req('PATCH', '/api/admin/users/not-a-uuid', admin.cookie, { name: 'Nobody' })).statusCode).toBe(404);
    });

    it('grants and revokes admin, but never revokes the last admin', async () => {
      const other = await signedIn(t, { name: 'Second Admin' });
      const grant = await req('PATCH', `/api/admin/users/${other.user.id}`, admin.cookie, { is_admin: true });
      expect(grant.json().data.is_admin).toBe(true);
      // The new admin's session has admin rights at once (checked on the server each request).
      expect((await req('GET', '/api/admin/users', other.cookie)).statusCode).toBe(200);
      const revoke = await req('PATCH', `/api/admin/users/${other.user.id}`, admin.cookie, { is_admin: false });
      expect(revoke.json().data.is_admin).toBe(false);
      expect((await req('GET', '/api/admin/users', other.cookie)).statusCode).toBe(403);

      const lastAdmin = await req('PATCH', `/api/admin/users/${admin.user.id}`, admin.cookie, { is_admin: false });
      expect(lastAdmin.statusCode).toBe(409);
      expect(lastAdmin.json().message).toBe('You cannot revoke the last admin');
      const log = (await req('GET', `/api/admin/audit-log?targetId=${other.user.id}`, admin.cookie)).json();
      expect(log.data.map((e: { action: string }) => e.action)).toEqual(['user.revoke_admin', 'user.grant_admin']);
    });

    it('two admins revoking each other at once leave one admin', async () => {
      const t2 = await createTestApp({ kind });
      try {
        const a = await signedIn(t2, { admin: true });
        const b = await signedIn(t2, { admin: true });
        const [r1, r2] = await Promise.all([
          t2.app.inject({ method: 'PATCH', url: `/api/admin/users/${b.user.id}`, headers: { cookie: a.cookie }, payload: { is_admin: false } }),
          t2.app.inject({ method: 'PATCH', url: `/api/admin/users/${a.user.id}`, headers: { cookie: b.cookie }, payload: { is_admin: false } }),
        ]);
        const codes = [r1.statusCode, r2.statusCode].sort();
        expect(codes[0]).toBe(200);
        expect([403, 409]).toContain(codes[1]);
        const admins = await t2.ctx.database.db.select().from(users).where(eq(users.isAdmin, true));
        expect(admins).toHaveLength(1);
      } finally {
        await t2.close();
      }
    });

    it('shows pending deletion requests and audits their cancellation', async () => {
      const leaving = await signedIn(t, { name: 'Leaving Lee' });
      expect((await req('POST', '/api/auth/request-deletion', leaving.cookie, {})).statusCode).toBe(200);
      const listed = (await req('GET', '/api/admin/users?q=leaving', admin.cookie)).json().data[0];
      expect(listed.deletionRequestedAt).toEqual(expect.any(String));
      expect(listed.deletionDueAt).toEqual(expect.any(String));
      expect((await req('POST', `/api/admin/users/${leaving.user.id}/cancel-deletion`, admin.cookie)).statusCode).toBe(200);
      expect((await req('GET', '/api/admin/users?q=leaving', admin.cookie)).json().data[0].deletionRequestedAt).toBeNull();
      await expect.poll(async () => (await req('GET', `/api/admin/audit-log?targetId=${leaving.user.id}`, admin.cookie)).json().data[0]?.action).toBe(
        'user.cancel_deletion',
      );
    });
  });

  describe('claims', () => {
    it('approval makes the claimant the owner, rejects competing claims, mails everyone, in one transaction', async () => {
      const provider = await insertProvider(t, `Sunny Panels ${randomUUID().slice(0, 4)}`);
      const first = await signedIn(t, { name: 'First Claimant' });
      const second = await signedIn(t, { name: 'Second Claimant' });
      const firstClaim = await claim(t, first.cookie, provider.id);
      const secondClaim = await claim(t, second.cookie, provider.id);

      const pending = (await req('GET', '/api/admin/claims?status=pending', admin.cookie)).json();
      const row = pending.data.find((c: { id: string }) => c.id === firstClaim);
      expect(row).toMatchObject({
        status: 'pending',
        provider: { id: provider.id, name: provider.businessName, slug: provider.slug },
        claimant: { id: first.user.id, name: 'First Claimant', email: first.email },
        requestedAt: expect.any(String),
        reviewedAt: null,
      });
      expect(pending.counts.pending).toBeGreaterThanOrEqual(2);

      const res = await req('POST', `/api/admin/claims/${firstClaim}/review`, admin.cookie, { status: 'approved' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ status: 'approved', reviewedAt: expect.any(String), reviewedBy: { name: 'Ada Admin' } });

      const [after] = await t.ctx.database.db.select().from(providers).where(eq(providers.id, provider.id));
      expect(after).toMatchObject({ userId: first.user.id, claimed: true, claimApproved: true });
      const [other] = await t.ctx.database.db.select().from(providerClaims).where(eq(providerClaims.id, secondClaim));
      expect(other).toMatchObject({ status: 'rejected', reviewedBy: admin.user.id });

      // The claimant can now edit the profile.
      const edit = await req('PATCH', `/api/providers/${provider.id}`, first.cookie, { description: 'Now mine' });
      expect(edit.statusCode, edit.body).toBe(200);
      // The claimant's dashboard call shows the outcome.
      const mine = (await req('GET', `/api/providers/user/${first.user.id}`, first.cookie)).json().data;
      expect(mine.claims[0]).toMatchObject({ status: 'approved', reviewedAt: expect.any(String) });
      expect(mine.providers.map((p: { id: string }) => p.id)).toContain(provider.id);

      await expect
        .poll(async () => (await t.ctx.database.db.select().from(outbox)).filter((m) => m.textBody.includes(provider.businessName)).map((m) => m.toAddress).sort())
        .toEqual([first.email, second.email].sort());
      const mails = await t.ctx.database.db.select().from(outbox).where(eq(outbox.toAddress, first.email));
      expect(mails.at(-1)!.textBody).toContain(CLAIM_STATUS_MESSAGES.approved);

      const log = (await req('GET', '/api/admin/audit-log?targetType=provider&targetId=' + provider.id, admin.cookie)).json();
      expect(log.data[0]).toMatchObject({
        action: 'provider.ownership',
        before: { userId: null, claimed: true, claimApproved: false },
        after: { userId: first.user.id, claimed: true, claimApproved: true },
      });

      const again = await req('POST', `/api/admin/claims/${firstClaim}/review`, admin.cookie, { status: 'rejected' });
      expect(again.statusCode).toBe(409);
    });

    it('rejection leaves the provider as it was before the claim', async () => {
      const provider = await insertProvider(t, `Rejected Roofs ${randomUUID().slice(0, 4)}`);
      const claimant = await signedIn(t);
      const id = await claim(t, claimant.cookie, provider.id);
      const res = await req('POST', `/api/admin/claims/${id}/review`, admin.cookie, { status: 'rejected', message: 'We could not verify your role.' });
      expect(res.statusCode).toBe(200);
      const [after] = await t.ctx.database.db.select().from(providers).where(eq(providers.id, provider.id));
      expect(after).toMatchObject({ userId: null, claimed: false, claimApproved: false });
      expect((await req('PATCH', `/api/providers/${provider.id}`, claimant.cookie, { description: 'x' })).statusCode).toBe(403);
      await expect
        .poll(async () => (await t.ctx.database.db.select().from(outbox).where(eq(outbox.toAddress, claimant.email))).map((m) => m.textBody).join())
        .toContain(CLAIM_STATUS_MESSAGES.rejected);
    });

    it('rejecting a dispute keeps the current owner', async () => {
      const owner = await signedIn(t);
      const provider = await insertProvider(t, `Owned Ops ${randomUUID().slice(0, 4)}`, { userId: owner.user.id, claimed: true, claimApproved: true });
      const challenger = await signedIn(t);
      const id = await claim(t, challenger.cookie, provider.id);
      await req('POST', `/api/admin/claims/${id}/review`, admin.cookie, { status: 'rejected' });
      const [after] = await t.ctx.database.db.select().from(providers).where(eq(providers.id, provider.id));
      expect(after).toMatchObject({ userId: owner.user.id, claimed: true, claimApproved: true });
    });

    it('a failure inside the approval rolls everything back', async () => {
      const provider = await insertProvider(t, `Rollback Ltd ${randomUUID().slice(0, 4)}`);
      const claimant = await signedIn(t);
      const competitor = await signedIn(t);
      const id = await claim(t, claimant.cookie, provider.id);
      await claim(t, competitor.cookie, provider.id);
      // Make the audit insert fail: the last statement of the transaction.
      await t.ctx.database.query(`ALTER TABLE admin_audit_log ADD CONSTRAINT test_no_provider CHECK (target_type <> 'provider') NOT VALID`);
      try {
        const before = await snapshot(t);
        const res = await req('POST', `/api/admin/claims/${id}/review`, admin.cookie, { status: 'approved' });
        expect(res.statusCode).toBe(500);
        expect(await snapshot(t)).toBe(before);
      } finally {
        await t.ctx.database.query('ALTER TABLE admin_audit_log DROP CONSTRAINT test_no_provider');
      }
    });

    it('validates the review body and unknown claims', async () => {
      expect((await req('POST', `/api/admin/claims/${randomUUID()}/review`, admin.cookie, { status: 'approved' })).statusCode).toBe(404);
      expect((await req('POST', `/api/admin/claims/nope/review`, admin.cookie, { status: 'approved' })).statusCode).toBe(404);
      expect((await req('POST', `/api/admin/claims/${randomUUID()}/review`, admin.cookie, { status: 'maybe' })).statusCode).toBe(400);
    });
  });

  describe('analytics and waiting', () => {
    it('counts page views per day and the top paths', async () => {
      const db = t.ctx.database.db;
      const now = t.ctx.clock.now();
      const dayAgo = new Date(now.getTime() - 86_400_000);
      await db.insert(pageViews).values([
        { path: '/providers', createdAt: now },
        { path: '/providers', createdAt: now },
        { path: '/explore-tenders', createdAt: dayAgo },
        { path: '/old', createdAt: new Date(now.getTime() - 90 * 86_400_000) },
      ]);
      const res = await req('GET', '/api/admin/analytics?days=7', admin.cookie);
      expect(res.statusCode).toBe(200);
      const data = res.json().data;
      expect(data.perDay).toHaveLength(7);
      expect(data.perDay.at(-1)).toEqual({ date: now.toISOString().slice(0, 10), views: 2 });
      expect(data.perDay.at(-2)).toEqual({ date: dayAgo.toISOString().slice(0, 10), views: 1 });
      expect(data.total).toBe(3);
      expect(data.topPaths[0]).toEqual({ path: '/providers', views: 2 });
      expect(data.topPaths.map((p: { path: string }) => p.path)).not.toContain('/old');
    });

    it('lists invitations to unclaimed providers and forwards, closes and resolves them', async () => {
      const db = t.ctx.database.db;
      const owner = await signedIn(t, { name: 'Tender Owner' });
      const unclaimed = await insertProvider(t, `Waiting Works ${randomUUID().slice(0, 4)}`, { email: 'hello@waiting-works.co.uk' });
      const silent = await insertProvider(t, `No Mail Ltd ${randomUUID().slice(0, 4)}`);
      const [tender] = await db
        .insert(tenders)
        .values({ title: 'O&M for a 5 MW site', source: 'Solar Manager', type: 'private', userId: owner.user.id })
        .returning();
      await db.insert(tenderInvitations).values([
        { tenderId: tender!.id, providerId: unclaimed.id },
        { tenderId: tender!.id, providerId: silent.id },
      ]);
      const list = (await req('GET', '/api/admin/waiting', admin.cookie)).json().data;
      const item = list.find((i: { provider: { id: string } }) => i.provider.id === unclaimed.id);
      expect(item).toMatchObject({ kind: 'invitation', title: 'O&M for a 5 MW site', status: 'waiting', sender: { name: 'Tender Owner' } });

      const noMail = await req('POST', `/api/admin/waiting/invitation/${tender!.id}:${silent.id}`, admin.cookie, { action: 'forward' });
      expect(noMail.statusCode).toBe(409);
      const early = await req('POST', `/api/admin/waiting/invitation/${item.refId}`, admin.cookie, { action: 'resolve' });
      expect(early.statusCode).toBe(409);

      const fwd = await req('POST', `/api/admin/waiting/invitation/${item.refId}`, admin.cookie, { action: 'forward' });
      expect(fwd.statusCode, fwd.body).toBe(200);
      expect(fwd.json().data).toMatchObject({ status: 'forwarded', forwardedTo: 'hello@waiting-works.co.uk' });
      await expect.poll(async () => (await db.select().from(outbox).where(eq(outbox.toAddress, 'hello@waiting-works.co.uk'))).length).toBe(1);

      // Claimed since: ready to resolve.
      await db.update(providers).set({ userId: owner.user.id, claimed: true, claimApproved: true }).where(eq(providers.id, unclaimed.id));
      const resolved = await req('POST', `/api/admin/waiting/invitation/${item.refId}`, admin.cookie, { action: 'resolve' });
      expect(resolved.json().data.status).toBe('resolved');
      expect((await req('GET', '/api/admin/waiting', admin.cookie)).json().data.map((i: { refId: string }) => i.refId)).not.toContain(item.refId);
      expect((await req('GET', '/api/admin/waiting?show=all', admin.cookie)).json().data.map((i: { refId: string }) => i.refId)).toContain(item.refId);

      const closed = await req('POST', `/api/admin/waiting/invitation/${tender!.id}:${silent.id}`, admin.cookie, { action: 'close' });
      expect(closed.json().data.status).toBe('closed');
      expect((await req('POST', `/api/admin/waiting/invitation/${tender!.id}:${silent.id}`, admin.cookie, { action: 'close' })).statusCode).toBe(409);
      expect((await req('POST', `/api/admin/waiting/invitation/garbage`, admin.cookie, { action: 'close' })).statusCode).toBe(404);
      const log = (await req('GET', '/api/admin/audit-log?targetType=waiting', admin.cookie)).json().data.map((e: { action: string }) => e.action);
      expect(log).toEqual(expect.arrayContaining(['waiting.forward', 'waiting.resolve', 'waiting.close']));
    });

    it('lists quotes routed to the marketplace team and forwards them without the sender contact details', async () => {
      const sender = await signedIn(t, { name: 'Quote Sender' });
      const provider = await insertProvider(t, `Quoted Co ${randomUUID().slice(0, 4)}`, { email: 'info@quoted.co.uk' });
      const [q] = await t.ctx.database.query<{ id: string }>(
        `INSERT INTO quotes (provider_id, sender_id, service, location, description, contact_name, contact_email, contact_phone, routed_to)
         VALUES ($1, $2, 'Panel cleaning', 'Leeds', 'Clean 400 panels', 'Quote Sender', 'secret-contact@example.com', '0700', 'marketplace') RETURNING id`,
        [provider.id, sender.user.id],
      );
      const item = (await req('GET', '/api/admin/waiting', admin.cookie)).json().data.find((i: { refId: string }) => i.refId === q!.id);
      expect(item).toMatchObject({ kind: 'quote', title: 'Quote request: Panel cleaning in Leeds', status: 'waiting', sender: { name: 'Quote Sender' } });
      const fwd = await req('POST', `/api/admin/waiting/quote/${q!.id}`, admin.cookie, { action: 'forward' });
      expect(fwd.json().data.status).toBe('forwarded');
      await expect.poll(async () => (await t.ctx.database.db.select().from(outbox).where(eq(outbox.toAddress, 'info@quoted.co.uk'))).length).toBe(1);
      const [mail] = await t.ctx.database.db.select().from(outbox).where(eq(outbox.toAddress, 'info@quoted.co.uk'));
      expect(mail!.textBody).toContain('Clean 400 panels');
      expect(mail!.textBody).not.toContain('secret-contact@example.com');
    });
  });
});
