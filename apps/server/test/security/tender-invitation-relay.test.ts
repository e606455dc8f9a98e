import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HTTPMethods } from 'fastify';
import { TENDER_INVITATION_MAILS_PER_DAY, TENDER_LIFECYCLE_MESSAGES as M } from '@solar/shared/constants/tender-lifecycle';
import { fixedClock } from '../../src/platform/clock';
import { createTestApp, databaseKinds, type TestApp } from '../harness';
import { actor, databaseState, insertProviderRow, type Actor } from './fixtures';

const NOW = new Date('2026-11-22T09:00:00Z');
const DAY = 86_400_000;
const SPAM = 'WIN £5,000 NOW: claim at https://evil.example/prize';

/**
 * Issue 25 finding 5 (decision 0442): invitations are not a mail relay. Mails are counted, not
 * requests: at most TENDER_INVITATION_MAILS_PER_DAY in any 24 hours per account, whether made at
 * launch, at a draft's publication or afterwards, directory invitations included; what would pass
 * it is refused before anything is written. The owner's words stay out of the subject, and each
 * mail says who sent it and how to report it.
 */
describe.each(databaseKinds)('invitation mails per account on %s', (kind) => {
  const clock = fixedClock(NOW);
  let t: TestApp;
  let sender: Actor;
  let ip = 1;

  const call = (who: Actor, method: string, url: string, payload?: object) =>
    t.app.inject({ method: method as HTTPMethods, url, remoteAddress: `10.25.5.${(ip++ % 250) + 1}`, headers: { cookie: who.cookie }, ...(payload && { payload }) });
  const addresses = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}-${i}@victims.example.com`);
  const launch = (who: Actor, extra: object) =>
    call(who, 'POST', '/api/tenders', { service: 'Panel Cleaning', title: SPAM, description: 'Clean the panels.', type: 'private', ...extra });
  const outboxCount = async () => Number((await t.ctx.database.query<{ n: string }>('SELECT count(*) AS n FROM outbox'))[0]!.n);

  beforeAll(async () => {
    t = await createTestApp({ kind, clock });
    sender = await actor(t, 'relay');
  });
  afterAll(() => t.close());

  it('counts the mails of invitations made at launch and refuses the launch that would pass the day’s limit, writing nothing', async () => {
    const claimed = await actor(t, 'relay-member');
    const member = await insertProviderRow(t, 'Relay Member Solar', claimed.user.id);
    // One directory invitation and 49 addresses, then 50 addresses: 100 mails.
    expect((await launch(sender, { invitedProviders: [member.id], inviteEmails: addresses('a', 49) })).statusCode).toBe(201);
    expect((await launch(sender, { inviteEmails: addresses('b', 50) })).statusCode).toBe(201);
    await t.ctx.mailer.idle();
    const before = await databaseState(t);
    const refused = await launch(sender, { inviteEmails: addresses('c', 1) });
    expect(refused.statusCode, refused.body).toBe(429);
    expect(refused.json().message).toBe(M.invitationMailsPerDay(0, 1));
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    await t.ctx.mailer.idle();
    expect(await databaseState(t)).toEqual(before);
  });

  it('counts a draft’s invitations when it is published, and invitations added afterwards, until the day has passed', async () => {
    const draft = await launch(sender, { inviteEmails: addresses('d', 5), draft: true });
    expect(draft.statusCode, draft.body).toBe(201);
    const id = draft.json().data.id;
    const mails = await outboxCount();
    const publish = await call(sender, 'POST', `/api/tenders/${id}/publish`);
    expect(publish.statusCode, publish.body).toBe(429);
    expect(publish.json().message).toBe(M.invitationMailsPerDay(0, 5));
    expect((await call(sender, 'GET', `/api/tenders/${id}`)).json().data.stage).toBe('draft');
    clock.set(new Date(NOW.getTime() + DAY + 60_000));
    expect((await call(sender, 'POST', `/api/tenders/${id}/publish`)).statusCode).toBe(200);
    // 5 at publication, 44 added to it, 50 at another launch, 1 more: 100; the next is one too many.
    const more = await call(sender, 'POST', `/api/tenders/${id}/email-invitations`, { emails: addresses('e', 44) });
    expect(more.statusCode, more.body).toBe(201);
    expect((await launch(sender, { inviteEmails: addresses('f', TENDER_INVITATION_MAILS_PER_DAY - 49 - 1) })).statusCode).toBe(201);
    const over = await call(sender, 'POST', `/api/tenders/${id}/email-invitations`, { emails: addresses('g', 1) });
    expect(over.statusCode, over.body).toBe(201);
    const past = await launch(sender, { inviteEmails: addresses('h', 1) });
    expect(past.statusCode, past.body).toBe(429);
    expect(past.json().message).toBe(M.invitationMailsPerDay(0, 1));

    await t.ctx.mailer.idle();
    expect(await outboxCount()).toBe(mails + TENDER_INVITATION_MAILS_PER_DAY);
  });

  it('keeps the owner’s words out of the subject and says who sent the mail and how to report it', async () => {
    const [mail] = await t.ctx.database.query<{ subject: string; text_body: string }>(
      `SELECT subject, text_body FROM outbox WHERE to_address = 'a-0@victims.example.com'`,
    );
    expect(mail!.subject).toBe('You are invited to respond to a tender on Solar Manager');
    expect(mail!.subject).not.toContain('evil.example');
    expect(mail!.text_body).toContain(`${sender.user.name} of ${sender.user.company}`);
    expect(mail!.text_body).toMatch(/report it to us: https?:\/\/\S+/);
  });
});
