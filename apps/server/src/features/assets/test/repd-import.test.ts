import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKinds, type TestApp } from '../../../../test/harness';
import { buildRepdFixtureReleases } from '../repd-fixture-releases';
import { importRepdParsed, sha256Of } from '../repd-import';
import { parseRepd, type RepdParseResult } from '../repd-parse';

/**
 * The import's own writes on a few hundred rows of the bundled release (the full file is imported
 * by assets.test.ts): columns sent as arrays keep every value exactly, and the map cells and the
 * Insights tables are rebuilt only when a statement wrote asset rows (migration 0148, decision 0600).
 */

interface State {
  cells: boolean;
  insights: boolean;
  refreshed: string | null;
}
const stateOf = async (t: TestApp): Promise<State> => {
  const [row] = await t.ctx.database.query<State>(
    `SELECT c.stale AS cells, i.stale AS insights, i.refreshed_at::text AS refreshed FROM asset_map_cells_state c, asset_insights_state i`,
  );
  return row!;
};

describe.each(databaseKinds)('the REPD import on %s', (kind) => {
  let t: TestApp;
  let parsed: RepdParseResult;
  let body: Buffer;
  const file = () => ({ release: 'repd-fixture', fileName: 'repd-fixture.csv', sha256: sha256Of(body) });

  beforeAll(async () => {
    t = await createTestApp({ kind });
    body = buildRepdFixtureReleases(300).first.body;
    parsed = parseRepd(body);
    const report = await importRepdParsed(t.ctx, parsed, file());
    expect(report.inserted).toBe(parsed.records.length);
  });
  afterAll(() => t.close());

  it('stores every column of every record as parsed, whatever characters its text holds', async () => {
    const [first, second] = parsed.records;
    const awkward = {
      ...first!,
      siteName: 'Quote " back\\slash, {brace} and comma',
      repdOperator: 'NULL',
      address: '',
      county: null,
      installedCapacity: 0.1 + 0.2,
      extra: { note: 'a "quoted", {braced} \\ value', empty: '' },
      contentHash: `${first!.contentHash}-awkward`,
    };
    const changed = { ...parsed, records: [awkward, ...parsed.records.slice(1)] };
    expect(await importRepdParsed(t.ctx, changed, file())).toMatchObject({ inserted: 0, updated: 1 });
    const rows = await t.ctx.database.query<Record<string, unknown>>(
      `SELECT site_name, repd_operator, address, county, installed_capacity, extra, record_last_updated::text AS record_last_updated, latitude
       FROM assets WHERE repd_ref_id = $1 OR repd_ref_id = $2 ORDER BY repd_ref_id = $1 DESC`,
      [awkward.repdRefId, second!.repdRefId],
    );
    expect(rows[0]).toEqual({
      site_name: awkward.siteName,
      repd_operator: 'NULL',
      address: '',
      county: null,
      installed_capacity: 0.30000000000000004,
      extra: awkward.extra,
      record_last_updated: awkward.recordLastUpdated,
      latitude: awkward.latitude,
    });
    expect(rows[1]).toMatchObject({ site_name: second!.siteName, installed_capacity: second!.installedCapacity, record_last_updated: second!.recordLastUpdated });
    // Back to the release as published, so the next test starts from it.
    expect(await importRepdParsed(t.ctx, parsed, file())).toMatchObject({ inserted: 0, updated: 1 });
  });

  it('a release that changes no row leaves the map cells and the Insights tables fresh: neither is rebuilt', async () => {
    const before = await stateOf(t);
    expect(before).toMatchObject({ cells: false, insights: false });
    expect(before.refreshed).not.toBeNull();
    const [{ n: cells }] = (await t.ctx.database.query<{ n: number }>('SELECT count(*)::int AS n FROM asset_map_cells')) as [{ n: number }];

    const again = await importRepdParsed(t.ctx, parsed, file());
    expect(again).toMatchObject({ inserted: 0, updated: 0, unchanged: parsed.records.length });
    expect(await stateOf(t)).toEqual(before);
    expect(await t.ctx.database.query('SELECT count(*)::int AS n FROM asset_map_cells')).toEqual([{ n: cells }]);
  });

  it('a statement that writes no asset row leaves them fresh; one that inserts, updates or deletes a row marks both stale', async () => {
    const fresh = async () => {
      await importRepdParsed(t.ctx, parsed, file());
      expect(await stateOf(t)).toMatchObject({ cells: false, insights: false });
    };
    const [record] = parsed.records;
    await fresh();
    await t.ctx.database.query(`UPDATE assets SET site_name = 'none' WHERE repd_ref_id = 'no such ref'`);
    await t.ctx.database.query(`DELETE FROM assets WHERE repd_ref_id = 'no such ref'`);
    expect(await stateOf(t)).toMatchObject({ cells: false, insights: false });

    await t.ctx.database.query(`UPDATE assets SET installed_capacity = installed_capacity + 1 WHERE repd_ref_id = $1`, [record!.repdRefId]);
    expect(await stateOf(t)).toMatchObject({ cells: true, insights: true });
    // The import rewrites only a row whose content hash differs, so the edit changes the hash too:
    // the import puts the published capacity back and rebuilds both.
    await t.ctx.database.query(`UPDATE assets SET content_hash = 'edited' WHERE repd_ref_id = $1`, [record!.repdRefId]);
    expect(await importRepdParsed(t.ctx, parsed, file())).toMatchObject({ updated: 1 });
    expect(await stateOf(t)).toMatchObject({ cells: false, insights: false });

    const [copy] = await t.ctx.database.query<{ id: number }>(
      `INSERT INTO assets (repd_ref_id, site_name, content_hash, source_release, imported_at, updated_at)
       VALUES ('test-extra', 'An extra site', 'x', 'test', now(), now()) RETURNING id`,
    );
    expect(await stateOf(t)).toMatchObject({ cells: true, insights: true });
    await fresh();
    await t.ctx.database.query('DELETE FROM assets WHERE id = $1', [copy!.id]);
    expect(await stateOf(t)).toMatchObject({ cells: true, insights: true });
    await fresh();
  });
});
