import type { BenchRequest, Scenario } from '../scenario';
import { assetsBenchScenarios } from './assets';
import { providersBenchScenarios } from './providers';
import { tendersBenchScenarios } from './tenders';

type Get = (path: string) => Promise<unknown>;
const fixed = (name: string) => {
  const found = [...providersBenchScenarios, ...assetsBenchScenarios, ...tendersBenchScenarios].find(
    (s) => s.name === name,
  );
  if (!found || typeof found.requests === 'function') throw new Error(`no fixed bench scenario ${name}`);
  return found.requests;
};

/** Real profile and tender ids from the running server, so the detail reads are real pages. */
async function ids(get: Get) {
  const pages = await Promise.all([1, 2, 3].map((page) => get(`/api/providers/search?page=${page}&pageSize=50`)));
  const providers = pages.flatMap((p) => (p as { data: Array<{ id: string }> }).data.map((provider) => provider.id));
  const tenders = ((await get('/api/tenders/public?status=all&limit=50')) as { data: Array<{ id: string }> }).data.map(
    (t) => t.id,
  );
  return { providers, tenders };
}

/** Interleaves the lists by weight, so every window of the rotation has the same mix. */
export function interleave(parts: Array<{ weight: number; requests: BenchRequest[] }>, total: number): BenchRequest[] {
  const out: BenchRequest[] = [];
  const cursors = parts.map(() => 0);
  const sum = parts.reduce((n, p) => n + p.weight, 0);
  for (let i = 0; i < total; i++) {
    // The part whose share so far lags its weight the most goes next.
    let best = 0;
    let lag = -Infinity;
    parts.forEach((p, k) => {
      const l = (p.weight / sum) * (i + 1) - cursors[k]!;
      if (l > lag) [lag, best] = [l, k];
    });
    const part = parts[best]!;
    out.push(part.requests[cursors[best]! % part.requests.length]!);
    cursors[best]! += 1;
  }
  return out;
}

/**
 * Real traffic, as issue 16 describes it: the directory list and map with varied filters, profiles,
 * the tender board and detail, the asset map and projects table, signed-in reads (spread over many accounts) and admin reads, and
 * writes at a set rate beside them (profile edits and tender saves by the demo provider).
 */
export const mixedBenchScenario: Scenario = {
  name: 'mixed traffic',
  requests: async (get) => {
    const { providers, tenders } = await ids(get);
    return interleave(
      [
        { weight: 20, requests: fixed('providers/search (list, rotating)') },
        { weight: 10, requests: fixed('providers/search (map points)') },
        { weight: 15, requests: providers.map((id) => ({ path: `/api/providers/${id}` })) },
        { weight: 15, requests: fixed('tenders/public (rotating filters)') },
        { weight: 10, requests: tenders.map((id) => ({ path: `/api/tenders/${id}` })) },
        { weight: 8, requests: fixed('assets/coordinates (map, rotating)') },
        { weight: 8, requests: fixed('assets/tenders (projects table)') },
        {
          // Spread over the bench's viewer accounts (each its own session), so per-user caching is not flattered.
          weight: 10,
          requests: Array.from({ length: 150 }, (_, i) => ({
            path: ['/api/auth/me', '/api/tenders/saved', '/api/tenders/mine'][i % 3]!,
            viewer: Math.floor(i / 3),
          })),
        },
        {
          weight: 4,
          requests: ['/api/admin/users', '/api/admin/claims', '/api/admin/waiting', '/api/admin/audit-log'].map(
            (path) => ({ path, as: 'admin' as const }),
          ),
        },
      ],
      3000,
    );
  },
  writes: benchWrites,
};

/** The writes beside every mixed run: half profile edits, half tender saves and unsaves by the demo provider. */
export async function benchWrites(get: Get, session: { providerUserId: string }): Promise<BenchRequest[]> {
  const { tenders } = await ids(get);
  const mine = (await get(`/api/providers/user/${session.providerUserId}`)) as {
    data: { providers: Array<{ id: string }> };
  };
  const providerId = mine.data.providers[0]?.id;
  if (!providerId) throw new Error('the demo provider has no provider to edit');
  return Array.from({ length: 200 }, (_, i): BenchRequest => {
    if (i % 2 === 0) {
      return {
        method: 'PATCH',
        path: `/api/providers/${providerId}`,
        body: { description: `Demo provider profile, edited by the mixed-traffic bench (${i}).` },
        signedIn: true,
      };
    }
    const tender = tenders[(i >> 1) % tenders.length]!;
    return {
      method: i % 4 === 1 ? 'PUT' : 'DELETE',
      path: `/api/tenders/${encodeURIComponent(tender)}/saves/saved`,
      signedIn: true,
    };
  });
}
