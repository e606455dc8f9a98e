import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TENDER_LIFECYCLE_MESSAGES as M } from '@solar/shared/constants/tender-lifecycle';
import { TENDER_SEALED_MESSAGES as S } from '@solar/shared/constants/tender-sealed';
import { createTestApp, databaseKinds, type TestApp } from '../../../../test/harness';
import { pdf } from '../../../../test/fixtures/files';
import { multipart } from '../../../../test/fixtures/multipart';
import { fixedClock } from '../../../platform/clock';
import { addProvider, signIn } from './helpers';

/**
 * Sealed responses (issue 27 part A, decision 0512) and e-receipts (decision 0513), by the
 * server's clock: before the closing time nothing of a response (who, prices, text, attachments)
 * is readable by its owner, an admin or another provider on any read path; after it the owner and
 * admins read them. Closing early needs a reason, kept in the History. Tests run in order on one app.
 */
describe.each(databaseKinds)('sealed responses and e-receipts on %s', (kind) => {
  let t: TestApp;
  const start = new Date('2026-11-23T09:00:00Z');
  const clock = fixedClock(start);
  type Who = Awaited<ReturnType<typeof signIn>>;
  let owner: Who, bidder: Who, rival: Who, outsider: Who, admin: Who;
  let tenderId = '';
  let responseId = '';
  let attachmentId = '';
  const closing = '2026-11-26T12:00:00.000Z';
  const attachmentBytes = pdf('sealed-method-statement');
  let ip = 1;
  const call = (method: string, url: string, who: Who | null, payload?: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: method as 'GET',
      url,
      remoteAddress: `10.61.${Math.floor(ip / 250) % 250}.${(ip++ % 250) + 1}`,
      ...(payload !== undefined && { payload: payload as object }),
      headers: { ...headers, ...(who && { cookie: who.cookie }) },
    });
  const mailsTo = async (to: string) => {
    await t.ctx.mailer.idle();
    return t.ctx.database.query<{ subject: string; text_body: string; kind: string }>('SELECT subject, text_body, kind FROM outbox WHERE to_address = $1 ORDER BY created_at, id', [to]);
  };
  /** What must never be seen before the closing time by anyone but the bidder. */
  const SECRETS = ['Bramble Solar', 'Bea Bidder', 'bramble-secret-method', '495000', '495,000', 'bramble-plan.pdf', 'Rook Energy', 'rook-secret-method', '512000'];
  const leaks = (text: string) => SECRETS.filter((s) => text.includes(s));

  beforeAll(async () => {
    t = await createTestApp({ kind, clock });
    owner = await signIn(t, { name: 'Olga Owner', email: 'olga@sealed.example.com' });
    bidder = await signIn(t, { name: 'Bea Bidder', email: 'bea@bramble.example.com', type: 'provider' });
    rival = await signIn(t, { name: 'Rex Rival', email: 'rex@rook.example.com', type: 'provider' });
    outsider = await signIn(t, { name: 'Oscar Outsider', type: 'provider' });
    admin = await signIn(t, { name: 'Adam Admin', admin: true });
    await addProvider(t, { name: 'Bramble Solar', services: ['Panel Cleaning'], ownerId: bidder.user.id });
    await addProvider(t, { name: 'Rook Energy', services: ['Panel Cleaning'], ownerId: rival.user.id });
    await addProvider(t, { name: 'Outsider Power', services: ['Panel Cleaning'], ownerId: outsider.user.id });
    const created = await call('POST', '/api/tenders', owner, {
      service: 'Panel Cleaning',
      location: 'Bristol',
      type: 'open',
      title: 'Sealed cleaning tender',
      description: 'Clean 2 MW of panels twice a year.',
      closingDate: closing,
    });
    expect(created.statusCode, created.body).toBe(201);
    tenderId = created.json().data.id;
  });
  afterAll(() => t.close());

  it('each submission gets an e-receipt: a reference, UK time to the second and the SHA-256 of the fields and attachment hashes', async () => {
    const sent = await call('PUT', `/api/tenders/${tenderId}/my-responses`, bidder, {
      message: 'bramble-secret-method: two visits, robots on the roofs.',
      priceMinimum: '£495,000',
      leadTimeDays: '30 days',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    responseId = sent.json().data.id;
    const first = sent.json().receipt;
    expect(first).toMatchObject({ kind: 'submitted', providerName: 'Bramble Solar', ukTime: '23/11/2026 09:00:00 GMT', createdAt: start.toISOString() });
    expect(first.reference).toMatch(/^TR-2026-\d{6}$/);
    // The hash is of what was submitted, in the documented form (decision 0513): anyone can recompute it.
    const fields = { message: 'bramble-secret-method: two visits, robots on the roofs.', priceMinimum: '495000.00', priceMaximum: '495000.00', leadTimeDays: 30 };
    const providerId = (await t.ctx.database.query<{ id: string }>(`SELECT id::text AS id FROM providers WHERE business_name = 'Bramble Solar'`))[0]!.id;
    const text = (kind: string, at: string, attachments: unknown[]) =>
      JSON.stringify({ receipt: 1, tender: tenderId, provider: providerId, kind, at, ...fields, attachments });
    const sha = (s: string | Buffer) => createHash('sha256').update(s).digest('hex');
    expect(first.sha256).toBe(sha(text('submitted', start.toISOString(), [])));

    clock.advance(1500);
    const body = multipart([{ field: 'files', filename: 'bramble-plan.pdf', bytes: attachmentBytes, type: 'application/pdf' }]);
    const uploaded = await call('POST', `/api/tenders/${tenderId}/responses/${responseId}/attachments`, bidder, body.payload, body.headers);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    attachmentId = uploaded.json().data[0].id;

    const mine = (await call('GET', `/api/tenders/${tenderId}/my-responses`, bidder)).json().data;
    expect(mine.receipts.map((r: { kind: string }) => r.kind)).toEqual(['updated', 'submitted']);
    const second = mine.receipts[0];
    expect(second.ukTime).toBe('23/11/2026 09:00:01 GMT');
    expect(second.sha256).toBe(sha(text('updated', new Date(start.getTime() + 1500).toISOString(), [{ filename: 'bramble-plan.pdf', size: attachmentBytes.length, sha256: sha(attachmentBytes) }])));
    expect(second.reference).not.toBe(first.reference);

    // Mailed to the bidder, each with its reference and hash; without the price.
    const receipts = (await mailsTo('bea@bramble.example.com')).filter((m) => m.kind === 'tender-receipt');
    expect(receipts.map((m) => m.subject)).toEqual([
      `Receipt ${first.reference}: response submitted, Sealed cleaning tender`,
      `Receipt ${second.reference}: response changed, Sealed cleaning tender`,
    ]);
    expect(receipts[1]!.text_body).toContain(`SHA-256: ${second.sha256}`);
    expect(receipts[1]!.text_body).toContain('When: 23/11/2026 09:00:01 GMT (UK time');
    expect(receipts[1]!.text_body).not.toMatch(/495,?000/);

    // Another bidder sees none of them.
    const rivalSent = await call('PUT', `/api/tenders/${tenderId}/my-responses`, rival, { message: 'rook-secret-method with drones.', priceMinimum: 512000, leadTimeDays: 14 });
    expect(rivalSent.statusCode, rivalSent.body).toBe(200);
    const rivalMine = (await call('GET', `/api/tenders/${tenderId}/my-responses`, rival)).json().data;
    expect(rivalMine.receipts).toHaveLength(1);
    expect(JSON.stringify(rivalMine)).not.toMatch(/bramble|495000/i);
  });

  it('before the closing time by the server’s clock, the owner and an admin see how many arrived and when, and nothing else, on every read path', async () => {
    clock.set(new Date('2026-11-26T11:59:59Z'));
    for (const who of [owner, admin]) {
      const listed = await call('GET', `/api/tenders/${tenderId}/responses`, who);
      expect(listed.statusCode).toBe(200);
      expect(listed.json().data).toEqual([]);
      expect(listed.json().sealed).toEqual({
        closesAt: closing,
        count: 2,
        arrivals: [
          { receivedAt: '2026-11-23T09:00:00.000Z', updatedAt: '2026-11-23T09:00:00.000Z' },
          { receivedAt: '2026-11-23T09:00:01.500Z', updatedAt: '2026-11-23T09:00:01.500Z' },
        ],
      });
      expect(leaks(listed.body)).toEqual([]);
      // The attachment: refused, saying why.
      const file = await call('GET', `/api/tenders/${tenderId}/responses/${responseId}/attachments/${attachmentId}`, who);
      expect(file.statusCode).toBe(409);
      expect(file.json().message).toBe(S.attachmentSealed);
      // The History says a response arrived, not whose.
      const events = await call('GET', `/api/tenders/${tenderId}/events`, who);
      expect(events.statusCode).toBe(200);
      expect(events.json().data.filter((e: { kind: string }) => e.kind === 'response-submitted')).toHaveLength(2);
      expect(leaks(events.body)).toEqual([]);
      // The tender, the dashboard and the board's export.
      for (const url of [`/api/tenders/${tenderId}`, '/api/tenders/mine', '/api/exports/tenders?format=json&status=all', '/api/admin/audit-log']) {
        const res = await call('GET', url, who);
        expect(leaks(res.body), url).toEqual([]);
      }
    }
    // Evaluation waits for the seal to break.
    expect((await call('PUT', `/api/tenders/${tenderId}/responses/${responseId}/shortlist`, owner, { shortlisted: true })).json().message).toBe(S.sealedAction);
    expect((await call('POST', `/api/tenders/${tenderId}/responses/${responseId}/clarifications`, owner, { message: 'Which robots do you use?' })).json().message).toBe(S.sealedAction);
    expect((await call('POST', `/api/tenders/${tenderId}/award`, owner, { responseId })).json().message).toBe(M.awardBeforeClosing);
    // Another provider: nothing at all.
    expect((await call('GET', `/api/tenders/${tenderId}/responses`, outsider)).statusCode).toBe(404);
    expect((await call('GET', `/api/tenders/${tenderId}/responses/${responseId}/attachments/${attachmentId}`, outsider)).statusCode).toBe(404);
    expect((await call('GET', `/api/tenders/${tenderId}/responses/${responseId}/attachments/${attachmentId}`, rival)).statusCode).toBe(404);
    // The bidder reads its own.
    const own = await call('GET', `/api/tenders/${tenderId}/responses/${responseId}/attachments/${attachmentId}`, bidder);
    expect(own.statusCode).toBe(200);
    // The owner's mails: one arrived and how many, never who or the price.
    const ownerMails = (await mailsTo('olga@sealed.example.com')).filter((m) => m.kind === 'tender-response');
    expect(ownerMails).toHaveLength(2);
    expect(ownerMails[1]!.text_body).toContain('Responses received so far: 2.');
    expect(ownerMails.flatMap((m) => leaks(m.subject + m.text_body))).toEqual([]);
  });

  it('at the closing time the owner and admins read every response; other providers still do not', async () => {
    clock.set(new Date(closing));
    for (const who of [owner, admin]) {
      const listed = await call('GET', `/api/tenders/${tenderId}/responses`, who);
      expect(listed.json().sealed).toBeNull();
      expect(listed.json().data.map((r: { provider: { name: string }; priceMinimum: number }) => [r.provider.name, r.priceMinimum])).toEqual([
        ['Bramble Solar', 495000],
        ['Rook Energy', 512000],
      ]);
      expect((await call('GET', `/api/tenders/${tenderId}/responses/${responseId}/attachments/${attachmentId}`, who)).statusCode).toBe(200);
      const events = (await call('GET', `/api/tenders/${tenderId}/events`, who)).json().data;
      expect(events.filter((e: { kind: string }) => e.kind === 'response-submitted').map((e: { subject: string }) => e.subject)).toEqual(['Bramble Solar', 'Rook Energy']);
    }
    expect((await call('GET', `/api/tenders/${tenderId}/responses`, outsider)).statusCode).toBe(404);
    expect((await call('GET', `/api/tenders/${tenderId}/responses/${responseId}/attachments/${attachmentId}`, rival)).statusCode).toBe(404);
    // Nothing can be sent, changed or withdrawn once it has closed.
    expect((await call('PUT', `/api/tenders/${tenderId}/my-responses`, bidder, { message: 'A late change to the method.', priceMinimum: 1, leadTimeDays: 1 })).json().message).toBe(M.responseClosed);
    expect((await call('DELETE', `/api/tenders/${tenderId}/responses/${responseId}`, bidder)).json().message).toBe(M.responseClosed);
    const awarded = await call('POST', `/api/tenders/${tenderId}/award`, owner, { responseId });
    expect(awarded.statusCode, awarded.body).toBe(200);
  });

  it('closing early needs a reason; it is kept and shown in the History, and opens the responses', async () => {
    clock.set(start);
    const created = await call('POST', '/api/tenders', owner, { service: 'Panel Cleaning', location: 'Bristol', type: 'open', title: 'Early close tender', description: 'Inspect 5 MW of panels.', closingDate: closing });
    const id = created.json().data.id;
    const sent = await call('PUT', `/api/tenders/${id}/my-responses`, bidder, { message: 'bramble-secret-method for inspection.', priceMinimum: 495000, leadTimeDays: 5 });
    expect(sent.statusCode, sent.body).toBe(200);
    expect((await call('GET', `/api/tenders/${id}/responses`, owner)).json().data).toEqual([]);

    const bare = await call('POST', `/api/tenders/${id}/close`, owner, {});
    expect(bare.statusCode).toBe(400);
    expect(bare.json().message).toBe(M.reasonRequired);
    expect((await call('POST', `/api/tenders/${id}/close`, owner, { reason: 'short' })).json().message).toBe(M.reasonRequired);
    expect((await call('POST', `/api/tenders/${id}/close`, rival, { reason: 'Not my tender to close at all.' })).statusCode).toBe(404);

    clock.advance(60_000);
    const closed = await call('POST', `/api/tenders/${id}/close`, owner, { reason: 'The site owner needs a decision this week.' });
    expect(closed.statusCode, closed.body).toBe(200);
    const event = (await call('GET', `/api/tenders/${id}/events`, owner)).json().data.find((e: { kind: string }) => e.kind === 'closed-early');
    expect(event.reason).toBe('The site owner needs a decision this week.');
    const listed = (await call('GET', `/api/tenders/${id}/responses`, owner)).json();
    expect(listed.sealed).toBeNull();
    expect(listed.data).toHaveLength(1);
    expect((await call('POST', `/api/tenders/${id}/award`, owner, { responseId: listed.data[0].id })).statusCode).toBe(200);
  });

  it('a withdrawal gets its receipt too, and the receipts stay on the bidder’s page after it', async () => {
    clock.set(start);
    const created = await call('POST', '/api/tenders', owner, { service: 'Panel Cleaning', location: 'Bristol', type: 'open', title: 'Withdrawal tender', description: 'Clean 1 MW of panels.', closingDate: closing });
    const id = created.json().data.id;
    const sent = (await call('PUT', `/api/tenders/${id}/my-responses`, bidder, { message: 'A response to take back later.', priceMinimum: 100, leadTimeDays: 5 })).json();
    const withdrawn = await call('DELETE', `/api/tenders/${id}/responses/${sent.data.id}`, bidder);
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json().receipt).toMatchObject({ kind: 'withdrawn', providerName: 'Bramble Solar' });
    const mine = (await call('GET', `/api/tenders/${id}/my-responses`, bidder)).json().data;
    expect(mine.responses).toEqual([]);
    expect(mine.receipts.map((r: { kind: string }) => r.kind)).toEqual(['withdrawn', 'submitted']);
    // The owner was told one was withdrawn, not by whom.
    const last = (await mailsTo('olga@sealed.example.com')).filter((m) => m.kind === 'tender-response-withdrawn').at(-1)!;
    expect(last.text_body).toContain('A bidder has withdrawn its response');
    expect(leaks(last.text_body)).toEqual([]);
  });

  it('a lifecycle mail is written in the transaction of its change: when the mail cannot be written, the change is not made', async () => {
    clock.set(start);
    const created = await call('POST', '/api/tenders', owner, { service: 'Panel Cleaning', location: 'Bristol', type: 'open', title: 'Mail in the transaction', description: 'Check the outbox.', closingDate: closing });
    const id = created.json().data.id;
    // The outbox refuses these kinds: as if the process stopped between the change and its mail.
    await t.ctx.database.exec(`CREATE OR REPLACE FUNCTION refuse_test_mail() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'outbox refused'; END $$;
      CREATE TRIGGER refuse_test_mail BEFORE INSERT ON outbox FOR EACH ROW
        WHEN (NEW.kind IN ('tender-response', 'tender-email-invitation', 'tender-question', 'tender-closed')) EXECUTE FUNCTION refuse_test_mail();`);
    try {
      const count = async (sql: string) => Number((await t.ctx.database.query<{ n: number }>(sql, [id]))[0]!.n);
      expect((await call('PUT', `/api/tenders/${id}/my-responses`, bidder, { message: 'A response whose mail fails.', priceMinimum: 100, leadTimeDays: 5 })).statusCode).toBe(500);
      expect(await count('SELECT count(*)::int AS n FROM tender_responses WHERE tender_id = $1')).toBe(0);
      expect(await count('SELECT count(*)::int AS n FROM tender_response_receipts WHERE tender_id = $1')).toBe(0);
      expect((await call('POST', `/api/tenders/${id}/email-invitations`, owner, { emails: ['lost@invite.example.com'] })).statusCode).toBe(500);
      expect(await count('SELECT count(*)::int AS n FROM tender_email_invitations WHERE tender_id = $1')).toBe(0);
      expect((await call('POST', `/api/tenders/${id}/questions`, rival, { question: 'Is the roof access by ladder?' })).statusCode).toBe(500);
      expect(await count('SELECT count(*)::int AS n FROM tender_questions WHERE tender_id = $1')).toBe(0);
      // Someone to tell: a question answered needs an asker, so close with a redeemed participant instead.
      await t.ctx.database.query('INSERT INTO tender_questions (tender_id, asker_id, question) VALUES ($1, $2, $3)', [id, rival.user.id, 'Seeded question for a participant']);
      expect((await call('POST', `/api/tenders/${id}/close`, owner, { reason: 'Closing while the outbox fails.' })).statusCode).toBe(500);
      expect(await count(`SELECT count(*)::int AS n FROM tender_events WHERE tender_id = $1 AND kind = 'closed-early'`)).toBe(0);
    } finally {
      await t.ctx.database.exec('DROP TRIGGER refuse_test_mail ON outbox; DROP FUNCTION refuse_test_mail();');
    }
    // With the outbox working, the same change and its mail land together.
    const sent = await call('PUT', `/api/tenders/${id}/my-responses`, bidder, { message: 'A response whose mail is written.', priceMinimum: 100, leadTimeDays: 5 });
    expect(sent.statusCode, sent.body).toBe(200);
    expect((await mailsTo('olga@sealed.example.com')).filter((m) => m.kind === 'tender-response' && m.subject === 'New response: Mail in the transaction')).toHaveLength(1);
  });
});
