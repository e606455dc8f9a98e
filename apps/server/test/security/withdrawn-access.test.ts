import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HTTPMethods } from 'fastify';
import { contracts } from '@solar/shared/contracts/index';
import { insertTender } from '../../src/features/tenders/tenders.repository';
import { fixedClock } from '../../src/platform/clock';
import { createTestApp, databaseKinds, type TestApp } from '../harness';
import { SAMPLE_BODIES, actor, fillPath, insertProviderRow, type Actor } from './fixtures';

const NOW = new Date('2026-11-22T09:00:00Z');
const HOUR = 3_600_000;
const TITLE = 'withdrawn-private-tender';
const TEXT = 'withdrawn-private-tender-text: substation fencing at the Lyme Farm site';

/**
 * Issue 14 finding 2: a private tender someone saved while allowed to see it disappears from every
 * read they can make, and from every mail the jobs send them, once the right is gone: the invited
 * provider changes hands or loses its approval, the invitation is removed, the admin right is
 * revoked (decision 0333). Every GET route without parameters is walked, so lists added later are
 * covered too.
 */
describe.each(databaseKinds)('access withdrawn from a private tender on %s', (kind) => {
  const clock = fixedClock(NOW);
  let t: TestApp;
  let owner: Actor;
  let admin: Actor;
  /** Each loses the right to see the tender in its own way. */
  const lost: Record<'movedOwner' | 'unapproved' | 'uninvited' | 'revokedAdmin', Actor> = {} as never;
  let newOwner: Actor;
  let tenderId: string;
  const providers: Record<string, string> = {};

  const get = (who: Actor, url: string) => t.app.inject({ url, headers: { cookie: who.cookie } });
  const call = (who: Actor, method: string, url: string, payload?: object) =>
    t.app.inject({ method: method as HTTPMethods, url, headers: { cookie: who.cookie }, ...(payload && { payload }) });
  const mailsTo = (who: Actor) =>
    t.ctx.database.query<{ subject: string; text_body: string }>('SELECT subject, text_body FROM outbox WHERE to_address = $1', [who.email]);

  beforeAll(async () => {
    t = await createTestApp({ kind, clock });
    owner = await actor(t, 'owner');
    admin = await actor(t, 'admin', { admin: true });
    lost.movedOwner = await actor(t, 'moved');
    lost.unapproved = await actor(t, 'unapproved');
    lost.uninvited = await actor(t, 'uninvited');
    lost.revokedAdmin = await actor(t, 'revoked', { admin: true });
    newOwner = await actor(t, 'newowner');
    for (const name of ['movedOwner', 'unapproved', 'uninvited'] as const) {
      providers[name] = (await insertProviderRow(t, `${name} Solar`, lost[name].user.id)).id;
    }
    tenderId = await insertTender(
      t.ctx.database.db,
      {
        source: 'Solar Manager',
        type: 'private',
        service: 'Panel Cleaning',
        title: TITLE,
        description: TEXT,
        userId: owner.user.id,
        publishedDate: NOW,
        closingDate: new Date(NOW.getTime() + 3 * 24 * HOUR),
        createdAt: NOW,
      },
      Object.values(providers),
    );
    // Everyone who may see it saves it (both kinds), and switches alerts on.
    for (const who of [owner, ...Object.values(lost)]) {
      for (const kind of ['saved', 'later']) expect((await call(who, 'PUT', `/api/tenders/${tenderId}/saves/${kind}`)).statusCode).toBe(200);
      expect((await call(who, 'PUT', '/api/tenders/alerts', { enabled: true })).statusCode).toBe(200);
    }
  });
  afterAll(() => t.close());

  it('shows the saved tender to each of them while they may see it (the checks below can fail)', async () => {
    for (const [how, who] of Object.entries(lost)) {
      expect((await get(who, `/api/tenders/${tenderId}`)).statusCode, how).toBe(200);
      expect((await get(who, '/api/tenders/saved')).body, how).toContain(TEXT);
      const mine = (await get(who, '/api/tenders/mine')).json().data;
      expect(mine.saved.map((s: { tender: { id: string } }) => s.tender.id), how).toEqual([tenderId, tenderId]);
      if (how !== 'revokedAdmin') expect(mine.invitations.map((x: { id: string }) => x.id), how).toEqual([tenderId]);
    }
    expect((await get(lost.revokedAdmin, '/api/tenders')).body).toContain(TEXT);
  });

  it('shows it nowhere once the provider changes hands, loses its approval, the invitation goes or the admin right is revoked', async () => {
    // The invited provider changes hands: another user's claim is approved by an admin.
    const claim = await call(newOwner, 'POST', `/api/providers/${providers.movedOwner}/claim`, { companyRole: 'Director', message: 'We bought the business.' });
    expect(claim.statusCode, claim.body).toBe(201);
    const review = await call(admin, 'POST', `/api/admin/claims/${claim.json().data.id}/review`, { status: 'approved' });
    expect(review.statusCode, review.body).toBe(200);
    // The approval of a claim is withdrawn, and an invitation removed (no route does either yet: the rule must hold anyway).
    await t.ctx.database.query('UPDATE providers SET claim_approved = false WHERE id = $1', [providers.unapproved]);
    await t.ctx.database.query('DELETE FROM tender_invitations WHERE tender_id = $1 AND provider_id = $2', [tenderId, providers.uninvited]);
    const revoke = await call(admin, 'PATCH', `/api/admin/users/${lost.revokedAdmin.user.id}`, { is_admin: false });
    expect(revoke.statusCode, revoke.body).toBe(200);

    const lists = Object.entries(contracts).filter(([, c]) => c.method === 'GET' && !c.path.includes(':') && !c.produces);
    expect(lists.map(([name]) => name)).toEqual(expect.arrayContaining(['listSavedTenders', 'getMyTenders', 'listPublicTenders', 'listTenders']));
    for (const [how, who] of Object.entries(lost)) {
      expect((await get(who, `/api/tenders/${tenderId}`)).statusCode, how).toBe(404);
      for (const [name, contract] of lists) {
        const res = await get(who, contract.path);
        expect(res.statusCode, `${how} ${name}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
        expect(res.body, `${name} shows the tender to ${how}`).not.toContain(TITLE);
        expect(res.body, `${name} shows the tender to ${how}`).not.toContain(tenderId);
      }
      const mine = (await get(who, '/api/tenders/mine')).json().data;
      expect(mine.saved, how).toEqual([]);
      expect(mine.invitations, how).toEqual([]);
      // Contact, save and every other route naming the tender answer as for a tender that does not exist.
      for (const [name, contract] of Object.entries(contracts).filter(([, c]) => c.path.startsWith('/api/tenders/:id'))) {
        const payload = ['POST', 'PUT', 'PATCH'].includes(contract.method) ? (SAMPLE_BODIES[name] ?? { message: 'Hello, is this still open for offers?' }) : undefined;
        const res = await call(who, contract.method, fillPath(contract.path, { id: tenderId, kind: 'later', file: 'responses.zip' }), payload);
        expect(res.statusCode, `${how} ${name}: ${res.body.slice(0, 200)}`).toBe(404);
      }
    }
    expect(await mailsTo(owner)).toEqual([]);

    // The provider's new owner sees the invitation; the tender's owner still sees everything.
    expect((await get(newOwner, '/api/tenders/mine')).json().data.invitations.map((x: { id: string }) => x.id)).toEqual([tenderId]);
    expect((await get(owner, '/api/tenders/saved')).json().data).toHaveLength(2);
  });

  it('sends no reminder or alert about it to those who lost the right; its owner is still reminded', async () => {
    const subjects = async (who: Actor) => (await mailsTo(who)).filter((m) => `${m.subject}\n${m.text_body}`.match(new RegExp(`${TITLE}|${tenderId}`)));
    for (const step of [2 * HOUR, 24 * HOUR, 2 * HOUR]) {
      clock.set(new Date(clock.now().getTime() + step));
      await t.ctx.jobs.runDue();
    }
    const reminded = await subjects(owner);
    expect(reminded.map((m) => m.subject)).toEqual(['Reminder: a tender you saved closes on 25/11/2026']);
    for (const [how, who] of Object.entries(lost)) expect(await subjects(who), how).toEqual([]);
  });
});
