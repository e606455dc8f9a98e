import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TENDER_RECORDS_MESSAGES as M } from '@solar/shared/constants/tender-records';
import type { TenderLogEntry } from '@solar/shared/contracts/tender-records';
import { standstillEnd } from '@solar/shared/domain/tender-records';
import { createTestApp, databaseKinds, type TestApp } from '../../../../test/harness';
import { pdf } from '../../../../test/fixtures/files';
import { fields, multipart } from '../../../../test/fixtures/multipart';
import { fixedClock } from '../../../platform/clock';
import { startSession } from '../../../plugins/auth';
import { letterContent } from '../tender-letters.pdf';
import { addProvider, signIn } from './helpers';

const NOW = new Date('2026-12-01T10:00:00Z');
const DAY = 86_400_000;

/**
 * Issue 27 part C through the API on a real database: the clarification log, addenda, the
 * standstill and confirmation, the letters and the owner's records, each in every role (owner,
 * another provider, a bidder, an admin, a visitor).
 */
describe.each(databaseKinds)('tender records on %s', (kind) => {
  const clock = fixedClock(NOW);
  let t: TestApp;
  type Who = Awaited<ReturnType<typeof signIn>>;
  let owner: Who, dana: Who, eve: Who, olly: Who, admin: Who;
  let danaProvider = '', eveProvider = '';
  let id = '';
  let danaResponse = '', eveResponse = '';
  let ip = 1;
  const call = (method: string, url: string, who: Who | null, payload?: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: method as 'GET',
      url,
      remoteAddress: `10.28.0.${(ip++ % 250) + 1}`,
      ...(payload !== undefined && { payload: payload as object }),
      headers: { ...headers, ...(who ? { cookie: who.cookie } : {}) },
    });
  const ok = async (method: string, url: string, who: Who, payload?: unknown) => {
    const res = await call(method, url, who, payload);
    expect(res.statusCode, `${method} ${url}: ${res.body.slice(0, 300)}`).toBeLessThan(300);
    return res.json();
  };
  const mailsTo = async (to: string) =>
    t.ctx.database.query<{ subject: string; text_body: string }>('SELECT subject, text_body FROM outbox WHERE to_address = $1 ORDER BY created_at', [to]);
  const log = async (who: Who) => (await ok('GET', `/api/tenders/${id}/clarifications`, who)).data as TenderLogEntry[];
  const addendum = (who: Who | null, parts: Parameters<typeof multipart>[0]) => {
    const body = multipart(parts);
    return call('POST', `/api/tenders/${id}/addenda`, who, body.payload, body.headers);
  };

  beforeAll(async () => {
    t = await createTestApp({ kind, clock });
    owner = await signIn(t, { name: 'Olive Owner', company: 'Avon Energy Ltd', email: 'olive@records.example.com' });
    dana = await signIn(t, { name: 'Dana', type: 'provider', email: 'dana@records.example.com' });
    eve = await signIn(t, { name: 'Eve', type: 'provider', email: 'eve@records.example.com' });
    olly = await signIn(t, { name: 'Olly Outsider', type: 'provider', email: 'olly@records.example.com' });
    admin = await signIn(t, { name: 'Ada Admin', admin: true });
    danaProvider = await addProvider(t, { name: 'Dana Thermal', services: ['Thermographic Surveys'], ownerId: dana.user.id, reviewedClaim: true });
    eveProvider = await addProvider(t, { name: 'Eve Drones', services: ['Thermographic Surveys'], ownerId: eve.user.id });
    await addProvider(t, { name: 'Olly Solar', services: ['Thermographic Surveys'], ownerId: olly.user.id });
    const created = await ok('POST', '/api/tenders', owner, {
      service: 'Thermographic Surveys',
      type: 'private',
      title: 'Records survey at Avonmouth',
      invitedProviders: [danaProvider, eveProvider],
      closingDate: new Date(NOW.getTime() + 5 * DAY).toISOString(),
    });
    id = created.data.id;
    const brief = multipart([{ field: 'files', filename: 'scope.pdf', bytes: pdf('scope v1'), type: 'application/pdf' }]);
    expect((await call('POST', `/api/tenders/${id}/documents`, owner, brief.payload, brief.headers)).statusCode).toBe(201);
    danaResponse = (await ok('PUT', `/api/tenders/${id}/my-responses`, dana, { message: 'Dana surveys it with drones.', priceMinimum: 9000, priceMaximum: 9000, leadTimeDays: 10 })).data.id;
    eveResponse = (await ok('PUT', `/api/tenders/${id}/my-responses`, eve, { message: '=HYPERLINK("http://evil") Eve surveys it', priceMinimum: 8000, priceMaximum: 9500, leadTimeDays: 14 })).data.id;
    const att = multipart([{ field: 'files', filename: 'dana-method.pdf', bytes: pdf('dana method statement'), type: 'application/pdf' }]);
    expect((await call('POST', `/api/tenders/${id}/responses/${danaResponse}/attachments`, dana, att.payload, att.headers)).statusCode).toBe(201);
  });
  afterAll(() => t.close());

  describe('the clarification log (decision 0524)', () => {
    it('a question is CL-001, private to its asker and the owner; a private reply goes to the asker alone', async () => {
      await ok('POST', `/api/tenders/${id}/questions`, dana, { question: 'May we fly a drone over the substation?' });
      const mine = await log(dana);
      expect(mine).toEqual([expect.objectContaining({ reference: 'CL-001', kind: 'question', published: false, mine: true, canReply: true, canPublish: false })]);
      expect(mine[0]!.messages).toEqual([expect.objectContaining({ author: 'You', body: 'May we fly a drone over the substation?', fromOwner: false })]);
      expect(await log(eve)).toEqual([]);
      const forOwner = await log(owner);
      // The asker stays anonymous, even to the owner (decision 0401).
      expect(forOwner[0]).toMatchObject({ reference: 'CL-001', withProvider: null, canPublish: true });
      expect(forOwner[0]!.messages[0]).toMatchObject({ author: 'A bidder' });
      const entry = forOwner[0]!.id as string;
      const reply = await call('POST', `/api/tenders/${id}/clarifications/${entry}/replies`, owner, { message: 'Only with two days’ notice.' });
      expect(reply.statusCode).toBe(201);
      expect(reply.json().message).toBe(M.logReplySent);
      expect((await mailsTo(dana.email)).map((m) => m.subject)).toContain('Reply to CL-001: Records survey at Avonmouth');
      expect((await mailsTo(eve.email)).filter((m) => m.subject.includes('CL-001'))).toEqual([]);
      expect((await log(dana))[0]!.messages.map((m) => m.author)).toEqual(['You', 'The buyer']);
      expect(await log(eve)).toEqual([]);
    });

    it('another bidder may not read, reply to or publish it; a visitor is asked to sign in; the asker may not publish', async () => {
      const entry = (await log(owner))[0]!.id as string;
      expect((await call('POST', `/api/tenders/${id}/clarifications/${entry}/replies`, eve, { message: 'Eve butts in' })).statusCode).toBe(404);
      expect((await call('POST', `/api/tenders/${id}/clarifications/${entry}/replies`, dana, { message: 'Publish it', publish: true, confirmedMessages: 2 })).json().message).toBe(M.logOnlyOwnerPublishes);
      expect((await call('POST', `/api/tenders/${id}/clarifications`, dana, { message: 'Dana tells everyone' })).statusCode).toBe(404);
      expect((await call('GET', `/api/tenders/${id}/clarifications`, null)).statusCode).toBe(401);
      expect((await call('GET', `/api/tenders/${id}/clarifications`, olly)).statusCode).toBe(404);
      expect((await call('POST', `/api/tenders/${id}/clarifications/${entry}/replies`, owner, { message: ' ' })).json().message).toBe(M.logMessageRequired);
      // The admin reads the whole log, and writes nothing to it.
      expect((await log(admin)).map((e) => e.reference)).toEqual(['CL-001']);
      expect((await call('POST', `/api/tenders/${id}/clarifications/${entry}/replies`, admin, { message: 'Admin replies' })).json().message).toBe(M.logNotYours);
      expect((await call('POST', `/api/tenders/${id}/clarifications`, admin, { message: 'Admin tells all' })).statusCode).toBe(404);
    });

    it('a clarification asked of one response is CL-002, named to the owner; its bidder replies and the owner is told', async () => {
      // Responses are sealed until the closing time (decision 0512): the owner asks once they have
      // opened, and the clock comes back for the tests of the open tender that follow.
      const before = clock.now();
      clock.set(new Date(NOW.getTime() + 5 * DAY + 60_000));
      await ok('POST', `/api/tenders/${id}/responses/${eveResponse}/clarifications`, owner, { message: 'Please confirm the price includes the report.' });
      clock.set(before);
      const forOwner = await log(owner);
      expect(forOwner[1]).toMatchObject({ reference: 'CL-002', kind: 'clarification', withProvider: 'Eve Drones', published: false });
      expect((await log(dana)).map((e) => e.reference)).toEqual(['CL-001']);
      const forEve = await log(eve);
      expect(forEve).toEqual([expect.objectContaining({ reference: 'CL-002', mine: true, canReply: true })]);
      await ok('POST', `/api/tenders/${id}/clarifications/${forEve[0]!.id}/replies`, eve, { message: 'Yes, the report is included.' });
      expect((await mailsTo(owner.email)).map((m) => m.subject)).toContain('New reply to CL-002: Records survey at Avonmouth');
      expect((await mailsTo(owner.email)).find((m) => m.subject.startsWith('New reply to CL-002'))!.text_body).toContain('Eve Drones replied');
    });

    it('the owner publishes CL-001 with a reply: everyone taking part reads it, the asker unnamed, and is mailed in the same transaction', async () => {
      const entry = (await log(owner))[0]!.id as string;
      const res = await call('POST', `/api/tenders/${id}/clarifications/${entry}/replies`, owner, { message: 'Drones are allowed with notice.', publish: true, confirmedMessages: 2 });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ message: M.logReplyPublished, data: { published: true, canPublish: false } });
      const forEve = await log(eve);
      const published = forEve.find((e) => e.reference === 'CL-001')!;
      expect(published.messages.map((m) => m.author)).toEqual(['A bidder', 'The buyer', 'The buyer']);
      expect(JSON.stringify(published)).not.toContain('Dana');
      const mail = (await mailsTo(eve.email)).find((m) => m.subject === 'Clarification CL-001 published: Records survey at Avonmouth')!;
      expect(mail.text_body).toContain('Bidder: May we fly a drone over the substation?');
      expect(mail.text_body).toContain('Buyer: Drones are allowed with notice.');
      expect(mail.text_body).not.toContain('Dana');
      // The older Q&A answers from the same log: a published question is answered.
      const questions = (await ok('GET', `/api/tenders/${id}/questions`, eve)).data;
      expect(questions).toEqual([expect.objectContaining({ question: 'May we fly a drone over the substation?', answer: 'Drones are allowed with notice.' })]);
      expect((await call('POST', `/api/tenders/${id}/clarifications/${entry}/replies`, owner, { message: 'again', publish: true, confirmedMessages: 3 })).statusCode).toBe(201);
    });

    it('the owner’s notice to all is CL-003; the History numbers every entry', async () => {
      const res = await call('POST', `/api/tenders/${id}/clarifications`, owner, { message: 'Site induction is on Mondays only.' });
      expect(res.statusCode).toBe(201);
      expect(res.json().data).toMatchObject({ reference: 'CL-003', kind: 'notice', published: true });
      expect((await log(dana)).map((e) => e.reference)).toEqual(['CL-001', 'CL-003']);
      expect((await mailsTo(dana.email)).map((m) => m.subject)).toContain('Clarification CL-003 published: Records survey at Avonmouth');
      const events = (await ok('GET', `/api/tenders/${id}/events`, owner)).data as Array<{ kind: string; subject: string | null; actor: { name: string } | null }>;
      expect(events.filter((e) => e.kind.startsWith('clarification-'))).toEqual([
        expect.objectContaining({ kind: 'clarification-replied', subject: 'CL-001: Only with two days’ notice.', actor: { name: 'Olive Owner' } }),
        expect.objectContaining({ kind: 'clarification-requested', subject: 'Eve Drones' }),
        expect.objectContaining({ kind: 'clarification-replied', subject: 'CL-002: Yes, the report is included.', actor: { name: 'Eve' } }),
        expect.objectContaining({ kind: 'clarification-published', subject: 'CL-001: Drones are allowed with notice.' }),
        expect.objectContaining({ kind: 'clarification-replied', subject: 'CL-001: again' }),
        expect.objectContaining({ kind: 'clarification-published', subject: 'CL-003: Site induction is on Mondays only.' }),
      ]);
    });
  });

  describe('addenda (decision 0525)', () => {
    it('a new version keeps the old one (v1, v2), with a numbered addendum and its note; everyone taking part is told', async () => {
      const before = (await ok('GET', `/api/tenders/${id}/addenda`, dana)).data;
      expect(before.documents).toEqual([expect.objectContaining({ filename: 'scope.pdf', version: 1, addendum: null, earlier: [] })]);
      const v1 = before.documents[0].id as string;
      const res = await addendum(owner, [...fields({ note: 'The scope now includes the inverter rooms.', replaces: v1 }), { field: 'files', filename: 'scope-rev.pdf', bytes: pdf('scope v2'), type: 'application/pdf' }]);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().message).toBe(M.addendumIssued);
      const after = (await ok('GET', `/api/tenders/${id}/addenda`, eve)).data;
      expect(after.documents).toEqual([expect.objectContaining({ filename: 'scope-rev.pdf', version: 2, addendum: 1, earlier: [expect.objectContaining({ id: v1, version: 1 })] })]);
      expect(after.addenda).toEqual([expect.objectContaining({ number: 1, note: 'The scope now includes the inverter rooms.', documents: [{ filename: 'scope-rev.pdf', version: 2 }] })]);
      // The old version is still served.
      const old = await call('GET', `/api/tenders/${id}/documents/${v1}`, eve);
      expect(old.statusCode).toBe(200);
      expect(old.body).toContain('scope v1');
      for (const who of [dana, eve]) {
        const mail = (await mailsTo(who.email)).find((m) => m.subject === 'Documents changed (addendum 1): Records survey at Avonmouth');
        expect(mail?.text_body).toContain('scope-rev.pdf (version 2, replaces scope.pdf version 1)');
      }
      expect(await mailsTo(olly.email)).toEqual([]);
      // A new document by addendum 2; v1 can no longer be replaced.
      expect((await addendum(owner, [...fields({ note: 'Adds the site plan for access.' }), { field: 'files', filename: 'plan.pdf', bytes: pdf('plan'), type: 'application/pdf' }])).statusCode).toBe(201);
      const stale = await addendum(owner, [...fields({ note: 'Replacing an old version.', replaces: v1 }), { field: 'files', filename: 'x.pdf', bytes: pdf('x'), type: 'application/pdf' }]);
      expect(stale.statusCode).toBe(404);
      expect(stale.json().message).toBe(M.documentNotCurrent);
      const events = (await ok('GET', `/api/tenders/${id}/events`, owner)).data as Array<{ kind: string; subject: string }>;
      expect(events.filter((e) => e.kind === 'addendum-issued').map((e) => e.subject)).toEqual([
        'Addendum 1: The scope now includes the inverter rooms. (scope-rev.pdf (version 2, replaces scope.pdf version 1))',
        'Addendum 2: Adds the site plan for access. (plan.pdf (new))',
      ]);
    });

    it('only the owner issues one, with a note; a bidder gets 404, a visitor 401, and nothing is stored', async () => {
      const count = async () => Number((await t.ctx.database.query<{ n: string }>('SELECT count(*)::text AS n FROM tender_documents WHERE tender_id = $1', [id]))[0]!.n);
      const n = await count();
      const file = { field: 'files', filename: 'y.pdf', bytes: pdf('y'), type: 'application/pdf' };
      expect((await addendum(dana, [...fields({ note: 'Dana changes the scope now.' }), file])).statusCode).toBe(404);
      expect((await addendum(admin, [...fields({ note: 'An admin changes the scope.' }), file])).statusCode).toBe(404);
      expect((await addendum(null, [...fields({ note: 'A visitor changes it.' }), file])).statusCode).toBe(401);
      const short = await addendum(owner, [...fields({ note: 'short' }), file]);
      expect(short.statusCode).toBe(400);
      expect(short.json().message).toBe(M.addendumNoteRequired);
      expect(await count()).toBe(n);
    });
  });

  describe('records before closing, then the award with feedback, standstill and confirmation (decisions 0526–0528)', () => {
    it('records are refused before closing, to the owner too', async () => {
      for (const file of ['responses.zip', 'comparison.csv', 'comparison.xlsx', 'audit-log.csv']) {
        const res = await call('GET', `/api/tenders/${id}/records/${file}`, owner);
        expect(res.statusCode, file).toBe(409);
        expect(res.json().message).toBe(M.recordsBeforeClosing);
      }
      expect((await call('GET', `/api/tenders/${id}/records/secrets.txt`, owner)).statusCode).toBe(400);
    });

    it('feedback naming a response of another tender is refused and nothing is awarded', async () => {
      clock.advance(6 * DAY); // past the closing date
      const res = await call('POST', `/api/tenders/${id}/award`, owner, { responseId: danaResponse, feedback: { '00000000-0000-4000-8000-000000000000': 'Nope' } });
      expect(res.statusCode).toBe(400);
      expect((await ok('GET', `/api/tenders/${id}`, owner)).data.stage).toBe('active');
      expect(await t.ctx.database.query('SELECT 1 FROM tender_contracts WHERE tender_id = $1', [id])).toEqual([]);
    });

    it('the award starts the standstill; each party sees its state; the outcome mails carry the standstill, feedback and letter', async () => {
      const awardedAt = clock.now();
      await ok('POST', `/api/tenders/${id}/award`, owner, {
        responseId: danaResponse,
        feedback: { [danaResponse]: 'Clear method and a fair price.', [eveResponse]: 'Your lead time was longer than we need.' },
      });
      await t.ctx.mailer.idle();
      const ends = standstillEnd(awardedAt, 10).toISOString();
      const forOwner = (await ok('GET', `/api/tenders/${id}/contract`, owner)).data;
      expect(forOwner).toMatchObject({ state: 'standstill', standstillDays: 10, standstillEndsAt: ends, confirmedAt: null, canConfirm: false });
      expect(forOwner.letters).toEqual([
        { responseId: danaResponse, kind: 'award', provider: 'Dana Thermal' },
        { responseId: eveResponse, kind: 'regret', provider: 'Eve Drones' },
      ]);
      expect((await ok('GET', `/api/tenders/${id}/contract`, dana)).data).toMatchObject({ state: 'standstill', canConfirm: false, letters: [{ responseId: danaResponse, kind: 'award' }] });
      expect((await ok('GET', `/api/tenders/${id}/contract`, eve)).data.letters).toEqual([{ responseId: eveResponse, kind: 'regret', provider: 'Eve Drones' }]);
      expect((await ok('GET', `/api/tenders/${id}/contract`, admin)).data.letters).toHaveLength(2);
      expect((await call('GET', `/api/tenders/${id}/contract`, olly)).statusCode).toBe(404);
      expect((await call('GET', `/api/tenders/${id}/contract`, null)).statusCode).toBe(401);
      const won = (await mailsTo(dana.email)).find((m) => m.subject.startsWith('Your response won'))!;
      // Awarded on 7 December: ten calendar days after it end at midnight at the end of the 17th.
      expect(won.text_body).toContain('ends at midnight at the end of 17 December 2026 (UK time)');
      expect(won.text_body).toContain('Clear method and a fair price.');
      expect(won.text_body).toContain(`/api/tenders/${id}/letters/${danaResponse}`);
      const lost = (await mailsTo(eve.email)).find((m) => m.subject.startsWith('Tender outcome'))!;
      expect(lost.text_body).toContain('Your lead time was longer than we need.');
      expect(lost.text_body).not.toContain('Clear method');
    });

    it('each bidder downloads only its own letter; the owner and admins every one', async () => {
      const get = (who: Who | null, response: string) => call('GET', `/api/tenders/${id}/letters/${response}`, who);
      for (const [who, response, status] of [
        [dana, danaResponse, 200],
        [dana, eveResponse, 404],
        [eve, eveResponse, 200],
        [eve, danaResponse, 404],
        [owner, danaResponse, 200],
        [owner, eveResponse, 200],
        [admin, eveResponse, 200],
        [olly, eveResponse, 404],
        [null, eveResponse, 401],
      ] as Array<[Who | null, string, number]>) {
        const res = await get(who, response);
        expect(res.statusCode, `${who?.email ?? 'visitor'} → ${response === danaResponse ? 'dana' : 'eve'}`).toBe(status);
        if (status === 200) {
          expect(res.headers['content-type']).toBe('application/pdf');
          expect(res.headers['content-disposition']).toMatch(/^attachment; filename="(award|regret)-letter-/);
          expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
        }
      }
    });

    it('the owner confirms only after the standstill, by the server’s clock, once; responders are told', async () => {
      const early = await call('POST', `/api/tenders/${id}/contract/confirm`, owner);
      expect(early.statusCode).toBe(409);
      expect(early.json().message).toBe(M.standstillNotOver);
      for (const who of [dana, eve, admin, olly]) expect((await call('POST', `/api/tenders/${id}/contract/confirm`, who)).statusCode).toBe(404);
      expect((await call('POST', `/api/tenders/${id}/contract/confirm`, null)).statusCode).toBe(401);
      clock.advance(11 * DAY);
      // Sessions end after a while idle: everyone signs in again, 17 days on.
      for (const who of [owner, dana, eve, olly, admin]) {
        await startSession(t.ctx, { setCookie: (name: string, value: string) => (who.cookie = `${name}=${value}`) } as never, who.user.id);
      }
      expect((await ok('GET', `/api/tenders/${id}/contract`, owner)).data.canConfirm).toBe(true);
      const done = await ok('POST', `/api/tenders/${id}/contract/confirm`, owner);
      expect(done).toMatchObject({ message: M.contractConfirmed, data: { state: 'confirmed', confirmedAt: clock.now().toISOString(), canConfirm: false } });
      expect((await call('POST', `/api/tenders/${id}/contract/confirm`, owner)).json().message).toBe(M.alreadyConfirmed);
      expect((await ok('GET', `/api/tenders/${id}/contract`, eve)).data.state).toBe('confirmed');
      expect((await mailsTo(dana.email)).map((m) => m.subject)).toContain('Contract confirmed: Records survey at Avonmouth');
      expect((await mailsTo(eve.email)).find((m) => m.subject === 'Contract confirmed: Records survey at Avonmouth')!.text_body).toContain('with the winning bidder');
    });

    it('after the award the log is closed to replies', async () => {
      const entry = (await log(owner))[0]!.id as string;
      expect((await call('POST', `/api/tenders/${id}/clarifications/${entry}/replies`, owner, { message: 'Too late now' })).json().message).toBe(M.logClosed);
      expect((await log(owner)).every((e) => !e.canReply && !e.canPublish)).toBe(true);
    });
  });

  describe('the owner’s records after closing (decision 0528)', () => {
    it('only the owner and admins download them', async () => {
      for (const [who, status] of [
        [owner, 200],
        [admin, 200],
        [dana, 404],
        [olly, 404],
        [null, 401],
      ] as Array<[Who | null, number]>) {
        expect((await call('GET', `/api/tenders/${id}/records/audit-log.csv`, who)).statusCode, who?.email ?? 'visitor').toBe(status);
      }
    });

    it('the comparison as CSV: every response, formula-safe text, the feedback given', async () => {
      const res = await call('GET', `/api/tenders/${id}/records/comparison.csv`, owner);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      const lines = res.body.replace(/^\uFEFF/, '').split('\r\n');
      expect(lines[0]).toMatch(/^"Provider","Submitted \(UK time\)",.*"Price from \(GBP\)".*"Feedback given","Response"$/);
      expect(lines.find((l) => l.startsWith('"Dana Thermal"'))).toMatch(/,9000,9000,10,.*"Awarded",1,0,"Clear method and a fair price\.","Dana surveys it with drones\."$/);
      expect(res.body).toContain(`"'=HYPERLINK(""http://evil"") Eve surveys it"`);
    });

    it('the comparison as XLSX: typed cells read back by a spreadsheet library', async () => {
      const res = await call('GET', `/api/tenders/${id}/records/comparison.xlsx`, owner);
      expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const sheet = book.getWorksheet('Comparison')!;
      expect(sheet.getRow(1).getCell(1).value).toBe('Provider');
      const rows = [2, 3].map((n) => sheet.getRow(n));
      const eveRow = rows.find((r) => r.getCell(1).value === 'Eve Drones')!;
      expect(eveRow.getCell(4).value).toBe(8000);
      expect(eveRow.getCell(5).value).toBe(9500);
      // Text stays text: never a formula.
      expect(eveRow.getCell(14).value).toBe('=HYPERLINK("http://evil") Eve surveys it');
      expect(eveRow.getCell(14).formula).toBeUndefined();
    });

    it('every response with its attachments as one zip', async () => {
      const res = await call('GET', `/api/tenders/${id}/records/responses.zip`, owner);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/zip');
      const zip = res.rawPayload;
      expect(zip.subarray(0, 2).toString()).toBe('PK');
      const text = zip.toString('latin1');
      for (const name of ['comparison.csv', '01-Dana-Thermal/response.txt', '01-Dana-Thermal/attachments/dana-method.pdf', '02-Eve-Drones/response.txt']) expect(text).toContain(name);
      // yazl stores each entry's name in its local header and the central directory: both, once each.
      expect(text.split('01-Dana-Thermal/attachments/dana-method.pdf').length - 1).toBe(2);
    });

    it('the audit log: every event of the tender, in order, the asker never named', async () => {
      const res = await call('GET', `/api/tenders/${id}/records/audit-log.csv`, owner);
      const lines = res.body.replace(/^\uFEFF/, '').trim().split('\r\n');
      expect(lines[0]).toBe('"#","When (UK time)","Event","By","About","Reason","Changes"');
      const events = (await ok('GET', `/api/tenders/${id}/events`, owner)).data as unknown[];
      expect(res.body.match(/\r\n\d+,/g)).toHaveLength(events.length);
      for (const label of ['Question asked', 'Clarification requested', 'Clarification published to all', 'Documents changed (addendum)', 'Awarded', 'Contract confirmed']) {
        expect(res.body, label).toContain(`"${label}"`);
      }
      // The question's row names nobody (decision 0401).
      expect(lines.find((l) => l.includes('"Question asked"'))).toMatch(/"Question asked",,"May we fly/);
    });
  });

  it('letters say the outcome, the standstill and the feedback; scores can be added as sections', () => {
    const base = {
      buyer: 'Avon Energy Ltd',
      tender: { id: 't1', title: 'Survey' },
      provider: 'Eve Drones',
      winner: 'Dana Thermal',
      issuedOn: '1 December 2026',
      standstill: { days: 10, lastDay: '11 December 2026' },
      response: { price: '£8,000 to £9,500', leadTime: '14 days', submittedOn: '1 December 2026' },
      feedback: 'Your lead time was longer than we need.',
    };
    const regret = letterContent({ ...base, kind: 'regret' }).map((b) => b.text).join('\n');
    expect(regret).toContain('Notice of an unsuccessful response');
    expect(regret).toContain('we intend to award the contract to Dana Thermal');
    expect(regret).toContain('ends at midnight at the end of 11 December 2026 (UK time)');
    expect(regret).toContain('Your lead time was longer than we need.');
    const award = letterContent({ ...base, kind: 'award', feedback: null, extra: [{ heading: 'Scores', lines: ['Price: 38 of 40'] }] }).map((b) => b.text);
    expect(award).toEqual(expect.arrayContaining(['Letter of award', 'The buyer gave no written feedback.', 'Scores', 'Price: 38 of 40']));
  });

  it('a draft has no addenda and an unawarded tender no contract', async () => {
    const draft = (await ok('POST', '/api/tenders', owner, { service: 'Panel Cleaning', type: 'open', draft: true, title: 'Draft for records' })).data.id as string;
    const body = multipart([...fields({ note: 'Changes to a draft here.' }), { field: 'files', filename: 'd.pdf', bytes: pdf('d'), type: 'application/pdf' }]);
    const res = await call('POST', `/api/tenders/${draft}/addenda`, owner, body.payload, body.headers);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(M.addendumDraft);
    expect((await ok('GET', `/api/tenders/${draft}/contract`, owner)).data).toBeNull();
    expect((await call('POST', `/api/tenders/${draft}/contract/confirm`, owner)).json().message).toBe(M.notAwarded);
    expect((await call('GET', `/api/tenders/${draft}/records/audit-log.csv`, owner)).json().message).toBe(M.recordsBeforeClosing);
  });
});
