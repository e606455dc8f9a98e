import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKinds, type TestApp } from '../../../../test/harness';
import { fixedClock } from '../../../platform/clock';
import { importOcdsReleases } from '../../tenders/ocds/ocds-import';
import type { OcdsRelease } from '../../tenders/ocds/ocds-mapper';
import { addProvider, addTender, signIn } from '../../tenders/test/helpers';
import { runAlerts } from '../alerts.job';

/**
 * Watched tenders (decision 0473): a mail and a notification on every change (a correction of an
 * imported notice, a deadline, a clarification published, an award, a cancellation), to watchers
 * who may see the tender at send time; one-click unwatch from the mail. And the other pages' saved
 * searches: new providers in a directory search's area, REPD changes for asset searches.
 */
type Who = Awaited<ReturnType<typeof signIn>>;
type Mail = { subject: string; text_body: string; headers: Record<string, string> };

describe.each(databaseKinds)('watched tenders and the other saved searches on %s', (kind) => {
  let t: TestApp;
  const clock = fixedClock(new Date('2026-11-27T09:00:00Z'));
  let owner: Who, watcher: Who, stranger: Who;
  let ip = 1;
  const call = (method: string, url: string, who: Who | null, payload?: unknown) =>
    t.app.inject({
      method: method as 'GET',
      url,
      remoteAddress: `10.49.${Math.floor(ip / 250) % 250}.${(ip++ % 250) + 1}`,
      ...(payload !== undefined && { payload: payload as object }),
      headers: who ? { cookie: who.cookie } : {},
    });
  const mailsTo = (to: string, mailKind: string) =>
    t.ctx.database.query<Mail>('SELECT subject, text_body, headers FROM outbox WHERE to_address = $1 AND kind = $2 ORDER BY created_at, id', [to, mailKind]);
  const run = () => runAlerts(t.ctx, clock.now());
  const DAY = 86_400_000;
  const release = (id: string, date: string, tender: Record<string, unknown>): OcdsRelease =>
    ({ ocid: 'ocds-watch-1', id, date, tag: ['tender'], buyer: { name: 'Exeter Council' }, tender: { status: 'active', classification: { scheme: 'CPV', id: '09331200' }, ...tender } }) as OcdsRelease;

  beforeAll(async () => {
    t = await createTestApp({ kind, clock });
    owner = await signIn(t, { name: 'Olive Owner', email: 'olive@watch.example.com' });
    watcher = await signIn(t, { name: 'Walt Watcher', email: 'walt@watch.example.com', type: 'provider' });
    stranger = await signIn(t, { name: 'Stan Stranger', email: 'stan@watch.example.com', type: 'provider' });
  });
  afterAll(() => t.close());

  it('an imported notice: its correction and its new deadline arrive by mail and in the bell', async () => {
    await importOcdsReleases(t.ctx.database, [release('r1', '2026-11-20T10:00:00Z', { title: 'Solar PV for Exeter schools', description: 'Solar PV systems.', tenderPeriod: { endDate: '2027-01-10T12:00:00Z' } })], { now: clock.now() });
    const [notice] = await t.ctx.database.query<{ id: string }>(`SELECT id::text AS id FROM tenders WHERE external_id = 'ocds-watch-1'`);
    expect((await call('PUT', `/api/tenders/${notice!.id}/watch`, null)).statusCode).toBe(401);
    expect((await call('PUT', `/api/tenders/${notice!.id}/watch`, watcher)).json().data).toEqual({ watching: true });
    expect((await call('GET', `/api/tenders/${notice!.id}/watch`, watcher)).json().data).toEqual({ watching: true });
    expect((await call('GET', `/api/tenders/${notice!.id}/watch`, stranger)).json().data).toEqual({ watching: false });
    await run(); // its publication is old news to a watcher
    expect(await mailsTo(watcher.email, 'watched-tender')).toEqual([]);

    await importOcdsReleases(
      t.ctx.database,
      [release('r2', '2026-11-26T10:00:00Z', { title: 'Solar PV for Exeter schools (corrected)', description: 'Solar PV systems.', tenderPeriod: { endDate: '2027-01-24T12:00:00Z' } })],
      { now: clock.now() },
    );
    await run();
    const [mail, ...more] = await mailsTo(watcher.email, 'watched-tender');
    expect(more).toEqual([]);
    expect(mail!.subject).toBe('A tender you watch has changed: Solar PV for Exeter schools (corrected)');
    expect(mail!.text_body).toContain('- The closing date changed from 10/01/2027 to 24/01/2027.');
    expect(mail!.text_body).toContain('- The notice was corrected: title.');
    expect(mail!.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const bell = (await call('GET', '/api/notifications', watcher)).json().data.items;
    expect(bell[0]).toMatchObject({ kind: 'watched-change', title: '"Solar PV for Exeter schools (corrected)" changed', link: `/tender/${notice!.id}` });
    // The one click stops watching.
    const url = /<http:\/\/localhost:3000(\/api\/alerts\/unsubscribe\?token=w\.[^>]+)>/.exec(mail!.headers['List-Unsubscribe']!)![1]!;
    expect((await call('GET', url, null)).json().data).toEqual({ kind: 'watch', name: 'Solar PV for Exeter schools (corrected)', done: false });
    expect((await call('POST', url, null, {})).json().data.done).toBe(true);
    expect((await call('GET', `/api/tenders/${notice!.id}/watch`, watcher)).json().data).toEqual({ watching: false });
  });

  it("a tender listed here: a clarification published, a deadline moved and the award, each told; the asker's bell too", async () => {
    const created = await call('POST', '/api/tenders', owner, { service: 'Panel Cleaning', location: 'Exeter', type: 'open', description: 'Clean 1 MW of panels' });
    const id = created.json().data.id as string;
    await call('PUT', `/api/tenders/${id}/watch`, watcher);
    const asked = await call('POST', `/api/tenders/${id}/questions`, stranger, { question: 'Is access by ladder?' });
    expect(asked.statusCode, asked.body).toBe(201);
    expect((await call('POST', `/api/tenders/${id}/questions/${asked.json().data.id}/answer`, owner, { answer: 'Yes, from the north side.' })).statusCode).toBe(200);
    expect((await call('POST', `/api/tenders/${id}/extend`, owner, { closingDate: new Date(clock.now().getTime() + 60 * DAY).toISOString() })).statusCode).toBe(200);
    await run();
    const [first] = await mailsTo(watcher.email, 'watched-tender').then((m) => m.filter((x) => x.subject.includes('Panel Cleaning')));
    expect(first!.text_body).toContain('- A question was answered: the answer is published on the tender.');
    expect(first!.text_body).toMatch(/- The closing date changed from \d\d\/\d\d\/\d{4} to \d\d\/\d\d\/\d{4}\./);
    const strangerBell = (await call('GET', '/api/notifications', stranger)).json().data.items;
    expect(strangerBell[0]).toMatchObject({ kind: 'question-answered', title: 'Your question about "Panel Cleaning in Exeter" was answered', link: `/tender/${id}` });

    await addProvider(t, { name: 'Stan Cleaning', services: ['Panel Cleaning'], ownerId: stranger.user.id });
    const response = await call('PUT', `/api/tenders/${id}/my-responses`, stranger, { message: 'We can clean them all next week.', priceMinimum: 900, priceMaximum: 900, leadTimeDays: 3 });
    expect(response.statusCode, response.body).toBe(200);
    // Award comes after closing (issue 27): the owner closes it early first.
    expect((await call('POST', `/api/tenders/${id}/close`, owner, { reason: 'Closed early for the test of this cycle.' })).statusCode).toBe(200);
    expect((await call('POST', `/api/tenders/${id}/award`, owner, { responseId: response.json().data.id })).statusCode).toBe(200);
    await run();
    const mails = (await mailsTo(watcher.email, 'watched-tender')).filter((x) => x.subject.includes('Panel Cleaning'));
    expect(mails).toHaveLength(2);
    expect(mails[1]!.text_body).toContain('- It was awarded to Stan Cleaning.');
  });

  it('a private tender: watching needs the right to see it, and a watcher who lost it is told nothing', async () => {
    const provider = await addProvider(t, { name: 'Walt Solar', services: ['Solar PV'], ownerId: watcher.user.id });
    const id = await addTender(t, { userId: owner.user.id, title: 'Private PV job', type: 'private', publishedDate: clock.now(), closingDate: new Date(clock.now().getTime() + 20 * DAY) }, [provider]);
    expect((await call('PUT', `/api/tenders/${id}/watch`, stranger)).statusCode).toBe(404);
    expect((await call('GET', `/api/tenders/${id}/watch`, stranger)).statusCode).toBe(404);
    expect((await call('PUT', `/api/tenders/${id}/watch`, watcher)).statusCode).toBe(200);
    expect((await call('GET', '/api/tenders/watched', watcher)).json().data.map((w: { title: string }) => w.title)).toContain('Private PV job');
    await run();
    await t.ctx.database.query('DELETE FROM tender_invitations WHERE tender_id = $1', [id]);
    await t.ctx.database.query(`UPDATE tenders SET closing_date = closing_date + interval '7 days' WHERE id = $1`, [id]);
    await run();
    expect((await mailsTo(watcher.email, 'watched-tender')).filter((m) => m.subject.includes('Private PV job'))).toEqual([]);
    expect(JSON.stringify((await call('GET', '/api/notifications', watcher)).json().data)).not.toContain('Private PV job');
    expect((await call('GET', '/api/tenders/watched', watcher)).json().data.map((w: { title: string }) => w.title)).not.toContain('Private PV job');
  });

  it('a directory search gets new providers in its area, not elsewhere, not its own', async () => {
    const res = await call('POST', '/api/saved-searches', stranger, {
      kind: 'providers',
      name: 'Cleaners near Exeter',
      criteria: { services: ['Panel Cleaning'], location: 'Exeter', lat: 50.72, lng: -3.53, radiusKm: 30 },
      frequency: 'instant',
    });
    expect(res.statusCode, res.body).toBe(201);
    await addProvider(t, { name: 'Exeter Panel Care', services: ['Panel Cleaning'], lat: 50.7, lng: -3.5, radius: 40 });
    await addProvider(t, { name: 'Nationwide Cleaning', services: ['Solar Panel Cleaning'], radius: -1 });
    await addProvider(t, { name: 'Leeds Panel Care', services: ['Panel Cleaning'], lat: 53.8, lng: -1.55, radius: 40 });
    await addProvider(t, { name: 'Exeter Roofing', services: ['Roofing'], lat: 50.7, lng: -3.5, radius: 40 });
    await addProvider(t, { name: 'Stan Second Office', services: ['Panel Cleaning'], lat: 50.7, lng: -3.5, radius: 40, ownerId: stranger.user.id });
    await run();
    const [mail] = await mailsTo(stranger.email, 'saved-search');
    expect(mail!.subject).toBe('2 new matches for "Cleaners near Exeter"');
    expect(mail!.text_body).toContain('New providers');
    expect(mail!.text_body).toContain('Exeter Panel Care');
    expect(mail!.text_body).toContain('Nationwide Cleaning');
    for (const absent of ['Leeds', 'Roofing', 'Second Office']) expect(mail!.text_body).not.toContain(absent);
  });

  it('asset overview and projects-table searches get the REPD changes to projects they cover', async () => {
    await t.ctx.database.query(
      `INSERT INTO assets (repd_ref_id, site_name, technology_type, installed_capacity, development_status, region, repd_operator, latitude, longitude, content_hash)
       VALUES ('W1', 'Moor Wind', 'Wind Onshore', 40, 'Under Construction', 'Scotland', 'Gale Ltd', 56, -4, 'h1'),
              ('S1', 'Sunny Fields', 'Solar Photovoltaics', 20, 'Planning Permission Granted', 'Wales', 'Sun Ltd', 52, -3.5, 'h2')`,
    );
    const overview = await call('POST', '/api/saved-searches', watcher, { kind: 'assets', name: 'Scottish wind', criteria: { technologies: ['Wind Onshore'], regions: ['Scotland'], minCapacity: 10 }, frequency: 'instant' });
    const projects = await call('POST', '/api/saved-searches', watcher, { kind: 'projects', name: 'Welsh solar granted', criteria: { region: 'Wales', phase: 'Planning Permission Granted', changes: ['status'] }, frequency: 'instant' });
    expect([overview.statusCode, projects.statusCode]).toEqual([201, 201]);
    await t.ctx.database.query(
      `INSERT INTO asset_changes (repd_ref_id, site_name, kind, before_value, after_value, release, changed_at)
       VALUES ('W1', 'Moor Wind', 'capacity', '30', '40', 'repd-test', now()), ('W1', 'Moor Wind', 'operator', 'A', 'Gale Ltd', 'repd-test', now()),
              ('S1', 'Sunny Fields', 'status', 'Application Submitted', 'Planning Permission Granted', 'repd-test', now()),
              ('S1', 'Sunny Fields', 'capacity', '18', '20', 'repd-test', now())`,
    );
    await run();
    const mails = await mailsTo(watcher.email, 'saved-search');
    const wind = mails.find((m) => m.subject.includes('Scottish wind'))!;
    expect(wind.subject).toBe('1 new match for "Scottish wind"');
    expect(wind.text_body).toContain('Capacity changes');
    expect(wind.text_body).toContain('Moor Wind (Capacity 30 → 40 MW (repd-test))');
    const solar = mails.find((m) => m.subject.includes('Welsh solar'))!;
    expect(solar.subject).toBe('1 new match for "Welsh solar granted"');
    expect(solar.text_body).toContain('Status changes');
    expect(solar.text_body).toContain('Sunny Fields (Status Application Submitted → Planning Permission Granted (repd-test))');
  });
});
