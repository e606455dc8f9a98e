import type { Scenario } from '../scenario';

const SERVICES = ['Operations & Maintenance', 'Panel Cleaning', 'Drone Surveys', 'Security & CCTV'];
const PLACES = [
  { location: 'Bristol, City of Bristol', center: '-2.5879,51.4545' },
  { location: 'Leeds, West Yorkshire', center: '-1.5491,53.8008' },
  { location: 'Norwich, Norfolk', center: '1.2974,52.6309' },
];

/** The directory as people arrive at it: plain, by service, near a place, later pages. */
function directoryPages() {
  return Array.from({ length: 60 }, (_, i) => {
    const q = new URLSearchParams();
    if (i % 3 === 0) q.append('services', SERVICES[i % SERVICES.length]!);
    if (i % 2 === 0) {
      const place = PLACES[i % PLACES.length]!;
      q.set('location', place.location);
      q.set('locationCenter', place.center);
      q.set('radius', String([25, 50, 100][i % 3]));
    }
    if (i % 4 === 1) q.set('page', String(2 + (i % 3)));
    const query = q.toString();
    return { path: `/providers${query ? `?${query}` : ''}` };
  });
}

/**
 * The server-rendered public pages (decision 0370) as a visitor without a session gets them: HTML
 * with the page's content, kept in the render cache while what it reads is unchanged (decision
 * 0371). "Cold" is each address's first render; the load run is the steady state.
 */
export const pagesBenchScenarios: Scenario[] = [
  { name: 'page: home', requests: [{ path: '/' }] },
  { name: 'page: /providers (rotating filters)', requests: directoryPages() },
  {
    name: 'page: profiles (250 real)',
    requests: async (get) => {
      const pages = await Promise.all([1, 2, 3, 4, 5].map((page) => get(`/api/providers/search?page=${page}&pageSize=50`)));
      const slugs = pages.flatMap((p) => (p as { data: Array<{ id: string; slug: string | null }> }).data.map((provider) => provider.slug || provider.id));
      return slugs.map((slug) => ({ path: `/providers/${encodeURIComponent(slug)}` }));
    },
  },
  { name: 'page: /explore-tenders (pages)', requests: [1, 2, 3].map((page) => ({ path: `/explore-tenders${page > 1 ? `?page=${page}` : ''}` })) },
  {
    name: 'page: tenders (open, real)',
    requests: async (get) => {
      const board = (await get('/api/tenders/public?limit=50')) as { data: Array<{ id: string }> };
      return board.data.map((tender) => ({ path: `/tender/${tender.id}` }));
    },
  },
  {
    name: 'page: services, parts, assets',
    requests: ['/services/list', '/search-parts', '/asset-intel', '/asset-intel?tab=projects'].map((path) => ({ path })),
  },
];
