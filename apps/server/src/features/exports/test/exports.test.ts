import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_SORT_KEYS } from '@solar/shared/constants/assets';
import { createTestApp, databaseKinds, signedInUser, type SignedInUser, type TestApp } from '../../../../test/harness';
import { insertTender } from '../../tenders/tenders.repository';
import { BUNDLED_REPD_FILE, importRepdFile } from '../../assets/repd-import';
import { parseCsv } from './csv';

/**
 * Exports of every page's result (decision 0491) through HTTP on a real database: the same rows as
 * the page, in its order; formula-safe text, numbers as numbers, dates as the format says; the cap
 * said in headers and JSON; nothing a caller may not see.
 */

describe.each(databaseKinds)('exports on %s', (kind) => {
  let t: TestApp;
  let owner: SignedInUser;
  let admin: SignedInUser;
  const get = (url: string, cookie?: string) => t.app.inject({ url, headers: cookie ? { cookie } : {} });

  beforeAll(async () => {
    t = await createTestApp({ kind, env: { EXPORT_MAX_ROWS: '2000' } });
    await importRepdFile(t.ctx, BUNDLED_REPD_FILE);
    owner = await signedInUser(t, { type: 'representative' });
    admin = await signedInUser(t, { admin: true });
    const db = t.ctx.database.db;
    const soon = new Date('2026-12-20T12:00:00Z');
    await insertTender(db, { source: 'Solar Manager', type: 'open', title: '=HYPERLINK("http://evil.example","Tender")', description: 'Open to all', userId: owner.user.id, closingDate: soon, contactName: 'Olive Owner', contactEmail: 'olive.private@example.com', valueMinimum: 12500.5, valueMaximum: 20000 }, []);
    await insertTender(db, { source: 'Solar Manager', type: 'private', title: 'private-export-tender', description: 'secret', userId: owner.user.id, closingDate: soon }, []);
    await insertTender(db, { source: 'Solar Manager', type: 'open', stage: 'draft', title: 'draft-export-tender', description: 'draft', userId: owner.user.id, closingDate: soon }, []);
    await insertTender(db, { source: 'External', type: 'open', title: 'Council solar maintenance', description: 'OCDS', organisationName: '@Council', closingDate: soon, contactEmail: 'buyer@council.example.gov.uk', externalId: 'ocds-test-1' }, []);
    await t.ctx.database.query(
      `INSERT INTO providers (slug, business_name, description, location, services, claimed, claim_approved, email)
       VALUES ('formula-solar', '+Formula Solar', 'x', 'Leeds', ARRAY['Panel Cleaning', '-O&M'], false, false, 'hello@formula.example')`,
    );
    // The bundled release's import (with its history, feed and statistics) passed 180 s on PGlite under a loaded machine.
  }, 600_000);
  afterAll(() => t.close());

  describe('the tender board', () => {
    it('holds only what any visitor may see, whoever asks: no private tender or draft, not even for its owner or an admin', async () => {
      for (const cookie of [undefined, owner.cookie, admin.cookie]) {
        const res = await get('/api/exports/tenders?status=all', cookie);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.body).not.toContain('private-export-tender');
        expect(res.body).not.toContain('draft-export-tender');
        expect(res.body).toContain('Council solar maintenance');
      }
      const json = (await get('/api/exports/tenders?status=all&format=json', admin.cookie)).json();
      expect(json.data.map((d: { title: string }) => d.title).sort()).toEqual(['=HYPERLINK("http://evil.example","Tender")', 'Council solar maintenance']);
    });

    it("never holds a listed tender's contact email (signed-in readers of its page only); an imported notice's published contact is kept", async () => {
      const res = await get('/api/exports/tenders?status=all', owner.cookie);
      expect(res.body).not.toContain('olive.private@example.com');
      expect(res.body).toContain('buyer@council.example.gov.uk');
    });

    it('CSV: formula text made inert, values as numbers, dates dd/MM/yyyy; JSON: the text as written and ISO dates', async () => {
      const res = await get('/api/exports/tenders?status=all&sortBy=closingDate&sortOrder=asc');
      expect(res.headers['content-disposition']).toBe('attachment; filename="public-tenders-2026-11-22.csv"');
      const [head, ...rows] = parseCsv(res.body);
      const col = (name: string) => head!.indexOf(name);
      const listed = rows.find((r) => r[col('Title')]!.includes('HYPERLINK'))!;
      expect(listed[col('Title')]).toBe(`'=HYPERLINK("http://evil.example","Tender")`);
      expect(listed[col('Value From (GBP)')]).toBe('12500.5');
      expect(listed[col('Closing')]).toBe('20/12/2026 12:00');
      expect(listed[col('Published')]).toMatch(/^\d\d\/\d\d\/\d{4}$/);
      expect(rows.find((r) => r[col('Organisation')] === "'@Council")).toBeDefined();
      expect(res.body).toContain(',12500.5,20000,');
      const json = (await get('/api/exports/tenders?status=all&format=json')).json();
      const tender = json.data.find((d: { title: string }) => d.title.includes('HYPERLINK'));
      expect(tender).toMatchObject({ title: '=HYPERLINK("http://evil.example","Tender")', valueMinimum: 12500.5, closingDate: '2026-12-20T12:00:00.000Z' });
      expect(tender.publishedDate).toMatch(/^\d{4}-\d\d-\d\d$/);
    });
  });

  describe('the directory', () => {
    it('holds the search result in the list order, from the public fields, formula-safe', async () => {
      const ids: string[] = [];
      for (let page = 1; ; page++) {
        const list = (await get(`/api/providers/search?services=Panel%20Cleaning&pageSize=60&page=${page}`)).json();
        ids.push(...(list.data as Array<{ businessName: string }>).map((p) => p.businessName));
        if (page >= list.pagination.pages) break;
      }
      const res = await get('/api/exports/providers?services=Panel%20Cleaning');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-disposition']).toBe('attachment; filename="providers-2026-11-22.csv"');
      const [head, ...rows] = parseCsv(res.body);
      expect(rows.map((r) => r[0]!.replace(/^'/, ''))).toEqual(ids);
      const formula = rows.find((r) => r[0] === "'+Formula Solar")!;
      expect(formula[head!.indexOf('Services')]).toBe('Panel Cleaning; -O&M');
      expect(formula[head!.indexOf('Profile')]).toBe('http://localhost:3000/providers/formula-solar');
      expect(formula[head!.indexOf('Claimed')]).toBe('FALSE');
      const json = (await get('/api/exports/providers?services=Panel%20Cleaning&format=json')).json();
      expect(json.data.find((p: { businessName: string }) => p.businessName === '+Formula Solar')).toMatchObject({ services: ['Panel Cleaning', '-O&M'], claimed: false });
      expect(res.body).not.toMatch(/password|user_id|userId/i);
    });
  });

  describe('the projects table', () => {
    it.each(PROJECT_SORT_KEYS.flatMap((key) => [`${key}:asc`, `${key}:desc`]))('exports every row once, in the table order (%s)', async (sort) => {
      const [sortBy, sortDirection] = sort.split(':');
      const filter = `sortBy=${sortBy}&sortDirection=${sortDirection}&region=South%20West`;
      const pages: number[] = [];
      for (let offset = 0; ; offset += 100) {
        const page = (await get(`/api/assets/tenders?${filter}&limit=100&offset=${offset}`)).json();
        pages.push(...page.data.map((r: { id: number }) => r.id));
        if (offset + 100 >= page.total) break;
      }
      const res = await get(`/api/assets/tenders?${filter}&format=json`);
      expect(res.headers['content-disposition']).toBe('attachment; filename="tenders-2026-11-22.json"');
      const body = res.json();
      expect(body.data.map((r: { id: number }) => r.id)).toEqual(pages);
      expect(body).toMatchObject({ rows: pages.length, total: pages.length, truncated: false });
    });

    it('caps an export at EXPORT_MAX_ROWS and says so in the headers and the JSON', async () => {
      const all = (await get('/api/assets/tenders?limit=1')).json().total as number;
      expect(all).toBeGreaterThan(2000);
      const csv = await get('/api/assets/tenders?export=true');
      expect(csv.headers['x-export-rows']).toBe('2000');
      expect(csv.headers['x-export-total']).toBe(String(all));
      expect(csv.headers['x-export-truncated']).toBe('true');
      expect(csv.headers['x-export-notice']).toBe(`This export holds the first 2,000 of ${all.toLocaleString('en-GB')} rows. Narrow the filters to export the rest.`);
      expect(parseCsv(csv.body)).toHaveLength(2001);
      const json = (await get('/api/assets/tenders?format=json')).json();
      expect(json).toMatchObject({ rows: 2000, total: all, truncated: true, notice: expect.stringContaining('first 2,000') });
    });
  });

  describe("the map's selection", () => {
    it('holds the assets in the view with the filters; visitors get the public columns, signed-in users the detail too', async () => {
      const view = 'bounds=-6,49.8,-2.5,51.5&technologyTypes=Solar%20Photovoltaics&minCapacity=20';
      const map = (await get(`/api/assets/coordinates?${view}&zoom=8`)).json();
      const visitor = await get(`/api/exports/assets?${view}`);
      expect(visitor.statusCode, visitor.body).toBe(200);
      const [head, ...rows] = parseCsv(visitor.body);
      expect(rows).toHaveLength(map.total);
      expect(head).not.toContain('REPD Ref ID');
      expect(head).not.toContain('Post Code');
      const cap = head!.indexOf('Capacity (MW)');
      expect(rows.every((r) => Number(r[cap]) >= 20)).toBe(true);
      const signedIn = await get(`/api/exports/assets?${view}&format=json`, owner.cookie);
      const json = signedIn.json();
      expect(json.data).toHaveLength(map.total);
      expect(json.data[0]).toMatchObject({ repdRefId: expect.any(String), installedCapacity: expect.any(Number), latitude: expect.any(Number) });
      expect(json.data.map((a: { id: number }) => a.id)).toEqual([...json.data.map((a: { id: number }) => a.id)].sort((a: number, b: number) => a - b));
    });
  });
});
