/**
 * What `npm run bench` drives: each scenario rotates through realistic requests (never one cached
 * URL). A feature adds its read endpoints here.
 */
export interface BenchRequest {
  method?: 'GET' | 'POST';
  path: string;
  body?: unknown;
  /** Send the signed-in demo provider's session cookie. */
  signedIn?: boolean;
}

export interface Scenario {
  name: string;
  requests: BenchRequest[];
}

export const SCENARIOS: Scenario[] = [
  { name: 'health', requests: [{ path: '/api/health' }, { path: '/api/health/ready' }] },
  { name: 'auth/me (signed out)', requests: [{ path: '/api/auth/me' }] },
  {
    name: 'app shell (history fallback)',
    requests: ['/', '/providers', '/explore-tenders?page=2', '/asset-intel', '/search-parts'].map((path) => ({ path })),
  },
];
