import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInUser, type TestApp } from '../../../../test/harness';
import { seedRepdAssets } from '../../assets/assets.seed';
import { seedOcdsSample } from '../../tenders/tenders.seed';

/** Issue 28 item 2 (decision 0463): what the bundled data put in place at first start is shown as a run; an off source says why in words. */
describe('the Data sources tab after a first start', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await seedOcdsSample(t.ctx);
    await seedRepdAssets(t.ctx);
  }, 120_000);
  afterAll(() => t.close());

  it('lists the start-up imports, each source off with the reason and the setting that switches it on', async () => {
    const admin = await signedInUser(t, { admin: true });
    const res = await t.app.inject({ url: '/api/admin/data-sources', headers: { cookie: admin.cookie } });
    expect(res.statusCode, res.body).toBe(200);
    const byId = Object.fromEntries((res.json().data as Array<{ id: string }>).map((s) => [s.id, s])) as Record<string, Record<string, unknown>>;
    expect(byId.repd).toMatchObject({
      enabled: false,
      offReason: 'Off: this deployment does not read Renewable Energy Planning Database.',
      howToSwitchOn: "To switch it on, set REPD_FEED_URL=https://www.gov.uk in the server's environment and restart the server.",
      startupImport: { what: 'the bundled release repd-q4-jan-2025', kept: expect.any(Number) },
    });
    expect((byId.repd!.startupImport as { kept: number }).kept).toBeGreaterThan(11_000);
    expect(byId['contracts-finder']).toMatchObject({ role: 'legacy', startupImport: { what: 'the bundled sample of notices', kept: 5 } });
    expect(byId['find-a-tender']).toMatchObject({ role: 'primary', pacingMs: 10_000, startupImport: null, howToSwitchOn: expect.stringContaining('TENDER_FEEDS=find-a-tender') });
    const kept = ['contracts-finder', 'public-contracts-scotland', 'sell2wales'].reduce((n, id) => n + (byId[id]!.startupImport as { kept: number }).kept, 0);
    expect(kept).toBe(10);
  });
});
