import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, databaseKinds, type TestApp } from '../../../../test/harness';
import { pdf, privateFiles } from '../../../../test/fixtures/files';
import { multipart } from '../../../../test/fixtures/multipart';
import { outbox } from '../../../db/schema/index';
import { fixedClock } from '../../../platform/clock';
import { runAccreditationJob } from '../accreditations.service';
import { FIXTURE_BAD_JSON, startCompaniesHouseFixture, type CompaniesHouseFixture } from '../companies-house-fixture';
import { addProvider, awardedTender, repliedQuote, signIn } from './helpers';

/** Issue 31 through the API, on a real database: checks, accreditations, reviews. */
describe.each(databaseKinds)('trust on %s', (kind) => {
  let t: TestApp;
  let ch: CompaniesHouseFixture;
  const clock = fixedClock(new Date('2026-11-27T09:00:00Z'));
  beforeAll(async () => {
    ch = await startCompaniesHouseFixture();
    t = await createTestApp({ kind, clock, env: { COMPANIES_HOUSE_API_KEY: ch.key, COMPANIES_HOUSE_URL: ch.url } });
  });
  afterAll(async () => {
    await t.close();
    await ch.close();
  });
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie?: string, payload?: object) =>
    t.app.inject({ method, url, ...(payload && { payload }), headers: cookie ? { cookie } : {} });
  const profile = async (id: string) => (await call('GET', `/api/providers/${id}`)).json();

  describe('company checks', () => {
    it('an owner adds a Companies House number and the profile shows the dated checks', async () => {
      const owner = await signIn(t, { name: 'Morgan Hartley' });
      const p = await addProvider(t, 'Brightside Solar', owner.user.id);
      const bad = await call('PUT', `/api/providers/${p.id}/company`, owner.cookie, { companyNumber: 'XX12' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe('Enter the 8-character Companies House number, for example 01234567 or SC123456');

      const res = await call('PUT', `/api/providers/${p.id}/company`, owner.cookie, { companyNumber: '9446231' });
      expect(res.statusCode, res.body).toBe(200);
      const company = res.json().data;
      expect(company).toMatchObject({ companyNumber: '09446231', checksEnabled: true, check: { companyNumber: '09446231', checkedAt: '2026-11-27T09:00:00.000Z', failure: null } });
      const labels = company.check.items.map((i: { label: string; status: string }) => `${i.status}: ${i.label}`);
      expect(labels).toEqual([
        'pass: Active at Companies House',
        'pass: Incorporated 17/02/2015',
        'pass: Trade codes include energy or electrical work',
        expect.stringMatching(/^pass: Registered office near the profile's location \(\d+ km\)$/),
        'pass: Accounts filed on time',
        'pass: Confirmation statement up to date',
        'pass: No insolvency history',
        'pass: The profile owner is an officer of the company',
      ]);
      const shown = await profile(p.id);
      expect(shown.trust.companyCheck).toMatchObject({ checkedAt: '2026-11-27T09:00:00.000Z', companyName: 'BRIGHTSIDE SOLAR LTD' });
    });

    it('says what failed: overdue accounts and insolvency as failed items, a number the register lacks as one failed item', async () => {
      const owner = await signIn(t, { name: 'Someone Else' });
      const p = await addProvider(t, 'Glen Renewables', owner.user.id, { location: 'Edinburgh', lat: 55.95, lng: -3.19 });
      const put = await call('PUT', `/api/providers/${p.id}/company`, owner.cookie, { companyNumber: 'SC512345' });
      expect(put.statusCode, put.body).toBe(200);
      const data = put.json().data;
      const byKey = Object.fromEntries(data.check.items.map((i: { key: string }) => [i.key, i]));
      expect(byKey.accounts).toMatchObject({ status: 'fail', label: 'Accounts overdue' });
      expect(byKey.insolvency).toMatchObject({ status: 'fail', label: 'Insolvency history on the register', detail: '1 case: creditors voluntary liquidation' });
      expect(byKey.officer).toMatchObject({ status: 'warn', label: "The profile owner's name is not among the company's officers" });

      const q = await addProvider(t, 'Nowhere Ltd', owner.user.id);
      const missing = (await call('PUT', `/api/providers/${q.id}/company`, owner.cookie, { companyNumber: '01234567' })).json().data;
      expect(missing.check.items).toEqual([{ key: 'exists', status: 'fail', label: 'No company with this number at Companies House', detail: '01234567' }]);
    });

    it('a refresh that gets a bad answer keeps the dated results and says what failed; admins refresh on demand, others may not', async () => {
      const owner = await signIn(t);
      const admin = await signIn(t, { admin: true });
      const p = await addProvider(t, 'Refresh Solar', owner.user.id);
      ch.companies.set('07000001', { ...ch.companies.get('09446231')!, number: '07000001', name: 'REFRESH SOLAR LTD' });
      expect((await call('PUT', `/api/providers/${p.id}/company`, owner.cookie, { companyNumber: '07000001' })).statusCode).toBe(200);
      expect((await call('POST', `/api/admin/providers/${p.id}/company-check`, owner.cookie)).statusCode).toBe(403);
      await t.ctx.database.query(`UPDATE providers SET company_number = $2 WHERE id = $1`, [p.id, FIXTURE_BAD_JSON]);
      await t.ctx.database.query(`UPDATE provider_company_checks SET company_number = $2 WHERE provider_id = $1`, [p.id, FIXTURE_BAD_JSON]);
      clock.advance(60_000);
      const res = await call('POST', `/api/admin/providers/${p.id}/company-check`, admin.cookie);
      expect(res.statusCode, res.body).toBe(200);
      const check = res.json().data.check;
      expect(check.checkedAt).toBe('2026-11-27T09:00:00.000Z');
      expect(check.items.length).toBeGreaterThan(5);
      expect(check.failure).toEqual({ at: '2026-11-27T09:01:00.000Z', message: 'Companies House sent an answer that is not JSON' });
    });

    it('one profile per company: a second profile naming the same number is refused', async () => {
      const a = await signIn(t);
      const b = await signIn(t);
      const pa = await addProvider(t, 'First Holder', a.user.id);
      const pb = await addProvider(t, 'Second Holder', b.user.id);
      expect((await call('PUT', `/api/providers/${pa.id}/company`, a.cookie, { companyNumber: 'NI123456' })).statusCode).toBe(200);
      const taken = await call('PUT', `/api/providers/${pb.id}/company`, b.cookie, { companyNumber: 'ni 123456' });
      expect(taken.statusCode).toBe(409);
      expect((await call('PUT', `/api/providers/${pa.id}/company`, b.cookie, { companyNumber: null })).statusCode).toBe(403);
    });
  });

  describe('accreditations', () => {
    const add = (providerId: string, cookie: string, fields: Record<string, string>, evidence?: Buffer) => {
      const body = multipart([
        ...Object.entries(fields).map(([field, value]) => ({ field, value })),
        ...(evidence ? [{ field: 'evidence', filename: 'mcs-certificate.pdf', bytes: evidence, type: 'application/pdf' }] : []),
      ]);
      return t.app.inject({ method: 'POST', url: `/api/providers/${providerId}/accreditations`, payload: body.payload, headers: { ...body.headers, cookie } });
    };

    it('an owner uploads an MCS certificate; the evidence is private; an admin verifies it; the profile says Verified on …; the directory filters on it', async () => {
      const owner = await signIn(t);
      const other = await signIn(t);
      const admin = await signIn(t, { admin: true });
      const p = await addProvider(t, 'Verified Panels', owner.user.id);
      const before = privateFiles(t).length;
      const res = await add(p.id, owner.cookie, { scheme: 'mcs-solar-pv', number: 'MCS-123456', scope: 'Solar PV up to 50 kW', expiresOn: '2027-06-30' }, pdf('mcs'));
      expect(res.statusCode, res.body).toBe(201);
      const a = res.json().data;
      expect(a).toMatchObject({ label: 'MCS – Solar PV', status: 'self-declared', verifiedAt: null, evidence: { filename: 'mcs-certificate.pdf', mimeType: 'application/pdf' } });
      expect(privateFiles(t).length).toBe(before + 1);
      const [owned] = await t.ctx.database.query<{ kind: string }>(`SELECT kind FROM stored_files WHERE accreditation_id = $1`, [a.id]);
      expect(owned).toEqual({ kind: 'accreditation-evidence' });

      // Evidence: the owner and admins; nobody else, and the public profile never names it.
      const url = a.evidence.url;
      expect((await call('GET', url)).statusCode).toBe(401);
      expect([403, 404]).toContain((await call('GET', url, other.cookie)).statusCode);
      expect((await call('GET', url, owner.cookie)).statusCode).toBe(200);
      const asAdmin = await call('GET', url, admin.cookie);
      expect(asAdmin.statusCode).toBe(200);
      expect(asAdmin.headers['cache-control']).toBe('private, no-store');
      expect(JSON.stringify(await profile(p.id))).not.toContain('mcs-certificate.pdf');

      const search = async () => (await call('GET', `/api/providers/search?accreditations=mcs-solar-pv&pageSize=50`)).json().data.map((x: { id: string }) => x.id);
      expect(await search()).not.toContain(p.id);
      expect((await call('GET', '/api/admin/accreditations', admin.cookie)).json().data.map((x: { id: string }) => x.id)).toContain(a.id);
      expect((await call('POST', `/api/admin/accreditations/${a.id}/verify`, owner.cookie, { decision: 'verify' })).statusCode).toBe(403);
      const verified = await call('POST', `/api/admin/accreditations/${a.id}/verify`, admin.cookie, { decision: 'verify', note: 'Checked against the MCS register' });
      expect(verified.statusCode, verified.body).toBe(200);
      const shown = (await profile(p.id)).trust.accreditations;
      expect(shown).toEqual([expect.objectContaining({ status: 'verified', verifiedAt: '2026-11-27T09:01:00.000Z', number: 'MCS-123456' })]);
      expect(await search()).toContain(p.id);
      const [log] = await t.ctx.database.query<{ action: string }>(`SELECT action FROM admin_audit_log WHERE target_id = $1`, [a.id]);
      expect(log).toEqual({ action: 'accreditation.verify' });
    });

    it('refuses evidence that is not a PDF or an image, and verification without evidence', async () => {
      const owner = await signIn(t);
      const admin = await signIn(t, { admin: true });
      const p = await addProvider(t, 'Odd Files', owner.user.id);
      const before = privateFiles(t).length;
      const wrong = await add(p.id, owner.cookie, { scheme: 'niceic', number: 'N1' }, Buffer.from('just text, not a certificate'));
      expect(wrong.statusCode).toBe(415);
      expect(privateFiles(t).length).toBe(before);
      const bare = (await add(p.id, owner.cookie, { scheme: 'other', number: 'X1' })).json();
      expect(bare.message).toBe('Name the accreditation');
      const plain = (await add(p.id, owner.cookie, { scheme: 'recc', number: 'R-77' })).json().data;
      const refused = await call('POST', `/api/admin/accreditations/${plain.id}/verify`, admin.cookie, { decision: 'verify' });
      expect(refused.statusCode).toBe(409);
    });

    it('reminds the owner 30 days before expiry, once, and expiry changes the state by itself', async () => {
      const owner = await signIn(t);
      const admin = await signIn(t, { admin: true });
      const p = await addProvider(t, 'Expiring Electrics', owner.user.id);
      const a = (await add(p.id, owner.cookie, { scheme: 'napit', number: 'NAP-9', expiresOn: '2026-12-20' }, pdf('napit'))).json().data;
      await call('POST', `/api/admin/accreditations/${a.id}/verify`, admin.cookie, { decision: 'verify' });
      const job = () => runAccreditationJob(t.ctx);
      await job();
      await t.ctx.mailer.idle();
      const mails = async () => t.ctx.database.db.select().from(outbox).where(eq(outbox.toAddress, owner.email));
      expect((await mails()).map((m) => m.subject)).toEqual(['NAPIT for Expiring Electrics expires on 20/12/2026']);
      await job();
      await t.ctx.mailer.idle();
      expect(await mails()).toHaveLength(1);

      const later = fixedClock(new Date('2026-12-21T00:30:00Z'));
      await runAccreditationJob({ ...t.ctx, clock: later });
      const shown = (await profile(p.id)).trust.accreditations;
      expect(shown).toEqual([expect.objectContaining({ status: 'expired', verifiedAt: null })]);
      const [row] = await t.ctx.database.query<{ verified_accreditations: string[] }>(`SELECT verified_accreditations FROM providers WHERE id = $1`, [p.id]);
      expect(row!.verified_accreditations).toEqual([]);
    });
  });

  describe('reviews only from real work', () => {
    it('a quote requester can review only once the provider marks the work completed; once per piece of work', async () => {
      const owner = await signIn(t);
      const requester = await signIn(t, { name: 'Quinn Requester' });
      const stranger = await signIn(t);
      const admin = await signIn(t, { admin: true });
      const p = await addProvider(t, 'Review Me Solar', owner.user.id);
      const quoteId = await repliedQuote(t, p.id, requester.user.id);
      const body = { workKind: 'quote', workId: quoteId, quality: 5, value: 4, reliability: 5, body: 'Tidy install, on time and on budget.' };
      for (const who of [requester, stranger, admin, owner]) {
        const res = await call('POST', '/api/reviews', who.cookie, body);
        expect([403, 404], `${who.user.name} ${res.body}`).toContain(res.statusCode);
      }
      expect((await call('POST', `/api/quotes/${quoteId}/complete`, requester.cookie)).statusCode).toBe(403);
      expect((await call('POST', `/api/quotes/${quoteId}/complete`, admin.cookie)).statusCode).toBe(403);
      const done = await call('POST', `/api/quotes/${quoteId}/complete`, owner.cookie);
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json().data).toMatchObject({ status: 'completed', completedAt: '2026-11-27T09:01:00.000Z' });
      expect((await call('GET', '/api/reviews/eligible', requester.cookie)).json().data).toEqual([
        expect.objectContaining({ workKind: 'quote', workId: quoteId, workLabel: 'Quote completed 11/2026' }),
      ]);
      expect((await call('GET', '/api/reviews/eligible', stranger.cookie)).json().data).toEqual([]);
      for (const who of [stranger, admin, owner]) expect([403, 404]).toContain((await call('POST', '/api/reviews', who.cookie, body)).statusCode);
      const created = await call('POST', '/api/reviews', requester.cookie, body);
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json().data).toMatchObject({ authorName: 'Quinn Requester', workLabel: 'Quote completed 11/2026', overall: 4.7 });
      expect((await call('POST', '/api/reviews', requester.cookie, body)).statusCode).toBe(409);
    });

    it('a tender owner reviews the provider it awarded; the provider replies once; the rating shows on the card, the profile and nowhere unverified', async () => {
      const owner = await signIn(t);
      const buyer = await signIn(t, { name: 'Tess Owner' });
      const p = await addProvider(t, 'Awarded Arrays', owner.user.id);
      const tenderId = await awardedTender(t, buyer.user.id, p.id);
      const low = { workKind: 'tender', workId: tenderId, quality: 1, value: 2, reliability: 1, body: 'Late, and the cabling was left untidy.' };
      const res = await call('POST', '/api/reviews', buyer.cookie, low);
      expect(res.statusCode, res.body).toBe(201);
      const review = res.json().data;
      // Negative, and published at once (never hidden for being negative).
      expect(review).toMatchObject({ workLabel: 'Tender awarded 03/2026', overall: 1.3 });
      const shown = await profile(p.id);
      expect(shown.rating).toEqual({ average: 1.3, count: 1 });
      expect(shown.trust.rating).toMatchObject({ average: 1.3, count: 1, quality: 1, value: 2, reliability: 1 });
      expect(shown.trust.reviews.map((r: { id: string }) => r.id)).toEqual([review.id]);
      const card = (await call('GET', '/api/providers/search?companies=Awarded%20Arrays')).json().data[0];
      expect(card.rating).toEqual({ average: 1.3, count: 1 });

      expect((await call('POST', `/api/reviews/${review.id}/reply`, buyer.cookie, { reply: 'Not mine' })).statusCode).toBe(403);
      const reply = await call('POST', `/api/reviews/${review.id}/reply`, owner.cookie, { reply: 'Sorry: we have changed our cabling checks.' });
      expect(reply.statusCode, reply.body).toBe(200);
      expect((await call('POST', `/api/reviews/${review.id}/reply`, owner.cookie, { reply: 'Again' })).statusCode).toBe(409);
    });

    it('a flagged review waits in the moderation queue; removing it keeps a record in the admin log and takes it out of the rating', async () => {
      const owner = await signIn(t);
      const author = await signIn(t);
      const admin = await signIn(t, { admin: true });
      const p = await addProvider(t, 'Moderated Solar', owner.user.id);
      const tenderId = await awardedTender(t, author.user.id, p.id);
      const review = (await call('POST', '/api/reviews', author.cookie, { workKind: 'tender', workId: tenderId, quality: 2, value: 2, reliability: 2, body: 'Call 07700 900123 for a better installer, cheap.' })).json().data;
      expect((await call('POST', `/api/reviews/${review.id}/flag`, author.cookie, { reason: 'x' })).statusCode).toBe(403);
      expect((await call('POST', `/api/reviews/${review.id}/flag`, owner.cookie, { reason: 'Advertises another company' })).statusCode).toBe(200);
      const queue = (await call('GET', '/api/admin/reviews', admin.cookie)).json().data;
      expect(queue.map((r: { id: string }) => r.id)).toContain(review.id);
      const removed = await call('POST', `/api/admin/reviews/${review.id}/moderate`, admin.cookie, { action: 'remove', reason: 'Advertising breaks the review policy' });
      expect(removed.statusCode, removed.body).toBe(200);
      expect((await profile(p.id)).rating).toBeNull();
      expect((await call('GET', `/api/providers/${p.id}/reviews`)).json().data).toEqual([]);
      const [log] = await t.ctx.database.query<{ action: string; before: { body: string } }>(`SELECT action, before FROM admin_audit_log WHERE target_id = $1`, [review.id]);
      expect(log).toMatchObject({ action: 'review.remove', before: { body: 'Call 07700 900123 for a better installer, cheap.' } });
      const [kept] = await t.ctx.database.query<{ status: string }>(`SELECT status FROM reviews WHERE id = $1`, [review.id]);
      expect(kept).toEqual({ status: 'removed' });
    });

    it('the response time is computed from quote replies', async () => {
      const owner = await signIn(t);
      const sender = await signIn(t);
      const p = await addProvider(t, 'Quick Replies', owner.user.id);
      expect((await profile(p.id)).trust.responseTime).toBeNull();
      for (const hours of [3, 20, 22]) await repliedQuote(t, p.id, sender.user.id, hours);
      expect((await profile(p.id)).trust.responseTime).toEqual({ medianHours: 20, replies: 3, text: 'usually replies within 1 day' });
    });
  });
});
