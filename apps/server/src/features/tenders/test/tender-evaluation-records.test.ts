import { inflateSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TENDER_EVALUATION_MESSAGES as EM } from '@solar/shared/constants/tender-evaluation';
import { TENDER_RECORDS_MESSAGES as RM } from '@solar/shared/constants/tender-records';
import { TENDER_SEALED_MESSAGES as S } from '@solar/shared/constants/tender-sealed';
import { standstillEnd } from '@solar/shared/domain/tender-records';
import { createTestApp, databaseKinds, type TestApp } from '../../../../test/harness';
import { pdf } from '../../../../test/fixtures/files';
import { multipart } from '../../../../test/fixtures/multipart';
import { fixedClock } from '../../../platform/clock';
import { startSession } from '../../../plugins/auth';
import { scoreSection } from '../tender-contracts.service';
import { addProvider, signIn } from './helpers';

/** The text a PDF draws: its streams inflated, each `<hex> Tj` decoded, joined by spaces. */
function pdfText(bytes: Buffer): string {
  const source = bytes.toString('latin1');
  const parts: string[] = [];
  const start = /(?<!end)stream\r?\n/g;
  for (let m = start.exec(source); m; m = start.exec(source)) {
    const from = m.index + m[0].length;
    const to = source.indexOf('endstream', from);
    if (to < 0) break;
    const raw = bytes.subarray(from, to);
    try {
      parts.push(inflateSync(raw).toString('latin1'));
    } catch {
      parts.push(raw.toString('latin1'));
    }
    start.lastIndex = to;
  }
  const drawn = [...parts.join('\n').matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)].map((m) => Buffer.from(m[1]!, 'hex').toString('latin1'));
  return drawn.join(' ').replace(/\s+/g, ' ');
}

/**
 * Issue 27's gaps in the evaluation and its records, through the API on a real database, one tender
 * in order: the plan's changes in the History and told to bidders (decision 0555), evaluators in the
 * History, an evaluator reading response attachments under the sealed rule, scores in the
 * comparison exports and the letters (0557), and a clarification mail that says what the bidder can
 * do (0524).
 */
describe.each(databaseKinds)('evaluation records on %s', (kind) => {
  let t: TestApp;
  const clock = fixedClock(new Date('2026-11-23T09:00:00Z'));
  const closing = new Date('2026-11-25T12:00:00Z');
  type Who = Awaited<ReturnType<typeof signIn>>;
  let owner: Who, eve: Who, pat: Who, carl: Who, rita: Who, otis: Who, ivy: Who, stranger: Who, admin: Who;
  let id = '';
  const responses: Record<string, string> = {};
  let attachment = '';
  let criteria: Array<{ id: string; name: string }> = [];
  let ip = 1;
  const call = (method: string, url: string, who: Who | null, payload?: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: method as 'GET',
      url,
      remoteAddress: `10.29.${Math.floor(ip / 250) % 250}.${(ip++ % 250) + 1}`,
      ...(payload !== undefined && { payload: payload as object }),
      headers: { ...headers, ...(who ? { cookie: who.cookie } : {}) },
    });
  const ok = async (method: string, url: string, who: Who, payload?: unknown) => {
    const res = await call(method, url, who, payload);
    expect(res.statusCode, `${method} ${url}: ${res.body.slice(0, 300)}`).toBeLessThan(300);
    return res.json();
  };
  const mails = async (kindOf: string) => {
    await t.ctx.mailer.idle();
    return t.ctx.database.query<{ to_address: string; subject: string; text_body: string }>('SELECT to_address, subject, text_body FROM outbox WHERE kind = $1 ORDER BY to_address, created_at', [kindOf]);
  };
  const history = async () => (await ok('GET', `/api/tenders/${id}/events`, owner)).data as Array<{ kind: string; subject: string | null; reason: string | null; actor: { name: string } | null; changes: Record<string, { from: unknown; to: unknown }> }>;
  const attachmentUrl = () => `/api/tenders/${id}/responses/${responses.rita}/attachments/${attachment}`;

  beforeAll(async () => {
    t = await createTestApp({ kind, clock });
    owner = await signIn(t, { name: 'Olga Owner', email: 'olga@gaps-buyer.example.org' });
    eve = await signIn(t, { name: 'Eve Evaluator', email: 'eve@gaps-buyer.example.org' });
    pat = await signIn(t, { name: 'Pat Pending', email: 'pat@gaps-buyer.example.org' });
    carl = await signIn(t, { name: 'Carl Conflicted', email: 'carl@gaps-buyer.example.org' });
    rita = await signIn(t, { name: 'Rita', type: 'provider', email: 'rita@gaps-bidder.example.com' });
    otis = await signIn(t, { name: 'Otis', type: 'provider', email: 'otis@gaps-bidder.example.com' });
    ivy = await signIn(t, { name: 'Ivy', type: 'provider', email: 'ivy@gaps-bidder.example.com' });
    stranger = await signIn(t, { name: 'Stan', type: 'provider', email: 'stan@gaps-bidder.example.com' });
    admin = await signIn(t, { name: 'Ada Admin', admin: true });
    const ritaP = await addProvider(t, { name: 'Rita Solar', services: ['Panel Cleaning'], ownerId: rita.user.id });
    const otisP = await addProvider(t, { name: 'Otis Energy', services: ['Panel Cleaning'], ownerId: otis.user.id });
    const ivyP = await addProvider(t, { name: 'Ivy Power', services: ['Panel Cleaning'], ownerId: ivy.user.id });
    await addProvider(t, { name: 'Stan Volts', services: ['Panel Cleaning'], ownerId: stranger.user.id });
    const created = await ok('POST', '/api/tenders', owner, {
      service: 'Panel Cleaning',
      location: 'Bristol',
      type: 'private',
      title: 'Gaps cleaning tender',
      description: 'Clean 2 MW of panels twice a year.',
      closingDate: closing.toISOString(),
      invitedProviders: [ritaP, otisP, ivyP],
      inviteEmails: ['outside@gaps-invitee.example.com'],
    });
    id = created.data.id;
  });
  afterAll(() => t.close());

  describe('the evaluation plan’s changes (decision 0555)', () => {
    it('a criteria change is in the History and mailed to every invitee (an unredeemed one at its address), never to others', async () => {
      const res = await ok('PUT', `/api/tenders/${id}/criteria`, owner, { criteria: [{ name: 'Price', weight: 60 }, { name: 'Method', weight: 40 }] });
      criteria = res.data.criteria;
      const entry = (await history()).find((e) => e.kind === 'criteria-changed')!;
      expect(entry).toMatchObject({ actor: { name: 'Olga Owner' }, changes: { criteria: { from: null, to: 'Price: 60%; Method: 40%' } } });
      const sent = await mails('tender-plan-changed');
      expect(sent.map((m) => m.to_address)).toEqual(['ivy@gaps-bidder.example.com', 'otis@gaps-bidder.example.com', 'outside@gaps-invitee.example.com', 'rita@gaps-bidder.example.com']);
      expect(sent[0]!.subject).toBe('Evaluation criteria changed: Gaps cleaning tender');
      expect(sent[0]!.text_body).toContain('- Price: 60%\n- Method: 40%');
      expect(sent[0]!.text_body).toContain('Before the change:\n- (none)');
      expect(sent[0]!.text_body).toContain(`/tender/${id}`);
    });

    it('saved again unchanged: nothing recorded, nobody mailed; changed again: from → to', async () => {
      await ok('PUT', `/api/tenders/${id}/criteria`, owner, { criteria: [{ name: 'Price', weight: 60 }, { name: 'Method', weight: 40 }] });
      expect((await history()).filter((e) => e.kind === 'criteria-changed')).toHaveLength(1);
      expect(await mails('tender-plan-changed')).toHaveLength(4);
      criteria = (await ok('PUT', `/api/tenders/${id}/criteria`, owner, { criteria: [{ name: 'Price', weight: 40 }, { name: 'Method', weight: 60 }] })).data.criteria;
      const changes = (await history()).filter((e) => e.kind === 'criteria-changed');
      expect(changes.at(-1)!.changes.criteria).toEqual({ from: 'Price: 60%; Method: 40%', to: 'Price: 40%; Method: 60%' });
      expect(await mails('tender-plan-changed')).toHaveLength(8);
    });

    it('a pricing schedule change too; a draft’s plan is neither recorded nor mailed', async () => {
      await ok('PUT', `/api/tenders/${id}/pricing-schedule`, owner, { items: [{ description: 'Cleaning visit', quantity: 2, unit: 'per year' }] });
      expect((await history()).find((e) => e.kind === 'pricing-schedule-changed')!.changes.pricingSchedule).toEqual({ from: null, to: 'Cleaning visit: 2 × per year' });
      const sent = (await mails('tender-plan-changed')).filter((m) => m.subject.startsWith('Pricing schedule changed'));
      expect(sent.map((m) => m.to_address)).toHaveLength(4);
      expect(sent[0]!.text_body).toContain('- Cleaning visit: 2 × per year');
      const draft = (await ok('POST', '/api/tenders', owner, { service: 'Panel Cleaning', location: 'Bath', type: 'open', title: 'A draft', description: 'Draft.', closingDate: closing.toISOString(), draft: true })).data.id;
      await ok('PUT', `/api/tenders/${draft}/criteria`, owner, { criteria: [{ name: 'Price', weight: 100 }] });
      expect((await ok('GET', `/api/tenders/${draft}/events`, owner)).data.filter((e: { kind: string }) => e.kind === 'criteria-changed')).toEqual([]);
      expect(await mails('tender-plan-changed')).toHaveLength(12);
    });

    it('a refused change records and mails nothing', async () => {
      const before = (await history()).length;
      expect((await call('PUT', `/api/tenders/${id}/criteria`, owner, { criteria: [{ name: 'Price', weight: 50 }] })).statusCode).toBe(400);
      expect((await call('PUT', `/api/tenders/${id}/criteria`, rita, { criteria: [{ name: 'Price', weight: 100 }] })).statusCode).toBe(404);
      expect((await history()).length).toBe(before);
      expect(await mails('tender-plan-changed')).toHaveLength(12);
    });
  });

  describe('evaluators in the History (decision 0555)', () => {
    it('invitations, removals and each declaration, a conflict with what it is', async () => {
      for (const who of [eve, pat, carl]) await ok('POST', `/api/tenders/${id}/evaluators`, owner, { email: who.user.email });
      const dan = await signIn(t, { name: 'Dan Dropped', email: 'dan@gaps-buyer.example.org' });
      const added = (await ok('POST', `/api/tenders/${id}/evaluators`, owner, { email: dan.user.email })).data;
      await ok('DELETE', `/api/tenders/${id}/evaluators/${added.id}`, owner);
      await ok('POST', `/api/tenders/${id}/evaluation/declaration`, eve, { decision: 'no-conflict', statementAccepted: true });
      await ok('POST', `/api/tenders/${id}/evaluation/declaration`, carl, { decision: 'conflict', reason: 'My sister runs Rita Solar.' });
      const entries = (await history()).filter((e) => e.kind.startsWith('evaluator-'));
      expect(entries.map((e) => [e.kind, e.subject, e.actor?.name, e.reason])).toEqual([
        ['evaluator-invited', 'Eve Evaluator', 'Olga Owner', null],
        ['evaluator-invited', 'Pat Pending', 'Olga Owner', null],
        ['evaluator-invited', 'Carl Conflicted', 'Olga Owner', null],
        ['evaluator-invited', 'Dan Dropped', 'Olga Owner', null],
        ['evaluator-removed', 'Dan Dropped', 'Olga Owner', null],
        ['evaluator-no-conflict', 'Eve Evaluator', 'Eve Evaluator', null],
        ['evaluator-conflict', 'Carl Conflicted', 'Carl Conflicted', 'My sister runs Rita Solar.'],
      ]);
      // The History stays the owner's and the admins'.
      expect((await call('GET', `/api/tenders/${id}/events`, eve)).statusCode).toBe(404);
    });
  });

  describe('an evaluator reads the response attachments under the sealed rule (decision 0557)', () => {
    it('before the closing time: the bidder alone; the owner and a declared evaluator are told it is sealed; before the declaration, refused', async () => {
      responses.rita = (await ok('PUT', `/api/tenders/${id}/my-responses`, rita, { message: 'Rita cleans twice a year.', priceMinimum: 9000, leadTimeDays: 10 })).data.id;
      responses.otis = (await ok('PUT', `/api/tenders/${id}/my-responses`, otis, { message: 'Otis cleans with robots.', priceMinimum: 8000, leadTimeDays: 14 })).data.id;
      const body = multipart([{ field: 'files', filename: 'rita-method.pdf', bytes: pdf('rita method statement'), type: 'application/pdf' }]);
      const up = await call('POST', `/api/tenders/${id}/responses/${responses.rita}/attachments`, rita, body.payload, body.headers);
      expect(up.statusCode, up.body).toBe(201);
      attachment = up.json().data[0].id;
      for (const [who, status, message] of [
        [rita, 200, null],
        [owner, 409, S.attachmentSealed],
        [admin, 409, S.attachmentSealed],
        [eve, 409, S.attachmentSealed],
        [pat, 403, EM.declarationFirst],
        [carl, 404, null],
        [otis, 404, null],
        [stranger, 404, null],
        [null, 401, null],
      ] as Array<[Who | null, number, string | null]>) {
        const res = await call('GET', attachmentUrl(), who);
        expect(res.statusCode, who?.user.email ?? 'visitor').toBe(status);
        if (message) expect(res.json().message).toBe(message);
        if (status !== 200) expect(res.body).not.toContain('rita method statement');
      }
      expect((await ok('GET', `/api/tenders/${id}/evaluation`, eve)).data.responses).toEqual([]);
    });

    it('after it: the declared evaluator downloads them as the owner and admins do; the pending one, the conflicted one and others still cannot', async () => {
      clock.set(new Date(closing.getTime() + 60_000));
      for (const [who, status] of [
        [eve, 200],
        [owner, 200],
        [admin, 200],
        [rita, 200],
        [pat, 403],
        [carl, 404],
        [otis, 404],
        [stranger, 404],
      ] as Array<[Who, number]>) {
        const res = await call('GET', attachmentUrl(), who);
        expect(res.statusCode, who.user.email).toBe(status);
        if (status === 200) expect(res.rawPayload.toString()).toContain('rita method statement');
        else expect(res.body).not.toContain('rita method statement');
      }
      // The scoring sheet lists them, with the address that serves them.
      const sheet = (await ok('GET', `/api/tenders/${id}/evaluation`, eve)).data;
      const ritas = sheet.responses.find((r: { id: string }) => r.id === responses.rita);
      expect(ritas.attachments).toEqual([expect.objectContaining({ id: attachment, filename: 'rita-method.pdf', mimeType: 'application/pdf' })]);
    });
  });

  describe('the clarification mail says what the bidder can do (decision 0524)', () => {
    it('responses have closed: reply in the log, by its reference; never “edit until the closing date”', async () => {
      await ok('POST', `/api/tenders/${id}/responses/${responses.otis}/clarifications`, owner, { message: 'Which robots, and who supervises them?' });
      const [mail] = (await mails('tender-clarification')).filter((m) => m.to_address === 'otis@gaps-bidder.example.com');
      expect(mail!.subject).toMatch(/^Clarification requested \(CL-\d{3}\): Gaps cleaning tender$/);
      expect(mail!.text_body).toContain('Which robots, and who supervises them?');
      expect(mail!.text_body).toContain('your response itself can no longer be changed');
      expect(mail!.text_body).toContain(`/tender/${id}#clarification-log`);
      expect(mail!.text_body).not.toMatch(/edit your response/i);
    });

    it('publishing the thread makes its earlier private messages public only as the owner confirmed them', async () => {
      const log = async (who: Who) => (await ok('GET', `/api/tenders/${id}/clarifications`, who)).data as Array<{ id: string; reference: string; published: boolean; messages: Array<{ author: string; body: string }> }>;
      const entry = (await log(owner)).find((e) => e.messages[0]!.body === 'Which robots, and who supervises them?')!;
      const reply = (body: object, who = owner) => call('POST', `/api/tenders/${id}/clarifications/${entry.id}/replies`, who, body);
      expect((await reply({ message: 'Our own robots; a supervisor is always on site.' }, otis)).statusCode).toBe(201);
      const unconfirmed = await reply({ message: 'Thank you: robots are acceptable.', publish: true });
      expect(unconfirmed.statusCode).toBe(400);
      expect(unconfirmed.json().message).toBe(RM.logPublishUnconfirmed);
      // The owner was shown the thread before Otis's reply: that is not what would be published.
      const stale = await reply({ message: 'Thank you: robots are acceptable.', publish: true, confirmedMessages: 1 });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().message).toBe(RM.logPublishChanged);
      expect((await log(rita)).map((e) => e.id)).not.toContain(entry.id);
      expect((await mails('tender-clarification-published')).filter((m) => m.text_body.includes('robots'))).toEqual([]);
      const done = await reply({ message: 'Thank you: robots are acceptable.', publish: true, confirmedMessages: 2 });
      expect(done.statusCode, done.body).toBe(201);
      const seen = (await log(rita)).find((e) => e.id === entry.id)!;
      expect(seen.messages.map((m) => [m.author, m.body])).toEqual([
        ['The buyer', 'Which robots, and who supervises them?'],
        ['A bidder', 'Our own robots; a supervisor is always on site.'],
        ['The buyer', 'Thank you: robots are acceptable.'],
      ]);
    });
  });

  describe('scores in the exports and the letters (decision 0557)', () => {
    const score = (who: Who, response: string, values: number[]) =>
      ok('PUT', `/api/tenders/${id}/responses/${response}/scores`, who, { scores: criteria.map((c, i) => ({ criterionId: c.id, score: values[i], comment: `${c.name} comment by ${who.user.name}` })) });

    it('the comparison CSV and XLSX carry each criterion’s score, the weighted total and the rank, best first', async () => {
      // Price 40%, Method 60%. Rita: owner 6, 8; Eve 8, 8 → averages 7, 8 → 28 + 48 = 76. Otis: 9, 9 → 90.
      await score(owner, responses.rita!, [6, 8]);
      await score(eve, responses.rita!, [8, 8]);
      await score(owner, responses.otis!, [9, 9]);
      const csv = await call('GET', `/api/tenders/${id}/records/comparison.csv`, owner);
      expect(csv.statusCode).toBe(200);
      const lines = csv.body.replace(/^\uFEFF/, '').split('\r\n');
      expect(lines[0]).toMatch(/^"Provider","Rank","Weighted total \(of 100\)","Price \(40%\), score of 10","Method \(60%\), score of 10","Submitted \(UK time\)"/);
      expect(lines[1]).toMatch(/^"Otis Energy",1,90,9,9,/);
      expect(lines[2]).toMatch(/^"Rita Solar",2,76,7,8,/);
      const xlsx = await call('GET', `/api/tenders/${id}/records/comparison.xlsx`, owner);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
      const sheet = book.getWorksheet('Comparison')!;
      expect([1, 2, 3, 4, 5].map((c) => sheet.getRow(1).getCell(c).value)).toEqual(['Provider', 'Rank', 'Weighted total (of 100)', 'Price (40%), score of 10', 'Method (60%), score of 10']);
      expect([1, 2, 3, 4, 5].map((c) => sheet.getRow(3).getCell(c).value)).toEqual(['Rita Solar', 2, 76, 7, 8]);
      // The zip's response text says the standing too.
      const zip = await call('GET', `/api/tenders/${id}/records/responses.zip`, owner);
      expect(zip.rawPayload.toString('latin1')).toContain('01-Otis-Energy/response.txt');
    });

    it('the owner chooses the standstill at the award, within 10 to 30 calendar days; bidders are told its last day in UK time (decision 0559)', async () => {
      for (const days of [9, 31, 12.5, '14']) {
        const res = await call('POST', `/api/tenders/${id}/award`, owner, { responseId: responses.otis, standstillDays: days });
        expect(res.statusCode, String(days)).toBe(400);
        expect(res.json().message).toBe(RM.standstillDaysRange);
      }
      expect(await t.ctx.database.query('SELECT 1 FROM tender_contracts WHERE tender_id = $1', [id])).toEqual([]);
      const awardedAt = clock.now();
      await ok('POST', `/api/tenders/${id}/award`, owner, { responseId: responses.otis, standstillDays: 14, feedback: { [responses.rita!]: 'A sound method; the price was higher.' } });
      const ends = standstillEnd(awardedAt, 14);
      expect((await ok('GET', `/api/tenders/${id}/contract`, rita)).data).toMatchObject({ state: 'standstill', standstillDays: 14, standstillEndsAt: ends.toISOString() });
      // Awarded on 25 November: fourteen calendar days after it end at midnight at the end of 9 December.
      const [outcome] = (await mails('tender-outcome')).filter((m) => m.to_address === 'rita@gaps-bidder.example.com');
      expect(outcome!.text_body).toContain('A standstill period of 14 calendar days applies before the contract is confirmed; it ends at midnight at the end of 9 December 2026 (UK time).');
    });

    it('each letter carries its bidder’s own scores per criterion and the buyer’s feedback, never another bidder’s', async () => {
      const regret = await call('GET', `/api/tenders/${id}/letters/${responses.rita}`, rita);
      expect(regret.statusCode).toBe(200);
      const text = pdfText(regret.rawPayload);
      expect(text).toContain('Your scores against the evaluation criteria');
      expect(text).toContain('Price (weight 40%): 7 out of 10, 28 of 40 points');
      expect(text).toContain('Method (weight 60%): 8 out of 10, 48 of 60 points');
      expect(text).toContain('Weighted total: 76 out of 100, ranked 2 of 2 responses');
      expect(text).toContain('A sound method; the price was higher.');
      expect(text).toContain('standstill period of 14 calendar days');
      // Nothing of Otis's standing, nor the evaluators' working comments.
      expect(text).not.toContain('90 out of 100');
      expect(text).not.toContain('9 out of 10');
      expect(text).not.toContain('comment by');
      const award = pdfText((await call('GET', `/api/tenders/${id}/letters/${responses.otis}`, otis)).rawPayload);
      expect(award).toContain('Weighted total: 90 out of 100, ranked 1 of 2 responses');
      expect(award).not.toContain('76 out of 100');
    });

    it('the contract waits for the chosen standstill, not the default one, by the server’s clock', async () => {
      const awardedAt = new Date((await ok('GET', `/api/tenders/${id}/contract`, owner)).data.awardedAt);
      clock.set(standstillEnd(awardedAt, 10));
      // Sessions end after a while idle: the owner signs in again, ten days on.
      await startSession(t.ctx, { setCookie: (name: string, value: string) => (owner.cookie = `${name}=${value}`) } as never, owner.user.id);
      const early = await call('POST', `/api/tenders/${id}/contract/confirm`, owner);
      expect(early.statusCode).toBe(409);
      expect(early.json().message).toBe(RM.standstillNotOver);
      clock.set(standstillEnd(awardedAt, 14));
      expect((await ok('POST', `/api/tenders/${id}/contract/confirm`, owner)).data.state).toBe('confirmed');
    });
  });
});

describe('the letter’s score section (decision 0557)', () => {
  const criteria = [
    { id: 'c1', name: 'Price', weight: 40 },
    { id: 'c2', name: 'Method', weight: 60 },
  ];
  it('says each criterion’s average and points, the total and the rank; nothing without criteria', () => {
    expect(scoreSection(criteria, { responseId: 'r', averages: { c1: 7.5, c2: 8 }, total: 78, rank: 1 }, 3)).toEqual([
      {
        heading: 'Your scores against the evaluation criteria',
        lines: ['Price (weight 40%): 7.5 out of 10, 30 of 40 points', 'Method (weight 60%): 8 out of 10, 48 of 60 points', 'Weighted total: 78 out of 100, ranked 1 of 3 responses'],
      },
    ]);
    expect(scoreSection(criteria, { responseId: 'r', averages: { c1: 5 }, total: null, rank: null }, 2)[0]!.lines).toEqual([
      'Price (weight 40%): 5 out of 10, 20 of 40 points',
      'Method (weight 60%): not scored',
      'Weighted total: not every criterion was scored',
    ]);
    expect(scoreSection([], { responseId: 'r', averages: {}, total: null, rank: null }, 1)).toEqual([]);
  });
});
