import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../../platform/clock';
import { readCacheFeed } from '../../../platform/read-cache-feed';
import { tendersBenchScenarios } from '../../../../bench/scenarios/tenders';
import { createTestApp, databaseKinds, type TestApp } from '../../../../test/harness';
import { addProvider, addTender, signIn } from './helpers';

const NOW = new Date('2026-11-22T09:00:00Z');
const DAY = 86_400_000;
const at = (days: number) => new Date(NOW.getTime() + days * DAY);

describe.each(databaseKinds)('tenders API on %s', (kind) => {
  let t: TestApp;
  const clock = fixedClock(NOW);
  const ids: Record<string, string> = {};
  let owner: Awaited<ReturnType<typeof signIn>>;
  let invitedOwner: Awaited<ReturnType<typeof signIn>>;
  let stranger: Awaited<ReturnType<typeof signIn>>;
  let admin: Awaited<ReturnType<typeof signIn>>;
  let invitedProvider: string;

  beforeAll(async () => {
    t = await createTestApp({ kind, clock });
    owner = await signIn(t, { name: 'Olivia Owner' });
    invitedOwner = await signIn(t, { name: 'Ivan Invited', type: 'provider' });
    stranger = await signIn(t, { name: 'Sam Stranger' });
    admin = await signIn(t, { admin: true, name: 'Ada Admin' });
    invitedProvider = await addProvider(t, { name: 'Invited Solar Ltd', services: ['Panel Cleaning'], ownerId: invitedOwner.user.id });
    const bristol = { latitude: 51.4545, longitude: -2.5879 };
    ids.A = await addTender(t, { title: 'A', userId: owner.user.id, service: 'Panel Cleaning', ...bristol, location: 'Bristol', valueMinimum: 8000, valueMaximum: 15000, publishedDate: at(-1), closingDate: at(10) });
    ids.B = await addTender(t, { title: 'B', userId: owner.user.id, service: 'Drone Surveys', location: 'Exeter', latitude: 50.7184, longitude: -3.5339, publishedDate: at(-3), closingDate: at(2) });
    ids.C = await addTender(t, { title: 'C', source: 'External', description: 'Solar PV maintenance framework', latitude: 51.46, longitude: -2.6, valueMaximum: 500000, publishedDate: at(-30), closingDate: at(-5), sectors: ['solar'] });
    ids.D = await addTender(t, { title: 'D', source: 'External', stage: 'awarded', contactTown: 'Swansea', valueMinimum: 100000, publishedDate: at(-10), closingDate: at(20) });
    ids.E = await addTender(t, { title: 'E', source: 'External', stage: 'cancelled', publishedDate: at(-40) });
    ids.F = await addTender(t, { title: 'F', source: 'External', publishedDate: at(-20) });
    ids.G = await addTender(t, { title: 'G', source: 'External', publishedDate: at(-100) });
    ids.P = await addTender(t, { title: 'P', type: 'private', userId: owner.user.id, service: 'Panel Cleaning', publishedDate: at(-2), closingDate: at(28) }, [invitedProvider]);
  });
  afterAll(() => t.close());

  const list = async (qs: string, cookie?: string) => {
    const res = await t.app.inject({ url: `/api/tenders/public${qs}`, headers: cookie ? { cookie } : {} });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { data: Array<{ id: string; title: string; status: string }>; pagination: { page: number; pages: number; total: number; limit: number } };
  };
  const titles = async (qs: string) => (await list(qs)).data.map((d) => d.title).sort();

  it('reuses a public board answer only while no tender or owner name changes, and within its minute', async () => {
    type Row = { id: string; title: string; status: string; user: { name: string } | null };
    const board = async () => (await list('?status=all&limit=50')).data as Row[];
    // The test writes to the database directly, not through a request (which waits until its change
    // is heard): on PostgreSQL the change notice is heard first, as a request's would be.
    const heard = async () => {
      if (kind === 'postgres') await readCacheFeed(t.ctx.database).sync();
    };
    const before = await board();
    expect(await board()).toEqual(before);
    // A new tender (any write to tenders) shows at once; it closes 30 s into this minute.
    const probe = await addTender(t, { title: 'Cache probe', source: 'External', publishedDate: at(-1), closingDate: new Date(NOW.getTime() + 30_000) });
    await heard();
    try {
      const after = await board();
      expect(after).toHaveLength(before.length + 1);
      expect(after.find((d) => d.id === probe)?.status).toBe('open');
      // An owner's new name (a write to users) shows at once.
      await t.ctx.database.query('UPDATE users SET name = $1 WHERE id = $2', ['Olivia Renamed', owner.user.id]);
      await heard();
      expect((await board()).find((d) => d.id === ids.A)?.user?.name).toBe('Olivia Renamed');
      // Within the minute the answer stands (status as at its start); the next minute it is recomputed.
      clock.advance(40_000);
      expect((await board()).find((d) => d.id === probe)?.status).toBe('open');
      clock.advance(20_000);
      expect((await board()).find((d) => d.id === probe)?.status).toBe('closed');
    } finally {
      clock.set(NOW);
      await t.ctx.database.query('UPDATE users SET name = $1 WHERE id = $2', ['Olivia Owner', owner.user.id]);
      await t.ctx.database.query('DELETE FROM tenders WHERE id = $1', [probe]);
    }
  });

  it('answers the public list as { data, pagination: { page, pages, total, limit } }', async () => {
    const body = await list('');
    expect(Object.keys(body).sort()).toEqual(['data', 'pagination']);
    expect(body.pagination).toEqual({ page: 1, pages: 1, total: 3, limit: 10 });
  });

  it.each([
    ['', ['A', 'B', 'F']],
    ['?status=open', ['A', 'B', 'F']],
    ['?status=closed', ['C', 'D', 'E', 'G']],
    ['?status=all', ['A', 'B', 'C', 'D', 'E', 'F', 'G']],
    ['?status=all&source=External', ['C', 'D', 'E', 'F', 'G']],
    ['?status=all&source=Solar%20Manager', ['A', 'B']],
    ['?status=all&source=all', ['A', 'B', 'C', 'D', 'E', 'F', 'G']],
    ['?service=Panel%20Cleaning', ['A']],
    ['?service=panel%20cleaning&status=all', ['A']],
    ['?service=solar%20pv&status=all', ['C']],
    ['?location=Swansea&status=all', ['D']],
    ['?location=Swansea%2C%20Wales&status=all', ['D']],
    ['?lat=51.45&lng=-2.59&radius=25&status=all', ['A', 'C']],
    ['?lat=51.62&lng=-3.94&radius=25&location=Swansea&status=all', ['D']],
    ['?minValue=50000&status=all', ['C', 'D']],
    ['?maxValue=20000&status=all', ['A']],
    ['?minValue=10000&maxValue=200000&status=all', ['A', 'D']],
    ['?sector=solar&status=all', ['C']],
    ['?service=Nothing%20Like%20This&status=all', []],
  ])('filters %s in SQL', async (qs, expected) => {
    expect(await titles(qs)).toEqual(expected);
  });

  it.each([
    ['publishedDate', 'desc', ['A', 'B', 'D', 'F', 'C', 'E', 'G']],
    ['publishedDate', 'asc', ['G', 'E', 'C', 'F', 'D', 'B', 'A']],
    ['closingDate', 'asc', ['C', 'B', 'A', 'D', 'E', 'F', 'G']],
  ])('sorts by %s %s (tenders without the date last)', async (sortBy, sortOrder, expected) => {
    const body = await list(`?status=all&sortBy=${sortBy}&sortOrder=${sortOrder}&limit=20`);
    const order = body.data.map((d) => d.title);
    if (sortBy === 'closingDate') expect(order.slice(0, 4)).toEqual(expected.slice(0, 4));
    else expect(order).toEqual(expected);
  });

  it('sorts by closing date descending with the undated last', async () => {
    const order = (await list('?status=all&sortBy=closingDate&sortOrder=desc&limit=20')).data.map((d) => d.title);
    expect(order.slice(0, 4)).toEqual(['D', 'A', 'B', 'C']);
  });

  it('paginates at the edges', async () => {
    const first = await list('?status=all&limit=5&page=1');
    expect(first.data).toHaveLength(5);
    expect(first.pagination).toEqual({ page: 1, pages: 2, total: 7, limit: 5 });
    const second = await list('?status=all&limit=5&page=2');
    expect(second.data).toHaveLength(2);
    expect(new Set([...first.data, ...second.data].map((d) => d.id)).size).toBe(7);
    const beyond = await list('?status=all&limit=5&page=3');
    expect(beyond.data).toEqual([]);
    expect(beyond.pagination.total).toBe(7);
  });

  it.each(['?limit=7', '?page=0', '?status=pending', '?source=Elsewhere', '?sortBy=title', '?sortOrder=up', '?minValue=abc', '?lat=200&lng=0'])(
    'refuses %s with a 400 and a message',
    async (qs) => {
      const res = await t.app.inject(`/api/tenders/public${qs}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message: expect.any(String) });
    },
  );

  it('never lists a private tender, even to its owner or an admin', async () => {
    for (const cookie of [undefined, owner.cookie, admin.cookie, invitedOwner.cookie]) {
      const body = await list('?status=all&limit=50', cookie);
      expect(body.data.map((d) => d.title)).not.toContain('P');
    }
  });

  it('computes status when read: closed once the closing date passes, awarded shown as awarded', async () => {
    const get = async () => (await t.app.inject(`/api/tenders/${ids.A}`)).json().data.status;
    expect(await get()).toBe('open');
    clock.set(at(11));
    try {
      expect(await get()).toBe('closed');
      expect(await titles('')).toEqual(['F']);
    } finally {
      clock.set(NOW);
    }
    expect((await t.app.inject(`/api/tenders/${ids.D}`)).json().data.status).toBe('awarded');
    expect((await t.app.inject(`/api/tenders/${ids.F}`)).json().data.status).toBe('open');
    expect((await t.app.inject(`/api/tenders/${ids.G}`)).json().data.status).toBe('closed');
  });

  it('answers one tender as { data } with the owner by name, never by email', async () => {
    const res = await t.app.inject(`/api/tenders/${ids.A}`);
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json())).toEqual(['data']);
    expect(res.json().data).toMatchObject({ id: ids.A, user: { name: 'Olivia Owner' }, source: 'Solar Manager', type: 'open', invitedProviders: [] });
    expect(res.body).not.toContain(owner.email);
  });

  it('answers 404 for unknown and malformed ids', async () => {
    expect((await t.app.inject('/api/tenders/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await t.app.inject('/api/tenders/not-a-uuid')).statusCode).toBe(404);
  });

  it('shows a private tender only to its owner, invited providers’ owners and admins; others get 404', async () => {
    const get = (cookie?: string) => t.app.inject({ url: `/api/tenders/${ids.P}`, headers: cookie ? { cookie } : {} });
    expect((await get()).statusCode).toBe(404);
    expect((await get(stranger.cookie)).statusCode).toBe(404);
    expect((await get(stranger.cookie)).json()).toEqual({ success: false, message: 'Tender not found' });
    const invited = await get(invitedOwner.cookie);
    expect(invited.statusCode).toBe(200);
    expect(invited.json().data.invitedProviders).toEqual([]);
    const mine = await get(owner.cookie);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data.invitedProviders).toEqual([invitedProvider]);
    expect((await get(admin.cookie)).json().data.invitedProviders).toEqual([invitedProvider]);
  });

  it('lets only admins list every tender', async () => {
    expect((await t.app.inject('/api/tenders')).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/tenders', headers: { cookie: owner.cookie } })).statusCode).toBe(403);
    const res = await t.app.inject({ url: '/api/tenders', headers: { cookie: admin.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json().success).toBe(true);
    expect(res.json().data.map((d: { title: string }) => d.title).sort()).toEqual(['A', 'B', 'C', 'D', 'E', 'F', 'G', 'P']);
  });

  it('answers every request of the bench scenario with 200', async () => {
    for (const request of tendersBenchScenarios.flatMap((s) => (Array.isArray(s.requests) ? s.requests : []))) {
      const res = await t.app.inject(request.path);
      expect(res.statusCode, `${request.path}: ${res.body}`).toBe(200);
    }
  });
});
