import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock, systemClock } from '../src/platform/clock';
import { MAIL_DELIVERY } from '../src/platform/mail-delivery';
import { addProvider, signIn } from '../src/features/tenders/test/helpers';
import { createTestApp, databaseKinds, type TestApp } from './harness';
import { TestSmtpServer } from './fixtures/smtp';

/**
 * Mail that is never lost (issue 30, decision 0470), against a real SMTP server on 127.0.0.1: an
 * outage of two minutes during a sign-up, a tender award and an invitation batch delivers every
 * mail once the server is back, exactly once each; a 5xx refusal stops the retries and says why;
 * a 4xx keeps retrying until the retry window ends. The process killed between commit and send is
 * mail-sigkill.test.ts.
 */
type Row = { id: string; to_address: string; subject: string; status: string; attempts: number; last_error: string | null; kind: string };

let ip = 1;
const call = (t: TestApp, method: string, url: string, cookie: string | null, payload?: unknown) =>
  t.app.inject({
    method: method as 'GET',
    url,
    remoteAddress: `10.47.${Math.floor(ip / 250) % 250}.${(ip++ % 250) + 1}`,
    ...(payload !== undefined && { payload: payload as object }),
    headers: cookie ? { cookie } : {},
  });
const outbox = (t: TestApp) =>
  t.ctx.database.query<Row>('SELECT id, to_address, subject, status, attempts, last_error, kind FROM outbox ORDER BY created_at, id');

describe.each(databaseKinds)('mail durability on %s', (kind) => {
  const smtp = new TestSmtpServer();
  let t: TestApp;
  const clock = fixedClock(new Date('2026-11-23T09:00:00Z'));

  beforeAll(async () => {
    await smtp.start(0);
    t = await createTestApp({ kind, clock, env: { SMTP_URL: smtp.url }, mailWorker: { pollMs: 100 } });
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
  });

  it('an SMTP outage of two minutes during a sign-up, an award and an invitation batch: every mail arrives once it is back, once each', async () => {
    await smtp.stop();

    // A sign-up: the welcome and the verification link.
    const signup = await call(t, 'POST', '/api/auth/signup', null, {
      email: 'new.user@outage.example.com',
      name: 'Nina Newcomer',
      company: 'Outage Solar',
      password: 'SolarPanel42x',
      type: 'representative',
    });
    expect(signup.statusCode, signup.body).toBe(201);

    // A tender with two responses, awarded: each responder is told the outcome.
    const owner = await signIn(t, { name: 'Olga Owner', email: 'olga@outage.example.com' });
    const created = await call(t, 'POST', '/api/tenders', owner.cookie, { service: 'Panel Cleaning', location: 'Bristol', type: 'open', description: 'Clean 2 MW of panels' });
    expect(created.statusCode, created.body).toBe(201);
    const tenderId = created.json().data.id as string;
    const responders = [];
    for (const name of ['Rita', 'Ravi']) {
      const who = await signIn(t, { name: `${name} Responder`, email: `${name.toLowerCase()}@responders.example.com`, type: 'provider' });
      await addProvider(t, { name: `${name} Cleaning`, services: ['Panel Cleaning'], ownerId: who.user.id });
      const res = await call(t, 'PUT', `/api/tenders/${tenderId}/my-responses`, who.cookie, { message: 'We can do it.', priceMinimum: 9000, priceMaximum: 9000, leadTimeDays: 7 });
      expect(res.statusCode, res.body).toBe(200);
      responders.push({ who, responseId: res.json().data.id as string });
    }
    // Award comes after closing (issue 27): the owner closes it early first.
    expect((await call(t, 'POST', `/api/tenders/${tenderId}/close`, owner.cookie, { reason: 'Closed early for the test of this cycle.' })).statusCode).toBe(200);
    const award = await call(t, 'POST', `/api/tenders/${tenderId}/award`, owner.cookie, { responseId: responders[0]!.responseId });
    expect(award.statusCode, award.body).toBe(200);

    // An invitation batch by email.
    const invitees = Array.from({ length: 5 }, (_, i) => `invitee${i}@batch.example.com`);
    const second = await call(t, 'POST', '/api/tenders', owner.cookie, { service: 'Drone Surveys', location: 'Bath', type: 'open' });
    const batch = await call(t, 'POST', `/api/tenders/${second.json().data.id}/email-invitations`, owner.cookie, { emails: invitees });
    expect(batch.statusCode, batch.body).toBe(201);

    // Every mail is in the outbox; each first attempt found the server down.
    await t.ctx.mailer.idle();
    const queued = await outbox(t);
    const expected = [
      ['new.user@outage.example.com', /Welcome/],
      ['new.user@outage.example.com', /Confirm your email/],
      ['rita@responders.example.com', /won the tender/],
      ['ravi@responders.example.com', /Tender outcome/],
      ...invitees.map((to) => [to, /invited to respond/] as const),
    ] as const;
    for (const [to, subject] of expected) expect(queued.some((m) => m.to_address === to && subject.test(m.subject)), `${to} ${subject}`).toBe(true);
    expect(queued.every((m) => m.status === 'pending' && m.attempts >= 1 && /ECONNREFUSED|connect/i.test(m.last_error ?? ''))).toBe(true);

    // Two minutes of outage, the worker retrying with its backoff.
    for (let s = 0; s < 8; s++) {
      clock.advance(15_000);
      await t.ctx.mailer.deliverDue();
    }
    expect(smtp.received).toEqual([]);
    expect((await outbox(t)).every((m) => m.status === 'pending')).toBe(true);
    expect(Math.max(...(await outbox(t)).map((m) => m.attempts))).toBeGreaterThan(2);

    // The server is back: by the longest backoff every mail has arrived.
    await smtp.start();
    clock.advance(MAIL_DELIVERY.retryCapMs * 1.25);
    await t.ctx.mailer.deliverDue();
    const after = await outbox(t);
    expect(after.map((m) => m.status)).toEqual(after.map(() => 'sent'));
    for (const mail of after) {
      const copies = smtp.received.filter((r) => r.messageId === `<${mail.id}@solar-marketplace.local>`);
      expect(copies, `${mail.kind} ${mail.subject}`).toHaveLength(1);
      expect(copies[0]!.to).toEqual([mail.to_address]);
      expect(copies[0]!.subject).toBe(mail.subject);
    }
    expect(smtp.received).toHaveLength(after.length);

    // Later passes send nothing again.
    clock.advance(3_600_000);
    await t.ctx.mailer.deliverDue();
    expect(smtp.received).toHaveLength(after.length);
    // The logs never name a recipient.
    for (const to of after.map((m) => m.to_address)) expect(t.logs.some((l) => l.includes(to))).toBe(false);
  });

  it('SMTP blinks (a 421 greeting, then the connection cut after the message with no answer): retried with growing waits, delivered once', async () => {
    const due = async (id: string) =>
      (await t.ctx.database.query<{ next: string; attempts: number; status: string; last_error: string }>('SELECT next_attempt_at::text AS next, attempts, status, last_error FROM outbox WHERE id = $1', [id]))[0]!;
    const waitOf = async (id: string) => new Date((await due(id)).next).getTime() - clock.now().getTime();

    // The server restarts (its open connections, the sender's pooled one included, are dropped) and answers 421 while coming up.
    await smtp.stop();
    smtp.greeting = { code: 421, message: '4.3.2 Service not available, closing transmission channel' };
    await smtp.start();
    const { id } = await t.ctx.mailer.send({ to: 'blink@blink.example.com', subject: 'Through the blink', text: 'x' }, 'test-blink');
    await t.ctx.mailer.idle();
    expect(await due(id)).toMatchObject({ status: 'pending', attempts: 1 });
    expect((await due(id)).last_error).toMatch(/^421 4\.3\.2 Service not available/);
    const first = await waitOf(id);
    expect(first).toBeGreaterThanOrEqual(MAIL_DELIVERY.retryBaseMs * 0.8);
    expect(first).toBeLessThanOrEqual(MAIL_DELIVERY.retryBaseMs * 1.2);

    // Not due yet: nothing is tried; when due, the second attempt meets the same greeting and waits about twice as long.
    await t.ctx.mailer.deliverDue();
    expect((await due(id)).attempts).toBe(1);
    clock.advance(first);
    await t.ctx.mailer.deliverDue();
    expect((await due(id)).attempts).toBe(2);
    const second = await waitOf(id);
    expect(second).toBeGreaterThanOrEqual(MAIL_DELIVERY.retryBaseMs * 2 * 0.8);
    expect(second).toBeLessThanOrEqual(MAIL_DELIVERY.retryBaseMs * 2 * 1.2);

    // The server takes connections again but cuts the first one after the message's data, never answering: not delivered.
    smtp.greeting = null;
    smtp.dropAfterData = 1;
    clock.advance(second);
    await t.ctx.mailer.deliverDue();
    expect(smtp.dropped).toEqual([`<${id}@solar-marketplace.local>`]);
    expect(await due(id)).toMatchObject({ status: 'pending', attempts: 3 });
    expect(smtp.mailsTo('blink@blink.example.com')).toEqual([]);

    // Recovered: the next attempt delivers it, once, under the same Message-ID.
    clock.advance(await waitOf(id));
    await t.ctx.mailer.deliverDue();
    expect((await due(id)).status).toBe('sent');
    expect(smtp.mailsTo('blink@blink.example.com').map((m) => m.messageId)).toEqual([`<${id}@solar-marketplace.local>`]);
    clock.advance(3_600_000);
    await t.ctx.mailer.deliverDue();
    expect(smtp.mailsTo('blink@blink.example.com')).toHaveLength(1);
  });

  it('a 5xx refusal fails the mail for good with the reason, and it is not tried again', async () => {
    smtp.refuse.set('bounce@nowhere.example.com', { code: 550, message: '5.1.1 <bounce@nowhere.example.com>: Recipient address rejected' });
    await t.ctx.mailer.send({ to: 'bounce@nowhere.example.com', subject: 'Bounce me', text: 'x' }, 'test-bounce');
    await t.ctx.mailer.idle();
    const [row] = (await outbox(t)).filter((m) => m.to_address === 'bounce@nowhere.example.com');
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(row!.last_error).toMatch(/^550 5\.1\.1 <\[email\]>: Recipient address rejected/);
    clock.advance(86_400_000);
    await t.ctx.mailer.deliverDue();
    expect((await outbox(t)).find((m) => m.id === row!.id)!.attempts).toBe(1);
    expect(t.logs.some((l) => l.includes('bounce@nowhere.example.com'))).toBe(false);
    expect(t.logs.some((l) => l.includes(row!.id) && l.includes('mail failed for good'))).toBe(true);

    // The admin Mail tab shows it with the reason; Retry sends it again once the address works.
    const admin = await signIn(t, { admin: true, name: 'Ada Admin' });
    const listed = (await call(t, 'GET', '/api/admin/mail', admin.cookie)).json().data;
    expect(listed.transport).toBe('smtp');
    expect(listed.counts.failed).toBe(1);
    expect(listed.mail).toContainEqual(expect.objectContaining({ id: row!.id, kind: 'test-bounce', to: 'bounce@nowhere.example.com', status: 'failed', lastError: row!.last_error }));
    const user = await signIn(t, { name: 'Una User' });
    expect((await call(t, 'GET', '/api/admin/mail', user.cookie)).statusCode).toBe(403);
    expect((await call(t, 'POST', `/api/admin/mail/${row!.id}/retry`, user.cookie)).statusCode).toBe(403);
    smtp.refuse.delete('bounce@nowhere.example.com');
    const retried = await call(t, 'POST', `/api/admin/mail/${row!.id}/retry`, admin.cookie);
    expect(retried.statusCode, retried.body).toBe(200);
    await t.ctx.mailer.idle();
    expect(smtp.mailsTo('bounce@nowhere.example.com')).toHaveLength(1);
    expect((await call(t, 'POST', `/api/admin/mail/${row!.id}/retry`, admin.cookie)).statusCode).toBe(409);
    const audit = (await call(t, 'GET', '/api/admin/audit-log?targetType=mail', admin.cookie)).json().data;
    expect(audit[0]).toMatchObject({ action: 'mail.retry', targetId: row!.id });
  });

  it('a 4xx answer is retried until the retry window ends, then fails saying so', async () => {
    smtp.refuse.set('busy@greylist.example.com', { code: 451, message: '4.7.1 Greylisted, try again later' });
    await t.ctx.mailer.send({ to: 'busy@greylist.example.com', subject: 'Greylisted', text: 'x' }, 'test-greylist');
    await t.ctx.mailer.idle();
    const id = (await outbox(t)).find((m) => m.to_address === 'busy@greylist.example.com')!.id;
    const state = async () => (await outbox(t)).find((m) => m.id === id)!;
    expect(await state()).toMatchObject({ status: 'pending', attempts: 1 });
    for (let day = 1; day <= 3; day++) {
      clock.advance(86_400_000);
      await t.ctx.mailer.deliverDue();
    }
    const last = await state();
    expect(last).toMatchObject({ status: 'failed', attempts: 4 });
    expect(last.last_error).toBe('Gave up after 4 attempts: 451 4.7.1 Greylisted, try again later');
  });
});

describe('mail durability in real time (a short outage)', () => {
  const smtp = new TestSmtpServer();
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    await smtp.stop();
  });

  it('a sign-up while the SMTP server is down for two seconds gets its mail once it is back', async () => {
    await smtp.start(0);
    await smtp.stop();
    t = await createTestApp({ clock: systemClock, env: { SMTP_URL: smtp.url }, mailWorker: { pollMs: 100, retryBaseMs: 200, retryCapMs: 500 } });
    const signup = await call(t, 'POST', '/api/auth/signup', null, { email: 'quick@outage.example.com', name: 'Quinn Quick', company: 'Q Solar', password: 'SolarPanel42x', type: 'provider' });
    expect(signup.statusCode, signup.body).toBe(201);
    const started = Date.now();
    const attempts = async () => Math.min(...(await outbox(t!)).map((m) => m.attempts));
    while ((await attempts()) < 2 || Date.now() - started < 2000) await new Promise((r) => setTimeout(r, 50));
    expect(smtp.received).toEqual([]);
    await smtp.start();
    await smtp.waitFor(() => smtp.received.length >= 2, 'the two sign-up mails', 10_000);
    expect(smtp.mailsTo('quick@outage.example.com').map((m) => m.subject).sort()).toEqual(['Confirm your email address for Solar Marketplace', 'Welcome to Solar Marketplace']);
    await new Promise((r) => setTimeout(r, 700)); // more passes: no second copy
    expect(smtp.received).toHaveLength(2);
  });
});
