import { afterEach, describe, expect, it } from 'vitest';
import { createCompaniesHouseClient } from '../companies-house.client';
import { FIXTURE_BAD_JSON, FIXTURE_SERVER_ERROR, startCompaniesHouseFixture, type CompaniesHouseFixture } from '../companies-house-fixture';

/** The Companies House client against the local server speaking the documented API (decision 0481). */
describe('Companies House client', () => {
  let fixture: CompaniesHouseFixture | undefined;
  afterEach(async () => {
    await fixture?.close();
    fixture = undefined;
  });
  const client = (f: CompaniesHouseFixture, extra: Partial<Parameters<typeof createCompaniesHouseClient>[0]> = {}) =>
    createCompaniesHouseClient({ baseUrl: f.url, apiKey: f.key, ...extra });

  it('reads the company profile, officers and insolvency record in their documented shapes, with the key as Basic user name', async () => {
    fixture = await startCompaniesHouseFixture();
    const c = client(fixture);
    const profile = await c.company('SC512345');
    expect(profile).toMatchObject({ ok: true, data: { company_name: 'GLEN RENEWABLES LIMITED', company_status: 'active', has_insolvency_history: true, accounts: { overdue: true } } });
    const officers = await c.officers('SC512345');
    expect(officers).toMatchObject({ ok: true, data: { items: [{ name: 'MACLEOD, Iona' }] } });
    expect(await c.insolvency('SC512345')).toMatchObject({ ok: true, data: { cases: [{ type: 'creditors-voluntary-liquidation' }] } });
    // No insolvency record is a 404 at the API and "none" to the caller.
    expect(await c.insolvency('09446231')).toEqual({ ok: true, data: null });
    expect(fixture.requests).toContain('/company/SC512345/officers?items_per_page=100');
  });

  it('a wrong key is refused (401), a missing company is not-found (404), a 500 is unavailable, a body that is not JSON is a bad answer', async () => {
    fixture = await startCompaniesHouseFixture();
    expect(await client(fixture, { apiKey: 'wrong' }).company('09446231')).toMatchObject({ ok: false, kind: 'refused' });
    const c = client(fixture);
    expect(await c.company('01234567')).toMatchObject({ ok: false, kind: 'not-found', message: 'No company with this number at Companies House' });
    expect(await c.company(FIXTURE_SERVER_ERROR)).toMatchObject({ ok: false, kind: 'unavailable', message: 'Companies House answered HTTP 500' });
    expect(await c.company(FIXTURE_BAD_JSON)).toMatchObject({ ok: false, kind: 'bad-answer', message: 'Companies House sent an answer that is not JSON' });
  });

  it('after a 429 it sends nothing more until the window the API names has passed', async () => {
    fixture = await startCompaniesHouseFixture({ limit: 2 });
    let now = Date.now();
    // This client does not count for itself (a larger budget than the server's), so the server's 429 is what stops it.
    const c = client(fixture, { now: () => now, limits: { requestsPerWindow: 100, windowMs: 300_000 } });
    expect((await c.company('09446231')).ok).toBe(true);
    // The second answer says none remain: the client stops there without asking again.
    expect((await c.company('09446231')).ok).toBe(true);
    const third = await c.company('09446231');
    expect(third).toMatchObject({ ok: false, kind: 'rate-limited' });
    expect(fixture.requests).toHaveLength(2);
    // Once the named reset has passed (by the client's clock) it asks again; this server's window is still on.
    now += 301_000;
    expect(await c.company('09446231')).toMatchObject({ ok: false, kind: 'rate-limited', message: expect.stringContaining('HTTP 429') });
    expect(fixture.requests).toHaveLength(3);
  });

  it('answers 429 from the server as rate-limited when the headers did not warn first', async () => {
    fixture = await startCompaniesHouseFixture({ limit: 1 });
    const other = client(fixture);
    await other.company('09446231'); // another process uses the key's budget
    const c = client(fixture);
    const refused = await c.company('09446231');
    expect(refused).toMatchObject({ ok: false, kind: 'rate-limited', message: expect.stringContaining('HTTP 429') });
    expect(fixture.requests).toHaveLength(2);
    expect(await c.company('09446231')).toMatchObject({ ok: false, kind: 'rate-limited' });
    expect(fixture.requests).toHaveLength(2); // not sent again
  });

  it('keeps to 600 requests per 5 minutes by itself', async () => {
    fixture = await startCompaniesHouseFixture({ limit: 1000 });
    let now = 1_000_000;
    const c = client(fixture, { now: () => now, limits: { requestsPerWindow: 5, windowMs: 300_000 } });
    for (let i = 0; i < 5; i++) expect((await c.company('09446231')).ok).toBe(true);
    expect(await c.company('09446231')).toMatchObject({ ok: false, kind: 'rate-limited' });
    expect(fixture.requests).toHaveLength(5);
    now += 300_001;
    expect((await c.company('09446231')).ok).toBe(true);
  });
});
