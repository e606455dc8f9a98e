import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../../platform/clock';
import { createTestApp, databaseKinds, type TestApp } from '../../../../test/harness';
import { addProvider, addTender, signIn } from './helpers';

const NOW = new Date('2026-11-22T09:00:00Z');
const HOUR = 3_600_000;

describe.each(databaseKinds)('tender alerts and the dashboard tab on %s', (kind) => {
  let t: TestApp;
  const clock = fixedClock(NOW);
  let providerOwner: Awaited<ReturnType<typeof signIn>>;
  let rep: Awaited<ReturnType<typeof signIn>>;
  const mailsTo = async (to: string) =>
    t.ctx.database.query<{ subject: string; text_body: string }>('SELECT subject, text_body FROM outbox WHERE to_address = $1 ORDER BY created_at', [to]);
  const later = (ms: number) => new Date(clock.now().getTime() + ms);

  beforeAll(async () => {
    t = await createTestApp({ kind, clock });
    providerOwner = await signIn(t, { name: 'Percy Provider', type: 'provider' });
    rep = await signIn(t, { name: 'Rhona Rep' });
    // Bristol, 50 km radius.
    await addProvider(t, { name: 'Percy Cleaning', services: ['Panel Cleaning', 'Drone Surveys'], lat: 51.4545, lng: -2.5879, radius: 50, ownerId: providerOwner.user.id });
  });
  afterAll(() => t.close());

  it('registers the alert and reminder jobs with the job runner', () => {
    // The alert of decision 0180 is a saved search, mailed by the saved-search job (decision 0471).
    expect(t.ctx.jobs.has('saved-search-alerts')).toBe(true);
    expect(t.ctx.jobs.has('tender-save-reminders')).toBe(true);
  });

  it('emails one daily digest of new matching open tenders within the service area', async () => {
    const put = await t.app.inject({ method: 'PUT', url: '/api/tenders/alerts', payload: { enabled: true }, headers: { cookie: providerOwner.cookie } });
    expect(put.json()).toEqual({ success: true, data: { enabled: true } });
    // The switch is a saved search now (decision 0471), mailed daily at 08:00 UK time.
    const searches = (await t.app.inject({ url: '/api/saved-searches', headers: { cookie: providerOwner.cookie } })).json().data;
    expect(searches).toEqual([expect.objectContaining({ name: 'Tenders for my services', frequency: 'daily', hour: 8, paused: false, nextDigestAt: '2026-11-23T08:00:00.000Z' })]);
    clock.set(later(HOUR));
    const base = { userId: rep.user.id, publishedDate: clock.now(), closingDate: later(20 * 24 * HOUR), createdAt: clock.now() };
    await addTender(t, { ...base, title: 'Bath panel cleaning', service: 'Panel Cleaning', latitude: 51.38, longitude: -2.36 });
    await addTender(t, { ...base, title: 'Leeds panel cleaning', service: 'Panel Cleaning', latitude: 53.8, longitude: -1.55 });
    await addTender(t, { ...base, title: 'Bristol fencing', service: 'Fencing', latitude: 51.45, longitude: -2.59 });
    await addTender(t, { ...base, title: 'Private drone survey', type: 'private', service: 'Drone Surveys', latitude: 51.45, longitude: -2.59 });
    await addTender(t, { ...base, title: 'Panel Cleaning framework, Bristol', source: 'External', userId: null, latitude: 51.46, longitude: -2.6 });

    clock.set(later(HOUR));
    await t.ctx.jobs.runDue();
    expect(await mailsTo(providerOwner.email)).toHaveLength(0); // matched, waiting for 08:00
    clock.set(new Date('2026-11-23T08:00:00Z'));
    await t.ctx.jobs.runDue();
    const [digest, ...rest] = await mailsTo(providerOwner.email);
    expect(rest).toHaveLength(0);
    expect(digest!.subject).toBe('Daily: 2 new matches for "Tenders for my services"');
    expect(digest!.text_body).toContain('Bath panel cleaning');
    expect(digest!.text_body).toContain('Panel Cleaning framework, Bristol');
    expect(digest!.text_body).not.toContain('Leeds');
    expect(digest!.text_body).not.toContain('fencing');
    expect(digest!.text_body).not.toContain('Private drone survey');

    // A new match an hour later waits for the next day's digest.
    await addTender(t, { ...base, title: 'Drone survey near Bristol', service: 'Drone Surveys', latitude: 51.45, longitude: -2.6, createdAt: later(30 * 60_000) });
    clock.set(later(2 * HOUR));
    await t.ctx.jobs.runDue();
    expect(await mailsTo(providerOwner.email)).toHaveLength(1);
    clock.set(new Date('2026-11-24T08:00:00Z'));
    await t.ctx.jobs.runDue();
    const mails = await mailsTo(providerOwner.email);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toBe('Daily: 1 new match for "Tenders for my services"');
    expect(mails[1]!.text_body).toContain('Drone survey near Bristol');
  });

  it('sends nothing once alerts are switched off', async () => {
    await t.app.inject({ method: 'PUT', url: '/api/tenders/alerts', payload: { enabled: false }, headers: { cookie: providerOwner.cookie } });
    await addTender(t, { userId: rep.user.id, title: 'Another Bath job', service: 'Panel Cleaning', latitude: 51.38, longitude: -2.36, publishedDate: clock.now(), closingDate: later(10 * 24 * HOUR), createdAt: clock.now() });
    clock.set(later(25 * HOUR));
    await t.ctx.jobs.runDue();
    expect(await mailsTo(providerOwner.email)).toHaveLength(2);
  });

  it('reminds Save for Later two days before closing, once', async () => {
    const id = await addTender(t, { userId: rep.user.id, title: 'Closing soon', service: 'Fencing', publishedDate: clock.now(), closingDate: later(3 * 24 * HOUR), createdAt: clock.now() });
    await t.app.inject({ method: 'PUT', url: `/api/tenders/${id}/saves/later`, headers: { cookie: providerOwner.cookie } });
    clock.set(later(2 * HOUR));
    await t.ctx.jobs.runDue();
    expect((await mailsTo(providerOwner.email)).filter((m) => m.subject.startsWith('Reminder'))).toHaveLength(0);
    clock.set(later(24 * HOUR));
    await t.ctx.jobs.runDue();
    clock.set(later(2 * HOUR));
    await t.ctx.jobs.runDue();
    const reminders = (await mailsTo(providerOwner.email)).filter((m) => m.subject.startsWith('Reminder'));
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.text_body).toContain('Closing soon');
  });

  it('gives the dashboard tab own tenders, invitations, saved tenders and the alert switch', async () => {
    expect((await t.app.inject('/api/tenders/mine')).statusCode).toBe(401);
    const [provider] = await t.ctx.database.query<{ id: string }>(`SELECT id::text AS id FROM providers WHERE business_name = 'Percy Cleaning'`);
    const invite = await addTender(t, { userId: rep.user.id, title: 'Invite only', type: 'private', service: 'Panel Cleaning', publishedDate: clock.now(), closingDate: later(9 * 24 * HOUR) }, [provider!.id]);
    const mine = (await t.app.inject({ url: '/api/tenders/mine', headers: { cookie: providerOwner.cookie } })).json().data;
    expect(mine.invitations.map((x: { id: string }) => x.id)).toEqual([invite]);
    expect(mine.invitations[0].invitedProviderNames).toEqual(['Percy Cleaning']);
    expect(mine.saved.map((s: { tender: { title: string } }) => s.tender.title)).toEqual(['Closing soon']);
    expect(mine.alerts).toEqual({ enabled: false, hasProviderProfile: true });
    expect(mine.own).toEqual([]);
    const repView = (await t.app.inject({ url: '/api/tenders/mine', headers: { cookie: rep.cookie } })).json().data;
    expect(repView.own.map((x: { title: string }) => x.title)).toContain('Invite only');
    expect(repView.own.find((x: { title: string }) => x.title === 'Invite only').invitedProviders).toEqual([provider!.id]);
    expect(repView.invitations).toEqual([]);
  });
});
