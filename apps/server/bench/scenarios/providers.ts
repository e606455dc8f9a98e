import { snapViewBounds, type Bounds } from '@solar/shared/domain/map-grid';
import type { Scenario } from '../scenario';

const SERVICES = ['Operations & Maintenance', 'Panel Cleaning', 'Drone Surveys', 'Security', 'solar'];
const TECHNOLOGIES = ['Solar PV', 'BESS', 'Hybrid'];
const PHASES = ['Operational', 'Development', 'Construction'];
const PLACES = [
  { location: 'Bristol, City of Bristol', center: '-2.5879,51.4545' },
  { location: 'Leeds, West Yorkshire', center: '-1.5491,53.8008' },
  { location: 'Norwich, Norfolk', center: '1.2974,52.6309' },
  { location: 'Inverness, Highland', center: '-4.2247,57.4778' },
  { location: 'Belfast, Northern Ireland', center: '-5.9301,54.5973' },
];
const COMPANIES = ['solar', 'energy', 'renewable', 'power', 'green'];

/** The directory's list and map searches with rotating, realistic filter mixes (issue 4). */
function searchRequests(mode: 'list' | 'map') {
  return Array.from({ length: 300 }, (_, i) => {
    const q = new URLSearchParams();
    if (i % 3 === 0) q.append('services', SERVICES[i % SERVICES.length]!);
    if (i % 5 === 1) q.append('companies', COMPANIES[i % COMPANIES.length]!);
    if (i % 4 === 2) q.append('technologies', TECHNOLOGIES[i % TECHNOLOGIES.length]!);
    if (i % 6 === 3) q.append('phases', PHASES[i % PHASES.length]!);
    if (i % 2 === 0) {
      const place = PLACES[i % PLACES.length]!;
      q.set('location', place.location);
      q.set('locationCenter', place.center);
      q.set('radius', String([25, 50, 100, 200, 300][i % 5]));
    }
    if (i % 7 === 0) q.set('sort', 'name');
    if (mode === 'list') q.set('page', String(1 + (i % 4)));
    else q.set('mode', 'map');
    return { path: `/api/providers/search?${q}` };
  });
}

/** Views as the map asks for them once an answer is clustered (decision 0387): the UK down to a street. */
const VIEWS: Array<{ bbox: Bounds; zoom: number }> = [
  { bbox: [-11, 49.5, 3, 59.5], zoom: 5 },
  { bbox: [-4, 51, 0.5, 53.5], zoom: 7 },
  { bbox: [-2.9, 53.3, -1.9, 53.7], zoom: 9.5 },
  { bbox: [-1.7, 53.75, -1.45, 53.85], zoom: 12 },
  { bbox: [-0.16, 51.49, -0.1, 51.52], zoom: 14 },
];

/** The map's requests for those views, with the filters of the map scenario, snapped as the web app snaps them. */
function viewRequests() {
  return searchRequests('map').map((r, i) => {
    const view = VIEWS[i % VIEWS.length]!;
    const zoom = Math.floor(view.zoom);
    return { path: `${r.path}&bounds=${snapViewBounds(view.bbox, zoom).join(',')}&zoom=${zoom}` };
  });
}

export const providersBenchScenarios: Scenario[] = [
  { name: 'providers/search (list, rotating)', requests: searchRequests('list') },
  { name: 'providers/search (map points)', requests: searchRequests('map') },
  { name: 'providers/search (map views)', requests: viewRequests() },
  {
    name: 'providers/{id} (profile reads)',
    // Real profile ids, taken from the running server before measuring.
    requests: async (get) => {
      const pages = await Promise.all([1, 2, 3, 4, 5].map((page) => get(`/api/providers/search?page=${page}&pageSize=50`)));
      const ids = pages.flatMap((p) => (p as { data: Array<{ id: string }> }).data.map((provider) => provider.id));
      return ids.map((id) => ({ path: `/api/providers/${id}` }));
    },
  },
];
