import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { base, check, LOAD_SECONDS } from '../config';
import { rss, withDemoProvider } from '../servers';
import { BOTH, type ReliabilityStep } from '../step';

interface LoadRequest {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: () => string;
}

/** LOAD_SECONDS of mixed reads and writes at 16 connections: no 5xx, no error, no timeout; memory sampled. */
export const load: ReliabilityStep = {
  name: 'load',
  databases: BOTH,
  target: 'load',
  run: (target) =>
    withDemoProvider(target, async ({ child, cookie, provider }) => {
      const reqs: LoadRequest[] = [
        { path: '/api/providers/search?page=1&pageSize=9' },
        { path: '/api/providers/search?services=Panel%20Cleaning&location=Leeds&locationCenter=-1.549,53.801&radius=80&sort=name' },
        { path: '/api/providers/search?mode=map' },
        { path: '/api/providers/public?page=2&limit=20' },
        { path: '/api/tenders/public?status=all&page=1' },
        { path: '/api/tenders/public?service=Panel%20Cleaning&sortBy=publishedDate&sortOrder=desc' },
        // A map user's view of one region. The countrywide call (4.7 MB of GeoJSON, no server-side
        // clustering) is timed on its own below: in the mix it dominates PGlite (decision 0290).
        { path: '/api/assets/coordinates?zoom=9&bounds=-2.2,53.5,-1.0,54.1' },
        { path: '/api/maps/places?bounds=-8,49,2,59&zoom=6' },
        { path: '/api/geocode?q=Leeds' },
        { path: `/api/providers/${provider.slug}` },
        { path: '/api/quotes/sent', headers: { cookie } },
        { path: '/api/quotes/received', headers: { cookie } },
        { method: 'PATCH', path: `/api/providers/${provider.id}`, headers: { cookie, 'content-type': 'application/json' }, body: () => JSON.stringify({ description: `Edited under load ${randomUUID()}` }) },
        { method: 'POST', path: '/api/auth/login', headers: { 'content-type': 'application/json' }, body: () => JSON.stringify({ email: 'owner.demo@example.com', password: 'DemoOwner2026' }) },
      ];
      let i = 0;
      const statuses: Record<number, number> = {};
      const memory: number[] = [];
      const sampler = setInterval(() => memory.push(rss(child.pid)), 1000);
      const result = await autocannon({
        url: base,
        connections: 16,
        duration: LOAD_SECONDS,
        timeout: 10,
        requests: [
          {
            setupRequest: (req) => {
              const r = reqs[i++ % reqs.length]!;
              return { ...req, method: r.method ?? 'GET', path: r.path, headers: { ...req.headers, ...r.headers }, ...(r.body && { body: r.body() }) };
            },
            onResponse: (status) => (statuses[status] = (statuses[status] ?? 0) + 1),
          },
        ],
      });
      clearInterval(sampler);
      const t0 = Date.now();
      const countrywide = await fetch(`${base}/api/assets/coordinates`).then(async (r) => ({ status: r.status, bytes: (await r.arrayBuffer()).byteLength }));
      const countrywideNote = `countrywide asset map alone: ${countrywide.status}, ${(countrywide.bytes / 1e6).toFixed(1)} MB in ${Date.now() - t0} ms`;
      const fivexx = Object.entries(statuses)
        .filter(([s]) => Number(s) >= 500)
        .reduce((n, [, c]) => n + c, 0);
      const mem = `RSS ${memory[0]?.toFixed(0)} → peak ${Math.max(...memory).toFixed(0)} → end ${memory.at(-1)?.toFixed(0)} MB`;
      const figures = `${result.requests.average.toFixed(0)} req/s avg, ${result.requests.total} requests, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms; statuses ${JSON.stringify(statuses)}; errors ${result.errors}, timeouts ${result.timeouts}; ${mem}; ${countrywideNote}`;
      check(fivexx === 0 && result.errors === 0 && result.timeouts === 0, `5xx ${fivexx}, errors ${result.errors}, timeouts ${result.timeouts}: ${figures}`);
      return figures;
    }),
};
