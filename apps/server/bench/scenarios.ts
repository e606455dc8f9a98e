import type { Scenario } from './scenario';
import { assetsBenchScenarios } from './scenarios/assets';
import { geoBenchScenarios } from './scenarios/geo';
import { pagesBenchScenarios } from './scenarios/pages';
import { mixedBenchScenario } from './scenarios/mixed';
import { longTailScenario, variedMixScenario } from './scenarios/long-tail';
import { partsBenchScenarios } from './scenarios/parts';
import { providersBenchScenarios } from './scenarios/providers';
import { tendersBenchScenarios } from './scenarios/tenders';

/**
 * What `npm run bench` drives, in order. A feature adds its read endpoints in
 * `scenarios/<feature>.ts` and lists them here; `mixed traffic` draws on them (issue 16).
 */
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
  ...pagesBenchScenarios,
  {
    // Pages rendered in the browser (signed-in areas, forms): the shell, the same for every address.
    name: 'app shell (history fallback)',
    requests: ['/dashboard', '/list-a-tender', '/auth/login', '/provider-create', '/providers/map'].map((path) => ({ path })),
  },
  // Last: their writes change what the scenarios above read. The repeat-heavy mix (issue 16), the same
  // mix with filters varied as users vary them, and the long tail of first-time addresses (issue 26).
  mixedBenchScenario,
  variedMixScenario,
  longTailScenario,
];
