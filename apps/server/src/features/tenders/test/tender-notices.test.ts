import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKinds, signedInUser, type TestApp } from '../../../../test/harness';
import { importOcdsReleases, readOcdsSource } from '../ocds/ocds-import';
import type { OcdsRelease } from '../ocds/ocds-mapper';
import { OCDS_SAMPLE } from '../tenders.seed';

describe.each(databaseKinds)("an admin's 'not relevant' feeds the next classification on %s (decision 0462)", (kind) => {
  let t: TestApp;
  let releases: OcdsRelease[];
  beforeAll(async () => {
    t = await createTestApp({ kind });
    releases = await readOcdsSource(OCDS_SAMPLE);
    await importOcdsReleases(t.ctx.database, releases, { now: t.ctx.clock.now() });
  });
  afterAll(() => t.close());

  const boardIds = async () => ((await t.app.inject({ url: '/api/tenders/public?status=all&limit=50' })).json().data as Array<{ id: string; externalId: string }>);

  it('takes the notice off the board; its next import, and the same notice published again by the buyer, are dropped with the reason', async () => {
    const admin = await signedInUser(t, { admin: true });
    const user = await signedInUser(t);
    const target = (await boardIds()).find((n) => n.externalId === 'ocds-b5fd17-4ba5eb4d-3644-468c-a358-8dff688fc5c1')!;
    expect(target).toBeDefined();
    // The 'why it matched' line comes with it.
    const before = (await t.app.inject({ url: `/api/tenders/${target.id}` })).json().data;
    expect(before.notice.matchedBecause).toBe("'solar panels' in the description");

    const url = `/api/admin/tenders/${target.id}/not-relevant`;
    expect((await t.app.inject({ method: 'POST', url })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url, headers: { cookie: user.cookie } })).statusCode).toBe(403);
    const done = await t.app.inject({ method: 'POST', url, headers: { cookie: admin.cookie } });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data).toMatchObject({ id: target.id, ocids: [target.externalId] });
    expect((await boardIds()).some((n) => n.id === target.id)).toBe(false);
    expect((await t.app.inject({ url: `/api/tenders/${target.id}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url, headers: { cookie: admin.cookie } })).statusCode).toBe(404);

    // The next import of the sample drops it, with the admin's reason.
    const again = await importOcdsReleases(t.ctx.database, releases, { now: t.ctx.clock.now() });
    expect(again.reasons).toMatchObject({ 'marked not relevant by an admin': 1 });
    expect((await boardIds()).some((n) => n.externalId === target.externalId)).toBe(false);
    // Published again under a new ocid by the same buyer: dropped too. Another buyer's is kept.
    const original = releases.find((r) => r.ocid === target.externalId)!;
    const republished = await importOcdsReleases(
      t.ctx.database,
      [
        { ...original, ocid: 'ocds-b5fd17-republished', id: 'republished-1', date: '2026-01-01T00:00:00Z' },
        { ...original, ocid: 'ocds-b5fd17-other-buyer', id: 'other-1', date: '2026-01-01T00:00:00Z', buyer: { name: 'Another University' }, parties: [] },
      ],
      { now: t.ctx.clock.now() },
    );
    expect(republished).toMatchObject({ inserted: 1, reasons: { 'marked not relevant by an admin': 1 } });
  });

  it('refuses a tender listed here (409) and an unknown id (404)', async () => {
    const admin = await signedInUser(t, { admin: true });
    const [listed] = await t.ctx.database.query<{ id: string }>(
      `INSERT INTO tenders (title, source, type, stage) VALUES ('Listed here', 'Solar Manager', 'open', 'active') RETURNING id`,
    );
    const refused = await t.app.inject({ method: 'POST', url: `/api/admin/tenders/${listed!.id}/not-relevant`, headers: { cookie: admin.cookie } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Only imported notices can be marked not relevant');
    const missing = await t.app.inject({ method: 'POST', url: '/api/admin/tenders/00000000-0000-4000-8000-000000000000/not-relevant', headers: { cookie: admin.cookie } });
    expect(missing.statusCode).toBe(404);
  });
});
