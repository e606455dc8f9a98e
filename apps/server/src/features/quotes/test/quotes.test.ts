import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUOTE_MESSAGES as M, QUOTE_RATE_LIMIT } from '@solar/shared/constants/quotes';
import { quote as quoteSchema } from '@solar/shared/contracts/quotes';
import { outbox, quotes } from '../../../db/schema/index';
import { createTestApp, databaseKinds, type TestApp } from '../../../../test/harness';
import { docx, ole, signedInUser, type SignedIn } from './helpers';
import { fields, multipart, type Part } from '../../../../test/fixtures/multipart';
import { insertProvider } from '../../../../test/fixtures/providers';
import { pdf, privateFiles } from '../../../../test/fixtures/files';

const valid = {
  service: 'Panel Cleaning',
  location: 'Bristol, City of Bristol',
  timePreference: '2weeks',
  description: 'Clean 12,000 panels on a 5 MW ground-mounted site.',
  name: 'Alex Asset',
  email: 'alex@asset-owner.example.com',
  phone: '+44 117 496 0123',
};

describe.each(databaseKinds)('quotes on %s (docs/product/quotes.md: quotes are real)', (kind) => {
  let t: TestApp;
  let owner: SignedIn;
  let sender: SignedIn;
  let stranger: SignedIn;
  let admin: SignedIn;
  let claimedId: string;
  let unclaimedId: string;

  beforeAll(async () => {
    t = await createTestApp({ kind });
    owner = await signedInUser(t, { name: 'Olive Owner' });
    sender = await signedInUser(t, { name: 'Sam Sender' });
    stranger = await signedInUser(t, { name: 'Third Party' });
    admin = await signedInUser(t, { admin: true, name: 'Ada Admin' });
    claimedId = (await insertProvider(t, { businessName: 'Claimed Solar Co', userId: owner.user.id, claimed: true, claimApproved: true })).id;
    unclaimedId = (await insertProvider(t, { businessName: 'Unclaimed Farm Services' })).id;
  });
  afterAll(() => t.close());

  let ip = 1;
  /** Each call gets its own address, so only the per-account limit is in play unless a test says otherwise. */
  const send = (who: SignedIn | null, parts: Part[], remoteAddress = `10.0.0.${ip++ % 250}`) => {
    const body = multipart(parts);
    return t.app.inject({ method: 'POST', url: '/api/quotes', remoteAddress, payload: body.payload, headers: { ...body.headers, ...(who ? { cookie: who.cookie } : {}) } });
  };
  const get = (who: SignedIn | null, url: string) => t.app.inject({ method: 'GET', url, headers: who ? { cookie: who.cookie } : {} });
  const patch = (who: SignedIn | null, url: string, payload: unknown) => t.app.inject({ method: 'PATCH', url, payload: payload as object, headers: who ? { cookie: who.cookie } : {} });
  const quoteCount = async () => (await t.ctx.database.db.select({ n: count() }).from(quotes))[0]!.n;
  const mailsTo = (address: string) => t.ctx.database.db.select().from(outbox).where(eq(outbox.toAddress, address));

  describe('sending to a claimed provider with an NDA, a scope and the UAV contract', () => {
    let quoteId: string;
    let ndaBytes: Buffer;

    it('stores the quote, its attachments in private storage, and mails the owner and the sender', async () => {
      ndaBytes = pdf('nda-marker');
      const res = await send(sender, [
        ...fields({ ...valid, providerId: claimedId, requiresNDA: 'true', useDefaultContract: 'true', selectedContract: 'uav-hire' }),
        { field: 'nda', filename: 'Our NDA.pdf', bytes: ndaBytes, type: 'application/pdf' },
        { field: 'scope', filename: 'scope.docx', bytes: docx() },
      ]);
      expect(res.statusCode, res.body).toBe(201);
      const body = res.json();
      expect(body.message).toBe(M.sent);
      expect(quoteSchema.safeParse(body.data).success).toBe(true);
      quoteId = body.data.id;
      expect(body.data).toMatchObject({
        routedTo: 'provider',
        status: 'pending',
        phone: valid.phone,
        requiresNDA: true,
        useDefaultContract: true,
        selectedContract: 'uav-hire',
        provider: { id: claimedId, businessName: 'Claimed Solar Co' },
        sender: { name: 'Sam Sender', company: 'Quote Test Ltd' },
        canReply: false,
      });
      expect(body.data.attachments.map((a: { kind: string; mimeType: string; filename: string }) => [a.kind, a.mimeType, a.filename])).toEqual([
        ['nda', 'application/pdf', 'Our NDA.pdf'],
        ['scope', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'scope.docx'],
      ]);
      expect(privateFiles(t)).toHaveLength(2);
      // Never a public URL for a private file.
      expect(JSON.stringify(body)).not.toContain('/uploads/');

      const [toOwner] = await mailsTo(owner.user.email);
      expect(toOwner?.subject).toBe('New quote request: Panel Cleaning');
      expect(toOwner?.textBody).toContain('Phone: +44 117 496 0123');
      expect(toOwner?.textBody).toContain('Proposed contract: UAV Hire Agreement');
      expect(toOwner?.textBody).toContain('http://localhost:3000/dashboard?tab=quotes');
      const [confirmation] = await mailsTo(sender.user.email);
      expect(confirmation?.subject).toBe('Your quote request to Claimed Solar Co');
    });

    it("lists it under the owner's Received Quotes and the sender's Sent Quotes, and nowhere for a third user", async () => {
      const received = (await get(owner, '/api/quotes/received')).json();
      expect(received.data.map((q: { id: string }) => q.id)).toEqual([quoteId]);
      expect(received.data[0].canReply).toBe(true);
      expect(received.pagination).toEqual({ page: 1, pages: 1, total: 1 });
      expect((await get(sender, '/api/quotes/sent')).json().data.map((q: { id: string }) => q.id)).toEqual([quoteId]);
      expect((await get(sender, '/api/quotes/received')).json().data).toEqual([]);
      expect((await get(stranger, '/api/quotes/received')).json().data).toEqual([]);
      expect((await get(stranger, '/api/quotes/sent')).json().data).toEqual([]);
    });

    it('lets the sender, the owner and an admin read it and download the attachment; a third user gets 404', async () => {
      const quote = (await get(owner, `/api/quotes/${quoteId}`)).json().data;
      const nda = quote.attachments.find((a: { kind: string }) => a.kind === 'nda');
      for (const who of [sender, owner, admin]) {
        expect((await get(who, `/api/quotes/${quoteId}`)).statusCode).toBe(200);
        const file = await get(who, nda.url);
        expect(file.statusCode).toBe(200);
        expect(file.headers['content-type']).toBe('application/pdf');
        expect(file.headers['content-disposition']).toContain('attachment; filename="Our NDA.pdf"');
        expect(file.headers['x-content-type-options']).toBe('nosniff');
        expect(file.headers['cache-control']).toBe('private, no-store');
        expect(file.rawPayload.equals(ndaBytes)).toBe(true);
      }
      const refused = [
        await get(stranger, `/api/quotes/${quoteId}`),
        await get(stranger, nda.url),
        await patch(stranger, `/api/quotes/${quoteId}`, { status: 'responded', replyMessage: 'Hijack' }),
      ];
      for (const res of refused) {
        expect(res.statusCode).toBe(404);
        expect(res.json().message).toMatch(/not found/);
      }
      expect((await get(owner, `/api/quotes/${quoteId}/attachments/00000000-0000-0000-0000-000000000000`)).statusCode).toBe(404);
      expect((await get(owner, '/api/quotes/not-a-uuid')).statusCode).toBe(404);
    });

    it('refuses a visitor with 401 everywhere', async () => {
      const quote = (await get(owner, `/api/quotes/${quoteId}`)).json().data;
      const before = await quoteCount();
      for (const res of [
        await send(null, fields({ ...valid, providerId: claimedId })),
        await get(null, '/api/quotes/received'),
        await get(null, '/api/quotes/sent'),
        await get(null, `/api/quotes/${quoteId}`),
        await get(null, quote.attachments[0].url),
        await patch(null, `/api/quotes/${quoteId}`, { status: 'declined' }),
      ]) {
        expect(res.statusCode).toBe(401);
      }
      expect(await quoteCount()).toBe(before);
    });

    it('lets only the owner reply, once, and mails the reply to the sender', async () => {
      const url = `/api/quotes/${quoteId}`;
      const bySender = await patch(sender, url, { status: 'responded', replyMessage: 'I answer myself' });
      expect(bySender.statusCode).toBe(403);
      expect(bySender.json().message).toBe(M.notAllowedToReply);
      const empty = await patch(owner, url, { status: 'responded', replyMessage: '  ' });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().message).toBe(M.replyRequired);
      const ok = await patch(owner, url, { status: 'responded', replyMessage: 'We can do it for £4,800 in March.' });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json().data).toMatchObject({ status: 'responded', replyMessage: 'We can do it for £4,800 in March.', canReply: false });
      expect((await patch(owner, url, { status: 'declined' })).statusCode).toBe(409);
      const sent = (await get(sender, '/api/quotes/sent')).json().data[0];
      expect(sent).toMatchObject({ status: 'responded', replyMessage: 'We can do it for £4,800 in March.' });
      const replyMail = (await mailsTo(sender.user.email)).find((m) => m.subject === 'Claimed Solar Co replied to your quote request');
      expect(replyMail?.textBody).toContain('We can do it for £4,800 in March.');
    });
  });

  describe('validation (docs/product/quotes.md#quote-form)', () => {
    let author: SignedIn;
    beforeAll(async () => {
      author = await signedInUser(t);
    });

    it.each([
      ['no name', { name: '' }, M.nameRequired],
      ['no email', { email: '' }, M.emailRequired],
      ['a bad email', { email: 'not-an-email' }, M.emailInvalid],
      ['no phone', { phone: '' }, M.phoneRequired],
      ['a default contract without a choice', { useDefaultContract: 'true', selectedContract: '' }, M.selectContract],
      ['an NDA switch without a file', { requiresNDA: 'true' }, M.ndaRequired],
      ['an unknown contract', { useDefaultContract: 'true', selectedContract: 'nda-lite' }, undefined],
    ] as const)('refuses %s with 400 and stores nothing', async (_label, change, message) => {
      const before = await quoteCount();
      const res = await send(author, fields({ ...valid, providerId: claimedId, ...change }));
      expect(res.statusCode).toBe(400);
      if (message) expect(res.json().message).toBe(message);
      expect(await quoteCount()).toBe(before);
    });

    it('answers 404 for an unknown provider and 400 for a JSON body', async () => {
      expect((await send(author, fields({ ...valid, providerId: 'no-such-provider' }))).statusCode).toBe(404);
      const json = await t.app.inject({ method: 'POST', url: '/api/quotes', payload: { ...valid, providerId: claimedId }, headers: { cookie: author.cookie } });
      expect(json.statusCode).toBe(400);
    });

    it('clears the contract choice when the default contract is off', async () => {
      const res = await send(author, fields({ ...valid, providerId: claimedId, useDefaultContract: 'false', selectedContract: 'data-processing' }));
      expect(res.statusCode).toBe(201);
      expect(res.json().data).toMatchObject({ useDefaultContract: false, selectedContract: null });
    });
  });

  describe('attachment types and sizes (docs/product/quotes.md#attachments)', () => {
    let author: SignedIn;
    beforeAll(async () => {
      author = await signedInUser(t);
    });
    const withScope = (filename: string, bytes: Buffer) => send(author, [...fields({ ...valid, providerId: claimedId }), { field: 'scope', filename, bytes }]);

    it('accepts a legacy .doc (an OLE file named .doc)', async () => {
      const res = await withScope('scope.doc', ole());
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().data.attachments[0]).toMatchObject({ kind: 'scope', mimeType: 'application/msword', filename: 'scope.doc' });
    });

    it.each([
      ['an OLE file not named .doc', 'sheet.xls', ole(), 415, M.attachmentType],
      ['HTML named .pdf', 'scope.pdf', Buffer.from('<html><script>alert(1)</script></html>'), 415, M.attachmentType],
      ['a PNG', 'scope.pdf', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...Buffer.alloc(64)]), 415, M.attachmentType],
      ['an empty file', 'scope.pdf', Buffer.alloc(0), 415, M.attachmentType],
      ['a file over 5 MB', 'scope.pdf', Buffer.concat([pdf(), Buffer.alloc(5 * 1024 * 1024)]), 413, M.attachmentSize],
    ] as const)('refuses %s and leaves nothing behind', async (_label, filename, bytes, status, message) => {
      const files = privateFiles(t);
      const before = await quoteCount();
      const res = await withScope(filename, bytes);
      expect(res.statusCode).toBe(status);
      expect(res.json().message).toBe(message);
      expect(privateFiles(t)).toEqual(files);
      expect(await quoteCount()).toBe(before);
    });

    it('refuses an NDA file when the NDA switch is off, an unknown file field, and a valid file with an invalid form', async () => {
      const files = privateFiles(t);
      const before = await quoteCount();
      const ndaOff = await send(author, [...fields({ ...valid, providerId: claimedId }), { field: 'nda', filename: 'nda.pdf', bytes: pdf() }]);
      expect(ndaOff.statusCode).toBe(400);
      expect(ndaOff.json().message).toBe(M.ndaWithoutSwitch);
      const unknown = await send(author, [...fields({ ...valid, providerId: claimedId }), { field: 'other', filename: 'x.pdf', bytes: pdf() }]);
      expect(unknown.statusCode).toBe(400);
      const noPhone = await send(author, [...fields({ ...valid, providerId: claimedId, phone: '' }), { field: 'scope', filename: 's.pdf', bytes: pdf() }]);
      expect(noPhone.statusCode).toBe(400);
      expect(privateFiles(t)).toEqual(files);
      expect(await quoteCount()).toBe(before);
    });
  });

  describe('a provider that has not claimed its profile', () => {
    let quoteId: string;

    it('stores the request for the marketplace team, tells the sender so, and mails the admins', async () => {
      const author = await signedInUser(t, { name: 'Una Unclaimed' });
      const res = await send(author, fields({ ...valid, providerId: unclaimedId }));
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().message).toBe(M.sentToMarketplace);
      expect(res.json().data).toMatchObject({ routedTo: 'marketplace', provider: { claimed: false } });
      quoteId = res.json().data.id;
      const [toAdmin] = await mailsTo(admin.user.email);
      expect(toAdmin?.subject).toBe('Quote request waiting: Unclaimed Farm Services (unclaimed profile)');
      const [confirmation] = await mailsTo(author.user.email);
      expect(confirmation?.textBody).toContain('has not claimed its profile yet');
    });

    it('appears in the admin Waiting list (admins only) and admins may answer it', async () => {
      const waiting = await get(admin, '/api/quotes/waiting');
      expect(waiting.statusCode).toBe(200);
      expect(waiting.json().data.map((q: { id: string }) => q.id)).toContain(quoteId);
      expect(waiting.json().data.every((q: { provider: { id: string } }) => q.provider.id === unclaimedId)).toBe(true);
      expect((await get(owner, '/api/quotes/waiting')).statusCode).toBe(403);
      expect((await get(admin, `/api/quotes/${quoteId}`)).json().data.canReply).toBe(true);
    });
  });

  it('limits submissions per account', async () => {
    const author = await signedInUser(t);
    const statuses: number[] = [];
    for (let i = 0; i <= QUOTE_RATE_LIMIT.perUserPerHour; i++) statuses.push((await send(author, fields({ ...valid, providerId: claimedId }))).statusCode);
    expect(statuses.slice(0, -1).every((s) => s === 201)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});
