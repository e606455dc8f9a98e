import type { Scenario } from '../scenario';

const SERVICES = ['Panel Cleaning', 'Drone Surveys', 'solar', 'maintenance', 'Grid Connection'];
const PLACES = [
  { location: 'Bristol', lat: 51.4545, lng: -2.5879 },
  { location: 'Leeds', lat: 53.8008, lng: -1.5491 },
  { location: 'Cardiff', lat: 51.4816, lng: -3.1791 },
];

/** `GET /api/tenders/public` with rotating filters, sorts and pages (issue 8), and the detail call. */
export const tendersBenchScenarios: Scenario[] = [
  {
    name: 'tenders/public (rotating filters)',
    requests: Array.from({ length: 240 }, (_, i) => {
      const q = new URLSearchParams();
      q.set('status', ['open', 'closed', 'all'][i % 3]!);
      if (i % 4 === 1) q.set('source', 'External');
      if (i % 4 === 2) q.set('source', 'Solar Manager');
      if (i % 5 === 0) q.set('service', SERVICES[i % SERVICES.length]!);
      if (i % 7 === 0) {
        const place = PLACES[i % PLACES.length]!;
        q.set('location', place.location);
        q.set('lat', String(place.lat));
        q.set('lng', String(place.lng));
        q.set('radius', String([25, 50, 100, 200, 300][i % 5]));
      }
      if (i % 6 === 0) q.set('minValue', String(10_000 * (1 + (i % 9))));
      if (i % 8 === 0) q.set('maxValue', String(1_000_000));
      q.set('sortBy', i % 2 ? 'closingDate' : 'publishedDate');
      q.set('sortOrder', i % 3 ? 'desc' : 'asc');
      q.set('limit', String([5, 10, 20, 50][i % 4]));
      q.set('page', String(1 + (i % 3)));
      return { path: `/api/tenders/public?${q.toString()}` };
    }),
  },
];
