import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TENDER_EVALUATION_MESSAGES as M, TENDER_NO_CONFLICT_STATEMENT } from '@solar/shared/constants/tender-evaluation';
import { TENDER_PRICING_MESSAGES as P } from '@solar/shared/constants/tender-pricing';
import { TENDER_LIFECYCLE_MESSAGES as LM } from '@solar/shared/constants/tender-lifecycle';
import { createTestApp, databaseKinds, type TestApp } from '../../../../test/harness';
import { fixedClock } from '../../../platform/clock';
import { addProvider, addTender, signIn } from './helpers';

/**
 * Issue 27, part B through the API: weighted criteria (decision 0518), a pricing schedule priced by
 * bidders in pence (0521), evaluators from the owner's organisation who declare first (0520), and
 * scoring only after the closing date by the server's clock, with averages, totals and ranks (0519).
 * Tests run in order on one app and one tender.
 */
describe.each(databaseKinds)('tender evaluation on %s', (kind) => {
  let t: TestApp;
  const clock = fixedClock(new Date('2026-11-23T09:00:00Z'));
  // Within the sessions' idle time of the clock's start (7 days), so nobody is signed out by the jump.
  const closing = new Date('2026-11-25T12:00:00Z');
  type Who = Awaited<ReturnType<typeof signIn>>;
  let owner: Who, eve: Who, carl: Who, unconfirmed: Who, outsider: Who, rita: Who, otis: Who, admin: Who, stranger: Who;
  let tenderId = '';
  const responses: Record<string, string> = {};
  let criteria: Array<{ id: string; name: string; weight: number }> = [];
  let items: Array<{ id: string; description: string; optional: boolean }> = [];
  let ip = 1;
  const call = (method: string, url: string, who: Who | null, payload?: unknown) =>
    t.app.inject({
      method: method as 'GET',
      url,
      remoteAddress: `10.27.${Math.floor(ip / 250) % 250}.${(ip++ % 250) + 1}`,
      ...(payload !== undefined && { payload: payload as object }),
      headers: who ? { cookie: who.cookie } : {},
    });
  const mailsTo = async (to: string) => {
    await t.ctx.mailer.idle();
    return t.ctx.database.query<{ subject: string; text_body: string }>('SELECT subject, text_body FROM outbox WHERE to_address = $1 ORDER BY created_at', [to]);
  };
  const url = (tail = '') => `/api/tenders/${tenderId}${tail}`;
  const scoresOf = (values: number[]) => ({ scores: criteria.map((c, i) => ({ criterionId: c.id, score: values[i], comment: `${c.name} note` })) });

  beforeAll(async () => {
    t = await createTestApp({ kind, clock });
    owner = await signIn(t, { name: 'Olga Owner', email: 'olga@buyer.example.org' });
    eve = await signIn(t, { name: 'Eve Evaluator', email: 'eve@buyer.example.org' });
    carl = await signIn(t, { name: 'Carl Conflicted', email: 'carl@buyer.example.org' });
    unconfirmed = await signIn(t, { name: 'Una Unconfirmed', email: 'una@buyer.example.org', verified: false });
    outsider = await signIn(t, { name: 'Oscar Outsider', email: 'oscar@elsewhere.example.org' });
    rita = await signIn(t, { name: 'Rita Responder', type: 'provider' });
    otis = await signIn(t, { name: 'Otis Responder', type: 'provider' });
    admin = await signIn(t, { name: 'Adam Admin', admin: true });
    stranger = await signIn(t, { name: 'Sam Stranger', type: 'provider' });
    const ritaP = await addProvider(t, { name: 'Rita Solar', services: ['O&M'], ownerId: rita.user.id });
    const otisP = await addProvider(t, { name: 'Otis Energy', services: ['O&M'], ownerId: otis.user.id });
    tenderId = await addTender(t, { title: 'Three years of O&M', type: 'private', stage: 'active', userId: owner.user.id, closingDate: closing }, [ritaP, otisP]);
  });
  afterAll(() => t.close());

  describe('criteria with weights (decision 0518)', () => {
    it('refuses weights that do not add up to 100, fractions and repeated names, each with its message', async () => {
      const ninety = await call('PUT', url('/criteria'), owner, { criteria: [{ name: 'Price', weight: 60 }, { name: 'Method', weight: 30 }] });
      expect(ninety.statusCode).toBe(400);
      expect(ninety.json().message).toBe(M.weightsSum(90));
      const fraction = await call('PUT', url('/criteria'), owner, { criteria: [{ name: 'Price', weight: 50.5 }, { name: 'Method', weight: 49.5 }] });
      expect(fraction.json().message).toBe(M.weightWhole);
      const twice = await call('PUT', url('/criteria'), owner, { criteria: [{ name: 'Price', weight: 50 }, { name: 'price', weight: 50 }] });
      expect(twice.json().message).toBe(M.duplicateCriterion);
      const unnamed = await call('PUT', url('/criteria'), owner, { criteria: [{ name: ' ', weight: 100 }] });
      expect(unnamed.json().message).toBe(M.criterionNameRequired);
      expect((await call('GET', url('/criteria'), owner)).json().data.criteria).toEqual([]);
    });

    it('the owner sets them (weights typed as "40%" too); bidders and evaluators see them, others get 404', async () => {
      const res = await call('PUT', url('/criteria'), owner, {
        criteria: [
          { name: 'Price', weight: '40%' },
          { name: 'Method', weight: 30, description: 'How the work is planned and made safe' },
          { name: 'Experience', weight: 20 },
          { name: 'Social value', weight: 10 },
        ],
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().message).toBe(M.criteriaSaved);
      criteria = res.json().data.criteria;
      expect(criteria.map((c) => [c.name, c.weight])).toEqual([['Price', 40], ['Method', 30], ['Experience', 20], ['Social value', 10]]);
      expect(res.json().data.editable).toBe(true);
      const asBidder = (await call('GET', url('/criteria'), rita)).json().data;
      expect(asBidder).toEqual({ criteria, editable: false });
      for (const who of [stranger, null]) expect((await call('GET', url('/criteria'), who)).statusCode).toBe(404);
      expect((await call('PUT', url('/criteria'), rita, { criteria: [] })).statusCode).toBe(404);
    });
  });

  describe('the pricing schedule (decision 0521)', () => {
    it('the owner defines lines; a schedule of optional extras alone is refused', async () => {
      const optionalOnly = await call('PUT', url('/pricing-schedule'), owner, { items: [{ description: 'Spare inverter', quantity: 1, unit: 'each', optional: true }] });
      expect(optionalOnly.json().message).toBe(P.needsRequiredItem);
      const zero = await call('PUT', url('/pricing-schedule'), owner, { items: [{ description: 'Mobilisation', quantity: 0, unit: 'each' }] });
      expect(zero.json().message).toBe(P.quantityWhole);
      const res = await call('PUT', url('/pricing-schedule'), owner, {
        items: [
          { description: 'Operations and maintenance', quantity: 3, unit: 'per year' },
          { description: 'Mobilisation', quantity: '1', unit: 'each' },
          { description: 'Thermographic drone survey', quantity: 2, unit: 'per visit', optional: true },
        ],
      });
      expect(res.statusCode, res.body).toBe(200);
      items = res.json().data.items;
      expect(items.map((i) => i.optional)).toEqual([false, false, true]);
      expect((await call('GET', url('/pricing-schedule'), otis)).json().data.items).toEqual(items);
    });

    it('bidders price it as they type ("£1,200"); totals are whole pence, optional extras apart', async () => {
      const message = 'We maintain 40 MW across the South West.';
      for (const [who, name] of [[rita, 'rita'], [otis, 'otis']] as const) {
        const sent = await call('PUT', url('/my-responses'), who, { message, priceMinimum: 40000, leadTimeDays: 14 });
        expect(sent.statusCode, sent.body).toBe(200);
        responses[name] = sent.json().data.id;
      }
      const prices = url(`/responses/${responses.rita}/prices`);
      const missing = await call('PUT', prices, rita, { prices: [{ itemId: items[0]!.id, unitPrice: '£12,000' }] });
      expect(missing.json().message).toBe(P.unitPriceRequired);
      const words = await call('PUT', prices, rita, { prices: [{ itemId: items[0]!.id, unitPrice: 'twelve grand' }, { itemId: items[1]!.id, unitPrice: '500' }] });
      expect(words.json().message).toBe(P.unitPriceInvalid);
      const stray = await call('PUT', prices, rita, { prices: [{ itemId: criteria[0]!.id, unitPrice: '1' }, { itemId: items[0]!.id, unitPrice: '1' }, { itemId: items[1]!.id, unitPrice: '1' }] });
      expect(stray.json().message).toBe(P.unknownItem);
      const res = await call('PUT', prices, rita, {
        prices: [
          { itemId: items[0]!.id, unitPrice: '£12,000.50' },
          { itemId: items[1]!.id, unitPrice: 1200 },
          { itemId: items[2]!.id, unitPrice: '£750' },
        ],
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toEqual({
        sealed: false,
        lines: [
          { itemId: items[0]!.id, unitPricePence: 1_200_050, lineTotalPence: 3_600_150 },
          { itemId: items[1]!.id, unitPricePence: 120_000, lineTotalPence: 120_000 },
          { itemId: items[2]!.id, unitPricePence: 75_000, lineTotalPence: 150_000 },
        ],
        totalPence: 3_720_150,
        optionalPence: 150_000,
      });
      const otisRes = await call('PUT', url(`/responses/${responses.otis}/prices`), otis, {
        prices: [{ itemId: items[0]!.id, unitPrice: '£10,000' }, { itemId: items[1]!.id, unitPrice: '£2,500' }, { itemId: items[2]!.id, unitPrice: '' }],
      });
      expect(otisRes.json().data).toMatchObject({ totalPence: 3_250_000, optionalPence: 0 });
      // Another bidder cannot price or read Rita's.
      expect((await call('PUT', prices, otis, { prices: [] })).statusCode).toBe(404);
      expect((await call('GET', prices, otis)).statusCode).toBe(404);
    });

    it('criteria and schedule are fixed once a response has arrived', async () => {
      const c = await call('PUT', url('/criteria'), owner, { criteria: [{ name: 'Price', weight: 100 }] });
      expect(c.statusCode).toBe(409);
      expect(c.json().message).toBe(M.criteriaLocked);
      const s = await call('PUT', url('/pricing-schedule'), owner, { items: [{ description: 'Everything', quantity: 1, unit: 'each' }] });
      expect(s.json().message).toBe(P.scheduleLocked);
      expect((await call('GET', url('/criteria'), owner)).json().data.editable).toBe(false);
    });
  });

  describe('evaluators from the owner’s organisation (decision 0520)', () => {
    it('refuses another domain, unknown and unconfirmed accounts and the owner; mails the colleague from the transaction', async () => {
      const invite = (email: string, who = owner) => call('POST', url('/evaluators'), who, { email });
      expect((await invite('oscar@elsewhere.example.org')).json().message).toBe(M.evaluatorOtherOrganisation('buyer.example.org'));
      expect((await invite('nobody@buyer.example.org')).json().message).toBe(M.evaluatorNoAccount);
      expect((await invite('una@buyer.example.org')).json().message).toBe(M.evaluatorUnconfirmed);
      expect((await invite('OLGA@buyer.example.org')).json().message).toBe(M.evaluatorSelf);
      expect((await invite('eve@buyer.example.org', rita)).statusCode).toBe(404);
      const res = await invite('Eve@Buyer.example.org');
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().data).toMatchObject({ name: 'Eve Evaluator', declaration: 'pending', declaredAt: null });
      expect((await invite('eve@buyer.example.org')).statusCode).toBe(409);
      expect((await invite('carl@buyer.example.org')).statusCode).toBe(201);
      const [mail] = await mailsTo('eve@buyer.example.org');
      expect(mail!.subject).toBe('You are invited to evaluate a tender: Three years of O&M');
      expect(mail!.text_body).toContain(`/tender/${tenderId}/evaluate`);
      void unconfirmed;
      void outsider;
    });

    it('an owner on a public mail service cannot vouch for an organisation', async () => {
      const gmail = await signIn(t, { name: 'Gail Gmail', email: 'gail.buyer@gmail.com' });
      const own = await addTender(t, { title: 'Gmail tender', type: 'open', stage: 'active', userId: gmail.user.id, closingDate: closing });
      const res = await call('POST', `/api/tenders/${own}/evaluators`, gmail, { email: 'friend@gmail.com' });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(M.evaluatorPublicDomain);
    });

    it('an invited evaluator sees the private tender, but nothing of a response before declaring', async () => {
      expect((await call('GET', url(), eve)).statusCode).toBe(200);
      const sheet = (await call('GET', url('/evaluation'), eve)).json().data;
      expect(sheet).toMatchObject({ role: 'evaluator', phase: 'sealed', declaration: 'pending', responses: [] });
      expect((await call('GET', url(`/responses/${responses.rita}/prices`), eve)).json().message).toBe(M.declarationFirst);
      expect((await call('PUT', url(`/responses/${responses.rita}/scores`), eve, scoresOf([5, 5, 5, 5]))).json().message).toBe(M.declarationFirst);
      expect((await call('GET', '/api/tenders/evaluating', eve)).json().data).toEqual([expect.objectContaining({ id: tenderId, declaration: 'pending' })]);
    });

    it('the declaration needs the statement ticked; it is stored with its text and time, once', async () => {
      const unticked = await call('POST', url('/evaluation/declaration'), eve, { decision: 'no-conflict' });
      expect(unticked.statusCode).toBe(400);
      expect(unticked.json().message).toBe(M.declarationRequired);
      const res = await call('POST', url('/evaluation/declaration'), eve, { decision: 'no-conflict', statementAccepted: true });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().message).toBe(M.declaredNoConflict);
      const [row] = await t.ctx.database.query<{ declaration: string; declared_at: Date; statement: string }>(
        'SELECT declaration, declared_at, statement FROM tender_evaluators WHERE user_id = $1',
        [eve.user.id],
      );
      expect(row).toMatchObject({ declaration: 'no-conflict', statement: TENDER_NO_CONFLICT_STATEMENT });
      expect(new Date(row!.declared_at).toISOString()).toBe(clock.now().toISOString());
      expect((await call('POST', url('/evaluation/declaration'), eve, { decision: 'conflict', reason: 'Changed my mind about this' })).statusCode).toBe(409);
      expect((await call('POST', url('/evaluation/declaration'), stranger, { decision: 'no-conflict', statementAccepted: true })).statusCode).toBe(404);
    });

    it('a declared conflict bars the evaluator from the tender and tells the owner', async () => {
      const short = await call('POST', url('/evaluation/declaration'), carl, { decision: 'conflict', reason: 'Brother' });
      expect(short.json().message).toBe(M.conflictReasonRequired);
      const res = await call('POST', url('/evaluation/declaration'), carl, { decision: 'conflict', reason: 'My brother is a director of Rita Solar.' });
      expect(res.statusCode, res.body).toBe(200);
      for (const path of ['', '/evaluation', '/criteria', `/responses/${responses.rita}/prices`]) expect((await call('GET', url(path), carl)).statusCode, path).toBe(404);
      expect((await call('GET', '/api/tenders/evaluating', carl)).json().data).toEqual([]);
      const listed = (await call('GET', url('/evaluators'), owner)).json().data;
      expect(listed).toHaveLength(2);
      expect(listed).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ name: 'Eve Evaluator', declaration: 'no-conflict' }),
          expect.objectContaining({ name: 'Carl Conflicted', declaration: 'conflict', conflictReason: 'My brother is a director of Rita Solar.' }),
        ]),
      );
      const mails = await mailsTo('olga@buyer.example.org');
      expect(mails.at(-1)!.subject).toBe('An evaluator declared a conflict of interest: Three years of O&M');
    });

    it('the owner removes an evaluator; nobody else can', async () => {
      const dan = await signIn(t, { name: 'Dan Dropped', email: 'dan@buyer.example.org' });
      const added = (await call('POST', url('/evaluators'), owner, { email: 'dan@buyer.example.org' })).json().data;
      expect((await call('GET', url(), dan)).statusCode).toBe(200);
      for (const who of [eve, dan, rita]) expect((await call('DELETE', url(`/evaluators/${added.id}`), who)).statusCode).toBe(404);
      const res = await call('DELETE', url(`/evaluators/${added.id}`), owner);
      expect(res.statusCode, res.body).toBe(200);
      expect((await call('DELETE', url(`/evaluators/${added.id}`), owner)).statusCode).toBe(404);
      expect((await call('GET', url(), dan)).statusCode).toBe(404);
      expect((await call('GET', url('/evaluators'), owner)).json().data).toHaveLength(2);
    });
  });

  describe('scoring after the closing date by the server’s clock (decision 0519)', () => {
    it('before the closing date nobody scores or reads a response’s prices or scores: owner, evaluator, admin', async () => {
      for (const who of [owner, eve, admin]) {
        const sheet = (await call('GET', url('/evaluation'), who)).json().data;
        expect(sheet.phase).toBe('sealed');
        expect(sheet.responses).toEqual([]);
        const prices = await call('GET', url(`/responses/${responses.rita}/prices`), who);
        expect(prices.json().data).toEqual({ sealed: true, lines: [], totalPence: null, optionalPence: 0 });
      }
      for (const who of [owner, eve]) {
        const res = await call('PUT', url(`/responses/${responses.rita}/scores`), who, scoresOf([5, 5, 5, 5]));
        expect(res.statusCode).toBe(409);
        expect(res.json().message).toBe(M.scoringSealed);
      }
      // One second before the closing time is still before it.
      clock.set(new Date(closing.getTime() - 1000));
      expect((await call('PUT', url(`/responses/${responses.rita}/scores`), owner, scoresOf([5, 5, 5, 5]))).statusCode).toBe(409);
      expect(await t.ctx.database.query('SELECT 1 FROM tender_scores')).toEqual([]);
    });

    it('after it, bidders can no longer change prices; the owner and evaluators score 0–10 with comments', async () => {
      clock.set(new Date(closing.getTime() + 60_000));
      const late = await call('PUT', url(`/responses/${responses.rita}/prices`), rita, { prices: [{ itemId: items[0]!.id, unitPrice: '1' }, { itemId: items[1]!.id, unitPrice: '1' }] });
      expect(late.statusCode).toBe(409);
      expect(late.json().message).toBe(LM.responseClosed);
      const eleven = await call('PUT', url(`/responses/${responses.rita}/scores`), owner, { scores: [{ criterionId: criteria[0]!.id, score: 11 }] });
      expect(eleven.json().message).toBe(M.scoreWhole);
      const foreign = await call('PUT', url(`/responses/${responses.rita}/scores`), owner, { scores: [{ criterionId: items[0]!.id, score: 5 }] });
      expect(foreign.json().message).toBe(M.criterionNotFound);
      for (const [who, response, values] of [
        [owner, 'rita', [8, 6, 7, 5]],
        [eve, 'rita', [6, 8, 7, 5]],
        [owner, 'otis', [9, 9, 9, 9]],
      ] as const) {
        const res = await call('PUT', url(`/responses/${responses[response]}/scores`), who, scoresOf([...values]));
        expect(res.statusCode, res.body).toBe(200);
      }
      // The admin reads but does not score; nor does anyone else.
      expect((await call('PUT', url(`/responses/${responses.otis}/scores`), admin, scoresOf([1, 1, 1, 1]))).json().message).toBe(M.notEvaluator);
      expect((await call('PUT', url(`/responses/${responses.otis}/scores`), rita, scoresOf([1, 1, 1, 1]))).json().message).toBe(M.notEvaluator);
      expect((await call('PUT', url(`/responses/${responses.otis}/scores`), stranger, scoresOf([1, 1, 1, 1]))).statusCode).toBe(404);
    });

    it('the owner sees averages per criterion, weighted totals and ranks; Otis, scored by one, is complete and first', async () => {
      const sheet = (await call('GET', url('/evaluation'), owner)).json().data;
      expect(sheet).toMatchObject({ role: 'owner', phase: 'scoring', scorers: 2 });
      const [first, second] = sheet.responses;
      expect(first).toMatchObject({ id: responses.otis, total: 90, rank: 1, pricing: { totalPence: 3_250_000 } });
      // Rita: averages 7, 7, 7, 5 → (40×7 + 30×7 + 20×7 + 10×5) / 10 = 68.
      expect(second).toMatchObject({ id: responses.rita, total: 68, rank: 2 });
      expect(second.averages).toEqual(Object.fromEntries(criteria.map((c, i) => [c.id, [7, 7, 7, 5][i]])));
      expect(second.sheets.map((s: { evaluator: string }) => s.evaluator).sort()).toEqual(['Eve Evaluator', 'Olga Owner']);
      expect(second.myScores).toEqual(criteria.map((c, i) => ({ criterionId: c.id, score: [8, 6, 7, 5][i], comment: `${c.name} note` })));
      const asAdmin = (await call('GET', url('/evaluation'), admin)).json().data;
      expect(asAdmin.role).toBe('admin');
      expect(asAdmin.responses.map((r: { rank: number }) => r.rank)).toEqual([1, 2]);
      const prices = (await call('GET', url(`/responses/${responses.rita}/prices`), owner)).json().data;
      expect(prices).toMatchObject({ sealed: false, totalPence: 3_720_150 });
    });

    it('an evaluator sees the responses and only their own scores, with no totals or ranks', async () => {
      const sheet = (await call('GET', url('/evaluation'), eve)).json().data;
      expect(sheet).toMatchObject({ role: 'evaluator', phase: 'scoring', declaration: 'no-conflict' });
      const rita = sheet.responses.find((r: { id: string }) => r.id === responses.rita);
      expect(rita).toMatchObject({ message: 'We maintain 40 MW across the South West.', total: null, rank: null, averages: {}, sheets: [] });
      expect(rita.myScores.map((s: { score: number }) => s.score)).toEqual([6, 8, 7, 5]);
      const otis = sheet.responses.find((r: { id: string }) => r.id === responses.otis);
      expect(otis.myScores).toEqual([]);
    });

    it('an evaluator cannot award; after the award scores are final', async () => {
      expect((await call('POST', url('/award'), eve, { responseId: responses.otis })).statusCode).toBe(404);
      expect((await call('POST', url('/award'), owner, { responseId: responses.otis })).statusCode).toBe(200);
      const res = await call('PUT', url(`/responses/${responses.rita}/scores`), eve, scoresOf([9, 9, 9, 9]));
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(M.scoringFinal);
      expect((await call('GET', url('/evaluation'), owner)).json().data).toMatchObject({ phase: 'final', responses: [expect.objectContaining({ rank: 1 }), expect.anything()] });
      expect((await call('POST', url('/evaluators'), owner, { email: 'una@buyer.example.org' })).json().message).toBe(M.evaluatorsClosed);
    });
  });
});
