import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_HEADERS } from '@solar/shared/constants/exports';
import { createTestApp, databaseKinds, type TestApp } from '../../../../test/harness';
import { addProvider } from '../../trust/test/helpers';
import { parseCsv } from './csv';

/**
 * A public buyer's awards as a download (decision 0532), through HTTP on a real database: every
 * award notice the buyer published and nothing else (not its open notices, not another buyer's, not
 * a listed tender naming the same organisation), newest first across keyset batches with tied dates,
 * suppliers linked to profiles as the buyer page links them, formula-safe, capped with the notice.
 */
describe.each(databaseKinds)("a buyer's awards export on %s", (kind) => {
  let t: TestApp;
  let linkedSlug: string;
  const CAP = 1100;
  const MANY = 1200;
  const get = (url: string) => t.app.inject({ url });
  /** The awards the export must hold, in its order, read straight from the table. */
  const expected = (slug: string) =>
    t.ctx.database.query<{ id: string }>(
      `SELECT id::text AS id FROM tenders WHERE source = 'External' AND stage = 'awarded' AND buyer_slug(organisation_name) = $1 ORDER BY published_date DESC, id DESC`,
      [slug],
    );

  beforeAll(async () => {
    t = await createTestApp({ kind, env: { EXPORT_MAX_ROWS: String(CAP) } });
    const db = t.ctx.database;
    // A large buyer: 1,200 awards, many published at the same microsecond (keyset ties broken by id).
    await db.query(
      `INSERT INTO tenders (title, source, stage, organisation_name, published_date, award_value, award_date, external_id, award_suppliers)
       SELECT 'Keyset award ' || i, 'External', 'awarded', 'Keyset County Council',
              timestamptz '2025-01-31 10:00:00.123456+00' - (i % 7) * interval '1 day', 1000 + i, timestamptz '2025-02-01 00:00:00+00',
              'keyset-award-' || i, jsonb_build_array(jsonb_build_object('name', 'Supplier ' || i))
         FROM generate_series(1, ${MANY}) AS i`,
    );
    // A small buyer, with what must not be exported beside its awards.
    const linked = await addProvider(t, 'Linked Solar Ltd', null);
    linkedSlug = linked.slug;
    await db.query(`UPDATE providers SET company_number = '07654321' WHERE id = $1`, [linked.id]);
    await db.query(
      `INSERT INTO tenders (title, source, stage, organisation_name, published_date, award_value, award_date, start_date, end_date, external_id, notice_url, award_suppliers)
       VALUES ('=HYPERLINK("http://evil.example","Roof panels")', 'External', 'awarded', 'Small Parish Council', '2025-03-01T09:00:00Z', 25000.5, '2025-03-02T00:00:00Z', '2025-04-01T00:00:00Z', '2027-03-31T00:00:00Z',
               'small-award-1', 'https://www.find-tender.service.gov.uk/Notice/1',
               '[{"name": "Linked Solar Ltd", "id": "07654321", "scheme": "GB-COH"}, {"name": "+Other Supplier"}]'::jsonb),
              ('Older maintenance', 'External', 'awarded', 'Small Parish Council', '2024-06-01T09:00:00Z', NULL, NULL, NULL, NULL, 'small-award-2', NULL, '[]'::jsonb),
              ('Open notice, not awarded', 'External', 'active', 'Small Parish Council', '2025-05-01T09:00:00Z', NULL, NULL, NULL, NULL, 'small-open-1', NULL, '[]'::jsonb),
              ('Another buyer award', 'External', 'awarded', 'Other Borough Council', '2025-05-01T09:00:00Z', 10, NULL, NULL, NULL, 'other-award-1', NULL, '[]'::jsonb)`,
    );
    await db.query(
      `INSERT INTO tenders (title, source, stage, organisation_name, published_date) VALUES ('Listed tender, same name', 'Solar Manager', 'awarded', 'Small Parish Council', now())`,
    );
  });
  afterAll(() => t.close());

  it('holds every award of the buyer and nothing else, newest first, with suppliers linked as on the buyer page', async () => {
    const res = await get('/api/exports/buyers/small-parish-council/awards');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="awards-small-parish-council-\d{4}-\d{2}-\d{2}\.csv"$/);
    const [head, ...rows] = parseCsv(res.body);
    expect(head).toEqual(['Title', 'Awarded', 'Value (GBP)', 'Starts', 'Ends', 'Suppliers', 'Supplier Profiles', 'Extension Options', 'Original Notice', 'Tender Page', 'Tender ID']);
    expect(rows.map((r) => r[0])).toEqual(['\'=HYPERLINK("http://evil.example","Roof panels")', 'Older maintenance']);
    const [first] = rows;
    expect(first!.slice(1, 7)).toEqual(['02/03/2025', '25000.5', '01/04/2025', '31/03/2027', "Linked Solar Ltd; +Other Supplier", `${t.ctx.env.PUBLIC_URL}/providers/${linkedSlug}`]);
    expect(first![8]).toBe('https://www.find-tender.service.gov.uk/Notice/1');
    expect(rows.map((r) => r[10])).toEqual((await expected('small-parish-council')).map((r) => r.id));
    expect(res.headers[EXPORT_HEADERS.total.toLowerCase()]).toBe('2');
    expect(res.headers[EXPORT_HEADERS.truncated.toLowerCase()]).toBeUndefined();

    const json = (await get('/api/exports/buyers/small-parish-council/awards?format=json')).json();
    expect(json).toMatchObject({ rows: 2, total: 2, truncated: false });
    expect(json.data[0]).toMatchObject({ awardedOn: '2025-03-02', value: 25000.5, suppliers: ['Linked Solar Ltd', '+Other Supplier'] });
    expect(json.data[1]).toMatchObject({ title: 'Older maintenance', value: null, awardedOn: null, supplierProfiles: [] });
  });

  it('reads a large buyer in keyset batches without skipping or repeating an award, and says where the cap cut it', async () => {
    const res = await get('/api/exports/buyers/keyset-county-council/awards');
    expect(res.statusCode).toBe(200);
    const [, ...rows] = parseCsv(res.body);
    const ids = rows.map((r) => r[10]);
    expect(ids).toHaveLength(CAP);
    expect(new Set(ids).size).toBe(CAP);
    expect(ids).toEqual((await expected('keyset-county-council')).slice(0, CAP).map((r) => r.id));
    expect(res.headers[EXPORT_HEADERS.truncated.toLowerCase()]).toBe('true');
    expect(res.headers[EXPORT_HEADERS.notice.toLowerCase()]).toBe(`This export holds the first 1,100 of ${MANY.toLocaleString('en-GB')} rows. Narrow the filters to export the rest.`);
    const json = (await get('/api/exports/buyers/keyset-county-council/awards?format=json')).json();
    expect(json).toMatchObject({ rows: CAP, total: MANY, truncated: true });
  });

  it('answers 404 for a buyer that published nothing, and 400 for a format it does not know, for everyone', async () => {
    const missing = await get('/api/exports/buyers/no-such-buyer/awards');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ success: false, message: 'Buyer not found' });
    expect((await get('/api/exports/buyers/small-parish-council/awards?format=xlsx')).statusCode).toBe(400);
  });
});
