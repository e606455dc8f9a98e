import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TENDER_LIFECYCLE_MESSAGES as M, TENDER_LIFECYCLE_RATE_LIMIT as L } from '@solar/shared/constants/tender-lifecycle';
import { createTestApp, databaseKinds, type TestApp } from '../../../../test/harness';
import { pdf, privateFiles } from '../../../../test/fixtures/files';
import { multipart } from '../../../../test/fixtures/multipart';
import { fixedClock } from '../../../platform/clock';
import { startSession } from '../../../plugins/auth';
import { addProvider, signIn } from './helpers';

/**
 * Issue 18's remaining pieces through the API: a responder withdraws a response and deletes an
 * attachment (decision 0406); directory invitations to unclaimed profiles carry the signed link of
 * an invitation by email (decision 0404); the lifecycle's write routes are limited per account
 * (decision 0405). Tests run in order on one app.
 */
describe.each(databaseKinds)('the tender lifecycle, finished, on %s', (kind) => {
  let t: TestApp;
  const clock = fixedClock(new Date('2026-11-23T09:00:00Z'));
  type Who = Awaited<ReturnType<typeof signIn>>;
  let owner: Who, responder: Who, other: Who, admin: Who;
  let tenderId = '';
  const providers: Record<string, string> = {};
  let ip = 1;
  const call = (method: string, url: string, who: Who | null, payload?: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: method as 'GET',
      url,
      remoteAddress: `10.19.${Math.floor(ip / 250) % 250}.${(ip++ % 250) + 1}`,
      ...(payload !== undefined && { payload: payload as object }),
      headers: { ...headers, ...(who && { cookie: who.cookie }) },
    });
  const mailsTo = (to: string) =>
    t.ctx.database.query<{ subject: string; text_body: string }>('SELECT subject, text_body FROM outbox WHERE to_address = $1 ORDER BY created_at', [to]);
  const count = async (sql: string, params: unknown[] = []) => Number((await t.ctx.database.query<{ n: string }>(sql, params))[0]!.n);
  const body = { message: 'We can clean every module in two visits.', priceMinimum: 9000, priceMaximum: 9000, leadTimeDays: 7 };

  beforeAll(async () => {
    t = await createTestApp({ kind, clock });
    owner = await signIn(t, { name: 'Olga Owner', email: 'olga@buyer.example.com' });
    responder = await signIn(t, { name: 'Rita Responder', type: 'provider' });
    other = await signIn(t, { name: 'Otis Other', type: 'provider' });
    admin = await signIn(t, { name: 'Adam Admin', admin: true });
    providers.responder = await addProvider(t, { name: 'Rita Solar', services: ['Panel Cleaning'], ownerId: responder.user.id });
    providers.other = await addProvider(t, { name: 'Otis Energy', services: ['Panel Cleaning'], ownerId: other.user.id });
    providers.unclaimedMail = await addProvider(t, { name: 'Unclaimed With Mail', services: ['Panel Cleaning'] });
    providers.unclaimedSilent = await addProvider(t, { name: 'Unclaimed Silent', services: ['Panel Cleaning'] });
    await t.ctx.database.query(`UPDATE providers SET email = 'Hello@Unclaimed-Mail.example.com' WHERE id = $1`, [providers.unclaimedMail]);
  });
  afterAll(() => t.close());

  describe('invitations to unclaimed directory profiles (decision 0404)', () => {
    it('a profile with a public email gets the signed link at launch; one without stays on the admin Waiting list', async () => {
      const res = await call('POST', '/api/tenders', owner, {
        service: 'Panel Cleaning',
        location: 'Bristol, City of Bristol, England',
        latitude: 51.45,
        longitude: -2.59,
        type: 'private',
        invitedProviders: [providers.responder, providers.other, providers.unclaimedMail, providers.unclaimedSilent],
      });
      expect(res.statusCode, res.body).toBe(201);
      tenderId = res.json().data.id;
      // Only the profile nobody can be told of is counted for the waiting list.
      expect(res.json().data.waitingListProviders).toBe(1);
      await t.ctx.mailer.idle();
      const [mail, ...more] = await mailsTo('hello@unclaimed-mail.example.com');
      expect(more).toEqual([]);
      expect(mail!.subject).toBe('You are invited to respond to a tender on Solar Manager');
      expect(mail!.text_body).toMatch(new RegExp(`/tender/${tenderId}/respond#invite=[A-Za-z0-9_-]{43}`));

      // The owner sees the address among the invitations; it does not use their 50 typed addresses.
      const listed = (await call('GET', `/api/tenders/${tenderId}/email-invitations`, owner)).json().data;
      expect(listed).toEqual([expect.objectContaining({ email: 'hello@unclaimed-mail.example.com', accepted: false })]);
      const fifty = Array.from({ length: 50 }, (_, i) => `typed${i}@many.example.com`);
      expect((await call('POST', `/api/tenders/${tenderId}/email-invitations`, owner, { emails: fifty })).statusCode).toBe(201);
      expect((await call('POST', `/api/tenders/${tenderId}/email-invitations`, owner, { emails: ['one-more@many.example.com'] })).json().message).toBe(M.tooManyInvites);

      const waiting = (await call('GET', '/api/admin/waiting', admin)).json().data.map((i: { provider: { id: string } }) => i.provider.id);
      expect(waiting).toContain(providers.unclaimedSilent);
      expect(waiting).not.toContain(providers.unclaimedMail);
      const all = (await call('GET', '/api/admin/waiting?show=all', admin)).json().data.map((i: { provider: { id: string } }) => i.provider.id);
      expect(all).toContain(providers.unclaimedMail);
    });

    it('whoever answers that address signs up, redeems the link, creates a profile and responds', async () => {
      const [mail] = await mailsTo('hello@unclaimed-mail.example.com');
      const token = /invite=([A-Za-z0-9_-]+)/.exec(mail!.text_body)![1]!;
      const newcomer = await signIn(t, { name: 'Uma Unclaimed', email: 'uma@unclaimed-mail.example.com', type: 'provider' });
      expect((await call('GET', `/api/tenders/${tenderId}`, newcomer)).statusCode).toBe(404);
      expect((await call('POST', '/api/tenders/invitations/accept', newcomer, { token })).json()).toMatchObject({ success: true, data: { tenderId } });
      expect((await call('GET', `/api/tenders/${tenderId}/my-responses`, newcomer)).json().data.refusal).toBe(M.responseNeedsProvider);
      await addProvider(t, { name: 'Uma Cleaning', services: ['Panel Cleaning'], ownerId: newcomer.user.id });
      const res = await call('PUT', `/api/tenders/${tenderId}/my-responses`, newcomer, body);
      expect(res.statusCode, res.body).toBe(200);
    });

    it('a draft mails the link at publication, not before', async () => {
      const draft = await call('POST', '/api/tenders', owner, {
        service: 'Drone Surveys',
        location: 'Bath, Somerset, England',
        latitude: 51.38,
        longitude: -2.36,
        type: 'private',
        draft: true,
        invitedProviders: [providers.unclaimedMail],
      });
      expect(draft.statusCode, draft.body).toBe(201);
      await t.ctx.mailer.idle();
      const before = (await mailsTo('hello@unclaimed-mail.example.com')).length;
      expect((await call('POST', `/api/tenders/${draft.json().data.id}/publish`, owner)).statusCode).toBe(200);
      await t.ctx.mailer.idle();
      const after = await mailsTo('hello@unclaimed-mail.example.com');
      expect(after).toHaveLength(before + 1);
      expect(after.at(-1)!.text_body).toContain(`/tender/${draft.json().data.id}/respond#invite=`);
    });
  });

  describe('withdrawing a response and deleting an attachment (decision 0406)', () => {
    let responseId = '';
    let attachmentId = '';
    const url = () => `/api/tenders/${tenderId}/responses/${responseId}`;

    it('the responder deletes an attachment; nobody else can, and its file goes', async () => {
      const sent = await call('PUT', `/api/tenders/${tenderId}/my-responses`, responder, body);
      expect(sent.statusCode, sent.body).toBe(200);
      responseId = sent.json().data.id;
      const files = multipart([{ field: 'files', filename: 'method.pdf', bytes: pdf('rita-method') }]);
      const up = await call('POST', `${url()}/attachments`, responder, files.payload, files.headers);
      expect(up.statusCode, up.body).toBe(201);
      attachmentId = up.json().data[0].id;
      const second = multipart([{ field: 'files', filename: 'prices.pdf', bytes: pdf('rita-prices') }]);
      expect((await call('POST', `${url()}/attachments`, responder, second.payload, second.headers)).statusCode).toBe(201);
      const filesBefore = (await privateFiles(t)).length;

      for (const who of [owner, other, admin]) expect((await call('DELETE', `${url()}/attachments/${attachmentId}`, who)).statusCode).toBe(404);
      expect((await call('DELETE', `${url()}/attachments/${attachmentId}`, null)).statusCode).toBe(401);
      const gone = await call('DELETE', `${url()}/attachments/${attachmentId}`, responder);
      expect(gone.statusCode, gone.body).toBe(200);
      expect((await call('GET', `${url()}/attachments/${attachmentId}`, owner)).statusCode).toBe(404);
      expect(await privateFiles(t)).toHaveLength(filesBefore - 1);
    });

    it('only the responder withdraws, before the closing date; the response, its files and clarifications go and the owner is told', async () => {
      // A clarification on record (asked directly: the owner asks only once responses are open, decision 0512).
      await t.ctx.database.query('INSERT INTO tender_clarifications (response_id, message) VALUES ($1, $2)', [responseId, 'Is water-fed cleaning included?']);
      const filesBefore = (await privateFiles(t)).length;
      for (const who of [owner, other, admin]) expect((await call('DELETE', url(), who)).statusCode).toBe(404);
      expect((await call('DELETE', url(), null)).statusCode).toBe(401);
      expect(await count('SELECT count(*) AS n FROM tender_responses WHERE id = $1', [responseId])).toBe(1);

      const res = await call('DELETE', url(), responder);
      expect(res.json()).toMatchObject({ success: true, message: M.responseWithdrawn, receipt: { kind: 'withdrawn' } });
      expect(await count('SELECT count(*) AS n FROM tender_responses WHERE id = $1', [responseId])).toBe(0);
      expect(await count('SELECT count(*) AS n FROM tender_clarifications WHERE response_id = $1', [responseId])).toBe(0);
      expect(await privateFiles(t)).toHaveLength(filesBefore - 1);
      expect((await call('DELETE', url(), responder)).statusCode).toBe(404);
      await t.ctx.mailer.idle();
      expect((await mailsTo('olga@buyer.example.com')).map((m) => m.subject)).toContain('Response withdrawn: Panel Cleaning in Bristol');
      // The provider may respond again while the tender is open.
      expect((await call('GET', `/api/tenders/${tenderId}/my-responses`, responder)).json().data).toMatchObject({ responses: [], refusal: null });
    });

    it('after the closing date a response can be neither withdrawn nor stripped of attachments', async () => {
      const again = await call('PUT', `/api/tenders/${tenderId}/my-responses`, responder, body);
      responseId = again.json().data.id;
      const files = multipart([{ field: 'files', filename: 'late.pdf', bytes: pdf('late') }]);
      attachmentId = (await call('POST', `${url()}/attachments`, responder, files.payload, files.headers)).json().data[0].id;
      expect((await call('POST', `/api/tenders/${tenderId}/close`, owner, { reason: 'Closed early for the test of this cycle.' })).statusCode).toBe(200);
      clock.advance(1000);
      const late = await call('DELETE', url(), responder);
      expect(late.statusCode).toBe(409);
      expect(late.json().message).toBe(M.responseClosed);
      expect((await call('DELETE', `${url()}/attachments/${attachmentId}`, responder)).json().message).toBe(M.responseClosed);
      expect(await count('SELECT count(*) AS n FROM tender_response_attachments WHERE response_id = $1', [responseId])).toBe(1);
    });
  });

  describe('rate limits (decision 0405)', () => {
    it('owner actions share one per-account budget: the next is 429 with the message, in a new session too; another account is not held', async () => {
      const responseId = (await call('GET', `/api/tenders/${tenderId}/responses`, owner)).json().data[0].id;
      const shortlist = (cookie: string, shortlisted: boolean) =>
        call('PUT', `/api/tenders/${tenderId}/responses/${responseId}/shortlist`, { ...owner, cookie }, { shortlisted });
      // The owner spent two owner actions above (publishing the draft, closing early).
      const left = L.ownerActionsPerAccountPerHour - 2;
      for (let i = 0; i < left; i++) expect((await shortlist(owner.cookie, i % 2 === 0)).statusCode).toBe(200);
      const refused = await shortlist(owner.cookie, true);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ success: false, message: expect.stringMatching(/^Too many requests\. Please try again in \d+ seconds\.$/) });
      // One budget across the owner's routes, keyed on the account: not the route, the session or the address.
      expect((await call('POST', `/api/tenders/${tenderId}/extend`, owner, { closingDate: '2026-12-30T12:00:00.000Z' })).statusCode).toBe(429);
      expect((await shortlist(await newSession(t, owner.user.id), false)).statusCode).toBe(429);
      // Another owner's budget is their own.
      const theirs = await call('POST', '/api/tenders', other, { service: 'Panel Cleaning', location: 'Leeds, West Yorkshire, England', latitude: 53.8, longitude: -1.55 });
      expect(theirs.statusCode, theirs.body).toBe(201);
      expect((await call('POST', `/api/tenders/${theirs.json().data.id}/close`, other, { reason: 'Closed early for the test of this cycle.' })).statusCode).toBe(200);
    });
  });
});

/** A second session for the same account (a new cookie), as signing in again gives. */
async function newSession(t: TestApp, userId: string) {
  let cookie = '';
  const reply = { setCookie: (name: string, value: string) => (cookie = `${name}=${value}`) } as never;
  await startSession(t.ctx, reply, userId);
  return cookie;
}
