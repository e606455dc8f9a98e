import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { citationMarkers } from '@solar/shared/domain/parts';
import { createTestApp, databaseKinds, type TestApp } from '../../../../test/harness';
import { importPartsCatalogue } from '../parts.importer';

type Answer = { success: true; data: { content: string; citations: string[] } };

/** Providers around Leeds (53.80, -1.55) and one in Cornwall; radius in km, -1 = everywhere. */
async function insertProviders(t: TestApp) {
  const rows: Array<[string, string, string, string[], number | null, number | null, number | null]> = [
    ['leeds-wholesale', 'Leeds Solar Wholesale', 'Wholesaler', [], 53.8, -1.55, 100],
    ['aire-installers', 'Aire Valley Installers', 'Installer', ['Solar Installation'], 53.85, -1.7, 50],
    ['uk-parts-direct', 'UK Parts Direct', 'Service Provider', ['Spare Parts Supply'], 51.5, -0.1, -1],
    ['kernow-solar', 'Kernow Solar Fitters', 'Solar Installer', [], 50.26, -5.05, 30],
    ['pennine-om', 'Pennine O&M', 'O&M Provider', ['Operations & Maintenance (O&M)'], 53.8, -1.55, 200],
  ];
  for (const [slug, name, type, services, lat, lng, radius] of rows) {
    await t.ctx.database.query(
      `INSERT INTO providers (slug, business_name, type, services, latitude, longitude, service_radius, source) VALUES ($1, $2, $3, $4, $5, $6, $7, 'demo')`,
      [slug, name, type, services, lat, lng, radius],
    );
  }
}

function expectCitationsConsistent({ content, citations }: Answer['data']) {
  const markers = citationMarkers(content);
  expect(markers.length).toBeGreaterThan(0);
  for (const n of markers) {
    expect(n).toBeGreaterThanOrEqual(1);
    expect(n).toBeLessThanOrEqual(citations.length);
  }
  // Every citation is cited, numbered in order of first use.
  const firstUse = [...new Set(markers)];
  expect(firstUse).toEqual(citations.map((_, i) => i + 1));
  for (const url of citations) expect(url).toMatch(/^\/(parts|providers)\/[^/]+$/);
}

describe.each(databaseKinds)('parts search on %s', (kind) => {
  let t: TestApp;
  const search = (payload: unknown) => t.app.inject({ method: 'POST', url: '/api/parts/search', payload: payload as object });
  beforeAll(async () => {
    t = await createTestApp({ kind });
    await importPartsCatalogue(t.ctx.database);
    await insertProviders(t);
  });
  afterAll(() => t.close());

  it('answers panels from two brands with products, totals, nearby suppliers and working citations', async () => {
    const res = await search({ product: 'Solar Panels', providers: ['Jinko Solar', 'Trina Solar'], quantity: 20, location: 'Leeds', additionalSpecs: 'at least 400 W' });
    expect(res.statusCode).toBe(200);
    const body = res.json() as Answer;
    expect(body.success).toBe(true);
    const { content, citations } = body.data;
    expect(content).toMatch(/^## Solar Panels from Jinko Solar, Trina Solar/);
    expect(content).toContain('at least 400 W');
    expect(content).toContain('### Comparison');
    expect(content).toContain('### Total for 20 panels');
    expect(content).toMatch(/\*\*\d+(\.\d+)? kWp\*\* peak DC capacity \[\d+\]/);
    expect(content).toContain('### Suppliers near Leeds');
    expect(content).toContain('**Leeds Solar Wholesale** (Wholesaler), about 0 km away');
    expect(content).toContain('**Aire Valley Installers**');
    expect(content).toContain('**UK Parts Direct** (Service Provider), serves the whole UK');
    expect(content).not.toContain('Kernow');
    expect(content).not.toContain('Pennine');
    // Wholesalers before installers.
    expect(content.indexOf('Leeds Solar Wholesale')).toBeLessThan(content.indexOf('Aire Valley Installers'));
    expectCitationsConsistent(body.data);

    const partUrls = citations.filter((u) => u.startsWith('/parts/'));
    expect(partUrls.length).toBe(5);
    const brands = new Set<string>();
    for (const url of partUrls) {
      const part = await t.app.inject(`/api${url}`);
      expect(part.statusCode).toBe(200);
      const data = part.json().data;
      expect(['Jinko Solar', 'Trina Solar']).toContain(data.manufacturer);
      expect(data.powerW).toBeGreaterThanOrEqual(400);
      brands.add(data.manufacturer);
      // The total line for this product is 20 × its power.
      const kwp = ((20 * data.powerW) / 1000).toFixed(2).replace(/\.?0+$/, '');
      expect(content).toContain(`= **${kwp} kWp**`);
    }
    expect(brands.size).toBe(2);
    expect(citations).toContain('/providers/leeds-wholesale');
  });

  it('applies hybrid and power specs to inverters and totals kW', async () => {
    const res = await search({ product: 'Solar Inverters', providers: ['Growatt'], quantity: 2, additionalSpecs: 'hybrid, up to 6 kW' });
    const { content, citations } = (res.json() as Answer).data;
    expect(content).toContain('hybrid');
    expect(content).toContain('### Total for 2 inverters');
    for (const url of citations.filter((u) => u.startsWith('/parts/'))) {
      const data = (await t.app.inject(`/api${url}`)).json().data;
      expect(data).toMatchObject({ kind: 'inverter', manufacturer: 'Growatt', hybrid: true });
      expect(data.powerW).toBeLessThanOrEqual(6000);
    }
  });

  it('says when nothing matches and suggests the nearest alternatives', async () => {
    const res = await search({ product: 'Solar Panels', providers: ['Jinko Solar'], additionalSpecs: 'at least 900 W' });
    const body = res.json() as Answer;
    expect(body.data.content).toContain('No catalogue PV module matches');
    expect(body.data.content).toContain('### Nearest alternatives');
    expect(body.data.content).toContain('Jinko Solar');
    expectCitationsConsistent(body.data);
  });

  it('names brands the catalogue does not hold', async () => {
    const res = await search({ product: 'Solar Panels', providers: ['Acme Imaginary'] });
    const { content } = (res.json() as Answer).data;
    expect(content).toContain('holds no PV module data for **Acme Imaginary**');
    expect(content).toContain('### Nearest alternatives');
  });

  it('answers other categories from the directory, labelled, and says no product data is held', async () => {
    const res = await search({ product: 'MC4 Connectors', location: 'Leeds' });
    const { content, citations } = (res.json() as Answer).data;
    expect(content).toContain('No product data is held for **MC4 Connectors**');
    expect(content).toContain('### Suppliers from the directory near Leeds');
    expect(citations.every((u) => u.startsWith('/providers/'))).toBe(true);
    expect(citations.length).toBeGreaterThan(0);
  });

  it('escapes markdown and HTML typed by the user', async () => {
    const res = await search({ product: '<img src=x onerror=alert(1)>', providers: ['[evil](javascript:alert(1))'] });
    const { content } = (res.json() as Answer).data;
    expect(content).not.toMatch(/(?<!\\)<img/);
    expect(content).not.toMatch(/(?<!\\)\]\(javascript/);
    expect(content).toContain('\\<img');
  });

  it("refuses a missing product with 'Please select a product' and bad quantities", async () => {
    for (const payload of [{ product: '' }, { product: '   ' }, {}]) {
      const res = await search(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ success: false, message: 'Please select a product' });
    }
    for (const quantity of ['10', -1, 2.5]) {
      const res = await search({ product: 'Solar Panels', quantity });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/Quantity/);
    }
    expect((await search({ product: 'Solar Panels', quantity: null })).statusCode).toBe(200);
    expect((await search({ product: 'Solar Panels', isAdmin: true })).statusCode).toBe(400);
  });

  it('answers an unknown product page with 404', async () => {
    const res = await t.app.inject('/api/parts/nope-000000');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, message: 'Part not found' });
  });

  it('rate limits searches per IP', async () => {
    let limited = null;
    for (let i = 0; i < 40 && !limited; i++) {
      const res = await search({ product: 'MC4 Connectors' });
      if (res.statusCode === 429) limited = res;
    }
    expect(limited?.json().message).toMatch(/Too many requests/);
  });
});

describe('external answer service', () => {
  let t: TestApp;
  let server: Server;
  let reply: (body: { messages: Array<{ content: string }> }) => { status: number; body: unknown; delayMs?: number };
  const received: Array<{ auth?: string; body: { model: string; messages: Array<{ role: string; content: string }> } }> = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      let raw = '';
      req.on('data', (c) => (raw += c));
      req.on('end', () => {
        const body = JSON.parse(raw);
        received.push({ auth: req.headers.authorization, body });
        const r = reply(body);
        setTimeout(() => {
          res.writeHead(r.status, { 'content-type': 'application/json' });
          res.end(JSON.stringify(r.body));
        }, r.delayMs ?? 0);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    t = await createTestApp({
      env: { PARTS_ANSWER_URL: `http://127.0.0.1:${port}/v1/chat/completions`, PARTS_ANSWER_KEY: 'test-key', PARTS_ANSWER_MODEL: 'fake-1', PARTS_ANSWER_TIMEOUT_MS: '2000' },
    });
    await insertProviders(t);
  });
  afterAll(async () => {
    await t.close();
    server.close();
  });
  const ask = () => t.app.inject({ method: 'POST', url: '/api/parts/search', payload: { product: 'MC4 Connectors', location: 'Leeds' } });

  it("uses the service's answer, keeping the catalogue's citations", async () => {
    reply = () => ({ status: 200, body: { choices: [{ message: { content: '## MC4 connectors\n\n**Leeds Solar Wholesale** stocks them [1].' } }] } });
    const body = (await ask()).json() as Answer;
    expect(body.data.content).toBe('## MC4 connectors\n\n**Leeds Solar Wholesale** stocks them [1].');
    expect(body.data.citations[0]).toBe('/providers/leeds-wholesale');
    const last = received.at(-1)!;
    expect(last.auth).toBe('Bearer test-key');
    expect(last.body.model).toBe('fake-1');
    expect(last.body.messages[1]!.content).toContain('[1] /providers/leeds-wholesale');
  });

  it('falls back to the catalogue answer on an invented citation, an error, a timeout or a malformed body', async () => {
    const cases: Array<typeof reply> = [
      () => ({ status: 200, body: { choices: [{ message: { content: 'Buy here [42]' } }] } }),
      () => ({ status: 500, body: { error: 'boom' } }),
      () => ({ status: 200, body: { choices: [{ message: { content: 'late [1]' } }] }, delayMs: 3000 }),
      () => ({ status: 200, body: { nothing: true } }),
    ];
    for (const c of cases) {
      reply = c;
      const res = await ask();
      expect(res.statusCode).toBe(200);
      const { content } = (res.json() as Answer).data;
      expect(content).toContain('No product data is held for **MC4 Connectors**');
    }
    expect(t.logs.join('')).toContain('answer service failed');
    expect(t.logs.join('')).not.toContain('test-key');
  });
});
