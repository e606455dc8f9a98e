import type { Scenario } from '../scenario';

/** What people type into the location input: cities, both names, postcodes, typos, counties. */
const QUERIES = (
  'Manchester|Birmingham|Leeds|Glasgow|Edinburgh|Bristol|Cardiff|Belfast|Inverness|Inbhir Nis|Harrogate|Newcastle|' +
  'Nottingham|Sheffield|Exeter|Truro|Norwich|Ipswich|Aberdeen|Swansea|LS1|M1 1AE|EX4|BS1|SW1A|Manchster|Edinborough|' +
  'Birmingam|Harogate|Belfsat|Devon|North Yorkshire|Cornwall|Co. Antrim|South West|Harrogate, North Yorkshire|' +
  'Milton Keynes|St Albans|Newport|Bangor'
).split('|');

/**
 * Geocoding keystroke by keystroke (3 letters, 5 letters, the whole name) with the directory's
 * types, a quarter with limit 1 (profile locations). The list repeats over 40 forwarded address
 * blocks (4,800 addresses, each used once a pass), so the per-IP limit (600 a minute) does not
 * turn a fast run into 429s.
 */
const TYPED = QUERIES.flatMap((q) => [3, 5, q.length].map((n) => q.slice(0, n)));

export const geoBenchScenarios: Scenario[] = [
  {
    name: 'geocode (gazetteer)',
    requests: Array.from({ length: 40 }, (_, block) =>
      TYPED.map((q, i) => ({
        path: `/api/geocode?q=${encodeURIComponent(q)}&types=place&types=locality&types=neighborhood${i % 4 === 0 ? '&limit=1' : ''}`,
        headers: { 'x-forwarded-for': `10.88.${block}.${i}` },
      })),
    ).flat(),
  },
  { name: 'services list', requests: [{ path: '/api/services' }] },
];
