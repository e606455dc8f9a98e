import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HTTPMethods } from 'fastify';
import { insertTender } from '../../src/features/tenders/tenders.repository';
import { fixedClock } from '../../src/platform/clock';
import { createTestApp, databaseKinds, type TestApp } from '../harness';
import { pdf } from '../fixtures/files';
import { multipart } from '../fixtures/multipart';
import { actor, insertProviderRow, type Actor } from './fixtures';

const NOW = new Date('2026-11-22T09:00:00Z');
const DAY = 86_400_000;

/**
 * Issue 25 finding 2 (decision 0441): the route walk's mail check. Every lifecycle mail about a
 * private tender (edit, extension, answer, clarification, early close, outcome, cancellation) goes
 * through the same visibility rule as the reads, decided when it is sent: whoever lost the right to
 * see the tender (the provider they responded for changed hands, its approval was withdrawn, its
 * invitation removed, their admin right revoked, or they took over a provider whose response came
 * through someone else's email invitation) gets none of them; a participant who kept the right
 * gets each one.
 */
describe.each(databaseKinds)('lifecycle mails after access is withdrawn on %s', (kind) => {
  const clock = fixedClock(NOW);
  let t: TestApp;
  let owner: Actor;
  let admin: Actor;

  const call = (who: Actor, method: string, url: string, payload?: object) =>
    t.app.inject({ method: method as HTTPMethods, url, headers: { cookie: who.cookie }, ...(payload && { payload }) });
  const ok = async (who: Actor, method: string, url: string, payload?: object) => {
    const res = await call(who, method, url, payload);
    expect(res.statusCode, `${method} ${url}: ${res.body.slice(0, 300)}`).toBeLessThan(300);
    return res.json();
  };
  const mailsAbout = async (who: Actor, tender: { id: string; title: string }) => {
    await t.ctx.mailer.idle();
    const rows = await t.ctx.database.query<{ subject: string; text_body: string }>('SELECT subject, text_body FROM outbox WHERE to_address = $1 ORDER BY created_at', [who.email]);
    return rows.filter((m) => `${m.subject}\n${m.text_body}`.includes(tender.title) || m.text_body.includes(tender.id)).map((m) => m.subject);
  };

  /**
   * A private tender with six participants who each responded or asked while they could see it,
   * then lost the right in their own way (except `keeper` and `redeemer`, who keep it).
   */
  async function world(label: string) {
    const a = {
      keeper: await actor(t, `${label}-keeper`),
      moved: await actor(t, `${label}-moved`),
      unapproved: await actor(t, `${label}-unapproved`),
      uninvited: await actor(t, `${label}-uninvited`),
      redeemer: await actor(t, `${label}-redeemer`),
      revokedAdmin: await actor(t, `${label}-revoked`, { admin: true }),
      newOwner: await actor(t, `${label}-newowner`),
      taker: await actor(t, `${label}-taker`),
    };
    const providers: Record<string, string> = {};
    for (const name of ['keeper', 'moved', 'unapproved', 'uninvited', 'redeemer'] as const) providers[name] = (await insertProviderRow(t, `${label} ${name} Solar`, a[name].user.id)).id;
    const title = `${label}-private-tender-under-test`;
    const id = await insertTender(
      t.ctx.database.db,
      { source: 'Solar Manager', type: 'private', service: 'Panel Cleaning', title, description: `${title} text`, userId: owner.user.id, publishedDate: clock.now(), closingDate: new Date(clock.now().getTime() + 5 * DAY), createdAt: clock.now() },
      [providers.keeper!, providers.moved!, providers.unapproved!, providers.uninvited!],
    );
    // The redeemer comes in by an email invitation.
    const invite = await ok(owner, 'POST', `/api/tenders/${id}/email-invitations`, { emails: [`${label}-redeemer@outside.example.com`] });
    expect(invite.data).toHaveLength(1);
    await t.ctx.mailer.idle();
    const [mail] = await t.ctx.database.query<{ text_body: string }>('SELECT text_body FROM outbox WHERE to_address = $1', [`${label}-redeemer@outside.example.com`]);
    const token = /invite=([\w-]+)/.exec(mail!.text_body)![1]!;
    await ok(a.redeemer, 'POST', '/api/tenders/invitations/accept', { token });

    const responses: Record<string, string> = {};
    for (const name of ['keeper', 'moved', 'unapproved', 'uninvited', 'redeemer'] as const) {
      const res = await ok(a[name], 'PUT', `/api/tenders/${id}/my-responses`, { message: `${name} will clean the panels`, priceMinimum: 1000, priceMaximum: 1000, leadTimeDays: 5 });
      responses[name] = res.data.id;
    }
    // The moved provider's response carries a file (decision 0445: it goes with the business).
    const file = multipart([{ field: 'files', filename: `${label}-method.pdf`, bytes: pdf(`${label}-method`), type: 'application/pdf' }]);
    const attached = await t.app.inject({ method: 'POST', url: `/api/tenders/${id}/responses/${responses.moved}/attachments`, payload: file.payload, headers: { ...file.headers, cookie: a.moved.cookie } });
    expect(attached.statusCode, attached.body).toBe(201);
    const attachment: string = attached.json().data[0].id;
    const questions: string[] = [];
    for (const name of ['keeper', 'moved', 'unapproved', 'uninvited', 'revokedAdmin'] as const) {
      questions.push((await ok(a[name], 'POST', `/api/tenders/${id}/questions`, { question: `${name} asks: is there site parking?` })).data.id);
    }

    // Now each loses the right.
    const claim = await ok(a.newOwner, 'POST', `/api/providers/${providers.moved}/claim`, { companyRole: 'Director', message: 'We bought the business.' });
    await ok(admin, 'POST', `/api/admin/claims/${claim.data.id}/review`, { status: 'approved' });
    await t.ctx.database.query('UPDATE providers SET claim_approved = false WHERE id = $1', [providers.unapproved]);
    await t.ctx.database.query('DELETE FROM tender_invitations WHERE tender_id = $1 AND provider_id = $2', [id, providers.uninvited]);
    await ok(admin, 'PATCH', `/api/admin/users/${a.revokedAdmin.user.id}`, { is_admin: false });
    // The redeemer's provider is taken over: the taker may not see a tender it came to by the redeemer's invitation.
    const dispute = await ok(a.taker, 'POST', `/api/providers/${providers.redeemer}/claim`, { companyRole: 'Director', message: 'This is our business.' });
    await ok(admin, 'POST', `/api/admin/claims/${dispute.data.id}/review`, { status: 'approved' });

    const lost = { moved: a.moved, unapproved: a.unapproved, uninvited: a.uninvited, revokedAdmin: a.revokedAdmin, taker: a.taker };
    for (const [how, who] of Object.entries(lost)) expect((await call(who, 'GET', `/api/tenders/${id}`)).statusCode, how).toBe(404);
    return { id, title, a, lost, responses, questions, attachment };
  }

  beforeAll(async () => {
    t = await createTestApp({ kind, clock });
    owner = await actor(t, 'mail-owner');
    admin = await actor(t, 'mail-admin', { admin: true });
  });
  afterAll(() => t.close());

  it('sends the edit, extension, answers, clarifications, early close and outcome to who may see the tender, and none to who lost the right', async () => {
    const w = await world('walk');
    const before = Object.fromEntries(await Promise.all(Object.entries(w.lost).map(async ([how, who]) => [how, await mailsAbout(who, w)])));
    await ok(owner, 'PATCH', `/api/tenders/${w.id}`, { description: 'The gate code is 4471; bring a harness.' });
    await ok(owner, 'POST', `/api/tenders/${w.id}/extend`, { closingDate: new Date(clock.now().getTime() + 9 * DAY).toISOString() });
    for (const q of w.questions) await ok(owner, 'POST', `/api/tenders/${w.id}/questions/${q}/answer`, { answer: 'Yes: the gate code is 4471.' });
    // Clarifications once the responses are open (decision 0512): after the early close.
    await ok(owner, 'POST', `/api/tenders/${w.id}/close`, { reason: 'Closed early for the test of this cycle.' });
    for (const r of Object.values(w.responses)) await ok(owner, 'POST', `/api/tenders/${w.id}/responses/${r}/clarifications`, { message: 'Please confirm the harness type.' });
    await ok(owner, 'POST', `/api/tenders/${w.id}/award`, { responseId: w.responses.keeper });

    const keeper = await mailsAbout(w.a.keeper, w);
    for (const subject of [/has changed/, /Closing date extended/, /Question answered/, /Clarification requested/, /Tender closed/, /won the tender/]) {
      expect(keeper.some((s) => subject.test(s)), `keeper was told: ${subject}`).toBe(true);
    }
    // The redeemer keeps the right (the invitation is bound to the account) though its provider changed hands.
    expect((await mailsAbout(w.a.redeemer, w)).some((s) => /has changed/.test(s))).toBe(true);
    for (const [how, who] of Object.entries(w.lost)) expect(await mailsAbout(who, w), how).toEqual(before[how]);
  });

  it('sends the cancellation and its reason to who may see the tender, and none to who lost the right', async () => {
    const w = await world('cancel');
    const before = Object.fromEntries(await Promise.all(Object.entries(w.lost).map(async ([how, who]) => [how, await mailsAbout(who, w)])));
    await ok(owner, 'POST', `/api/tenders/${w.id}/cancel`, { reason: 'The site gate code 4471 leaked; cancelled.' });
    expect((await mailsAbout(w.a.keeper, w)).some((s) => /Tender cancelled/.test(s))).toBe(true);
    for (const [how, who] of Object.entries(w.lost)) expect(await mailsAbout(who, w), how).toEqual(before[how]);
  });

  it('lets a provider’s responses and attachments follow the business when a dispute moves it: the new owner has them, the former owner none (decision 0445)', async () => {
    const w = await world('takeover');
    const attachmentUrl = `/api/tenders/${w.id}/responses/${w.responses.moved}/attachments/${w.attachment}`;
    const mine = await ok(w.a.newOwner, 'GET', `/api/tenders/${w.id}/my-responses`);
    expect(mine.data.responses.map((r: { id: string }) => r.id)).toEqual([w.responses.moved]);
    expect((await call(w.a.newOwner, 'GET', attachmentUrl)).statusCode).toBe(200);
    expect((await call(w.a.moved, 'GET', attachmentUrl)).statusCode).toBe(404);
    expect((await call(w.a.moved, 'GET', `/api/tenders/${w.id}/my-responses`)).statusCode).toBe(404);
    // The owner's comparison is unchanged: the business's bid stands (counted while sealed, decision 0512).
    expect((await ok(owner, 'GET', `/api/tenders/${w.id}/responses`)).sealed.count).toBe(Object.keys(w.responses).length);
  });
});
