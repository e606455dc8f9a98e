import type { Scenario } from '../scenario';

const PRODUCTS = ['Solar Panels', 'Monocrystalline Solar Panels', 'Hybrid Inverters', 'Solar Inverters', 'Microinverters', 'Battery Storage Systems', 'MC4 Connectors'];
const BRANDS = [[], ['Jinko Solar', 'Trina Solar'], ['LONGi'], ['Growatt', 'SolarEdge'], ['Qcells', 'REC', 'JA Solar'], ['Acme Imaginary']];
const SPECS = ['', 'at least 400 W', 'monocrystalline, at least 21% efficiency', 'hybrid, up to 6 kW', 'around 410 W', 'bifacial 550W+'];
const PLACES = ['', 'Leeds, West Yorkshire', 'Bristol, City of Bristol', 'Manchester', 'Cardiff', 'EH1'];

/**
 * Parts search on the bundled catalogue (issue 10: p99 ≤ 100 ms): rotating products, brands,
 * specs, quantities and places. Each request has its own forwarded address so the per-IP search
 * limit does not turn the run into 429s (the bench server trusts the proxy header).
 */
export const partsBenchScenarios: Scenario[] = [
  {
    name: 'parts/search',
    requests: Array.from({ length: 1500 }, (_, i) => ({
      method: 'POST' as const,
      path: '/api/parts/search',
      body: {
        product: PRODUCTS[i % PRODUCTS.length],
        providers: BRANDS[(i >> 1) % BRANDS.length],
        quantity: i % 3 === 0 ? undefined : 1 + (i % 40),
        location: PLACES[(i >> 2) % PLACES.length],
        additionalSpecs: SPECS[(i >> 3) % SPECS.length],
      },
      headers: { 'x-forwarded-for': `10.88.${i >> 8}.${i & 255}` },
    })),
  },
];
