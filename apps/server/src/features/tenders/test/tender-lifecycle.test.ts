import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TENDER_LIFECYCLE_MESSAGES as M } from '@solar/shared/constants/tender-lifecycle';
import { TENDER_MESSAGES } from '@solar/shared/constants/tenders';
import { createTestApp, databaseKinds, type TestApp } from '../../../../test/harness';
import { bigPng, pdf, png, privateFiles } from '../../../../test/fixtures/files';
import { multipart } from '../../../../test/fixtures/multipart';
import { fixedClock } from '../../../platform/clock';
import { addProvider, signIn } from './helpers';

/**
 * Issue 18, "Rules and bad input": the tender lifecycle through the API on a real database, in
 * every role (owner, invited provider, provider not invited, user without a provider, admin,
 * visitor). Tests run in order and share one app: each builds on the tender the previous left.
 */
describe.each(databaseKinds)('the tender lifecycle on %s', (kind) => {
  let t: TestApp;
  const clock = fixedClock(new Date('2026-11-22T09:00:00Z'));
  type Who = Awaited<ReturnType<typeof signIn>>;
  let owner: Who, invited: Who, invited2: Who, stranger: Who, noProvider: Who, admin: Who, unverified: Who;
  const providers: Record<string, string> = {};
  let ip = 1;
  const call = (method: string, url: string, who: Who | null, payload?: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: method as 'GET',
      url,
      remoteAddress: `10.18.0.${(ip++ % 250) + 1}`,
      ...(payload !== undefined && { payload: payload as object }),
      headers: { ...headers, ...(who && { cookie: who.cookie }) },
    });
  const upload = (url: string, who: Who | null, files: Array<{ name: string; bytes: Buffer }>) => {
    const body = multipart(files.map((f) => ({ field: 'files', filename: f.name, bytes: f.bytes })));
    return call('POST', url, who, body.payload, body.headers);
  };
  const mailsTo = (to: string) =>
    t.ctx.database.query<{ subject: string; text_body: string }>('SELECT subject, text_body FROM outbox WHERE to_address = $1 ORDER BY created_at', [to]);
  const settle = () => t.ctx.mailer.idle();
  const inDays = (days: number) => new Date(clock.now().getTime() + days * 86_400_000).toISOString();
  const count = async (sql: string, params: unknown[] = []) => Number((await t.ctx.database.query<{ n: string }>(sql, params))[0]!.n);
  /**
   * Runs `check` with the tender's closing time just passed by the server's clock, when its sealed
   * responses are open (decision 0512), then puts the closing time back.
   */
  const whenOpened = async (id: string, check: () => Promise<void>) => {
    const [row] = await t.ctx.database.query<{ closing_date: Date | string }>('SELECT closing_date FROM tenders WHERE id = $1', [id]);
    await t.ctx.database.query('UPDATE tenders SET closing_date = $2 WHERE id = $1', [id, new Date(clock.now().getTime() - 1000).toISOString()]);
    try {
      await check();
    } finally {
      await t.ctx.database.query('UPDATE tenders SET closing_date = $2 WHERE id = $1', [id, new Date(row!.closing_date).toISOString()]);
    }
  };

  beforeAll(async () => {
    t = await createTestApp({ kind, clock });
    owner = await signIn(t, { name: 'Olive Owner', email: 'olive@buyer.example.com' });
    invited = await signIn(t, { name: 'Ivan Invited', type: 'provider' });
    invited2 = await signIn(t, { name: 'Iris Invited', type: 'provider' });
    stranger = await signIn(t, { name: 'Sam Stranger', type: 'provider' });
    noProvider = await signIn(t, { name: 'Nora NoProvider' });
    admin = await signIn(t, { name: 'Ada Admin', admin: true });
    unverified = await signIn(t, { name: 'Una Unverified', verified: false });
    providers.invited = await addProvider(t, { name: 'Ivan Solar', services: ['Panel Cleaning'], lat: 51.38, lng: -2.36, radius: 50, ownerId: invited.user.id, reviewedClaim: true });
    providers.invited2 = await addProvider(t, { name: 'Iris Energy', services: ['Panel Cleaning', 'Drone Surveys'], lat: 51.48, lng: -3.18, radius: 80, ownerId: invited2.user.id });
    providers.stranger = await addProvider(t, { name: 'Sam Services', services: ['Panel Cleaning'], ownerId: stranger.user.id });
    providers.unverified = await addProvider(t, { name: 'Una Works', services: ['Panel Cleaning'], ownerId: unverified.user.id });
    await t.ctx.database.query(
      `INSERT INTO assets (id, repd_ref_id, site_name, installed_capacity, county, latitude, longitude, content_hash) VALUES (9001, 'REPD-9001', 'Fenland Solar Farm', 49.9, 'Cambridgeshire', 52.5, 0.1, 'x')`,
    );
  });
  afterAll(() => t.close());

  const bristol = { location: 'Bristol, City of Bristol, England', latitude: 51.4545, longitude: -2.5879 };
  let tenderId = '';

  describe('the brief', () => {
    it('keeps the spec’s minimal form: title from service and place, closing 30 days ahead, no budget', async () => {
      const res = await call('POST', '/api/tenders', owner, { service: 'Panel Cleaning', ...bristol, description: 'Clean it' });
      expect(res.statusCode, res.body).toBe(201);
      const data = res.json().data;
      expect(data).toMatchObject({ title: 'Panel Cleaning in Bristol', stage: 'active', valueMinimum: null, valueMaximum: null, siteAssetId: null });
      expect(data.closingDate).toBe(inDays(30));
    });

    it.each([
      [{ closingDate: '2026-11-21T09:00:00.000Z' }, M.closingInPast],
      [{ closingDate: '2028-01-01T09:00:00.000Z' }, M.closingTooFar],
      [{ closingDate: 'next tuesday' }, M.closingInPast],
      [{ budgetMinimum: 5000, budgetMaximum: 4000 }, M.budgetRange],
      [{ budgetMinimum: 'lots' }, M.moneyNotNumber],
      [{ startDate: '15/01/2027' }, M.startDateInvalid],
      [{ siteAssetId: 123456 }, 'Choose an asset from the list'],
      [{ inviteEmails: ['not-an-address'] }, 'Please enter a valid email address'],
    ])('refuses %j with the form’s message and writes nothing', async (extra, message) => {
      const before = await count('SELECT count(*) AS n FROM tenders');
      const res = await call('POST', '/api/tenders', owner, { service: 'Panel Cleaning', ...bristol, ...extra });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toContain(message.slice(0, 20));
      expect(await count('SELECT count(*) AS n FROM tenders')).toBe(before);
    });

    it('takes the site from an asset (place, point and capacity), a budget, a start date and a contact shown to signed-in users only', async () => {
      const res = await call('POST', '/api/tenders', owner, {
        service: 'Panel Cleaning',
        type: 'open',
        siteAssetId: 9001,
        budgetMinimum: 8000,
        budgetMaximum: 15000,
        startDate: '2027-01-15',
        closingDate: inDays(10),
        contactName: 'Olive Owner',
        contactEmail: 'Tenders@Buyer.example.com',
        contactPhone: '01632 960000',
      });
      expect(res.statusCode, res.body).toBe(201);
      const data = res.json().data;
      expect(data).toMatchObject({
        title: 'Panel Cleaning in Fenland Solar Farm',
        location: 'Fenland Solar Farm, Cambridgeshire',
        latitude: 52.5,
        siteAssetId: 9001,
        siteCapacityMw: 49.9,
        valueMinimum: 8000,
        valueMaximum: 15000,
        startDate: '2027-01-15T00:00:00.000Z',
        contactEmail: 'tenders@buyer.example.com',
      });
      const visitor = await call('GET', `/api/tenders/${data.id}`, null);
      expect(visitor.json().data).toMatchObject({ contactName: 'Olive Owner', contactEmail: null, contactPhone: null });
      const signedIn = await call('GET', `/api/tenders/${data.id}`, stranger);
      expect(signedIn.json().data).toMatchObject({ contactEmail: 'tenders@buyer.example.com', contactPhone: '01632 960000' });
    });
  });

  describe('drafts', () => {
    it('a draft is seen by its owner and admins only, on no list, and mails nobody until published', async () => {
      const res = await call('POST', '/api/tenders', owner, {
        service: 'Panel Cleaning',
        ...bristol,
        type: 'private',
        invitedProviders: [providers.invited, providers.invited2],
        inviteEmails: ['outsider@newco.example.com'],
        title: 'Clean 12 MW at Avonmouth',
        closingDate: inDays(14),
        draft: true,
      });
      expect(res.statusCode, res.body).toBe(201);
      tenderId = res.json().data.id;
      expect(res.json().data.stage).toBe('draft');
      for (const who of [invited, stranger, null]) expect((await call('GET', `/api/tenders/${tenderId}`, who)).statusCode).toBe(404);
      expect((await call('GET', `/api/tenders/${tenderId}`, admin)).statusCode).toBe(200);
      const mine = await call('GET', '/api/tenders/mine', invited);
      expect(mine.body).not.toContain(tenderId);
      await settle();
      expect(await mailsTo(invited.email)).toEqual([]);
      expect(await mailsTo('outsider@newco.example.com')).toEqual([]);
    });

    it('a draft can be edited quietly (no audit entry) and then published; invitations go out then, and only once', async () => {
      const edit = await call('PATCH', `/api/tenders/${tenderId}`, owner, { description: 'Twice a year, 30,000 modules', budgetMinimum: 10000, budgetMaximum: 20000 });
      expect(edit.statusCode, edit.body).toBe(200);
      expect((await call('GET', `/api/tenders/${tenderId}/events`, owner)).json().data.map((e: { kind: string }) => e.kind)).toEqual(['created']);
      expect((await call('POST', `/api/tenders/${tenderId}/publish`, stranger)).statusCode).toBe(404);
      const pub = await call('POST', `/api/tenders/${tenderId}/publish`, owner);
      expect(pub.statusCode, pub.body).toBe(200);
      expect(pub.json().data).toMatchObject({ stage: 'active', status: 'open' });
      expect((await call('POST', `/api/tenders/${tenderId}/publish`, owner)).json()).toEqual({ success: false, message: M.notDraft });
      await settle();
      expect((await mailsTo(invited.email)).map((m) => m.subject)).toEqual(['Invitation to tender: Clean 12 MW at Avonmouth, closes 6 Dec 2026']);
      const outsider = await mailsTo('outsider@newco.example.com');
      expect(outsider).toHaveLength(1);
      expect(outsider[0]!.text_body).toMatch(new RegExp(`http://localhost:3000/tender/${tenderId}/respond#invite=[A-Za-z0-9_-]{43}`));
      expect(outsider[0]!.text_body).not.toContain('olive@buyer.example.com');
    });
  });

  describe('documents', () => {
    const docs = () => `/api/tenders/${tenderId}/documents`;

    it('the owner uploads documents, checked by content; others are refused and nothing is stored', async () => {
      const before = privateFiles(t).length;
      expect((await upload(docs(), invited, [{ name: 'scope.pdf', bytes: pdf('x') }])).statusCode).toBe(404);
      expect((await upload(docs(), null, [{ name: 'scope.pdf', bytes: pdf('x') }])).statusCode).toBe(401);
      const fake = await upload(docs(), owner, [{ name: 'scope.pdf', bytes: Buffer.from('MZ not a pdf at all') }]);
      expect(fake.statusCode).toBe(415);
      expect(fake.json().message).toBe(M.fileType);
      expect(privateFiles(t).length).toBe(before);
      const ok = await upload(docs(), owner, [
        { name: 'scope.pdf', bytes: pdf('tender-scope') },
        { name: 'site.png', bytes: await png(20, 20) },
      ]);
      expect(ok.statusCode, ok.body).toBe(201);
      expect(ok.json().data.map((d: { filename: string; mimeType: string }) => [d.filename, d.mimeType])).toEqual([
        ['scope.pdf', 'application/pdf'],
        ['site.png', 'image/png'],
      ]);
      expect(privateFiles(t).length).toBe(before + 2);
    });

    it('refuses more than 10 files and more than 20 MB in all', async () => {
      const eleven = Array.from({ length: 9 }, (_, i) => ({ name: `d${i}.pdf`, bytes: pdf(`d${i}`) }));
      const tooMany = await upload(docs(), owner, eleven);
      expect(tooMany.statusCode).toBe(400);
      expect(tooMany.json().message).toBe(M.tooManyFiles);
      const big = await upload(docs(), owner, [{ name: 'huge.png', bytes: bigPng(20 * 1024 * 1024) }]);
      expect(big.statusCode).toBe(413);
      expect(big.json().message).toBe(M.filesTooLarge);
      expect((await call('GET', docs(), owner)).json().data).toHaveLength(2);
    });

    it('a private tender’s documents: the owner, invitees and admins, through the checking route only', async () => {
      const list = (await call('GET', docs(), invited)).json().data as Array<{ id: string }>;
      expect(list).toHaveLength(2);
      const file = await call('GET', `${docs()}/${list[0]!.id}`, invited);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-disposition']).toContain('attachment');
      expect(file.headers['x-content-type-options']).toBe('nosniff');
      expect(file.body).toContain('tender-scope');
      expect((await call('GET', `${docs()}/${list[0]!.id}`, admin)).statusCode).toBe(200);
      for (const who of [stranger, noProvider]) {
        expect((await call('GET', docs(), who)).statusCode).toBe(404);
        expect((await call('GET', `${docs()}/${list[0]!.id}`, who)).statusCode).toBe(404);
      }
      const [key] = await t.ctx.database.query<{ storage_key: string }>('SELECT storage_key FROM tender_documents WHERE id = $1', [list[0]!.id]);
      expect((await call('GET', `/uploads/${key!.storage_key}`, invited)).statusCode).toBe(404);
    });
  });

  describe('responses', () => {
    const mineUrl = () => `/api/tenders/${tenderId}/my-responses`;
    const body = { message: 'We can clean all 30,000 modules in two visits.', priceMinimum: 12000, priceMaximum: 14000, leadTimeDays: 10 };

    it('refuses the owner, a provider not invited, a user without a provider profile and an unverified account', async () => {
      expect((await call('PUT', mineUrl(), owner, body)).json()).toEqual({ success: false, message: M.responseOwnTender });
      expect((await call('PUT', mineUrl(), stranger, body)).statusCode).toBe(404);
      expect((await call('PUT', mineUrl(), null, body)).statusCode).toBe(401);
      // An open tender: visible to all, but a response needs a provider profile and a confirmed address.
      const open = (await call('GET', '/api/tenders/mine', owner)).json().data.own.find((x: { type: string; stage: string }) => x.type === 'open').id;
      const none = await call('PUT', `/api/tenders/${open}/my-responses`, noProvider, body);
      expect(none.statusCode).toBe(403);
      expect(none.json().message).toBe(M.responseNeedsProvider);
      expect((await call('GET', `/api/tenders/${open}/my-responses`, noProvider)).json().data.refusal).toBe(M.responseNeedsProvider);
      expect((await call('PUT', `/api/tenders/${open}/my-responses`, unverified, body)).statusCode).toBe(403);
      expect(await count('SELECT count(*) AS n FROM tender_responses')).toBe(0);
    });

    it.each([
      [{ priceMinimum: 5000, priceMaximum: 4000 }, M.priceRange],
      [{ message: 'short' }, M.messageTooShort],
      [{ leadTimeDays: -1 }, 'Enter a lead time in days'],
      [{ priceMinimum: 'cheap' }, M.moneyNotNumber],
    ])('refuses bad input %j', async (extra, message) => {
      const res = await call('PUT', mineUrl(), invited, { ...body, ...extra });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(message.slice(0, 12));
    });

    it('an invited provider responds once: a second submission edits the same response; the owner is mailed', async () => {
      const first = await call('PUT', mineUrl(), invited, body);
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toMatchObject({ message: M.responseSubmitted, data: { priceMinimum: 12000, provider: { name: 'Ivan Solar', verified: true } } });
      expect(first.json().data).not.toHaveProperty('shortlisted');
      const again = await call('PUT', mineUrl(), invited, { ...body, priceMinimum: 11000, priceMaximum: 11000 });
      expect(again.json()).toMatchObject({ message: M.responseUpdated, data: { id: first.json().data.id, priceMaximum: 11000 } });
      expect(await count('SELECT count(*) AS n FROM tender_responses WHERE tender_id = $1', [tenderId])).toBe(1);
      const second = await call('PUT', mineUrl(), invited2, { ...body, priceMinimum: 9000, priceMaximum: 13000, leadTimeDays: 21 });
      expect(second.statusCode).toBe(200);
      await settle();
      expect((await mailsTo('olive@buyer.example.com')).map((m) => m.subject)).toEqual(
        expect.arrayContaining(['New response: Clean 12 MW at Avonmouth', 'Response updated: Clean 12 MW at Avonmouth']),
      );
    });

    it('a responder attaches files; they are served to the owner and the responder only', async () => {
      const mine = (await call('GET', mineUrl(), invited)).json().data.responses[0];
      const up = await upload(`/api/tenders/${tenderId}/responses/${mine.id}/attachments`, invited, [{ name: 'method.pdf', bytes: pdf('ivan-method') }]);
      expect(up.statusCode, up.body).toBe(201);
      const att = up.json().data[0].id;
      expect((await upload(`/api/tenders/${tenderId}/responses/${mine.id}/attachments`, invited2, [{ name: 'x.pdf', bytes: pdf('x') }])).statusCode).toBe(404);
      const url = `/api/tenders/${tenderId}/responses/${mine.id}/attachments/${att}`;
      // Sealed until the closing time (decision 0512): the responder alone, then the owner and admins too.
      for (const who of [owner, admin]) expect((await call('GET', url, who)).statusCode).toBe(409);
      expect((await call('GET', url, invited)).statusCode).toBe(200);
      await whenOpened(tenderId, async () => {
        expect((await call('GET', url, owner)).body).toContain('ivan-method');
        expect((await call('GET', url, admin)).statusCode).toBe(200);
      });
      expect((await call('GET', url, invited2)).statusCode).toBe(404);
      expect((await call('GET', url, stranger)).statusCode).toBe(404);
    });

    it('only the owner (or an admin) sees responses side by side, with distance to the site', async () => {
      for (const who of [invited, invited2, stranger]) expect((await call('GET', `/api/tenders/${tenderId}/responses`, who)).statusCode).toBe(404);
      expect((await call('GET', `/api/tenders/${tenderId}/responses`, admin)).statusCode).toBe(200);
      // Sealed until the closing time: how many, not who or what (decision 0512).
      const sealed = (await call('GET', `/api/tenders/${tenderId}/responses`, owner)).json();
      expect(sealed.data).toEqual([]);
      expect(sealed.sealed.count).toBe(2);
      let list: Array<{ provider: { name: string; services: string[] }; priceMinimum: number; leadTimeDays: number; distanceKm: number }> = [];
      await whenOpened(tenderId, async () => {
        list = (await call('GET', `/api/tenders/${tenderId}/responses`, owner)).json().data;
      });
      expect(list.map((r: { provider: { name: string }; priceMinimum: number; leadTimeDays: number }) => [r.provider.name, r.priceMinimum, r.leadTimeDays])).toEqual([
        ['Ivan Solar', 11000, 10],
        ['Iris Energy', 9000, 21],
      ]);
      // Bristol → Bath about 17 km, → Cardiff about 41 km.
      expect(list[0]!.distanceKm).toBeGreaterThan(14);
      expect(list[0]!.distanceKm).toBeLessThan(20);
      expect(list[1]!.distanceKm).toBeGreaterThan(38);
      expect(list[1]!.provider.services).toEqual(['Panel Cleaning', 'Drone Surveys']);
    });

    it('the owner shortlists and asks for clarification once responses are open; the responder is mailed', async () => {
      const [first] = (await call('GET', mineUrl(), invited)).json().data.responses;
      expect((await call('PUT', `/api/tenders/${tenderId}/responses/${first.id}/shortlist`, owner, { shortlisted: true })).statusCode).toBe(409);
      await whenOpened(tenderId, async () => {
        expect((await call('PUT', `/api/tenders/${tenderId}/responses/${first.id}/shortlist`, invited, { shortlisted: true })).statusCode).toBe(404);
        expect((await call('PUT', `/api/tenders/${tenderId}/responses/${first.id}/shortlist`, owner, { shortlisted: true })).json().data).toEqual({ shortlisted: true });
        const ask = await call('POST', `/api/tenders/${tenderId}/responses/${first.id}/clarifications`, owner, { message: 'Does the price include water-fed poles?' });
        expect(ask.statusCode, ask.body).toBe(201);
      });
      await settle();
      expect((await mailsTo(invited.email)).at(-1)!.text_body).toContain('Does the price include water-fed poles?');
      expect((await call('GET', mineUrl(), invited)).json().data.responses[0].clarifications[0].message).toBe('Does the price include water-fed poles?');
    });
  });

  describe('questions and answers', () => {
    let questionId = '';
    it('a participant asks; the owner sees it; others see nothing until it is answered', async () => {
      expect((await call('POST', `/api/tenders/${tenderId}/questions`, stranger, { question: 'Is there parking on site?' })).statusCode).toBe(404);
      expect((await call('POST', `/api/tenders/${tenderId}/questions`, owner, { question: 'Asking myself something?' })).statusCode).toBe(403);
      expect((await call('POST', `/api/tenders/${tenderId}/questions`, invited2, { question: 'short' })).json().message).toBe(M.questionTooShort);
      const ask = await call('POST', `/api/tenders/${tenderId}/questions`, invited2, { question: 'Is there vehicle access to every row?' });
      expect(ask.statusCode, ask.body).toBe(201);
      questionId = ask.json().data.id;
      expect((await call('GET', `/api/tenders/${tenderId}/questions`, owner)).json().data).toHaveLength(1);
      expect((await call('GET', `/api/tenders/${tenderId}/questions`, invited)).json().data).toEqual([]);
    });

    it('the owner’s answer is published to all participants without naming the asker', async () => {
      expect((await call('POST', `/api/tenders/${tenderId}/questions/${questionId}/answer`, invited2, { answer: 'Yes' })).statusCode).toBe(404);
      const answer = await call('POST', `/api/tenders/${tenderId}/questions/${questionId}/answer`, owner, { answer: 'Yes, a track runs along every row.' });
      expect(answer.statusCode, answer.body).toBe(200);
      const seen = await call('GET', `/api/tenders/${tenderId}/questions`, invited);
      expect(seen.json().data).toEqual([expect.objectContaining({ question: 'Is there vehicle access to every row?', answer: 'Yes, a track runs along every row.', mine: false })]);
      expect(seen.body).not.toMatch(/Iris|invited2|asker/i);
      await settle();
      for (const who of [invited, invited2]) {
        const mail = (await mailsTo(who.email)).find((m) => m.subject.startsWith('Question answered'));
        expect(mail?.text_body).toContain('A: Yes, a track runs along every row.');
      }
      // The asker (Iris, of Iris Energy) is named in no other participant's mail.
      expect((await mailsTo(invited.email)).find((m) => m.subject.startsWith('Question answered'))!.text_body).not.toMatch(/Iris/);
    });
  });

  describe('invitations by email', () => {
    let token = '';
    it('the link works for the first account that redeems it, and no other', async () => {
      const [mail] = await mailsTo('outsider@newco.example.com');
      token = /invite=([A-Za-z0-9_-]+)/.exec(mail!.text_body)![1]!;
      const newcomer = await signIn(t, { name: 'Otto Outsider', email: 'otto@newco.example.com', type: 'provider' });
      expect((await call('GET', `/api/tenders/${tenderId}`, newcomer)).statusCode).toBe(404);
      expect((await call('POST', '/api/tenders/invitations/accept', newcomer, { token: 'x'.repeat(43) })).json().message).toBe(M.inviteInvalid);
      const ok = await call('POST', '/api/tenders/invitations/accept', newcomer, { token });
      expect(ok.json()).toMatchObject({ success: true, data: { tenderId } });
      expect((await call('POST', '/api/tenders/invitations/accept', newcomer, { token })).statusCode).toBe(200);
      expect((await call('POST', '/api/tenders/invitations/accept', stranger, { token })).json()).toEqual({ success: false, message: M.inviteUsed });
      expect((await call('GET', `/api/tenders/${tenderId}`, stranger)).statusCode).toBe(404);
      expect((await call('GET', `/api/tenders/${tenderId}`, newcomer)).statusCode).toBe(200);
      // Without a provider profile the form says so; with one, the response goes in.
      expect((await call('GET', `/api/tenders/${tenderId}/my-responses`, newcomer)).json().data.refusal).toBe(M.responseNeedsProvider);
      await addProvider(t, { name: 'NewCo Cleaning', services: ['Panel Cleaning'], ownerId: newcomer.user.id });
      const res = await call('PUT', `/api/tenders/${tenderId}/my-responses`, newcomer, { message: 'New to the directory, keen to help.', priceMinimum: 15000, priceMaximum: 15000, leadTimeDays: 5 });
      expect(res.statusCode, res.body).toBe(200);
      // Who responded is told once responses are open (sealed until then, decision 0512).
      const listed = (await call('GET', `/api/tenders/${tenderId}/email-invitations`, owner)).json().data;
      expect(listed).toEqual([expect.objectContaining({ email: 'outsider@newco.example.com', accepted: true, responded: false })]);
      await whenOpened(tenderId, async () => {
        const opened = (await call('GET', `/api/tenders/${tenderId}/email-invitations`, owner)).json().data;
        expect(opened).toEqual([expect.objectContaining({ email: 'outsider@newco.example.com', accepted: true, responded: true })]);
      });
    });

    it('only the owner invites, at most 50 addresses', async () => {
      expect((await call('POST', `/api/tenders/${tenderId}/email-invitations`, invited, { emails: ['a@b.example.com'] })).statusCode).toBe(404);
      const many = Array.from({ length: 50 }, (_, i) => `p${i}@many.example.com`);
      const res = await call('POST', `/api/tenders/${tenderId}/email-invitations`, owner, { emails: many });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(M.tooManyInvites);
    });
  });

  describe('owner actions', () => {
    it('an edit after publication is audited field by field and announced to invitees and responders', async () => {
      expect((await call('PATCH', `/api/tenders/${tenderId}`, invited, { title: 'Mine now' })).statusCode).toBe(404);
      const res = await call('PATCH', `/api/tenders/${tenderId}`, owner, { title: 'Clean 12 MW at Avonmouth Dock', budgetMaximum: 25000 });
      expect(res.statusCode, res.body).toBe(200);
      const events = (await call('GET', `/api/tenders/${tenderId}/events`, owner)).json().data;
      expect(events.at(-1)).toMatchObject({
        kind: 'edited',
        actor: { name: 'Olive Owner' },
        changes: { title: { from: 'Clean 12 MW at Avonmouth', to: 'Clean 12 MW at Avonmouth Dock' }, valueMaximum: { from: 20000, to: 25000 } },
      });
      expect((await call('GET', `/api/tenders/${tenderId}/events`, invited)).statusCode).toBe(404);
      await settle();
      const mail = (await mailsTo(invited2.email)).find((m) => m.subject.startsWith('A tender you are taking part in has changed'));
      expect(mail?.text_body).toContain('Title: Clean 12 MW at Avonmouth → Clean 12 MW at Avonmouth Dock');
      expect((await mailsTo('otto@newco.example.com')).some((m) => m.subject.startsWith('A tender you are taking part in has changed'))).toBe(true);
      const budget = await call('PATCH', `/api/tenders/${tenderId}`, owner, { budgetMinimum: 30000 });
      expect(budget.json().message).toBe(M.budgetRange);
    });

    it('extends to a later date only, and closes early; a closed tender takes no response (server time)', async () => {
      const current = (await call('GET', `/api/tenders/${tenderId}`, owner)).json().data.closingDate;
      expect((await call('POST', `/api/tenders/${tenderId}/extend`, owner, { closingDate: inDays(3) })).json().message).toBe(M.extendNotLater);
      expect((await call('POST', `/api/tenders/${tenderId}/extend`, owner, { closingDate: inDays(-1) })).json().message).toBe(M.closingInPast);
      const later = await call('POST', `/api/tenders/${tenderId}/extend`, owner, { closingDate: inDays(21) });
      expect(later.json().data.closingDate).toBe(inDays(21));
      expect(new Date(later.json().data.closingDate).getTime()).toBeGreaterThan(new Date(current).getTime());
      // Past the closing date by the server's clock: locked (an hour ahead, then the clock moves two).
      await t.ctx.database.query(`UPDATE tenders SET closing_date = $2 WHERE id = $1`, [tenderId, new Date(clock.now().getTime() + 3_600_000).toISOString()]);
      clock.advance(2 * 3_600_000);
      const late = await call('PUT', `/api/tenders/${tenderId}/my-responses`, invited, { message: 'One more change please.', priceMinimum: 1, priceMaximum: 2, leadTimeDays: 1 });
      expect(late.statusCode).toBe(409);
      expect(late.json().message).toBe(M.responseClosed);
      expect((await call('POST', `/api/tenders/${tenderId}/close`, owner, { reason: 'Closed early for the test of this cycle.' })).json().message).toBe(M.alreadyClosed);
      // Reopen, then close early.
      expect((await call('POST', `/api/tenders/${tenderId}/extend`, owner, { closingDate: inDays(5) })).json().data.status).toBe('open');
      const closed = await call('POST', `/api/tenders/${tenderId}/close`, owner, { reason: 'Closed early for the test of this cycle.' });
      expect(closed.json().data).toMatchObject({ status: 'closed', closingDate: clock.now().toISOString() });
      expect((await call('PUT', `/api/tenders/${tenderId}/my-responses`, invited, { message: 'One more change please.', priceMinimum: 1, priceMaximum: 2, leadTimeDays: 1 })).statusCode).toBe(409);
      await settle();
      expect((await mailsTo(invited.email)).map((m) => m.subject)).toEqual(expect.arrayContaining(['Closing date extended: Clean 12 MW at Avonmouth Dock', 'Tender closed: Clean 12 MW at Avonmouth Dock']));
    });

    it('awards one response; every responder is told the outcome; the public detail says Closed', async () => {
      const list = (await call('GET', `/api/tenders/${tenderId}/responses`, owner)).json().data;
      const winner = list.find((r: { provider: { name: string } }) => r.provider.name === 'Iris Energy');
      expect((await call('POST', `/api/tenders/${tenderId}/award`, invited2, { responseId: winner.id })).statusCode).toBe(404);
      expect((await call('POST', `/api/tenders/${tenderId}/award`, owner, { responseId: '00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
      const res = await call('POST', `/api/tenders/${tenderId}/award`, owner, { responseId: winner.id });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ stage: 'awarded', status: 'awarded', award: { supplier: 'Iris Energy' } });
      expect((await call('GET', `/api/tenders/${tenderId}/responses`, owner)).json().data.find((r: { id: string }) => r.id === winner.id).awarded).toBe(true);
      await settle();
      expect((await mailsTo(invited2.email)).at(-1)!.subject).toBe('Your response won the tender: Clean 12 MW at Avonmouth Dock');
      expect((await mailsTo(invited.email)).at(-1)!.text_body).toContain('has awarded it to Iris Energy');
      expect((await mailsTo('otto@newco.example.com')).at(-1)!.subject).toBe('Tender outcome: Clean 12 MW at Avonmouth Dock');
      // No second award, no cancel after it.
      expect((await call('POST', `/api/tenders/${tenderId}/award`, owner, { responseId: winner.id })).statusCode).toBe(409);
      expect((await call('POST', `/api/tenders/${tenderId}/cancel`, owner, { reason: 'Changed our mind entirely' })).statusCode).toBe(409);
      const mine = (await call('GET', '/api/tenders/mine', owner)).json().data.own.find((x: { id: string }) => x.id === tenderId);
      expect(mine).toMatchObject({ responseCount: 3, unansweredQuestions: 0 });
      const invitations = (await call('GET', '/api/tenders/mine', invited)).json().data.invitations;
      expect(invitations.find((x: { id: string }) => x.id === tenderId)).toMatchObject({ responded: true });
    });

    it('cancels with a reason, mailed to participants; a short reason is refused', async () => {
      const created = await call('POST', '/api/tenders', owner, { service: 'Drone Surveys', ...bristol, type: 'private', invitedProviders: [providers.invited] });
      const id = created.json().data.id;
      expect((await call('POST', `/api/tenders/${id}/cancel`, owner, { reason: 'no' })).json().message).toBe(M.reasonRequired);
      expect((await call('POST', `/api/tenders/${id}/cancel`, invited, { reason: 'Not my tender but cancel it' })).statusCode).toBe(404);
      const res = await call('POST', `/api/tenders/${id}/cancel`, owner, { reason: 'The site has been sold.' });
      expect(res.json().data).toMatchObject({ stage: 'cancelled', status: 'closed', cancelReason: 'The site has been sold.' });
      expect((await call('GET', `/api/tenders/${id}/events`, owner)).json().data.at(-1)).toMatchObject({ kind: 'cancelled', reason: 'The site has been sold.' });
      await settle();
      expect((await mailsTo(invited.email)).at(-1)!.text_body).toContain('The site has been sold.');
      expect((await call('PATCH', `/api/tenders/${id}`, owner, { title: 'Back again' })).json().message).toBe(M.notEditable);
      expect(TENDER_MESSAGES.notFound).toBe('Tender not found');
    });
  });
});
