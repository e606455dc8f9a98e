import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TENDER_INTENT_MESSAGES as I } from '@solar/shared/constants/tender-sealed';
import { createTestApp, databaseKinds, type TestApp } from '../../../../test/harness';
import { fixedClock } from '../../../platform/clock';
import { runInviteeReminders } from '../tender-bidders.job';
import { addProvider, signIn } from './helpers';

/**
 * Bidder management (issue 27 part A): invitees from the directory and by email say whether they
 * intend to respond or decline with a reason, reversibly until the closing time by the server's
 * clock (decision 0514); the owner sees each invitee's status; invitees who have neither responded
 * nor declined are reminded 3 days and 24 hours before, once each, on any number of processes
 * (decision 0515). Tests run in order on one app.
 */
describe.each(databaseKinds)('intents and reminders on %s', (kind) => {
  let t: TestApp;
  const start = new Date('2026-11-23T09:00:00Z');
  const clock = fixedClock(start);
  const closing = new Date('2026-11-28T12:00:00.000Z');
  // The closing date after the owner extends it by a day.
  const later = new Date('2026-11-29T12:00:00.000Z');
  type Who = Awaited<ReturnType<typeof signIn>>;
  let owner: Who, ann: Who, ben: Who, cat: Who, eve: Who, stranger: Who, admin: Who;
  let tenderId = '';
  const providers: Record<string, string> = {};
  let ip = 1;
  const call = (method: string, url: string, who: Who | null, payload?: unknown) =>
    t.app.inject({
      method: method as 'GET',
      url,
      remoteAddress: `10.62.${Math.floor(ip / 250) % 250}.${(ip++ % 250) + 1}`,
      ...(payload !== undefined && { payload: payload as object }),
      headers: who ? { cookie: who.cookie } : {},
    });
  const reminders = async () => {
    await t.ctx.mailer.idle();
    return t.ctx.database.query<{ to_address: string; subject: string; text_body: string }>(
      `SELECT to_address, subject, text_body FROM outbox WHERE kind = 'tender-invitee-reminder' ORDER BY to_address, created_at`,
    );
  };
  const invitees = async () => (await call('GET', `/api/tenders/${tenderId}/invitees`, owner)).json().data as Array<{ name: string; status: string; reason: string | null }>;
  const statusOf = async (name: string) => (await invitees()).find((i) => i.name === name);

  beforeAll(async () => {
    t = await createTestApp({ kind, clock });
    owner = await signIn(t, { name: 'Olga Owner', email: 'olga@intents.example.com' });
    ann = await signIn(t, { name: 'Ann', email: 'ann@intents.example.com', type: 'provider' });
    ben = await signIn(t, { name: 'Ben', email: 'ben@intents.example.com', type: 'provider' });
    cat = await signIn(t, { name: 'Cat', email: 'cat@intents.example.com', type: 'provider' });
    eve = await signIn(t, { name: 'Eve', email: 'eve@outside.example.com', type: 'provider' });
    stranger = await signIn(t, { name: 'Stan', type: 'provider' });
    admin = await signIn(t, { name: 'Adam Admin', admin: true });
    providers.ann = await addProvider(t, { name: 'Ann Solar', services: ['Panel Cleaning'], ownerId: ann.user.id });
    providers.ben = await addProvider(t, { name: 'Ben Energy', services: ['Panel Cleaning'], ownerId: ben.user.id });
    providers.cat = await addProvider(t, { name: 'Cat Power', services: ['Panel Cleaning'], ownerId: cat.user.id });
    providers.eve = await addProvider(t, { name: 'Eve Outside Ltd', services: ['Panel Cleaning'], ownerId: eve.user.id });
    await addProvider(t, { name: 'Stan Volts', services: ['Panel Cleaning'], ownerId: stranger.user.id });
    const created = await call('POST', '/api/tenders', owner, {
      service: 'Panel Cleaning',
      location: 'Bristol',
      type: 'private',
      title: 'Private cleaning tender',
      description: 'Clean 2 MW of panels.',
      closingDate: closing.toISOString(),
      invitedProviders: [providers.ann, providers.ben, providers.cat],
      inviteEmails: ['eve@outside.example.com', 'pending@outside.example.com'],
    });
    expect(created.statusCode, created.body).toBe(201);
    tenderId = created.json().data.id;
    // Eve redeems her link.
    await t.ctx.mailer.idle();
    const [mail] = await t.ctx.database.query<{ text_body: string }>(`SELECT text_body FROM outbox WHERE to_address = 'eve@outside.example.com'`);
    const token = /#invite=([\w-]+)/.exec(mail!.text_body)![1];
    expect((await call('POST', '/api/tenders/invitations/accept', eve, { token })).statusCode).toBe(200);
  });
  afterAll(() => t.close());

  it('a directory invitee says it intends to respond; declining needs a reason; it is reversible; the owner sees each status', async () => {
    expect((await call('GET', `/api/tenders/${tenderId}/intent`, ann)).json().data).toEqual({ invited: true, intent: null, reason: null, updatedAt: null, open: true });
    expect((await statusOf('Ann Solar'))?.status).toBe('invited');

    const intends = await call('PUT', `/api/tenders/${tenderId}/intent`, ann, { intent: 'responding' });
    expect(intends.statusCode, intends.body).toBe(200);
    expect(intends.json().data).toMatchObject({ intent: 'responding', reason: null, updatedAt: start.toISOString() });
    expect(await statusOf('Ann Solar')).toMatchObject({ status: 'responding', reason: null });

    const bare = await call('PUT', `/api/tenders/${tenderId}/intent`, ben, { intent: 'declined' });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().message).toBe(I.declineReasonRequired);
    const declined = await call('PUT', `/api/tenders/${tenderId}/intent`, ben, { intent: 'declined', reason: 'Our crews are booked until March.' });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(await statusOf('Ben Energy')).toMatchObject({ status: 'declined', reason: 'Our crews are booked until March.' });
    // Reversible until the closing time.
    clock.advance(3_600_000);
    expect((await call('PUT', `/api/tenders/${tenderId}/intent`, ben, { intent: 'responding' })).json().data.intent).toBe('responding');
    expect(await statusOf('Ben Energy')).toMatchObject({ status: 'responding', reason: null });
    expect((await call('PUT', `/api/tenders/${tenderId}/intent`, ben, { intent: 'declined', reason: 'Our crews are booked until March.' })).statusCode).toBe(200);
  });

  it('an email invitee who redeemed the link replies too; nobody else may', async () => {
    const res = await call('PUT', `/api/tenders/${tenderId}/intent`, eve, { intent: 'declined', reason: 'Outside our region, sorry.' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await statusOf('eve@outside.example.com')).toMatchObject({ status: 'declined', reason: 'Outside our region, sorry.' });
    expect(await statusOf('pending@outside.example.com')).toMatchObject({ status: 'invited' });
    // The owner is not an invitee; a provider not invited cannot see the private tender; admins read the list.
    expect((await call('PUT', `/api/tenders/${tenderId}/intent`, owner, { intent: 'responding' })).json().message).toBe(I.notInvited);
    expect((await call('PUT', `/api/tenders/${tenderId}/intent`, stranger, { intent: 'responding' })).statusCode).toBe(404);
    expect((await call('GET', `/api/tenders/${tenderId}/invitees`, stranger)).statusCode).toBe(404);
    expect((await call('GET', `/api/tenders/${tenderId}/invitees`, ann)).statusCode).toBe(404);
    expect((await call('GET', `/api/tenders/${tenderId}/invitees`, admin)).json().data).toHaveLength(5);
  });

  it('a response counts as intending to respond; who responded is not shown while responses are sealed', async () => {
    const sent = await call('PUT', `/api/tenders/${tenderId}/my-responses`, cat, { message: 'Cat will clean it all in a week.', priceMinimum: 8000, leadTimeDays: 7 });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(await statusOf('Cat Power')).toMatchObject({ status: 'responding' });
    expect((await call('PUT', `/api/tenders/${tenderId}/intent`, cat, { intent: 'declined', reason: 'Changed our mind after all.' })).json().message).toBe(I.declineAfterResponse);
    const emails = (await call('GET', `/api/tenders/${tenderId}/email-invitations`, owner)).json().data;
    expect(emails.every((e: { responded: boolean }) => !e.responded)).toBe(true);
  });

  it('reminds, 3 days before, each invitee that has neither responded nor declined, once, on two processes at once', async () => {
    clock.set(new Date(closing.getTime() - 3 * 86_400_000 - 60_000));
    expect((await runInviteeReminders(t.ctx, clock.now())).sent).toBe(0);
    clock.set(new Date(closing.getTime() - 3 * 86_400_000 + 60_000));
    // Two processes running the job at the same moment: one reminder each.
    const [one, two] = await Promise.all([runInviteeReminders(t.ctx, clock.now()), runInviteeReminders(t.ctx, clock.now())]);
    expect(one.sent + two.sent).toBe(2);
    expect((await runInviteeReminders(t.ctx, clock.now())).sent).toBe(0);
    const sent = await reminders();
    // Ann intends to respond but has not; the pending address has not replied. Ben and Eve declined; Cat responded.
    expect(sent.map((m) => m.to_address)).toEqual(['ann@intents.example.com', 'pending@outside.example.com']);
    expect(sent[0]!.subject).toBe('Closes in 3 days: Private cleaning tender');
    expect(sent[0]!.text_body).toContain('28/11/2026 12:00:00 GMT');
    expect(sent[0]!.text_body).toContain(`/tender/${tenderId}/respond`);
  });

  it('24 hours before: once more, and only to who still has not replied; an invitee invited after the 3-day mark gets this one only', async () => {
    clock.set(new Date(closing.getTime() - 2 * 86_400_000));
    expect((await call('PUT', `/api/tenders/${tenderId}/intent`, ann, { intent: 'declined', reason: 'The access road is closed that week.' })).statusCode).toBe(200);
    expect((await call('POST', `/api/tenders/${tenderId}/email-invitations`, owner, { emails: ['late@outside.example.com'] })).statusCode).toBe(201);
    clock.set(new Date(closing.getTime() - 86_400_000 + 60_000));
    expect((await runInviteeReminders(t.ctx, clock.now())).sent).toBe(2);
    expect((await runInviteeReminders(t.ctx, clock.now())).sent).toBe(0);
    const sent = (await reminders()).filter((m) => m.subject.startsWith('Closes in 24 hours'));
    expect(sent.map((m) => m.to_address)).toEqual(['late@outside.example.com', 'pending@outside.example.com']);
    // The late invitee was never sent the 3-day one.
    expect((await reminders()).filter((m) => m.to_address === 'late@outside.example.com')).toHaveLength(1);
  });

  it('after the closing date is extended, who still has not replied is reminded again before the new date, once (decision 0556)', async () => {
    // 24 hours and a minute before the first closing date, the owner extends it by a day.
    const extended = await call('POST', `/api/tenders/${tenderId}/extend`, owner, { closingDate: later.toISOString() });
    expect(extended.statusCode, extended.body).toBe(200);
    // The new date's 3-day mark passed a day ago: the one invited before it is told the time actually left.
    expect((await runInviteeReminders(t.ctx, clock.now())).sent).toBe(1);
    expect((await runInviteeReminders(t.ctx, clock.now())).sent).toBe(0);
    const again = (await reminders()).filter((m) => m.text_body.includes('29/11/2026 12:00:00 GMT'));
    expect(again.map((m) => [m.to_address, m.subject])).toEqual([['pending@outside.example.com', 'Closes in 47 hours: Private cleaning tender']]);
    // 24 hours before the new date: both who have still not replied, once each.
    clock.set(new Date(later.getTime() - 86_400_000 + 60_000));
    expect((await runInviteeReminders(t.ctx, clock.now())).sent).toBe(2);
    expect((await runInviteeReminders(t.ctx, clock.now())).sent).toBe(0);
    const dayBefore = (await reminders()).filter((m) => m.text_body.includes('29/11/2026 12:00:00 GMT') && m.subject.startsWith('Closes in 24 hours'));
    expect(dayBefore.map((m) => m.to_address)).toEqual(['late@outside.example.com', 'pending@outside.example.com']);
    // Nobody who declined or responded was reminded for either date.
    for (const who of ['ann@intents.example.com', 'ben@intents.example.com', 'cat@intents.example.com', 'eve@outside.example.com']) {
      expect((await reminders()).filter((m) => m.to_address === who && m.text_body.includes('29/11/2026'))).toEqual([]);
    }
  });

  it('after the closing time a reply can no longer change; the owner then sees who responded', async () => {
    clock.set(later);
    const late = await call('PUT', `/api/tenders/${tenderId}/intent`, ben, { intent: 'responding' });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(I.closed);
    expect((await call('GET', `/api/tenders/${tenderId}/intent`, ben)).json().data).toMatchObject({ intent: 'declined', open: false });
    expect((await runInviteeReminders(t.ctx, clock.now())).sent).toBe(0);
    expect(await statusOf('Cat Power')).toMatchObject({ status: 'responded' });
  });
});
