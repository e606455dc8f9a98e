import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HTTPMethods } from 'fastify';
import { auditEntry, type AuditEntry } from '@solar/shared/contracts/admin';
import { providers } from '../../../db/schema/index';
import { fixedClock } from '../../../platform/clock';
import { createTestApp, databaseKinds, signedInUser, type SignedInUser, type TestApp } from '../../../../test/harness';

/**
 * Issue 28 item 8: the audit log was raw JSON with user ids, and tender events were not in it. It
 * now reads as who did what to what, with names, and carries the tender lifecycle events the tender
 * services record in each tender's history (read only here; decision 0424).
 */
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

describe.each(databaseKinds)('the audit log (%s)', (kind) => {
  let t: TestApp;
  let admin: SignedInUser, claimant: SignedInUser, owner: SignedInUser;
  const clock = fixedClock(new Date('2026-11-25T09:00:00Z'));
  let tenderId = '';
  let n = 1;
  beforeAll(async () => {
    t = await createTestApp({ kind, clock });
    admin = await signedInUser(t, { admin: true, name: 'Ada Admin' });
    claimant = await signedInUser(t, { name: 'Claire Claimant' });
    owner = await signedInUser(t, { name: 'Olive Owner', type: 'representative' });
  });
  afterAll(() => t.close());

  const req = (method: HTTPMethods, url: string, cookie: string, payload?: unknown) =>
    t.app.inject({ method, url, remoteAddress: `10.28.9.${(n++ % 250) + 1}`, headers: { cookie }, ...(payload !== undefined && { payload: payload as object }) });
  const log = async (query = '') => {
    const res = await req('GET', `/api/admin/audit-log${query}`, admin.cookie);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { data: AuditEntry[]; pagination: { total: number } };
  };
  const tick = () => clock.advance(60_000);

  it('names the provider’s new owner instead of their user id, and the claim by provider and claimant', async () => {
    const [provider] = await t.ctx.database.db.insert(providers).values({ slug: `p-${randomUUID().slice(0, 8)}`, businessName: 'Lark Energy' }).returning();
    const filed = await req('POST', `/api/providers/${provider!.id}/claim`, claimant.cookie, { companyRole: 'Director', message: 'My company', force: true });
    expect(filed.statusCode, filed.body).toBeLessThan(300);
    tick();
    expect((await req('POST', `/api/admin/claims/${filed.json().data.id}/review`, admin.cookie, { status: 'approved' })).statusCode).toBe(200);
    const { data } = await log();
    const ownership = data.find((e) => e.action === 'provider.ownership')!;
    expect(ownership).toMatchObject({ source: 'admin', actor: { name: 'Ada Admin' }, target: { name: 'Lark Energy' } });
    expect(ownership.changes).toContainEqual({ field: 'owner', from: null, to: 'Claire Claimant' });
    expect(JSON.stringify(ownership.changes)).not.toMatch(UUID);
    const approval = data.find((e) => e.action === 'claim.approve')!;
    expect(approval.target).toEqual({ name: 'Lark Energy', detail: 'Claire Claimant' });
  });

  it('carries the tender lifecycle events: who published, edited and cancelled which tender, why, and what changed', async () => {
    tick();
    const created = await req('POST', '/api/tenders', owner.cookie, { service: 'Panel Cleaning', location: 'Bristol, City of Bristol, England', latitude: 51.45, longitude: -2.59, description: 'Clean it' });
    expect(created.statusCode, created.body).toBe(201);
    tenderId = created.json().data.id;
    tick();
    expect((await req('PATCH', `/api/tenders/${tenderId}`, owner.cookie, { title: 'Clean 5 MW at Avonmouth' })).statusCode).toBe(200);
    tick();
    expect((await req('POST', `/api/tenders/${tenderId}/cancel`, owner.cookie, { reason: 'The site was sold' })).statusCode).toBe(200);

    const { data } = await log(`?targetType=tender&targetId=${tenderId}`);
    for (const entry of data) expect(auditEntry.strict().safeParse(entry).success, JSON.stringify(entry)).toBe(true);
    expect(data.map((e) => [e.source, e.action, e.actor.name, e.target.name])).toEqual([
      ['tender', 'tender.cancelled', 'Olive Owner', 'Clean 5 MW at Avonmouth'],
      ['tender', 'tender.edited', 'Olive Owner', 'Clean 5 MW at Avonmouth'],
      ['tender', 'tender.published', 'Olive Owner', 'Clean 5 MW at Avonmouth'],
    ]);
    expect(data[0]!.reason).toBe('The site was sold');
    expect(data[1]!.changes).toEqual([{ field: 'title', from: 'Panel Cleaning in Bristol', to: 'Clean 5 MW at Avonmouth' }]);
  });

  it('lists admin actions and tender events together, newest first, paged in the database', async () => {
    const all = await log('?pageSize=200');
    const times = all.data.map((e) => e.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(new Set(all.data.map((e) => e.source))).toEqual(new Set(['admin', 'tender']));
    expect(all.pagination.total).toBe(all.data.length);
    const first = await log('?pageSize=2&page=1');
    const second = await log('?pageSize=2&page=2');
    expect([...first.data, ...second.data].map((e) => e.id)).toEqual(all.data.slice(0, 4).map((e) => e.id));
    // Only admins read it.
    expect((await req('GET', '/api/admin/audit-log', owner.cookie)).statusCode).toBe(403);
  });
});
