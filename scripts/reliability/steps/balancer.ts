import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { base, check, clientAddress, PORT, sleep, STALE_BOUND_MS, tmp } from '../config';
import { targetQuery } from '../database';
import { startBalancer, startCache } from '../proxies';
import { login, myProvider, startServer, stop, TRUST_BEHIND_HAPROXY, unwrap, waitReady } from '../servers';
import { POSTGRES_ONLY, type ReliabilityStep } from '../step';

interface RequestRecord {
  id: string;
  method: string;
  sentAt: number;
  doneAt: number;
  status: number | string;
}

/** Reads like the bench's mixed traffic: varied directory filters, profiles, the tender board, the asset map, signed in. */
async function mixedReads(at: string): Promise<Array<{ path: string; signedIn: boolean }>> {
  const services = ['Panel Cleaning', 'Drone Surveys', 'Operations & Maintenance', 'solar'];
  const towns = [['Leeds', '-1.5491,53.8008'], ['Bristol', '-2.5879,51.4545'], ['Norwich', '1.2974,52.6309']];
  const search = Array.from({ length: 60 }, (_, i) => {
    const q = new URLSearchParams();
    if (i % 2) q.append('services', services[i % services.length]!);
    if (i % 3 === 0) {
      const [town, center] = towns[(i / 3) % 3]!;
      q.set('location', town!);
      q.set('locationCenter', center!);
      q.set('radius', String([25, 100, 300][(i / 3) % 3]));
    }
    if (i % 5 === 0) q.set('mode', 'map');
    else q.set('page', String(1 + (i % 3)));
    return `/api/providers/search?${q}`;
  });
  const list = (await (await fetch(`${at}/api/providers/search?page=1&pageSize=50`)).json()) as { data: Array<{ id: string }> };
  const profiles = list.data.map((p) => `/api/providers/${p.id}`);
  const tenders = Array.from({ length: 30 }, (_, i) => `/api/tenders/public?status=${['open', 'closed', 'all'][i % 3]}&sortBy=${i % 2 ? 'closingDate' : 'publishedDate'}&limit=${[5, 10, 20][i % 3]}&page=${1 + (i % 2)}`);
  const assets = ['-3.5,50,0.5,52.5', '-2.5,53,-1,54', '-4.5,55.5,-2.5,56.5'].map((b, i) => `/api/assets/coordinates?bounds=${b}&zoom=${8 + i}`);
  const out: Array<{ path: string; signedIn: boolean }> = [];
  for (let i = 0; i < 300; i++) {
    const pick = [search, search, profiles, tenders, assets, ['/api/auth/me', '/api/tenders/saved']][i % 6]!;
    out.push({ path: pick[i % pick.length]!, signedIn: pick.length === 2 });
  }
  return out;
}

/**
 * Two server processes on one PostgreSQL behind HAProxy, behind nginx's cache (issues 16 and 26,
 * decisions 0383 and 0430): a session valid on both, a write seen everywhere within the stated
 * bound, and under mixed traffic one process killed with no acknowledged write lost and no failure
 * but the requests it had in flight.
 */
export const balancer: ReliabilityStep = {
  name: 'balancer',
  databases: POSTGRES_ONLY,
  target: 'balancer',
  async run(target) {
    const ports = [PORT + 1, PORT + 2];
    const direct = ports.map((p) => `http://127.0.0.1:${p}`) as [string, string];
    const servers = ports.map((port) => startServer(target, port, TRUST_BEHIND_HAPROXY));
    const killed = servers[1]!;
    // One after the other: the first applies the migrations and seeds, the second finds them done.
    await waitReady(180_000, direct[0]);
    await waitReady(180_000, direct[1]);
    // nginx's cache on `base`, in front of HAProxy, in front of the two processes (decision 0430).
    const haproxy = startBalancer(PORT + 3, ports);
    const cache = startCache(PORT + 3);
    try {
      await waitReady(30_000);
      const cookie = await login('provider.demo@example.com', 'DemoProvider2026');
      const provider = await myProvider(cookie);

      // Sessions: one sign-in through the balancer is valid on each process.
      const me = await Promise.all(direct.map(async (at) => (await (await fetch(`${at}/api/auth/me`, { headers: { cookie } })).json()) as { data?: { email?: string } }));
      check(me.every((m) => m.data?.email === 'provider.demo@example.com'), `the session is not valid on both processes: ${JSON.stringify(me)}`);

      // A write on one process (decision 0430): the writer's own process at once (it acknowledges
      // only once it has heard its write), the other process as the notification arrives, and a
      // visitor through the cache within the stated bound; the directory search and the profile.
      const lag = { writer: [] as number[], otherProcess: [] as number[], visitor: [] as number[] };
      const until = async (read: () => Promise<boolean>, seen: (value: boolean) => boolean, from: number) => {
        for (;;) {
          if (seen(await read())) return Date.now() - from;
          check(Date.now() - from <= STALE_BOUND_MS, `still stale ${STALE_BOUND_MS} ms after the acknowledgement`);
          await sleep(5);
        }
      };
      for (let round = 0; round < 10; round++) {
        const marker = randomUUID().slice(0, 8);
        const searchUrl = `/api/providers/search?companies=${marker}`;
        for (const at of [direct[1], base]) {
          const before = (await (await fetch(`${at}${searchUrl}`)).json()) as { data: unknown[] }; // kept by process 2 and by the cache
          check(before.data.length === 0, 'marker found before the write');
        }
        const written = await fetch(`${direct[0]}/api/providers/${provider.id}`, { method: 'PATCH', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify({ businessName: `Reliability Solar ${marker}`, description: `Visible everywhere ${marker}` }) });
        check(written.status === 200, `edit on process 1: ${written.status} ${await written.text()}`);
        const t0 = Date.now();
        const shows = (at: string, headers: Record<string, string> = {}) => async () => {
          const found = (await (await fetch(`${at}${searchUrl}`, { headers })).json()) as { data: Array<{ id: string }> };
          const profile = unwrap<{ description: string }>(await (await fetch(`${at}/api/providers/${provider.id}`, { headers })).json());
          return found.data.some((p) => p.id === provider.id) && profile.description === `Visible everywhere ${marker}`;
        };
        check(await shows(direct[0], { cookie })(), `round ${round}: process 1 did not show its own acknowledged edit at once`);
        lag.writer.push(Date.now() - t0);
        lag.otherProcess.push(await until(shows(direct[1]), Boolean, t0));
        lag.visitor.push(await until(shows(base), Boolean, t0));
      }

      // Mixed traffic through the cache and the balancer; process 2 is killed halfway.
      const reads = await mixedReads(base);
      // A connection per request: HAProxy then answers 502 (and logs the server) for every request
      // the killed process had, where on a reused keep-alive connection it closes without an answer
      // or a log line (decision 0383), and a failure could not be traced to a server.
      const agent = new http.Agent({ keepAlive: false, maxSockets: 24 });
      const records: RequestRecord[] = [];
      let inFlight = 0;
      let running = true;
      const send = (method: string, p: string, { body, withCookie }: { body?: unknown; withCookie?: boolean } = {}) =>
        new Promise<RequestRecord>((resolve) => {
          const rec: RequestRecord = { sentAt: Date.now(), doneAt: 0, status: 0, method, id: randomUUID() };
          inFlight++;
          const payload = body ? JSON.stringify(body) : undefined;
          const req = http.request(
            `${base}${p}`,
            { method, agent, localAddress: clientAddress(), headers: { ...(payload && { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }), ...(withCookie && { cookie }), 'x-request-id': rec.id } },
            (res) => {
              res.resume();
              res.on('end', () => finish(res.statusCode ?? 0));
              res.on('error', () => finish('ERR'));
            },
          );
          const finish = (status: number | string) => {
            if (rec.doneAt) return;
            inFlight--;
            Object.assign(rec, { status, doneAt: Date.now() });
            records.push(rec);
            resolve(rec);
          };
          req.on('error', (e: NodeJS.ErrnoException) => finish(e.code ?? 'ERR'));
          req.end(payload);
        });
      const acknowledged: string[] = [];
      const edits = { acknowledged: [] as string[], unacknowledged: [] as string[] };
      let n = 0;
      const reader = async () => {
        while (running) {
          const r = reads[n++ % reads.length]!;
          await send('GET', r.path, { withCookie: r.signedIn });
        }
      };
      const viewWriter = async () => {
        while (running) {
          const p = `/reliability/balancer/${n++}`;
          const rec = await send('POST', '/api/analytics/pageview', { body: { path: p } });
          if (typeof rec.status === 'number' && rec.status < 300) acknowledged.push(p);
        }
      };
      const editWriter = async () => {
        for (let k = 0; running; k++) {
          const description = `Balanced edit ${k} ${randomUUID()}`;
          const rec = await send('PATCH', `/api/providers/${provider.id}`, { body: { description }, withCookie: true });
          (rec.status === 200 ? edits.acknowledged : edits.unacknowledged).push(description);
          await sleep(100);
        }
      };
      const rate = (from: number, to: number) => records.filter((r) => r.doneAt >= from && r.doneAt < to).length / ((to - from) / 1000);
      const workers = [...Array.from({ length: 12 }, reader), ...Array.from({ length: 3 }, viewWriter), editWriter()];
      await sleep(3000); // both processes' caches warm up before the two-process rate is measured
      const t0 = Date.now();
      await sleep(8000);
      const killAt = Date.now();
      const inFlightAtKill = inFlight;
      killed.kill('SIGKILL');
      const exitAt = (await killed.exited).at;
      await sleep(10_000);
      running = false;
      await Promise.all(workers);
      const endAt = Date.now();
      agent.destroy();

      // Which server HAProxy gave each request, from its log (logged when the request ends).
      await sleep(500);
      const servedBy = new Map([...haproxy.stderrText.matchAll(/^req (\S+) (\S+) (-?\d+) (\S+)$/gm)].map((m) => [m[1], { server: m[2], status: m[3], state: m[4] }]));
      const failed = records.filter((r) => typeof r.status !== 'number' || r.status >= 400);
      const statusCounts = failed.reduce<Record<string, number>>((m, r) => ((m[String(r.status)] = (m[String(r.status)] ?? 0) + 1), m), {});
      // Every failure was a request HAProxy had given to the killed process before it died.
      const notInFlightOnKilled = failed.filter((r) => servedBy.get(r.id)?.server !== 'app2' || r.sentAt > exitAt || r.doneAt < killAt);
      writeFileSync(path.join(tmp, 'haproxy.log'), haproxy.stderrText);
      check(
        notInFlightOnKilled.length === 0,
        `${notInFlightOnKilled.length} failures were not requests in flight on the killed process: ${JSON.stringify(notInFlightOnKilled.slice(0, 5).map((r) => ({ ...r, haproxy: servedBy.get(r.id) })))}`,
      );

      // From the surviving process itself: through the cache a visitor may see it up to the bound later.
      const finalDescription = unwrap<{ description: string }>(await (await fetch(`${direct[0]}/api/providers/${provider.id}`)).json()).description;
      const lastAcked = edits.acknowledged.at(-1);
      check(finalDescription === lastAcked || edits.unacknowledged.includes(finalDescription), `profile edit lost: stored "${finalDescription}", last acknowledged "${lastAcked}"`);
      const rows = await targetQuery<{ path: string }>(target, `SELECT path FROM page_views WHERE path LIKE '/reliability/balancer/%'`);
      const stored = new Set(rows.map((r) => r.path));
      const lost = acknowledged.filter((p) => !stored.has(p));
      check(lost.length === 0, `${lost.length} acknowledged page views lost`);
      const survivorMe = (await (await fetch(`${direct[0]}/api/auth/me`, { headers: { cookie } })).json()) as { data?: { email?: string } };
      check(survivorMe.data?.email === 'provider.demo@example.com', 'the session stopped working on the surviving process');

      const latency = (from: number, to: number) => {
        const ms = records.filter((r) => r.sentAt >= from && r.doneAt < to && r.status === 200).map((r) => r.doneAt - r.sentAt).sort((a, b) => a - b);
        return `p50 ${ms[Math.floor(ms.length / 2)] ?? 0} ms, p99 ${ms[Math.floor(ms.length * 0.99)] ?? 0} ms`;
      };
      return (
        `${records.length} requests (${acknowledged.length} page views and ${edits.acknowledged.length} profile edits acknowledged, none lost); ` +
        `2 processes: ${rate(t0, killAt).toFixed(0)} req/s (${latency(t0, killAt)}); after kill -9 of one: ${rate(exitAt + 2000, endAt).toFixed(0)} req/s (${latency(exitAt + 2000, endAt)}); ` +
        `${failed.length} failed (${JSON.stringify(statusCounts)}), each one HAProxy had given to the killed process before it died (${inFlightAtKill} client requests in flight at the kill), none after; ` +
        `session valid on both; an edit on process 1 was in its own next answers at once, in process 2's after at most ${Math.max(...lag.otherProcess)} ms, ` +
        `and through the cache for a visitor after at most ${Math.max(...lag.visitor)} ms (bound ${STALE_BOUND_MS} ms)`
      );
    } finally {
      cache.kill('SIGQUIT');
      haproxy.kill('SIGTERM');
      for (const child of servers) await stop(child);
    }
  },
};
