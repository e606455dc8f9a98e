import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HTTPMethods } from 'fastify';
import { boundContracts, plannedCalls } from '@solar/shared/contracts/index';
import { createTestApp, type TestApp } from './harness';

/**
 * Walks the contracts table against the running app: every contract is a registered route, every
 * planned spec call is not yet (so a built call must move into the table), and public GET calls
 * without parameters answer with exactly their declared shape.
 */
describe('contracts table', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const entries = boundContracts;

  it('has no duplicate method and path', () => {
    const keys = [...entries.map(([, c]) => `${c.method} ${c.path}`), ...plannedCalls.map((c) => `${c.method} ${c.path}`)];
    expect(new Set(keys).size).toBe(keys.length);
  });

  it.each(entries)('%s is a registered route', (_name, contract) => {
    expect(t.app.hasRoute({ method: contract.method as HTTPMethods, url: contract.path })).toBe(true);
  });

  it.each(plannedCalls.map((c) => [`${c.method} ${c.path} (issue ${c.issue})`, c] as const))(
    '%s is planned and not yet registered',
    (_label, call) => {
      expect(t.app.hasRoute({ method: call.method as HTTPMethods, url: call.path })).toBe(false);
    },
  );

  const publicGets = entries.filter(([, c]) => c.method === 'GET' && c.access === 'public' && !c.params && !c.produces);
  it.each(publicGets)('%s answers with its declared shape', async (_name, contract) => {
    const res = await t.app.inject({ method: 'GET', url: contract.path });
    const schema = contract.response[res.statusCode];
    expect(schema, `status ${res.statusCode} is declared`).toBeDefined();
    // A download (the exports' CSV, decision 0491) is checked as the text it is; everything else as JSON.
    const body = String(res.headers['content-type']).includes('json') ? res.json() : res.body;
    const parsed = schema!.safeParse(body);
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
  });

  it.each(entries.filter(([, c]) => c.access !== 'public'))('%s refuses a visitor with 401', async (_name, contract) => {
    const url = contract.path.replace(/:(\w+)/g, '00000000-0000-0000-0000-000000000000');
    const res = await t.app.inject({ method: contract.method as HTTPMethods, url, payload: contract.method === 'GET' ? undefined : {} });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false, message: expect.any(String) });
  });
});
