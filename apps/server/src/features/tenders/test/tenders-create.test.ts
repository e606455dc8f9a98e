import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKinds, type TestApp } from '../../../../test/harness';
import { addProvider, signIn } from './helpers';

describe.each(databaseKinds)('launching tenders on %s', (kind) => {
  let t: TestApp;
  let rep: Awaited<ReturnType<typeof signIn>>;
  let other: Awaited<ReturnType<typeof signIn>>;
  let claimedOwner: Awaited<ReturnType<typeof signIn>>;
  const providers: Record<string, string> = {};
  const count = async (table: string) => Number((await t.ctx.database.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`))[0]!.n);
  const post = (payload: unknown, cookie?: string) =>
    t.app.inject({ method: 'POST', url: '/api/tenders', payload: payload as object, headers: cookie ? { cookie } : {} });
  const bristol = { location: 'Bristol, City of Bristol, England', latitude: 51.4545, longitude: -2.5879 };

  beforeAll(async () => {
    t = await createTestApp({ kind });
    rep = await signIn(t, { name: 'Rita Rep' });
    other = await signIn(t, { name: 'Otto Other' });
    claimedOwner = await signIn(t, { name: 'Clara Claimed', type: 'provider' });
    // Bristol → Bath about 18 km, → Cardiff about 41 km, → Leeds about 270 km.
    providers.near = await addProvider(t, { name: 'Bath Cleaners', services: ['Panel Cleaning'], lat: 51.3811, lng: -2.359, radius: 50, ownerId: claimedOwner.user.id });
    providers.mid = await addProvider(t, { name: 'Cardiff Clean', services: ['Panel Cleaning', 'Drone Surveys'], lat: 51.4816, lng: -3.1791, radius: 80 });
    providers.far = await addProvider(t, { name: 'Leeds Wash', services: ['Panel Cleaning'], lat: 53.8008, lng: -1.5491, radius: 50 });
    providers.everywhere = await addProvider(t, { name: 'UK Wide Cleaning', services: ['panel cleaning'], radius: -1 });
    providers.nowhere = await addProvider(t, { name: 'No Address Cleaning', services: ['Panel Cleaning'] });
    providers.other = await addProvider(t, { name: 'Drone Only', services: ['Drone Surveys'], lat: 51.45, lng: -2.58, radius: 50 });
  });
  afterAll(() => t.close());

  it('refuses a visitor with 401 and writes nothing', async () => {
    const res = await post({ service: 'Panel Cleaning', ...bristol });
    expect(res.statusCode).toBe(401);
    expect(await count('tenders')).toBe(0);
  });

  it.each([[{}], [{ service: '' }], [{ service: '   ' }]])('asks for a service: %j', async (body) => {
    const res = await post({ ...body, ...bristol }, rep.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: 'Please select a service type for your tender' });
  });

  it.each([
    [{ searchRadius: 75 }, /radius/i],
    [{ startTimePreference: 'tomorrow' }, /startTimePreference/],
    [{ type: 'secret' }, /type/],
    [{ isAdmin: true }, /isAdmin/],
    [{ latitude: 51.5 }, /Choose a location/],
    [{ type: 'private' }, /Select at least one provider/],
  ])('refuses invalid input %j with a 400', async (extra, message) => {
    const res = await post({ service: 'Panel Cleaning', ...extra }, rep.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
    expect(await count('tenders')).toBe(0);
  });

  it('launches an open tender owned by the session user, ignoring userId in the body', async () => {
    const res = await post(
      { userId: other.user.id, service: 'Panel Cleaning', ...bristol, searchRadius: 100, startTimePreference: 'urgent', description: 'Clean 4,000 modules', type: 'open' },
      rep.cookie,
    );
    expect(res.statusCode, res.body).toBe(201);
    const data = res.json().data;
    expect(data).toMatchObject({
      userId: rep.user.id,
      user: { name: 'Rita Rep' },
      source: 'Solar Manager',
      type: 'open',
      status: 'open',
      service: 'Panel Cleaning',
      title: 'Panel Cleaning in Bristol',
      searchRadius: 100,
      startTimePreference: 'urgent',
      contactEmail: null,
    });
    expect(res.body).not.toContain(rep.email);
    const listed = (await t.app.inject('/api/tenders/public?service=Panel%20Cleaning')).json();
    expect(listed.data.map((d: { id: string }) => d.id)).toContain(data.id);
  });

  it('launches a private tender, emails the claimed owner and puts the unclaimed one on the waiting list', async () => {
    const before = await count('outbox');
    const res = await post(
      { service: 'Panel Cleaning', ...bristol, description: 'Private job', type: 'private', invitedProviders: [providers.near, providers.mid] },
      rep.cookie,
    );
    expect(res.statusCode, res.body).toBe(201);
    const tender = res.json().data;
    expect(tender.type).toBe('private');
    expect(tender.invitedProviders.sort()).toEqual([providers.near, providers.mid].sort());
    expect(tender.waitingListProviders).toBe(1);
    const mail = await t.ctx.database.query<{ to_address: string; subject: string; text_body: string }>(
      'SELECT to_address, subject, text_body FROM outbox ORDER BY created_at DESC',
    );
    expect(mail.length).toBe(before + 1);
    expect(mail[0]).toMatchObject({ to_address: claimedOwner.email, subject: expect.stringMatching(/^Invitation to tender: Panel Cleaning.*, closes \d{1,2} \w{3} \d{4}$/) });
    expect(mail[0]!.text_body).toContain(`/tender/${tender.id}`);
    expect(mail[0]!.text_body).not.toContain(rep.email);

    const get = (cookie?: string) => t.app.inject({ url: `/api/tenders/${tender.id}`, headers: cookie ? { cookie } : {} });
    expect((await get(claimedOwner.cookie)).statusCode).toBe(200);
    expect((await get(other.cookie)).statusCode).toBe(404);
    expect((await get()).statusCode).toBe(404);
    const listed = (await t.app.inject('/api/tenders/public?status=all&limit=50')).json();
    expect(listed.data.map((d: { id: string }) => d.id)).not.toContain(tender.id);
  });

  it('refuses a private tender inviting a provider that does not exist, writing nothing', async () => {
    const tenders = await count('tenders');
    const res = await post({ service: 'Panel Cleaning', type: 'private', invitedProviders: [providers.near, '00000000-0000-4000-8000-000000000000'] }, rep.cookie);
    expect(res.statusCode).toBe(400);
    expect(await count('tenders')).toBe(tenders);
  });

  it('lets a provider-type user launch a tender too (decision 0171)', async () => {
    const res = await post({ service: 'Drone Surveys' }, claimedOwner.cookie);
    expect(res.statusCode).toBe(201);
    expect(res.json().data.userId).toBe(claimedOwner.user.id);
  });

  it('saves tenders and reminders per user, and refuses a private tender the caller cannot see', async () => {
    const open = (await post({ service: 'Drone Surveys' }, rep.cookie)).json().data;
    const put = (id: string, kind: string, cookie?: string) =>
      t.app.inject({ method: 'PUT', url: `/api/tenders/${id}/saves/${kind}`, headers: cookie ? { cookie } : {} });
    expect((await put(open.id, 'saved')).statusCode).toBe(401);
    expect((await put(open.id, 'saved', other.cookie)).statusCode).toBe(200);
    expect((await put(open.id, 'later', other.cookie)).statusCode).toBe(200);
    expect((await put(open.id, 'later', other.cookie)).statusCode).toBe(200);
    const saved = (await t.app.inject({ url: '/api/tenders/saved', headers: { cookie: other.cookie } })).json();
    expect(saved.data.map((s: { kind: string }) => s.kind).sort()).toEqual(['later', 'saved']);
    await t.app.inject({ method: 'DELETE', url: `/api/tenders/${open.id}/saves/later`, headers: { cookie: other.cookie } });
    expect((await t.app.inject({ url: '/api/tenders/saved', headers: { cookie: other.cookie } })).json().data).toHaveLength(1);
    const privateTender = (await post({ service: 'Panel Cleaning', type: 'private', invitedProviders: [providers.mid] }, rep.cookie)).json().data;
    expect((await put(privateTender.id, 'saved', other.cookie)).statusCode).toBe(404);
  });

  it('sends Contact About Tender to the owner by email without revealing it to the sender', async () => {
    const open = (await post({ service: 'Security & CCTV' }, rep.cookie)).json().data;
    const contact = (cookie: string | undefined, message = 'We can help with CCTV next month.') =>
      t.app.inject({ method: 'POST', url: `/api/tenders/${open.id}/contact`, payload: { message }, headers: cookie ? { cookie } : {} });
    expect((await contact(undefined)).statusCode).toBe(401);
    expect((await contact(other.cookie, 'short')).statusCode).toBe(400);
    expect((await contact(rep.cookie)).json().message).toBe('This is your own tender');
    const res = await contact(other.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(rep.email);
    const [mail] = await t.ctx.database.query<{ to_address: string; text_body: string }>('SELECT to_address, text_body FROM outbox ORDER BY created_at DESC LIMIT 1');
    expect(mail!.to_address).toBe(rep.email);
    expect(mail!.text_body).toContain('We can help with CCTV next month.');
    expect(mail!.text_body).toContain(other.email);
  });
});
