import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALERT_MESSAGES as M } from '@solar/shared/constants/alerts';
import { createTestApp, databaseKinds, type TestApp } from '../../../../test/harness';
import { fixedClock } from '../../../platform/clock';
import { importOcdsReleases } from '../../tenders/ocds/ocds-import';
import { addProvider, addTender, signIn } from '../../tenders/test/helpers';
import { runAlerts } from '../alerts.job';
import { digestDue } from '../saved-searches.service';
import type { NewTenderRow } from '../../../db/schema/index';

/**
 * Saved searches and their alerts through the API and the job (issue 30, decisions 0471–0474):
 * saving and editing, set-based matching of the product's tenders and imported notices, each item
 * once per search, instant mail with List-Unsubscribe (RFC 8058), the one-click page without
 * signing in, and the visibility rule at match and at send time. Tests run in order on one app.
 */
type Who = Awaited<ReturnType<typeof signIn>>;
type Mail = { id: string; to_address: string; subject: string; text_body: string; headers: Record<string, string>; kind: string };

describe.each(databaseKinds)('saved searches and alerts on %s', (kind) => {
  let t: TestApp;
  // Friday 27 November 2026, 09:00 UTC (GMT: 09:00 UK time).
  const clock = fixedClock(new Date('2026-11-27T09:00:00Z'));
  let alice: Who, bob: Who, owner: Who;
  let ip = 1;
  const call = (method: string, url: string, who: Who | null, payload?: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: method as 'GET',
      url,
      remoteAddress: `10.48.${Math.floor(ip / 250) % 250}.${(ip++ % 250) + 1}`,
      ...(payload !== undefined && { payload: payload as string }),
      headers: { ...headers, ...(who && { cookie: who.cookie }) },
    });
  const mailsTo = (to: string, mailKind = 'saved-search') =>
    t.ctx.database.query<Mail>('SELECT id, to_address, subject, text_body, headers, kind FROM outbox WHERE to_address = $1 AND kind = $2 ORDER BY created_at, id', [to, mailKind]);
  const run = () => runAlerts(t.ctx, clock.now());
  const later = (ms: number) => new Date(clock.now().getTime() + ms);
  const DAY = 86_400_000;
  const tender = (title: string, values: Partial<NewTenderRow> = {}) =>
    addTender(t, { userId: owner.user.id, title, publishedDate: clock.now(), closingDate: later(20 * DAY), createdAt: clock.now(), ...values });
  let searchId = '';

  beforeAll(async () => {
    t = await createTestApp({ kind, clock });
    alice = await signIn(t, { name: 'Alice Alert', email: 'alice@alerts.example.com', type: 'provider' });
    bob = await signIn(t, { name: 'Bob Bidder', email: 'bob@alerts.example.com', type: 'provider' });
    owner = await signIn(t, { name: 'Olive Owner', email: 'olive@alerts.example.com' });
  });
  afterAll(() => t.close());

  it('saves a tender search with keywords, CPV codes and a place; refuses what it cannot use', async () => {
    const body = {
      kind: 'tenders',
      name: 'Solar PV near Bristol',
      criteria: { keywords: '"solar pv" -domestic', location: 'Bristol', lat: 51.45, lng: -2.59, radiusKm: 50, stages: ['open'] },
      frequency: 'instant',
    };
    expect((await call('POST', '/api/saved-searches', null, body)).statusCode).toBe(401);
    const res = await call('POST', '/api/saved-searches', alice, body);
    expect(res.statusCode, res.body).toBe(201);
    const saved = res.json().data;
    searchId = saved.id;
    expect(saved).toMatchObject({ name: 'Solar PV near Bristol', kind: 'tenders', frequency: 'instant', paused: false, nextDigestAt: null, matches: 0 });
    expect(saved.criteria).toMatchObject({ keywords: '"solar pv" -domestic', cpv: [], radiusKm: 50, myProfiles: false });

    const stopWords = await call('POST', '/api/saved-searches', alice, { ...body, criteria: { keywords: 'the and of' } });
    expect(stopWords.statusCode).toBe(400);
    expect(stopWords.json().message).toBe(M.keywordsNoWords);
    expect((await call('POST', '/api/saved-searches', alice, { ...body, criteria: { cpv: ['123'] } })).statusCode).toBe(400);
    expect((await call('POST', '/api/saved-searches', alice, { ...body, kind: 'providers' })).statusCode).toBe(400);
    expect((await call('POST', '/api/saved-searches', alice, { ...body, frequency: 'hourly' })).statusCode).toBe(400);
    expect((await call('GET', '/api/saved-searches', alice)).json().data.map((s: { id: string }) => s.id)).toEqual([searchId]);
  });

  it("another user cannot see, change or delete it: the same 404 as an unknown id", async () => {
    for (const [method, url, payload] of [
      ['GET', `/api/saved-searches/${searchId}/matches`, undefined],
      ['PATCH', `/api/saved-searches/${searchId}`, { kind: 'tenders', name: 'Mine now' }],
      ['DELETE', `/api/saved-searches/${searchId}`, undefined],
    ] as const) {
      const res = await call(method, url, bob, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().message).toBe(M.notFound);
    }
    expect((await call('GET', '/api/saved-searches', bob)).json().data).toEqual([]);
    expect((await call('PATCH', `/api/saved-searches/not-a-uuid`, alice, { kind: 'tenders', name: 'x' })).statusCode).toBe(404);
    expect((await call('PATCH', `/api/saved-searches/${searchId}`, alice, { kind: 'assets', name: 'x' })).statusCode).toBe(400);
  });

  it('mails new matching tenders, the product’s and imported, once each, with List-Unsubscribe; the bell gets one notification', async () => {
    // Matches: words and place (a tender listed here near Bristol; an imported notice in Bath).
    await tender('Solar PV installation on the depot roof', { latitude: 51.46, longitude: -2.6, description: 'A 200 kW solar PV array.' });
    await importOcdsReleases(t.ctx.database, [
      {
        ocid: 'ocds-alerts-1',
        id: 'r1',
        date: '2026-11-26T10:00:00Z',
        tag: ['tender'],
        buyer: { id: 'b1', name: 'Bath Council' },
        parties: [{ id: 'b1', name: 'Bath Council', roles: ['buyer'], address: { postalCode: 'BA1 1AA' } }],
        tender: { title: 'Solar PV for schools', description: 'Supply and fit solar PV systems.', status: 'active', tenderPeriod: { endDate: '2027-01-31T12:00:00Z' }, classification: { scheme: 'CPV', id: '09331200' } },
      },
    ], { now: clock.now() });
    // Not matches: the excluded word, too far away, not the words, the owner's own, a draft.
    await tender('Solar PV for domestic roofs', { latitude: 51.45, longitude: -2.59 });
    await tender('Solar PV canopy in Leeds', { latitude: 53.8, longitude: -1.55 });
    await tender('Battery storage near Bristol', { latitude: 51.45, longitude: -2.59 });
    await addTender(t, { userId: alice.user.id, title: 'Solar PV at my own site', latitude: 51.45, longitude: -2.59, publishedDate: clock.now(), closingDate: later(DAY) });
    await tender('Solar PV draft', { stage: 'draft', latitude: 51.45, longitude: -2.59 });

    const report = await run();
    expect(report.matched).toBe(2);
    const [mail, ...more] = await mailsTo(alice.email);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe('2 new matches for "Solar PV near Bristol"');
    expect(mail!.text_body).toContain('New tenders');
    expect(mail!.text_body).toContain('Solar PV installation on the depot roof');
    expect(mail!.text_body).toContain('Solar PV for schools (Bath Council');
    for (const absent of ['Solar PV for domestic roofs', 'Leeds', 'Battery', 'my own site', 'Solar PV draft']) expect(mail!.text_body).not.toContain(absent);
    expect(mail!.headers['List-Unsubscribe']).toMatch(/^<http:\/\/localhost:3000\/api\/alerts\/unsubscribe\?token=s\.[0-9a-f-]{36}\.[\w-]{32}>$/);
    expect(mail!.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(mail!.text_body).toMatch(/Stop these emails: http:\/\/localhost:3000\/unsubscribe\?token=s\./);
    const bell = (await call('GET', '/api/notifications', alice)).json().data;
    expect(bell.unread).toBe(1);
    expect(bell.items[0]).toMatchObject({ kind: 'alert-match', title: '2 new matches for "Solar PV near Bristol"', link: `/dashboard?tab=searches&search=${searchId}`, read: false });

    // A later correction of a matched tender is not mailed again by the search (watching is for that).
    await t.ctx.database.query(`UPDATE tenders SET description = description || ' Updated.' WHERE title = 'Solar PV installation on the depot roof'`);
    await run();
    expect(await mailsTo(alice.email)).toHaveLength(1);
    const listed = (await call('GET', `/api/saved-searches/${searchId}/matches`, alice)).json().data;
    expect(listed.map((m: { title: string }) => m.title).sort()).toEqual(['Solar PV for schools', 'Solar PV installation on the depot roof']);
    expect(listed.every((m: { mailedAt: string | null; link: string }) => m.mailedAt !== null && m.link.startsWith('/tender/'))).toBe(true);
  });

  it('a saved search never reveals a private tender to someone who cannot see it, at match time or at send time', async () => {
    const bobsProvider = await addProvider(t, { name: 'Bob Solar', services: ['Solar PV'], ownerId: bob.user.id });
    const bobSearch = await call('POST', '/api/saved-searches', bob, { kind: 'tenders', name: 'Solar PV anywhere', criteria: { keywords: 'solar pv' }, frequency: 'daily', hour: 8 });
    expect(bobSearch.statusCode).toBe(201);
    await call('PATCH', `/api/saved-searches/${searchId}`, alice, { kind: 'tenders', frequency: 'daily', hour: 8 });
    // Invited: Bob's profile. Alice's search matches the words and the place, but she may not see it.
    const invited = await tender('Private solar PV job in Bristol', { type: 'private', latitude: 51.45, longitude: -2.59 });
    await t.ctx.database.query('INSERT INTO tender_invitations (tender_id, provider_id) VALUES ($1, $2)', [invited, bobsProvider]);
    // Bob is invited to a second one, then loses the invitation before his digest goes.
    const withdrawn = await tender('Private solar PV job withdrawn', { type: 'private', latitude: 51.45, longitude: -2.59 });
    await t.ctx.database.query('INSERT INTO tender_invitations (tender_id, provider_id) VALUES ($1, $2)', [withdrawn, bobsProvider]);
    await run();
    const [aliceMatches] = await t.ctx.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM saved_search_matches WHERE search_id = $1 AND item_id IN (SELECT id::text FROM tenders WHERE type = 'private')`, [searchId]);
    expect(aliceMatches!.n).toBe(0);
    await t.ctx.database.query('DELETE FROM tender_invitations WHERE tender_id = $1', [withdrawn]);

    clock.set(new Date('2026-11-28T08:00:00Z')); // Saturday 08:00 UK time: both digests are due
    await run();
    const [bobDigest] = await mailsTo(bob.email);
    expect(bobDigest!.subject).toBe('Daily: 1 new match for "Solar PV anywhere"');
    expect(bobDigest!.text_body).toContain('Private solar PV job in Bristol');
    expect(bobDigest!.text_body).not.toContain('withdrawn');
    expect(JSON.stringify(await mailsTo(alice.email))).not.toContain('Private solar PV');
    const bobsList = (await call('GET', `/api/saved-searches/${bobSearch.json().data.id}/matches`, bob)).json().data;
    expect(bobsList.map((m: { title: string }) => m.title)).toEqual(['Private solar PV job in Bristol']);
  });

  it('daily and weekly digests go at their UK hour, across the clock change', async () => {
    const weekly = await call('POST', '/api/saved-searches', bob, { kind: 'tenders', name: 'Wind weekly', criteria: { keywords: 'wind turbine' }, frequency: 'weekly', hour: 7, weekday: 1 });
    expect(weekly.statusCode, weekly.body).toBe(201);
    // The next Monday 07:00 UK time (GMT in November).
    expect(weekly.json().data.nextDigestAt).toBe('2026-11-30T07:00:00.000Z');
    // A daily digest at 08:00 goes at 08:00 BST (07:00 UTC) in summer, 08:00 GMT in winter (uk-time.test.ts has the changes' days).
    expect(digestDue('daily', 8, 1, false, new Date('2027-06-01T12:00:00Z'))?.toISOString()).toBe('2027-06-02T07:00:00.000Z');
    expect(digestDue('daily', 8, 1, false, new Date('2026-12-01T12:00:00Z'))?.toISOString()).toBe('2026-12-02T08:00:00.000Z');
    expect(digestDue('instant', 8, 1, false, clock.now())).toBeNull();
    expect(digestDue('daily', 8, 1, true, clock.now())).toBeNull();
    // Bob's daily search went at Saturday 08:00; the next is Sunday's.
    const daily = (await call('GET', '/api/saved-searches', bob)).json().data.find((s: { name: string }) => s.name === 'Solar PV anywhere');
    expect(daily).toMatchObject({ nextDigestAt: '2026-11-29T08:00:00.000Z', lastMailedAt: '2026-11-28T08:00:00.000Z' });
  });

  it('one click unsubscribes without signing in: the form POST of a mail program, and the page', async () => {
    const [mail] = await mailsTo(alice.email);
    const url = /<http:\/\/localhost:3000(\/api\/alerts\/unsubscribe\?token=[^>]+)>/.exec(mail!.headers['List-Unsubscribe']!)![1]!;
    const info = await call('GET', url, null);
    expect(info.json().data).toEqual({ kind: 'search', name: 'Solar PV near Bristol', done: false });
    // RFC 8058: the mail program POSTs the form body to the header's address.
    const click = await call('POST', url, null, 'List-Unsubscribe=One-Click', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(click.statusCode, click.body).toBe(200);
    expect(click.json().data).toEqual({ kind: 'search', name: 'Solar PV near Bristol', done: true });
    const after = (await call('GET', '/api/saved-searches', alice)).json().data.find((s: { id: string }) => s.id === searchId);
    expect(after).toMatchObject({ frequency: 'off', paused: false });
    // Again (the page, JSON): nothing more changes.
    expect((await call('POST', url, null, {})).json().data.done).toBe(true);
    // A changed signature, another search's id under this signature, garbage: refused.
    const token = new URL(`http://x${url}`).searchParams.get('token')!;
    for (const bad of [`${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`, token.replace(searchId, '00000000-0000-4000-8000-000000000000'), 'nonsense']) {
      const res = await call('POST', `/api/alerts/unsubscribe?token=${encodeURIComponent(bad)}`, null, {});
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message).toBe(M.unsubscribeInvalid);
    }
    // Mail off: new matches reach the bell, not the inbox.
    const before = (await mailsTo(alice.email)).length;
    await tender('Solar PV carport in Bristol', { latitude: 51.45, longitude: -2.59 });
    await run();
    expect(await mailsTo(alice.email)).toHaveLength(before);
    expect((await call('GET', '/api/notifications', alice)).json().data.items[0].title).toBe('1 new match for "Solar PV near Bristol"');
  });

  it('stages include the Procurement Act early notices: a pipeline notice and one open for interest match only searches for those stages', async () => {
    const carol = await signIn(t, { name: 'Carol Early', email: 'carol@alerts.example.com', type: 'provider' });
    const save = async (name: string, stages: string[]) => {
      const res = await call('POST', '/api/saved-searches', carol, { kind: 'tenders', name, criteria: { keywords: 'agrivoltaic', stages }, frequency: 'instant' });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data.id as string;
    };
    const early = await save('Early agrivoltaic', ['pipeline', 'interest']);
    const open = await save('Open agrivoltaic', ['open']);
    const notice = (n: number, title: string, noticeType: string, tender: Record<string, unknown>) => ({
      ocid: `ocds-h6vhtk-a1ert${n}`,
      id: `09${n}000-2026`,
      date: '2026-11-27T08:00:00Z',
      tag: [noticeType === 'UK4' ? 'tender' : 'planning'],
      buyer: { id: 'GB-PPON-PBUY-0001-AAAA', name: 'Shire Council' },
      parties: [{ id: 'GB-PPON-PBUY-0001-AAAA', name: 'Shire Council', roles: ['buyer'], address: { postalCode: 'BA1 1AA' } }],
      ...(noticeType === 'UK4' ? {} : { planning: { documents: [{ id: `09${n}000-2026`, documentType: 'marketEngagementNotice', noticeType }] } }),
      tender: {
        title,
        description: 'Agrivoltaic solar PV over grazing land.',
        status: noticeType === 'UK4' ? 'active' : 'planning',
        classification: { scheme: 'CPV', id: '09332000' },
        ...(noticeType === 'UK4' ? { documents: [{ id: `09${n}000-2026`, documentType: 'tenderNotice', noticeType }] } : {}),
        ...tender,
      },
    });
    await importOcdsReleases(
      t.ctx.database,
      [
        notice(1, 'Agrivoltaic pilot: pipeline notice', 'UK2', {}),
        notice(2, 'Agrivoltaic array: open for interest', 'UK4', { expressionOfInterestDeadline: '2026-12-18T12:00:00Z' }),
        notice(3, 'Agrivoltaic canopy: open for tenders', 'UK4', { tenderPeriod: { endDate: '2027-01-15T12:00:00Z' } }),
      ] as never,
      { now: clock.now() },
    );
    await run();
    const titles = async (id: string) => ((await call('GET', `/api/saved-searches/${id}/matches`, carol)).json().data as Array<{ title: string }>).map((m) => m.title).sort();
    expect(await titles(early)).toEqual(['Agrivoltaic array: open for interest', 'Agrivoltaic pilot: pipeline notice']);
    expect(await titles(open)).toEqual(['Agrivoltaic canopy: open for tenders']);
    const listed = (await call('GET', '/api/saved-searches', carol)).json().data.find((s: { id: string }) => s.id === early);
    expect(listed.criteria.stages).toEqual(['pipeline', 'interest']);
    // A stage the contract does not know is refused.
    expect((await call('POST', '/api/saved-searches', carol, { kind: 'tenders', name: 'x', criteria: { stages: ['planning'] }, frequency: 'off' })).statusCode).toBe(400);
  });

  it('pauses, renames and deletes; a paused search matches nothing', async () => {
    const paused = await call('PATCH', `/api/saved-searches/${searchId}`, alice, { kind: 'tenders', paused: true, name: 'Renamed' });
    expect(paused.json().data).toMatchObject({ paused: true, name: 'Renamed' });
    const matchesBefore = paused.json().data.matches;
    await tender('Solar PV school roof, Bristol', { latitude: 51.45, longitude: -2.59 });
    await run();
    expect((await call('GET', '/api/saved-searches', alice)).json().data.find((s: { id: string }) => s.id === searchId).matches).toBe(matchesBefore);
    expect((await call('DELETE', `/api/saved-searches/${searchId}`, alice)).statusCode).toBe(200);
    expect((await call('GET', `/api/saved-searches/${searchId}/matches`, alice)).statusCode).toBe(404);
    const [left] = await t.ctx.database.query<{ n: number }>('SELECT count(*)::int AS n FROM saved_search_matches WHERE search_id = $1', [searchId]);
    expect(left!.n).toBe(0);
  });

  it('marks notifications read, only the caller’s own', async () => {
    const mine = (await call('GET', '/api/notifications', alice)).json().data.items;
    const bobs = (await call('GET', '/api/notifications', bob)).json().data;
    expect(bobs.unread).toBeGreaterThan(0);
    // Alice naming Bob's notification changes nothing of Bob's.
    await call('POST', '/api/notifications/read', alice, { ids: [bobs.items[0].id] });
    expect((await call('GET', '/api/notifications/unread', bob)).json().data.unread).toBe(bobs.unread);
    const res = await call('POST', '/api/notifications/read', alice, { ids: [mine[0].id] });
    expect(res.json().data.unread).toBe(mine.filter((n: { read: boolean }) => !n.read).length - 1);
    expect((await call('POST', '/api/notifications/read', alice, { all: true })).json().data.unread).toBe(0);
    expect((await call('POST', '/api/notifications/read', alice, {})).statusCode).toBe(400);
  });
});
