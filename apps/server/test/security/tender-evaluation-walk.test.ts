import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HTTPMethods } from 'fastify';
import { contracts } from '@solar/shared/contracts/index';
import { createTestApp, databaseKinds, signedInUser, type SignedInUser, type TestApp } from '../harness';
import { addProvider, addTender } from '../../src/features/tenders/test/helpers';
import { fixedClock } from '../../src/platform/clock';
import { pdf } from '../fixtures/files';
import { multipart } from '../fixtures/multipart';
import { SAMPLE_BODIES, databaseState, fillPath } from './fixtures';

/**
 * Issue 27 part B's routes in every role (docs/security.md#access-control), while the tender is
 * open: who may read what, who is refused and how, and that nothing of a response (its message,
 * prices or scores) is readable before the closing date by the server's clock, by the owner, an
 * admin or an evaluator. A refusal changes nothing in the database. The route walk
 * (route-walk.test.ts) walks the same routes as user B on user A's private tender.
 */
const ROLES = ['visitor', 'stranger', 'responder', 'pending', 'declared', 'conflicted', 'admin', 'owner'] as const;
type Role = (typeof ROLES)[number];
/** A status, or 'skip' where the call would make a change that the API tests make and check. */
type Expect = Record<Role, number | 'skip'>;
const all = (status: number, overrides: Partial<Expect> = {}): Expect => ({ ...Object.fromEntries(ROLES.map((r) => [r, status])), ...overrides }) as Expect;

const EXPECTED: Record<string, Expect> = {
  getTenderCriteria: all(200, { visitor: 404, stranger: 404, conflicted: 404 }),
  getTenderPricingSchedule: all(200, { visitor: 404, stranger: 404, conflicted: 404 }),
  // Owner: a response has arrived, so the plan is fixed (decisions 0518, 0521).
  updateTenderCriteria: all(404, { visitor: 401, owner: 409 }),
  updateTenderPricingSchedule: all(404, { visitor: 401, owner: 409 }),
  listTenderEvaluators: all(404, { visitor: 401, admin: 200, owner: 200 }),
  // Owner: the sample address is of another organisation.
  inviteTenderEvaluator: all(404, { visitor: 401, owner: 400 }),
  removeTenderEvaluator: all(404, { visitor: 401 }),
  declareTenderInterest: all(404, { visitor: 401, pending: 'skip', declared: 409 }),
  // Sealed: the sheet without any response.
  getTenderEvaluation: all(404, { visitor: 401, pending: 200, declared: 200, admin: 200, owner: 200 }),
  scoreTenderResponse: all(403, { visitor: 401, stranger: 404, conflicted: 404, declared: 409, owner: 409 }),
  // The responder's own; sealed to the owner, admins and declared evaluators; refused before the declaration.
  getTenderResponsePrices: all(404, { visitor: 401, responder: 200, pending: 403, declared: 200, admin: 200, owner: 200 }),
  submitTenderResponsePrices: all(404, { visitor: 401, responder: 'skip' }),
  listEvaluatingTenders: all(200, { visitor: 401 }),
};

describe.each(databaseKinds)('evaluation routes in every role on %s', (kind) => {
  let t: TestApp;
  const clock = fixedClock(new Date('2026-11-23T09:00:00Z'));
  const who = {} as Record<Exclude<Role, 'visitor'>, SignedInUser>;
  let tenderId = '';
  let responseId = '';
  let attachmentId = '';
  let ip = 1;
  const call = (role: Role, method: string, url: string, payload?: object) =>
    t.app.inject({
      method: method as HTTPMethods,
      url,
      remoteAddress: `10.28.${Math.floor(ip / 250) % 250}.${(ip++ % 250) + 1}`,
      ...(payload && { payload }),
      headers: role === 'visitor' ? {} : { cookie: who[role].cookie },
    });

  beforeAll(async () => {
    t = await createTestApp({ kind, clock });
    const user = (name: string, email: string, opts: { admin?: boolean } = {}) => signedInUser(t, { name, email, type: 'representative', ...opts });
    who.owner = await user('Olive Owner', 'olive@walkbuyer.example.org');
    who.pending = await user('Pat Pending', 'pat@walkbuyer.example.org');
    who.declared = await user('Dee Declared', 'dee@walkbuyer.example.org');
    who.conflicted = await user('Con Flicted', 'con@walkbuyer.example.org');
    who.responder = await user('Rob Responder', 'rob@bidder.example.org');
    who.stranger = await user('Stan Stranger', 'stan@walkbuyer.example.org');
    who.admin = await user('Ada Admin', 'ada@admin.example.org', { admin: true });
    const provider = await addProvider(t, { name: 'Rob Renewables', services: ['O&M'], ownerId: who.responder.user.id });
    tenderId = await addTender(t, { title: 'Walked tender', type: 'private', stage: 'active', userId: who.owner.user.id, closingDate: new Date('2026-12-01T12:00:00Z') }, [provider]);
    const setUp = async (role: Role, method: string, url: string, payload: object, status: number) => {
      const res = await call(role, method, url, payload);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(status);
      return res.json();
    };
    await setUp('owner', 'PUT', `/api/tenders/${tenderId}/criteria`, { criteria: [{ name: 'Price', weight: 60 }, { name: 'Quality', weight: 40 }] }, 200);
    const items = (await setUp('owner', 'PUT', `/api/tenders/${tenderId}/pricing-schedule`, { items: [{ description: 'O&M', quantity: 3, unit: 'per year' }] }, 200)).data.items;
    for (const role of ['pending', 'declared', 'conflicted'] as const) await setUp('owner', 'POST', `/api/tenders/${tenderId}/evaluators`, { email: who[role].user.email }, 201);
    await setUp('declared', 'POST', `/api/tenders/${tenderId}/evaluation/declaration`, { decision: 'no-conflict', statementAccepted: true }, 200);
    await setUp('conflicted', 'POST', `/api/tenders/${tenderId}/evaluation/declaration`, { decision: 'conflict', reason: 'I used to work for a bidder.' }, 200);
    responseId = (await setUp('responder', 'PUT', `/api/tenders/${tenderId}/my-responses`, { message: 'rob-sealed-message of the response', priceMinimum: 98_765, leadTimeDays: 3 }, 200)).data.id;
    await setUp('responder', 'PUT', `/api/tenders/${tenderId}/responses/${responseId}/prices`, { prices: [{ itemId: items[0].id, unitPrice: '£43,210' }] }, 200);
    const file = multipart([{ field: 'files', filename: 'rob-method.pdf', bytes: pdf('rob-sealed-attachment'), type: 'application/pdf' }]);
    const uploaded = await t.app.inject({ method: 'POST', url: `/api/tenders/${tenderId}/responses/${responseId}/attachments`, payload: file.payload, headers: { ...file.headers, cookie: who.responder.cookie } });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    attachmentId = uploaded.json().data[0].id;
  });
  afterAll(() => t.close());

  it('every route of the evaluation has an expectation for every role', () => {
    const ours = Object.entries(contracts)
      .filter(([, c]) => /\/(criteria|evaluators|evaluation|evaluating|pricing-schedule|prices|scores)(\/|$)/.test(c.path))
      .map(([name]) => name)
      .sort();
    expect(ours).toEqual(Object.keys(EXPECTED).sort());
  });

  // A response's attachment (decision 0557): the responder's own; sealed to the owner, admins and the
  // declared evaluator (409); refused before the declaration (403); unknown to everyone else.
  it('downloadTenderResponseAttachment: each role gets what it may while sealed, refusals change nothing, nothing leaks', async () => {
    const expected: Record<Role, number> = { visitor: 401, stranger: 404, responder: 200, pending: 403, declared: 409, conflicted: 404, admin: 409, owner: 409 };
    const url = `/api/tenders/${tenderId}/responses/${responseId}/attachments/${attachmentId}`;
    for (const role of ROLES) {
      const before = await databaseState(t);
      const res = await call(role, 'GET', url);
      expect(res.statusCode, `as ${role}: ${res.body.slice(0, 200)}`).toBe(expected[role]);
      if (role === 'responder') expect(res.rawPayload.toString()).toContain('rob-sealed-attachment');
      else {
        expect(res.body).not.toContain('rob-sealed-attachment');
        expect(await databaseState(t), `as ${role} changed the database`).toEqual(before);
      }
    }
  });

  for (const [name, expected] of Object.entries(EXPECTED)) {
    it(`${name}: each role gets what it may, refusals change nothing, nothing sealed leaks`, async () => {
      const contract = contracts[name]!;
      const url = fillPath(contract.path, { id: tenderId, responseId });
      const body = contract.method === 'GET' || contract.method === 'DELETE' ? undefined : (SAMPLE_BODIES[name] as object);
      for (const role of ROLES) {
        const status = expected[role];
        if (status === 'skip') continue;
        const before = await databaseState(t);
        const res = await call(role, contract.method, url, body);
        expect(res.statusCode, `${name} as ${role}: ${res.body.slice(0, 200)}`).toBe(status);
        if (status >= 400) expect(await databaseState(t), `${name} as ${role} changed the database`).toEqual(before);
        // Before the closing date nobody but the responder reads the response's words, price or schedule.
        if (role !== 'responder') for (const secret of ['rob-sealed-message', '98765', '4321000', '12963000']) expect(res.body, `${name} as ${role}`).not.toContain(secret);
      }
    });
  }
});
