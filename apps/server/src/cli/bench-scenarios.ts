import { assetsBenchScenarios } from '../features/assets/assets.bench';
import { geoBenchScenarios } from '../features/geo/geo.bench';
import { partsBenchScenarios } from '../features/parts/parts.bench';
import { providersBenchScenarios } from '../features/providers/providers.bench';
import { tendersBenchScenarios } from '../features/tenders/tenders.bench';

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
  headers?: Record<string, string>;
}

export interface Scenario {
  name: string;
  /** Fixed requests, or a function that builds them from the running server (real ids). */
  requests: BenchRequest[] | ((get: (path: string) => Promise<unknown>) => Promise<BenchRequest[]>);
}

export const SCENARIOS: Scenario[] = [
  { name: 'health', requests: [{ path: '/api/health' }, { path: '/api/health/ready' }] },
  { name: 'auth/me (signed out)', requests: [{ path: '/api/auth/me' }] },
  { name: 'auth/me (signed in)', requests: [{ path: '/api/auth/me', signedIn: true }] },
  {
    // argon2id cost per sign-in. Each request comes from its own forwarded address (the bench
    // server trusts the proxy header) so the per-IP limit does not turn the run into 429s;
    // successful sign-ins never count towards the per-account failure limit.
    name: 'auth/login (argon2id)',
    requests: Array.from({ length: 2000 }, (_, i) => ({
      method: 'POST' as const,
      path: '/api/auth/login',
      body: { email: 'provider.demo@example.com', password: 'DemoProvider2026' },
      headers: { 'x-forwarded-for': `10.77.${i >> 8}.${i & 255}` },
    })),
  },
  ...providersBenchScenarios,
  ...geoBenchScenarios,
  ...assetsBenchScenarios,
  ...partsBenchScenarios,
  ...tendersBenchScenarios,
  {
    name: 'app shell (history fallback)',
    requests: ['/', '/providers', '/explore-tenders?page=2', '/asset-intel', '/search-parts'].map((path) => ({ path })),
  },
];
