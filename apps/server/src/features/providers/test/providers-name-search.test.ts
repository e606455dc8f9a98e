import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyNameKey } from '@solar/shared/domain/company-name';
import { rowsOf } from '../../../db/sql-helpers';
import { createTestApp, databaseKinds, type TestApp } from '../../../../test/harness';
import { insertProvider } from '../../../../test/fixtures/providers';

/**
 * Company-name search (issue 28 item 5; decision 0503): 'No matches found' for AMP Clean Energy
 * Services, which is in the directory. The directory's company filter and the name suggestions
 * read a key that ignores case, punctuation, '&'/'and' and 'Ltd'/'Limited', word by word.
 */
const NAMES = [
  'AMP Clean Energy Services',
  'AMP Clean Energy',
  'AMP Energy Services Limited',
  'Pulse Clean Energy',
  'Smith & Sons Solar Ltd',
  "O'Neill Renewables",
  'Hampshire Solar Farms',
];

describe.each(databaseKinds)('company-name search on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind });
    for (const businessName of NAMES) await insertProvider(t, { businessName });
  });
  afterAll(() => t.close());

  const companies = async (...typed: string[]) => {
    const query = typed.map((c) => `companies=${encodeURIComponent(c)}`).join('&');
    const res = await t.app.inject(`/api/providers/search?pageSize=60&${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { data: Array<{ businessName: string }> }).data.map((p) => p.businessName).sort();
  };
  const names = async (q: string) => {
    const res = await t.app.inject(`/api/providers/public/names?q=${encodeURIComponent(q)}`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { success: true; data: string[] }).data;
  };

  it('finds AMP Clean Energy Services however its name is typed', async () => {
    for (const typed of [
      'AMP Clean Energy Services',
      'amp clean energy services',
      'AMP CLEAN ENERGY SERVICES',
      'AMP Clean Energy Services Ltd',
      'AMP Clean Energy Services Limited',
      'A.M.P. Clean Energy Services',
      'AMP Clean Energy & Services',
      'AMP Clean Energy and Services',
      'AMP Clean Services',
      ' AMP  clean-energy services ',
    ]) {
      expect(await companies(typed), typed).toEqual(['AMP Clean Energy Services']);
      expect((await names(typed))[0], typed).toBe('AMP Clean Energy Services');
    }
  });

  it('keeps the spec’s substring rule: any part of a name finds it, several typed names find any of them', async () => {
    expect(await companies('Clean Energy')).toEqual(['AMP Clean Energy', 'AMP Clean Energy Services', 'Pulse Clean Energy']);
    expect(await companies('amp')).toEqual(['AMP Clean Energy', 'AMP Clean Energy Services', 'AMP Energy Services Limited', 'Hampshire Solar Farms']);
    expect(await companies('Smith and Sons Limited', "o'neill")).toEqual(["O'Neill Renewables", 'Smith & Sons Solar Ltd']);
    expect(await companies('Wind Farms')).toEqual([]);
  });

  it('suggests names whose words start with the typed ones first, at most 8, none for no word', async () => {
    expect(await names('amp')).toEqual(['AMP Clean Energy', 'AMP Clean Energy Services', 'AMP Energy Services Limited', 'Hampshire Solar Farms']);
    expect(await names('AMP Energy Services Ltd')).toEqual(['AMP Energy Services Limited', 'AMP Clean Energy Services']);
    expect(await names('  ')).toEqual([]);
    expect(await names('.-.')).toEqual([]);
    const tooLong = await t.app.inject(`/api/providers/public/names?q=${'a'.repeat(201)}`);
    expect(tooLong.statusCode).toBe(400);
  });

  it('keys every name in SQL exactly as the shared TypeScript does', async () => {
    const samples = fc.sample(
      fc.oneof(fc.string({ maxLength: 40 }), fc.string({ unit: 'grapheme', maxLength: 20 }), fc.constantFrom('A.M.P. & Co.', 'İstanbul Énergie', "Sainsbury’s", 'a\tb\nc', 'x__y--z')),
      200,
    );
    const rows = await t.ctx.database.query<{ key: string }>(
      'SELECT provider_name_key(name) AS key FROM unnest($1::text[]) WITH ORDINALITY AS s(name, n) ORDER BY n',
      [samples.map((s) => s.replace(/\u0000/g, ''))],
    );
    expect(rows.map((r) => r.key)).toEqual(samples.map((s) => companyNameKey(s.replace(/\u0000/g, ''))));
  });

  it('the trigram index on the name key serves the filter', async () => {
    await t.ctx.database.exec(
      `INSERT INTO providers (slug, business_name) SELECT 'bulk-' || g, 'Bulk Provider ' || g || ' Limited' FROM generate_series(1, 2000) g;
       ANALYZE providers;`,
    );
    // On a table this small the planner reads it all; with sequential scans off the plan shows the
    // index answers the filter (the planner takes it by itself once a scan costs more).
    const plan = await t.ctx.database.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      const explained = await tx.execute(
        sql.raw("EXPLAIN SELECT id FROM providers WHERE provider_name_key(business_name) LIKE '%clean%' AND provider_name_key(business_name) LIKE '%amp%'"),
      );
      return rowsOf<Record<string, string>>(explained).map((r) => Object.values(r)[0]).join('\n');
    });
    expect(plan).toContain('providers_name_key_trgm_idx');
    expect(await companies('AMP Clean Energy Services Ltd')).toEqual(['AMP Clean Energy Services']);
  });
});
