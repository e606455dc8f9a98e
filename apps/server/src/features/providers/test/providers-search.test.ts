import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKinds, type TestApp } from '../../../../test/harness';
import { insertProvider } from '../../../../test/fixtures/providers';

/** One degree of latitude on the spec's sphere (R = 6371 km). */
const KM_PER_DEG = (6371 * Math.PI) / 180;
const MANCHESTER = { lat: 53.4808, lng: -2.2426 };

describe.each(databaseKinds)('directory search semantics on %s (docs/product/providers.md#search)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind });
    const p = (v: Parameters<typeof insertProvider>[1]) => insertProvider(t, v);
    await p({
      businessName: 'Alpha Solar O&M',
      type: 'O&M Provider',
      services: ['Panel Cleaning', 'Drone Surveys'],
      technologies: ['Solar PV', 'BESS'],
      scale: ['Utility'],
      phase: ['Operational'],
      latitude: MANCHESTER.lat,
      longitude: MANCHESTER.lng,
      serviceRadius: 50,
      claimed: true,
      claimApproved: true,
    });
    await p({
      businessName: 'Beta Drones',
      type: 'Drone surverying',
      services: ['Drone Surveys'],
      technologies: ['Solar PV'],
      latitude: 53.7997,
      longitude: -1.5492,
      serviceRadius: -1,
    });
    await p({
      businessName: 'Gamma Installers',
      type: 'Solar Installer',
      services: ['Solar Installation'],
      technologies: ['solar pv'],
      latitude: 51.5074,
      longitude: -0.1278,
      serviceRadius: 30,
    });
    await p({
      businessName: 'Delta Ecology',
      type: 'Ecologist',
      services: ['Ecology & Biodiversity'],
      serviceRadius: 100,
    });
    await p({
      businessName: 'Epsilon Local',
      services: ['Fencing'],
      latitude: MANCHESTER.lat,
      longitude: MANCHESTER.lng,
      serviceRadius: 0,
    });
    await p({
      businessName: 'Zeta Inside Edge',
      services: ['Fencing'],
      latitude: MANCHESTER.lat + 49.9 / KM_PER_DEG,
      longitude: MANCHESTER.lng,
      serviceRadius: 5,
    });
    await p({
      businessName: 'Eta Outside Edge',
      services: ['Fencing'],
      latitude: MANCHESTER.lat + 50.1 / KM_PER_DEG,
      longitude: MANCHESTER.lng,
      serviceRadius: 5,
    });
    await p({
      businessName: 'Theta 100% Solar_Co',
      services: [],
      latitude: null,
      longitude: null,
      serviceRadius: null,
    });
  });
  afterAll(() => t.close());

  const search = async (query: string) => {
    const res = await t.app.inject(`/api/providers/search?pageSize=60&${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as {
      data: Array<{ businessName: string }>;
      pagination: { page: number; pages: number; total: number };
    };
  };
  const names = async (query: string) => (await search(query)).data.map((p) => p.businessName).sort();
  const centre = `locationCenter=${MANCHESTER.lng},${MANCHESTER.lat}`;

  it.each([
    ['no filters', '', 8],
    ['company substring, case-insensitive', 'companies=ALPHA', ['Alpha Solar O&M']],
    ['any selected company', 'companies=alpha&companies=beta', ['Alpha Solar O&M', 'Beta Drones']],
    ['LIKE wildcards are literal', 'companies=%25', ['Theta 100% Solar_Co']],
    ['underscore is literal', 'companies=r_c', ['Theta 100% Solar_Co']],
    ['service substring', 'services=drone', ['Alpha Solar O&M', 'Beta Drones']],
    ['list view: any selected service', 'services=drone&services=cleaning', ['Alpha Solar O&M', 'Beta Drones']],
    ['a service query never spans two items', 'services=cleaningdrone', []],
    [
      'type: any one of the selected',
      'types=O%26M%20Provider&types=Drone%20surverying',
      ['Alpha Solar O&M', 'Beta Drones'],
    ],
    ['type is case-insensitive', 'types=o%26m%20provider', ['Alpha Solar O&M']],
    ['filter type Installer matches create-form Solar Installer', 'types=Installer', ['Gamma Installers']],
    ['technologies: all selected included', 'technologies=Solar%20PV&technologies=BESS', ['Alpha Solar O&M']],
    [
      'technologies case-insensitive',
      'technologies=SOLAR%20PV',
      ['Alpha Solar O&M', 'Beta Drones', 'Gamma Installers'],
    ],
    ['scales: all selected', 'scales=Utility', ['Alpha Solar O&M']],
    ['phases: all selected', 'phases=Operational&phases=Construction', []],
    [
      'radius 50: local inside, countrywide; not outside edge, no radius, no coordinates',
      `${centre}&radius=50`,
      ['Alpha Solar O&M', 'Beta Drones', 'Zeta Inside Edge'],
    ],
    [
      'radius 300 reaches London and the outside edge',
      `${centre}&radius=300`,
      ['Alpha Solar O&M', 'Beta Drones', 'Eta Outside Edge', 'Gamma Installers', 'Zeta Inside Edge'],
    ],
    ['radius defaults to 50 with a centre', centre, ['Alpha Solar O&M', 'Beta Drones', 'Zeta Inside Edge']],
    ['an invalid centre sets no location filter', 'locationCenter=abc&radius=25', 8],
    ['filters combine with AND', `${centre}&radius=50&services=drone&technologies=BESS`, ['Alpha Solar O&M']],
  ] as const)('%s', async (_label, query, expected) => {
    if (typeof expected === 'number') expect((await search(query)).pagination.total).toBe(expected);
    else expect(await names(query)).toEqual([...expected].sort());
  });

  it('map view: every selected service must match, answering compact points', async () => {
    const res = await t.app.inject('/api/providers/search?mode=map&services=drone&services=cleaning');
    const body = res.json();
    expect(body.data).toEqual([
      expect.objectContaining({
        businessName: 'Alpha Solar O&M',
        position: [MANCHESTER.lng, MANCHESTER.lat],
        radius: 50,
        countrywide: false,
      }),
    ]);
    const all = (await t.app.inject('/api/providers/search?mode=map')).json();
    expect(all.data.find((p: { businessName: string }) => p.businessName === 'Beta Drones').countrywide).toBe(true);
    // Points without coordinates cannot be drawn.
    expect(all.data.map((p: { businessName: string }) => p.businessName)).not.toContain('Delta Ecology');
  });

  it('a typed location without a centre is geocoded with the gazetteer', async () => {
    const found = await names('location=Manchester&radius=50');
    expect(found).toEqual(expect.arrayContaining(['Alpha Solar O&M', 'Beta Drones']));
    expect(found).not.toContain('Gamma Installers');
    expect(found).not.toContain('Delta Ecology');
  });

  it('default order puts claim-approved first, then completeness; sort=name is A to Z', async () => {
    const byDefault = (await search('')).data.map((p) => p.businessName);
    expect(byDefault[0]).toBe('Alpha Solar O&M');
    const byName = (await search('sort=name')).data.map((p) => p.businessName);
    expect(byName).toEqual([...byName].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
  });

  it('paginates with page, pages and total (page size 9 by default)', async () => {
    const first = (await t.app.inject('/api/providers/search')).json();
    expect(first.data).toHaveLength(8);
    expect(first.pagination).toEqual({ page: 1, pages: 1, total: 8 });
    const page2 = (await t.app.inject('/api/providers/search?pageSize=3&page=2&sort=name')).json();
    expect(page2.pagination).toEqual({ page: 2, pages: 3, total: 8 });
    expect(page2.data.map((p: { businessName: string }) => p.businessName)).toEqual([
      'Epsilon Local',
      'Eta Outside Edge',
      'Gamma Installers',
    ]);
    const beyond = (await t.app.inject('/api/providers/search?page=9')).json();
    expect(beyond.data).toEqual([]);
  });

  it('refuses an unknown sort or mode with 400, never a 500', async () => {
    expect((await t.app.inject('/api/providers/search?sort=evil')).statusCode).toBe(400);
    expect((await t.app.inject('/api/providers/search?mode=x')).statusCode).toBe(400);
    expect((await t.app.inject('/api/providers/search?pageSize=1000')).statusCode).toBe(400);
    expect((await t.app.inject("/api/providers/search?companies=' OR 1=1 --")).json().data).toEqual([]);
  });

  it('GET /api/providers and /public keep { success, data } and are bounded by page and limit', async () => {
    const all = (await t.app.inject('/api/providers')).json();
    expect(all.success).toBe(true);
    expect(all.data).toHaveLength(8);
    expect(all.data[0]).toHaveProperty('service_radius');
    expect(all.data[0]).toHaveProperty('industry_associations');
    const limited = (await t.app.inject('/api/providers/public?limit=3&page=2')).json();
    expect(limited.data).toHaveLength(3);
    expect((await t.app.inject('/api/providers?limit=5001')).statusCode).toBe(400);
  });
});
