// `npm run bench`: starts the built server on a seeded database and drives its read endpoints with
// autocannon, next to two baselines measured in the same run (bare Fastify hello-world; the full
// plugin stack serving a hello route). Prints req/s, p99 and the ratio to each baseline.
// Options: BENCH_SECONDS (default 5), BENCH_CONNECTIONS (default 20), DATABASE_URL (PostgreSQL),
// BENCH_PROVIDERS (e.g. 50000: add generated providers first), BENCH_ONLY (a pattern on scenario names),
// BENCH_ASSETS (e.g. 1000000: add synthetic assets first, on PGlite or on DATABASE_URL, which is created
// if missing; docs/decisions/0316). Each scenario's distinct GETs are first timed once each, in turn
// ("cold": first-time latency and the largest response), then the load run measures the steady state
// (docs/decisions/0317). The mixed-traffic scenario (issue 16, docs/decisions/0380) also sends writes at
// BENCH_WRITES_PER_SECOND (default 5) beside its reads and reports p50, the cache hit rate (from the
// X-Read-Cache header, when the server sends it) and the server's resident memory. BENCH_PORT (default
// 3301) and the next two ports are used. BENCH_PROCESSES=N (PostgreSQL only) starts N servers on the
// ports after those, behind HAProxy on BENCH_PORT (also with N=1, to measure the balancer's own cost);
// with BENCH_PROXY=nginx, behind nginx's cache instead (deploy/nginx/solar-cache.conf, issue 26: "long
// tail through the proxy"), which balances them round robin and answers repeated public reads itself.
// EVENT_LOOP_STATS_MS is set for the server: the mixed run reports its event-loop delay and busy share;
// BENCH_CPU_PROF=<dir> has it write a CPU profile there when the bench stops it, and the load runs' spans
// (windows.json, for profile-summary.ts); BENCH_HEAP_SNAPSHOT=<dir> a V8 heap snapshot after each mixed run (heap-summary.ts;
// each mixed run also prints where the server's memory is, a row per tenth). BENCH_WARM_REQUESTS=N sends N requests first (a warm server). The mixed run's
// signed-in reads come from BENCH_VIEWERS (default 50) accounts it signs up, each with its own session.
// BENCH_COLD_DETAIL=1 also prints each first-time request's latency and path; BENCH_COLD_REPEAT=N each address's best of N more. Scenarios marked `fresh` (the long tail and
// the varied mix, issue 26) skip the cold pass and print the share of first-time addresses and each kind's p50/p99.
// BENCH_GUARD=1: the short regression run of `npm test` (see `guard` below). BENCH_SERVER=<server.js>
// measures another build (an earlier commit's) with this bench.
// BENCH_COLD_DETAIL=1 also prints each first-time request's latency and path. The saved-search matcher's
// figure (BENCH_ONLY=alerts, which needs no build; BENCH_ALERT_SEARCHES, BENCH_ALERT_NOTICES; BENCH_ALERT_RUNS=N
// passes over the same data, with min, median and the database's CPU time; BENCH_ALERT_EXPLAIN=1 prints the
// plan; BENCH_ALERT_KEEP=1 keeps its database) runs first, on a database of its own.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { repoRoot, serverRoot } from '../src/paths';
import type { ProfileWindow } from './profile-summary';
import type { TraceEntry, TraceFile } from './stall-summary';
import type { BenchRequest } from './scenario';
import { SCENARIOS } from './scenarios';
import { ALERTS_MATCHING_SCENARIO, runAlertsMatchingBench } from './scenarios/alerts';
import { EVENT_LOOP_LINE } from '../src/platform/event-loop-stats';
import { WARM_START_LINE } from '../src/warm-start';
import { CACHE_STATUS_HEADER } from '@solar/shared/constants/http-cache';
import { serverEnv as serverProcessEnv, serverNodeArgs } from '../scripts/server-process.mjs';
import { writeNginxConfig } from '../../../scripts/reliability/nginx-config';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
/**
 * BENCH_COLD_REPEAT=N: after its first request, each distinct address of the cold pass is asked N
 * more times, one at a time, and its best time is kept: what an answer costs when nothing else
 * waits in the server, the figure to compare with a latency target on a machine busy with other work.
 */
const coldRepeat = Number(process.env.BENCH_COLD_REPEAT ?? 0);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const tmp = path.join(repoRoot, '.tmp/bench');
const scaleProviders = process.env.BENCH_PROVIDERS;
const scaleAssets = process.env.BENCH_ASSETS;
const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY, 'i') : null;
/**
 * BENCH_SERVER: another built server to measure (its own tree's `apps/server/dist/server.js`, e.g. an
 * earlier commit built in a folder of its own) with this bench; by default this tree's.
 */
const serverJs = process.env.BENCH_SERVER ? path.resolve(process.env.INIT_CWD ?? process.cwd(), process.env.BENCH_SERVER) : path.join(serverRoot, 'dist/server.js');
/** The server runs as `npm start` runs it: the same flags and malloc arenas (decisions 0410, 0415, 0635). */
const serverFlags = serverNodeArgs(process.env);
const port = Number(process.env.BENCH_PORT ?? 3301);
/** What one run writes (its data directory, the stack baseline's, HAProxy's configuration): runs on other ports do not meet. */
const runDir = path.join(tmp, `port-${port}`);
const writesPerSecond = Number(process.env.BENCH_WRITES_PER_SECOND ?? 5);
/** Signed-up accounts the mixed run's signed-in reads are spread over (decision 0386). */
const viewerCount = Number(process.env.BENCH_VIEWERS ?? 50);
/** BENCH_CPU_PROF, relative to where `npm run bench` was typed. */
const profileDir = process.env.BENCH_CPU_PROF ? path.resolve(process.env.INIT_CWD ?? process.cwd(), process.env.BENCH_CPU_PROF) : null;
/** BENCH_HEAP_SNAPSHOT=<dir>: the server writes a V8 heap snapshot there after each measured mixed run (decision 0622; `bench/heap-summary.ts` reads it). */
const heapSnapshotDir = process.env.BENCH_HEAP_SNAPSHOT ? path.resolve(process.env.INIT_CWD ?? process.cwd(), process.env.BENCH_HEAP_SNAPSHOT) : null;
/** BENCH_WARM_REQUESTS: sent before each measured mixed run (from the end of its list, so its first-time addresses stay first-time). */
const warmRequests = Number(process.env.BENCH_WARM_REQUESTS ?? 0);
const processes = process.env.BENCH_PROCESSES ? Number(process.env.BENCH_PROCESSES) : 0;
const proxy = process.env.BENCH_PROXY === 'nginx' ? 'nginx' : 'HAProxy';
/**
 * BENCH_GUARD=1 (`npm test`'s bench-guard suite, issue 26): a short long tail on a machine that may be
 * busy with other work (CI, other test runs). Throughput shares move with that load, as the bare
 * baseline and the app are measured one after the other; CPU time per answer barely does, as a
 * process is charged only for the time it runs. So the run fails when the server's CPU time per
 * answer exceeds BENCH_GUARD_MAX_CPU_RATIO (default 1,000) times bare Fastify's in the same run —
 * about 20 ms per first-time answer where bare Fastify takes 20 µs, several times what the long
 * tail costs now (docs/benchmarks/long-tail.md) —, when first-time addresses fall below 80 %, or when
 * any read or write is answered with an error. The stack baseline is skipped, baselines last 5 s.
 */
const guard =
  process.env.BENCH_GUARD === '1' ? { maxCpuRatio: Number(process.env.BENCH_GUARD_MAX_CPU_RATIO ?? 1000), minFirstTime: 80 } : null;
const BENCH_ADMIN = { email: 'bench.admin@example.com', password: 'BenchAdmin2026' };
const children: ChildProcess[] = [];
/** As a browser sends it: large answers go compressed (cached answers keep their compressed forms). */
const BROWSER_ENCODINGS = 'gzip, deflate, br';

/** Each child's lines naming its warm start, as printed (kept from its start: the line may come before anyone waits for it). */
const lines = new WeakMap<ChildProcess, string[]>();

function start(args: string[], env: Record<string, string | undefined>, ready: RegExp): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    children.push(child);
    lines.set(child, []);
    child.stdout!.on('data', (chunk) => {
      const text = String(chunk);
      for (const line of text.split('\n')) if (line.includes(WARM_START_LINE)) lines.get(child)!.push(line);
      if (ready.test(text)) resolve(child);
    });
    child.on('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code}`)));
  });
}

/** Resolves once `child` has printed its warm start line, or after `ms` (a build from before it, BENCH_SERVER, never prints one). */
async function warmed(child: ChildProcess, ms: number): Promise<string | null> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const line = lines.get(child)?.[0];
    if (line) return line.trim();
    await new Promise((r) => setTimeout(r, 100));
  }
  return null;
}

/**
 * Whether the server's memory grows under a long run (BENCH_SECONDS=600 for the issue's 10 minutes):
 * the mean of the second tenth of the samples (after warm-up: caches filled, JIT done), of the sixth
 * (halfway) and of the last tenth. A heap settling into its size rises in the first half and not in
 * the second; a leak rises in both.
 */
function memoryGrowth(samples: number[]): string {
  if (samples.length < 20) return 'run too short to judge growth';
  const [early, half, late] = tenthMeans(samples);
  const diff = (mb: number) => (mb >= 0 ? '+' : '') + mb.toFixed(0);
  return `${early.toFixed(0)} MB after warm-up, ${half.toFixed(0)} MB halfway, ${late.toFixed(0)} MB at the end: ${diff(late - early)} MB, ${diff(late - half)} MB over the second half`;
}

/** The means of a series' second tenth (after warm-up), sixth (halfway) and last tenth. */
function tenthMeans(series: number[]): [number, number, number] {
  const tenth = Math.max(1, Math.floor(series.length / 10));
  const mean = (part: number[]) => (part.length ? part.reduce((a, b) => a + b, 0) / part.length : 0);
  return [mean(series.slice(tenth, 2 * tenth)), mean(series.slice(5 * tenth, 6 * tenth)), mean(series.slice(-tenth))];
}

interface Cookies {
  provider?: string;
  admin?: string;
  /** One session per signed-up viewer account, so signed-in reads are spread over many users. */
  viewers?: string[];
}

/** Resident set of a process in MB (Linux), or 0 where /proc is not there. */
function rssMb(pid: number | undefined): number {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

/**
 * CPU time a process has run, all its threads together, in milliseconds (Linux: the scheduler's
 * nanosecond count per thread), or null where /proc is not there.
 */
function cpuMs(pid: number | undefined): number | null {
  try {
    return readdirSync(`/proc/${pid}/task`).reduce((ms, tid) => ms + Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]) / 1e6, 0);
  } catch {
    return null;
  }
}

/** CPU milliseconds `pids` use while `fn` runs (null where /proc is not there). */
async function withCpu<T>(pids: Array<number | undefined>, fn: () => Promise<T>): Promise<[T, number | null]> {
  const total = () => {
    let sum = 0;
    for (const pid of pids) {
      const ms = cpuMs(pid);
      if (ms === null) return null;
      sum += ms;
    }
    return sum;
  };
  const before = total();
  const result = await fn();
  const after = total();
  return [result, before === null || after === null ? null : after - before];
}

/**
 * Sends `writes` in turn at `perSecond` until `stop()`; each is timed and a non-2xx answer is an
 * error (they are writes the demo provider is allowed to make).
 */
function writeLoop(url: string, writes: BenchRequest[], perSecond: number, cookies: Cookies) {
  const times: number[] = [];
  let errors = 0;
  let i = 0;
  const inFlight = new Set<Promise<void>>();
  const send = () => {
    const w = writes[i++ % writes.length]!;
    const t0 = performance.now();
    const p = fetch(`${url}${w.path}`, {
      method: w.method ?? 'POST',
      headers: {
        ...(w.body !== undefined && { 'content-type': 'application/json' }),
        cookie: (w.as === 'admin' ? cookies.admin : cookies.provider) ?? '',
      },
      ...(w.body !== undefined && { body: JSON.stringify(w.body) }),
    })
      .then(async (res) => {
        await res.arrayBuffer();
        if (!res.ok) errors++;
        times.push(performance.now() - t0);
        if (traceFile) trace.push({ kind: `write ${w.method ?? 'POST'}`, path: w.path, endUs: monotonicUs(), ms: performance.now() - t0 });
      })
      .catch(() => void errors++)
      .finally(() => inFlight.delete(p));
    inFlight.add(p);
  };
  const timer = perSecond > 0 ? setInterval(send, 1000 / perSecond) : null;
  return async () => {
    if (timer) clearInterval(timer);
    await Promise.all(inFlight);
    times.sort((a, b) => a - b);
    return {
      sent: i,
      errors,
      p50: times[Math.floor(times.length / 2)] ?? 0,
      p99: times[Math.floor(times.length * 0.99)] ?? 0,
    };
  };
}

/** The monotonic clock V8's CPU profiles are stamped with, in microseconds. */
const monotonicUs = () => Number(process.hrtime.bigint() / 1000n);
/** The load runs' spans, for `profile-summary.ts` to count only their samples. */
const profileWindows: ProfileWindow[] = [];
/**
 * BENCH_TRACE=<file>: every answer of a fresh scenario's load run and every write, with when it ended
 * (the monotonic clock of CPU profiles) and how long it took, and the server's stalls (waits of the
 * main thread of 30 ms or more), written there as JSON for `bench/stall-summary.ts` (issue 26).
 */
const traceFile = process.env.BENCH_TRACE ? path.resolve(process.env.INIT_CWD ?? process.cwd(), process.env.BENCH_TRACE) : null;
const trace: TraceEntry[] = [];

/** Sends `requests` once each, 4 at a time, answers ignored: a warm server before a measured run. */
async function warmUp(url: string, requests: BenchRequest[], cookies: Cookies) {
  let next = 0;
  const worker = async () => {
    for (let r = requests[next++]; r; r = requests[next++]) {
      const cookie = r.viewer !== undefined ? cookies.viewers?.[r.viewer % cookies.viewers.length] : r.as === 'admin' ? cookies.admin : r.signedIn ? cookies.provider : undefined;
      await fetch(`${url}${r.path}`, { headers: { 'accept-encoding': BROWSER_ENCODINGS, ...(cookie && { cookie }) } })
        .then((res) => res.arrayBuffer())
        .catch(() => undefined);
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
}

/** Largest answer (as sent) from which a scenario also gets the same-bytes baseline. */
const SAME_BYTES_FROM = 32 * 1024;

/** Counted when a server sends it (those before decision 0430 always did); else the server's own counters are read. */
const READ_CACHE_HEADER_LOWER = CACHE_STATUS_HEADER.toLowerCase();

/** A request's kind for the per-kind latencies: page or API, the path with ids as `:id`, no query. */
function kindOf(r: BenchRequest): string {
  const p = r.path.split('?')[0]!.replace(/\/[0-9a-f]{8}-[0-9a-f-]{27,}|\/\d+(?=\/|$)/gi, '/:id');
  const kind = p.startsWith('/api/') ? p : `page ${p.replace(/^\/(providers|tender)\/(?!$)[^/]+$/, '/$1/:slug')}`;
  return r.signedIn || r.as || r.viewer !== undefined ? `${kind} (signed in)` : kind;
}

/** Latency percentiles of each kind of request, and the share of first-time addresses (issue 26). */
interface Shape {
  /** Requests sent whose address (and identity) had not been sent before in this run. */
  firstTime: number;
  sent: number;
  kinds: Map<string, number[]>;
}

async function measure(url: string, requests: BenchRequest[], cookies: Cookies = {}, countCache = false, duration = seconds, shape?: Shape) {
  let i = 0;
  const cache = { hit: 0, miss: 0 };
  const seen = new Set<string>();
  const kinds = requests.map(kindOf);
  const result = await autocannon({
    url,
    connections,
    duration,
    requests: [
      {
        setupRequest: (req, context) => {
          const at = i++ % requests.length;
          const r = requests[at]!;
          if (shape) {
            const who = r.as ?? (r.viewer !== undefined ? `v${r.viewer % (cookies.viewers?.length ?? 1)}` : r.signedIn ? 'p' : '');
            const address = `${who}|${r.path}`;
            shape.sent++;
            if (!seen.has(address)) {
              seen.add(address);
              shape.firstTime++;
            }
            (context as { kind?: string; path?: string }).kind = kinds[at];
            (context as { path?: string }).path = r.path;
          }
          return {
            ...req,
            method: r.method ?? 'GET',
            path: r.path,
            headers: {
              'accept-encoding': BROWSER_ENCODINGS,
              ...(r.body !== undefined && { 'content-type': 'application/json' }),
              ...(r.signedIn && cookies.provider && { cookie: cookies.provider }),
              ...(r.as === 'admin' && cookies.admin && { cookie: cookies.admin }),
              ...(r.viewer !== undefined &&
                cookies.viewers?.length && { cookie: cookies.viewers[r.viewer % cookies.viewers.length] }),
              ...r.headers,
            },
            ...(r.body !== undefined && { body: JSON.stringify(r.body) }),
          };
        },
      },
    ],
    setupClient: (client) => {
      // autocannon appends every response body to a string (compressed bytes decoded as UTF-8) that
      // nothing here reads: on the mix's large answers that made the load generator, not the server,
      // the ceiling (a core at 95 % against the server's 53 %; decision 0413). Bodies are dropped.
      (client as unknown as { pipelinedRequests: { addBody(data: Buffer): void } }).pipelinedRequests.addBody = () => {};
      if (shape)
        client.on('response', (_status: number, _bytes: number, ms: number) => {
          const { kind, path: sent } = (client as unknown as { requestIterator: { context: { kind?: string; path?: string } } }).requestIterator.context;
          if (!kind) return;
          if (traceFile) trace.push({ kind, path: sent ?? '', endUs: monotonicUs(), ms });
          let times = shape.kinds.get(kind);
          if (!times) shape.kinds.set(kind, (times = []));
          times.push(ms);
        });
      if (countCache)
        client.on('headers', ({ headers }) => {
          for (let h = 0; h < headers.length; h += 2) {
            if (headers[h]!.toLowerCase() !== READ_CACHE_HEADER_LOWER) continue;
            if (headers[h + 1] === 'hit') cache.hit++;
            else if (headers[h + 1] === 'miss') cache.miss++;
          }
        });
    },
  });
  const cached = cache.hit + cache.miss;
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    answered: result['2xx'] + result.non2xx,
    hitRate: cached ? cache.hit / cached : null,
  };
}

/** HAProxy (Debian package) on `port` in front of `backends`, round robin with readiness checks (as in test:reliability). */
function startBalancer(frontend: number, backends: number[]) {
  const cfg = path.join(runDir, 'haproxy.cfg');
  writeFileSync(
    cfg,
    [
      'global',
      '  maxconn 1024',
      'defaults',
      '  mode http',
      '  timeout connect 1s',
      '  timeout client 30s',
      '  timeout server 30s',
      '  retries 3',
      '  option redispatch 1',
      'frontend web',
      `  bind 127.0.0.1:${frontend}`,
      '  default_backend app',
      'backend app',
      '  balance roundrobin',
      '  option httpchk GET /api/health/ready',
      '  timeout check 2s',
      '  default-server inter 1s fall 2 rise 2',
      ...backends.map((p, i) => `  server app${i + 1} 127.0.0.1:${p} check`),
      '',
    ].join('\n'),
  );
  const child = spawn('haproxy', ['-f', cfg, '-db'], { stdio: ['ignore', 'ignore', 'inherit'] });
  children.push(child);
  child.on('error', (err) => {
    console.error(`haproxy could not start (apt-get install haproxy): ${err.message}`);
    process.exit(1);
  });
}

/** nginx with the checked-in cache site on `frontend`, its upstream the servers on `backends` (round robin). */
function startCacheProxy(frontend: number, backends: number[]) {
  const dir = path.join(runDir, 'nginx');
  rmSync(dir, { recursive: true, force: true });
  const main = writeNginxConfig(dir, {
    listen: frontend,
    upstream: backends[0]!,
    workerConnections: 1024,
    editSite: (site) => site.replace(/^(\s*)server 127\.0\.0\.1:\d+;/m, (_line, indent: string) => backends.map((p) => `${indent}server 127.0.0.1:${p};`).join('\n')),
  });
  const child = spawn('nginx', ['-p', dir, '-e', path.join(dir, 'error.log'), '-c', main], { stdio: ['ignore', 'ignore', 'inherit'] });
  children.push(child);
  child.on('error', (err) => {
    console.error(`nginx could not start (apt-get install nginx): ${err.message}`);
    process.exit(1);
  });
}

async function waitFor(url: string, ms = 30_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} not ready within ${ms} ms`);
}

/** A session cookie (the demo provider's by default), for scenarios that run signed in. */
async function signIn(
  url: string,
  account = { email: 'provider.demo@example.com', password: 'DemoProvider2026' },
): Promise<string | undefined> {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  const setCookie = res.headers.get('set-cookie');
  return setCookie ? setCookie.split(';')[0] : undefined;
}

/**
 * Signs up BENCH_VIEWERS accounts (half providers, half representatives) and returns a session
 * cookie for each. Each comes from its own forwarded address (the server trusts loopback as its
 * proxy here), so the per-address sign-up limit does not stop the bench; addresses are unique per run.
 */
async function signUpViewers(url: string, count: number): Promise<string[]> {
  const run = Date.now().toString(36);
  const cookies: string[] = [];
  for (let i = 0; i < count; i++) {
    const res = await fetch(`${url}/api/auth/signup`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-forwarded-for': `10.${(i >> 8) & 255}.${i & 255}.${(Date.now() >> 4) & 255}`,
      },
      body: JSON.stringify({
        email: `bench.viewer.${run}.${i}@solar-bench.co.uk`,
        name: `Bench Viewer ${i}`,
        company: `Bench Company ${i}`,
        password: 'BenchViewer2026!',
        type: i % 2 === 0 ? 'provider' : 'representative',
      }),
    });
    const cookie = res.headers.get('set-cookie')?.split(';')[0];
    if (!res.ok || !cookie) throw new Error(`bench viewer sign-up failed: ${res.status} ${await res.text()}`);
    cookies.push(cookie);
  }
  return cookies;
}

/** Adds synthetic assets up to BENCH_ASSETS with the seed:assets-scale CLI. */
function addAssets(env: Record<string, string | undefined>) {
  console.log(`Adding synthetic assets up to ${scaleAssets}...`);
  execFileSync(
    process.execPath,
    ['--import', 'tsx', path.join(serverRoot, 'src/cli/seed-assets-scale.ts'), '--assets', scaleAssets!],
    {
      env: { ...process.env, ...env },
      stdio: 'inherit',
    },
  );
}

/** Creates the DATABASE_URL database on its server when it does not exist yet. */
async function ensureDatabase(url: string) {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!found.rowCount) {
      console.log(`Creating database ${name}...`);
      await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
    }
  } finally {
    await client.end();
  }
}

/** One GET with a browser's Accept-Encoding: time to the last byte and the bytes sent (undecoded). */
function timedGet(url: string): Promise<{ ms: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    http
      .get(url, { headers: { 'accept-encoding': BROWSER_ENCODINGS } }, (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () => resolve({ ms: performance.now() - t0, bytes }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

/** Each distinct GET once, in turn, before the load run: first-time latency and the largest response. */
async function cold(url: string, requests: BenchRequest[]) {
  const paths = [
    ...new Set(requests.filter((r) => (r.method ?? 'GET') === 'GET' && !r.signedIn && !r.as).map((r) => r.path)),
  ];
  const times: number[] = [];
  /** Bytes as sent, by path. */
  const sizes = new Map<string, number>();
  /** Each address's best of BENCH_COLD_REPEAT further requests, one at a time (an answer's own cost, whatever else the machine runs). */
  const best: number[] = [];
  for (const p of paths) {
    const { ms, bytes } = await timedGet(`${url}${p}`);
    if (process.env.BENCH_COLD_DETAIL) console.log(`cold ${ms.toFixed(1).padStart(8)} ms  ${p}`);
    times.push(ms);
    sizes.set(p, bytes);
    if (coldRepeat > 0) {
      let least = Infinity;
      for (let i = 0; i < coldRepeat; i++) least = Math.min(least, (await timedGet(`${url}${p}`)).ms);
      best.push(least);
    }
  }
  best.sort((a, b) => a - b);
  const bestAt = (q: number) => best[Math.min(best.length - 1, Math.floor(q * best.length))] ?? 0;
  const all = [...sizes.values()];
  const maxBytes = Math.max(0, ...all);
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0;
  return {
    n: times.length,
    p50: at(0.5),
    p99: at(0.99),
    max: times.at(-1) ?? 0,
    maxBytes,
    meanBytes: all.length ? all.reduce((a, b) => a + b, 0) / all.length : 0,
    sizes,
    best: best.length ? { p50: bestAt(0.5), p99: bestAt(0.99), max: best.at(-1)! } : null,
  };
}

interface LoopStats {
  p50: number;
  p99: number;
  max: number;
  utilization: number;
  /** Bytes all read caches held, the JS heap in use and memory held by JS outside the heap, at that second (MB). */
  cacheMb: number;
  /** The in-process cache's lookups answered from memory and computed since the start (decision 0430). */
  cacheHits?: number;
  cacheMisses?: number;
  heapMb: number;
  externalMb: number;
  /** Where the resident set is (decision 0622); absent from servers built before it. */
  rssMb?: number;
  heapTotalMb?: number;
  arrayBuffersMb?: number;
  wasmMb?: number;
  sessionCacheMb?: number;
}

/**
 * Where the first server's memory is over the run (decision 0622): a row per tenth of the run (each
 * the mean of its seconds), from the servers' per-second lines: the resident set, the JS heap in use
 * and reserved, memory outside the heap that JS holds (ArrayBuffers, and PGlite's WebAssembly memory:
 * its size, of which only the pages it touched are resident), what the answer and session caches
 * count, and the rest (resident minus heap reserved and external: code, stacks, malloc'd native
 * memory, the allocator's free lists; negative while WebAssembly pages are reserved, not touched).
 */
function printMemoryTimeline(loop: LoopStats[]) {
  if (!loop.some((s) => s.rssMb !== undefined)) return;
  const tenth = Math.max(1, Math.floor(loop.length / 10));
  console.log(`  memory over the run (MB; mean of each ${tenth} s):`);
  console.log(`    ${['s', 'rss', 'heap used', 'heap total', 'external', 'arrayBuffers', 'wasm', 'answers', 'sessions', 'rest'].map((h) => h.padStart(13)).join('')}`);
  for (let i = 0; i + tenth <= loop.length; i += tenth) {
    const part = loop.slice(i, i + tenth);
    const mean = (key: keyof LoopStats) => part.reduce((n, s) => n + (s[key] ?? 0), 0) / part.length;
    const rest = mean('rssMb') - mean('heapTotalMb') - mean('externalMb');
    const cells = [i + tenth, mean('rssMb'), mean('heapMb'), mean('heapTotalMb'), mean('externalMb'), mean('arrayBuffersMb'), mean('wasmMb'), mean('cacheMb'), mean('sessionCacheMb'), rest];
    console.log(`    ${cells.map((c) => c.toFixed(0).padStart(13)).join('')}`);
  }
}

/** The kernel's summary of a process's memory (Linux), the lines that say where the resident set is, or null. */
function smapsRollup(pid: number | undefined): string | null {
  try {
    const text = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
    const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(text)?.[1] ?? 0);
    return ['Rss', 'Anonymous', 'Private_Dirty', 'Shared_Clean', 'Private_Clean'].map((n) => `${n} ${(kb(n) / 1024).toFixed(0)}`).join(', ');
  } catch {
    return null;
  }
}

/** Has the server write a V8 heap snapshot (it runs with --heapsnapshot-signal) and waits until it is written. */
async function writeHeapSnapshot(server: ChildProcess, dir: string) {
  const before = new Set(readdirSync(dir));
  server.kill('SIGUSR2');
  const deadline = Date.now() + 120_000;
  let last = -1;
  while (Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 1000));
    const file = readdirSync(dir).find((f) => f.endsWith('.heapsnapshot') && !before.has(f));
    if (!file) continue;
    const size = statSync(path.join(dir, file)).size;
    if (size > 0 && size === last) return console.log(`heap snapshot: ${path.join(dir, file)}`);
    last = size;
  }
  console.log('heap snapshot: not written within 2 minutes');
}

/** The servers' per-second event-loop lines (EVENT_LOOP_STATS_MS), collected as they arrive. */
/** A second's figures, and the waits of the main thread of 30 ms or more in it: [end (µs, monotonic), length (ms)]. */
type LoopLine = LoopStats & { stalls?: Array<[number, number]> };

function eventLoopStats(servers: ChildProcess[]): LoopLine[] {
  const seen: LoopLine[] = [];
  for (const server of servers) {
    server.stdout!.on('data', (chunk) => {
      for (const line of String(chunk).split('\n')) {
        if (line.startsWith(EVENT_LOOP_LINE)) seen.push(JSON.parse(line.slice(EVENT_LOOP_LINE.length)) as LoopLine);
      }
    });
  }
  return seen;
}

/** The guard prints how long each step took (the suite must stay short in CI). */
const began = Date.now();
const phase = (what: string) => guard && console.log(`bench guard: ${what} (${((Date.now() - began) / 1000).toFixed(1)} s)`);

async function main() {
  rmSync(path.join(runDir, 'stack'), { recursive: true, force: true });
  mkdirSync(runDir, { recursive: true });
  // Issue 30's matching figure runs on a database of its own, before the server starts (decision 0471);
  // run alone (BENCH_ONLY=alerts) it needs no build.
  if (!only || only.test(ALERTS_MATCHING_SCENARIO)) {
    await runAlertsMatchingBench(runDir);
    if (only && !SCENARIOS.some((s) => only.test(s.name))) return;
  }
  if (!existsSync(serverJs)) {
    if (process.env.BENCH_SERVER) throw new Error(`BENCH_SERVER: no ${serverJs}`);
    console.log('Building the server first (npm run build)...');
    execFileSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: 'inherit' });
  }
  const usePostgres = Boolean(process.env.DATABASE_URL);
  const dataDir = path.join(runDir, 'data');
  const serverEnv = {
    NODE_ENV: 'production',
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    PORT: String(port),
    // The load generator stands for a proxy on loopback naming many clients in X-Forwarded-For
    // (decision 0420), so per-address limits count them apart; not a setting for a server that
    // clients can reach on loopback.
    TRUST_PROXY: 'loopback',
    EVENT_LOOP_STATS_MS: '1000',
    ADMIN_EMAIL: BENCH_ADMIN.email,
    ADMIN_PASSWORD: BENCH_ADMIN.password,
    // As `npm start` runs it (decision 0415).
    MALLOC_ARENA_MAX: serverProcessEnv(process.env).MALLOC_ARENA_MAX,
  };
  if (!usePostgres) {
    const snapshot = path.join(
      tmp,
      `snapshot${scaleProviders ? `-${scaleProviders}` : ''}${scaleAssets ? `-assets-${scaleAssets}` : ''}`,
    );
    // A snapshot is seeded by this build's migrations on this day (UTC): one left by an older build
    // made every run's server migrate at start, and one from another day rebuild the Insights tables
    // (counted by age, decision 0580), each while the scenario ran.
    const stamp = `${readdirSync(path.join(serverRoot, 'src/db/migrations')).filter((f) => f.endsWith('.sql')).sort().at(-1)} ${new Date().toISOString().slice(0, 10)}`;
    const stampFile = path.join(snapshot, 'seeded-by.txt');
    if (existsSync(snapshot) && (!existsSync(stampFile) || readFileSync(stampFile, 'utf8') !== stamp)) {
      console.log(`The benchmark snapshot is not of this build and day (${stamp}): seeding it again.`);
      rmSync(snapshot, { recursive: true, force: true });
    }
    if (!existsSync(path.join(snapshot, 'pgdata'))) {
      console.log('Seeding a benchmark database snapshot...');
      execFileSync(process.execPath, [serverJs, '--seed-only'], {
        env: { ...process.env, ...serverEnv, DATA_DIR: snapshot },
        stdio: 'inherit',
      });
      if (scaleProviders) {
        console.log(`Adding generated providers up to ${scaleProviders}...`);
        execFileSync(
          process.execPath,
          ['--import', 'tsx', path.join(serverRoot, 'src/cli/seed-scale.ts'), '--providers', scaleProviders],
          {
            env: { ...process.env, ...serverEnv, DATA_DIR: snapshot },
            stdio: 'inherit',
          },
        );
      }
      if (scaleAssets) addAssets({ ...serverEnv, DATA_DIR: snapshot });
      writeFileSync(stampFile, stamp);
    }
    rmSync(dataDir, { recursive: true, force: true });
    cpSync(snapshot, dataDir, { recursive: true });
  } else if (scaleAssets) {
    await ensureDatabase(process.env.DATABASE_URL!);
    console.log('Migrating and seeding the benchmark database...');
    execFileSync(process.execPath, [serverJs, '--seed-only'], {
      env: { ...process.env, ...serverEnv },
      stdio: 'inherit',
    });
    addAssets(serverEnv);
  }

  phase('database ready');
  const hello = path.join(serverRoot, 'bench/baselines.ts');
  // Started beside the server (each takes seconds on a busy machine), awaited before it is measured.
  const bareStarted = start(['--import', 'tsx', hello, 'bare', String(port + 1)], {}, /ready/);
  bareStarted.catch(() => undefined);
  if (!guard) await start(['--import', 'tsx', hello, 'stack', String(port + 2)], { BENCH_TMP: runDir, DATABASE_URL: '' }, /ready/);
  const servers: ChildProcess[] = [];
  // BENCH_CPU_PROF=<dir>: the server writes a V8 CPU profile there when it stops (decision 0385).
  const profile = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
  if (heapSnapshotDir) {
    mkdirSync(heapSnapshotDir, { recursive: true });
    profile.push('--heapsnapshot-signal=SIGUSR2', `--diagnostic-dir=${heapSnapshotDir}`);
  }
  if (processes === 0) servers.push(await start([...serverFlags, ...profile, serverJs], serverEnv, /running at/));
  else {
    if (!usePostgres) throw new Error('BENCH_PROCESSES needs DATABASE_URL: PGlite is one process per data directory');
    const ports = Array.from({ length: processes }, (_, i) => port + 3 + i);
    // One after the other, so only the first migrates and seeds.
    for (const p of ports)
      servers.push(
        await start([...serverFlags, serverJs], { ...serverEnv, PORT: String(p), DATA_DIR: `${dataDir}-${p}` }, /running at/),
      );
    if (proxy === 'nginx') startCacheProxy(port, ports);
    else startBalancer(port, ports);
    await waitFor(`http://127.0.0.1:${port}/api/health/ready`);
  }
  const app = `http://127.0.0.1:${port}`;
  const bareServer = await bareStarted;
  // The server's warm start (decision 0631) runs on the cores the baselines are measured on: it is waited for.
  const warm = await Promise.all(servers.map((server) => warmed(server, 60_000)));
  console.log(warm.map((line) => line ?? 'no warm start line within 60 s').join('\n'));
  phase('servers started and warm');

  // A long run (the 10-minute memory run) needs no 10-minute baselines.
  const baselineSeconds = guard ? 3 : Math.min(seconds, 15);
  const [bare, bareCpu] = await withCpu([bareServer.pid], () => measure(`http://127.0.0.1:${port + 1}`, [{ path: '/hello' }], {}, false, baselineSeconds));
  /** Bare Fastify's CPU time per answer (ms), the unit the guard compares the server's with. */
  const bareCpuPerAnswer = bareCpu === null ? null : bareCpu / Math.max(1, bare.answered);
  const stack = guard ? bare : await measure(`http://127.0.0.1:${port + 2}`, [{ path: '/hello' }], {}, false, baselineSeconds);
  const rows: Array<{ name: string; sameBytes?: number } & Awaited<ReturnType<typeof measure>>> = [
    { name: 'baseline: bare Fastify hello', ...bare },
    { name: 'baseline: full stack hello', ...stack },
  ];
  const cookies: Cookies = { provider: await signIn(app), admin: await signIn(app, BENCH_ADMIN) };
  if (viewerCount > 0 && SCENARIOS.some((s) => s.writes && (!only || only.test(s.name))))
    cookies.viewers = await signUpViewers(app, viewerCount);
  phase('baseline measured, signed in');
  // What a scenario reads to draw its requests (not measured): asked again once when a loaded machine drops the connection.
  const get = async (p: string) => {
    const read = async () => (await fetch(`${app}${p}`, { headers: { cookie: cookies.provider ?? '' } })).json();
    return read().catch(() => new Promise((r) => setTimeout(r, 1000)).then(read));
  };
  const colds: Array<{ name: string } & Awaited<ReturnType<typeof cold>>> = [];
  const mixed: Array<{
    name: string;
    writes: Awaited<ReturnType<ReturnType<typeof writeLoop>>>;
    rssMb: number;
    growth: string;
    loop: LoopLine[];
    shape?: Shape;
    rollup: string | null;
    cpuPerAnswer: number | null;
  }> = [];
  const loop = eventLoopStats(servers);
  for (const scenario of SCENARIOS.filter((s) => !only || only.test(s.name))) {
    const requests = typeof scenario.requests === 'function' ? await scenario.requests(get) : scenario.requests;
    phase(`${scenario.name}: ${requests.length} requests drawn`);
    // First each distinct request once, in turn (reported as "cold"), then the load run (steady state).
    const first = scenario.fresh ? null : await cold(app, requests);
    if (first) colds.push({ name: scenario.name, ...first });
    if (!scenario.writes) {
      const row = { name: scenario.name, ...(await measure(app, requests, cookies)) };
      // Large answers cost their bytes in the kernel whoever sends them: a scenario with some is also
      // set beside bare Fastify sending the same sizes in the same rotation (`× bare, same bytes`).
      const sameBytes =
        first && first.maxBytes >= SAME_BYTES_FROM
          ? (await measure(`http://127.0.0.1:${port + 1}`, requests.map((r) => ({ path: `/bytes/${first.sizes.get(r.path) ?? 0}` })))).rps
          : undefined;
      rows.push({ ...row, sameBytes });
      continue;
    }
    const me = (await get('/api/auth/me')) as { data: { id: string } };
    const stopWrites = writeLoop(
      app,
      await scenario.writes(get, { providerUserId: me.data.id }),
      writesPerSecond,
      cookies,
    );
    const rssAll = () => servers.reduce((mb, server) => mb + rssMb(server.pid), 0);
    const samples: number[] = [];
    const sampler = setInterval(() => samples.push(rssAll()), 500);
    loop.length = 0;
    const shape: Shape | undefined = scenario.fresh ? { firstTime: 0, sent: 0, kinds: new Map() } : undefined;
    // A warm server before the measured run (JIT, pools, the render's modules): the end of the list, which the run does not reach.
    if (warmRequests > 0) await warmUp(app, requests.slice(-warmRequests), cookies);
    const startUs = monotonicUs();
    const [reads, serverCpu] = await withCpu(
      servers.map((server) => server.pid),
      () => measure(app, requests, cookies, true, seconds, shape),
    );
    if (profileDir || traceFile) profileWindows.push({ scenario: scenario.name, startUs, endUs: monotonicUs() });
    const during = [...loop];
    if (reads.hitRate === null && during.length > 1) {
      const hits = (during.at(-1)!.cacheHits ?? 0) - (during[0]!.cacheHits ?? 0);
      const misses = (during.at(-1)!.cacheMisses ?? 0) - (during[0]!.cacheMisses ?? 0);
      if (hits + misses > 0) reads.hitRate = hits / (hits + misses);
    }
    clearInterval(sampler);
    const rollup = smapsRollup(servers[0]?.pid);
    // Before the snapshot, which doubles the heap's share of the resident set while it is written.
    const rssPeak = Math.max(rssAll(), ...samples);
    if (heapSnapshotDir) await writeHeapSnapshot(servers[0]!, heapSnapshotDir);
    const name = `${scenario.name}, ${writesPerSecond} writes/s`;
    phase(`${scenario.name}: measured`);
    rows.push({ name, ...reads });
    const writes = await stopWrites();
    mixed.push({
      name,
      writes,
      // Reads and writes answered during the run share the server's CPU time (the database's too on PGlite).
      cpuPerAnswer: serverCpu === null ? null : serverCpu / Math.max(1, reads.answered + writes.sent - writes.errors),
      rssMb: rssPeak,
      growth: memoryGrowth(samples),
      loop: during,
      shape,
      rollup,
    });
  }

  if (profileDir) {
    mkdirSync(profileDir, { recursive: true });
    writeFileSync(path.join(profileDir, 'windows.json'), JSON.stringify(profileWindows));
  }
  if (traceFile) {
    const stalls = mixed.flatMap((m) => m.loop.flatMap((s) => s.stalls ?? []));
    const written: TraceFile = { windows: profileWindows, answers: trace, stalls };
    mkdirSync(path.dirname(traceFile), { recursive: true });
    writeFileSync(traceFile, JSON.stringify(written));
  }
  const size = `${scaleProviders ? `, ${scaleProviders} generated providers added` : ''}${scaleAssets ? `, synthetic assets up to ${scaleAssets}` : ''}`;
  const topology = processes ? `; ${processes} server process${processes > 1 ? 'es' : ''} behind ${proxy === 'nginx' ? "nginx's cache" : 'HAProxy'}` : '';
  console.log(
    `\nDatabase: ${usePostgres ? 'PostgreSQL (DATABASE_URL)' : 'embedded PGlite'}${size}${topology}; ${connections} connections, ${seconds} s each`,
  );
  // What Node ran the server with (as `npm start`, decision 0635; NODE_OPTIONS adds to it).
  console.log(
    `Server: node ${[...serverFlags, ...(process.env.NODE_OPTIONS ? [process.env.NODE_OPTIONS] : [])].join(' ')}, MALLOC_ARENA_MAX=${serverEnv.MALLOC_ARENA_MAX}\n`,
  );
  console.log(
    `${'scenario'.padEnd(34)} ${'req/s'.padStart(9)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'× bare'.padStart(8)} ${'× stack'.padStart(8)}  errors/non-2xx  × bare, same bytes`,
  );
  for (const r of rows) {
    const same = r.sameBytes ? `  ${(r.rps / r.sameBytes).toFixed(3)} (bare: ${r.sameBytes.toFixed(0)} req/s)` : '';
    console.log(
      `${r.name.padEnd(34)} ${r.rps.toFixed(0).padStart(9)} ${String(r.p50).padStart(8)} ${String(r.p99).padStart(8)} ${(r.rps / bare.rps).toFixed(3).padStart(8)} ${(r.rps / stack.rps).toFixed(3).padStart(8)}  ${`${r.errors}/${r.non2xx}`.padEnd(14)}${same}`,
    );
  }
  for (const m of mixed) {
    const reads = rows.find((r) => r.name === m.name)!;
    const hits = reads.hitRate === null ? 'not reported by the server' : `${(reads.hitRate * 100).toFixed(1)} %`;
    console.log(
      `\n${m.name}: reads ${((100 * reads.rps) / bare.rps).toFixed(2)} % of bare Fastify; cache hit rate ${hits}; ` +
        `server resident memory peak ${m.rssMb.toFixed(0)} MB${processes > 1 ? ' (all processes)' : ''} (${m.growth}); writes ${m.writes.sent} sent, ${m.writes.errors} failed, p50 ${m.writes.p50.toFixed(0)} ms, p99 ${m.writes.p99.toFixed(0)} ms`,
    );
    if (m.cpuPerAnswer !== null && bareCpuPerAnswer)
      console.log(
        `  server CPU time per answer ${m.cpuPerAnswer.toFixed(2)} ms, ${(m.cpuPerAnswer / bareCpuPerAnswer).toFixed(0)} × bare Fastify's (${(1000 * bareCpuPerAnswer).toFixed(1)} µs)${usePostgres ? ', the database’s own processes not counted' : ''}`,
      );
    if (m.shape) {
      const pct = (n: number, of: number) => `${((100 * n) / Math.max(1, of)).toFixed(1)} %`;
      console.log(`  first-time addresses: ${pct(m.shape.firstTime, m.shape.sent)} of ${m.shape.sent} requests; latency by kind (ms):`);
      const rowsByKind = [...m.shape.kinds].map(([kind, times]) => {
        times.sort((a, b) => a - b);
        const q = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))] ?? 0;
        return { kind, n: times.length, p50: q(0.5), p99: q(0.99) };
      });
      for (const k of rowsByKind.sort((a, b) => b.p99 - a.p99))
        console.log(`    ${k.kind.padEnd(44)} ${String(k.n).padStart(7)} requests  p50 ${k.p50.toFixed(0).padStart(5)}  p99 ${k.p99.toFixed(0).padStart(5)}`);
    }
    if (m.loop.length) {
      const worst = (key: keyof LoopStats) => Math.max(...m.loop.map((s) => s[key] ?? 0));
      const mean = (key: keyof LoopStats) => m.loop.reduce((n, s) => n + (s[key] ?? 0), 0) / m.loop.length;
      console.log(
        `  server main thread over ${m.loop.length} s: event-loop delay p50 ${mean('p50').toFixed(1)} ms (mean of seconds), ` +
          `p99 ${mean('p99').toFixed(1)} ms (worst second ${worst('p99').toFixed(1)}), max ${worst('max').toFixed(0)} ms; busy ${(100 * mean('utilization')).toFixed(0)} % of the time; ` +
          `read caches held up to ${worst('cacheMb')} MB, JS heap in use up to ${worst('heapMb')} MB, outside the heap (Buffers) ${tenthMeans(m.loop.map((s) => s.externalMb ?? 0))
          .map((mb) => mb.toFixed(0))
          .join(' → ')} MB`,
      );
      printMemoryTimeline(m.loop);
    }
    if (m.rollup) console.log(`  at the end (/proc/<pid>/smaps_rollup, MB): ${m.rollup}`);
  }
  if (guard) {
    const problems: string[] = [];
    for (const m of mixed) {
      const reads = rows.find((r) => r.name === m.name)!;
      // Wrong answers fail it; timeouts on an overloaded machine are not the server's fault.
      if (reads.non2xx > 0 || m.writes.errors > 0) problems.push(`${m.name}: ${reads.non2xx} reads and ${m.writes.errors} writes answered an error`);
      if (m.cpuPerAnswer === null || !bareCpuPerAnswer) problems.push('CPU time cannot be read here (Linux /proc/<pid>/task/*/schedstat)');
      else if (m.cpuPerAnswer / bareCpuPerAnswer > guard.maxCpuRatio)
        problems.push(`${m.name}: ${(m.cpuPerAnswer / bareCpuPerAnswer).toFixed(0)} × bare Fastify's CPU time per answer, over ${guard.maxCpuRatio} ×`);
      if (reads.answered < 20) problems.push(`${m.name}: only ${reads.answered} reads answered, too few to judge`);
      if (m.shape && (100 * m.shape.firstTime) / Math.max(1, m.shape.sent) < guard.minFirstTime) problems.push(`${m.name}: under ${guard.minFirstTime} % first-time addresses`);
    }
    if (mixed.length === 0) problems.push('no scenario with writes ran (BENCH_ONLY?)');
    for (const p of problems) console.log(`bench guard: ${p}`);
    console.log(`\nbench guard: ${problems.length ? 'FAILED' : 'passed'}`);
    if (problems.length) process.exitCode = 1;
  }
  if (colds.length) {
    console.log(`\nCold (each distinct request once, in turn, before the load run; KB as sent, compressed):\n`);
    console.log(
      `${'scenario'.padEnd(34)} ${'requests'.padStart(9)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'max ms'.padStart(8)} ${'max KB'.padStart(8)} ${'mean KB'.padStart(8)}`,
    );
    for (const c of colds) {
      console.log(
        `${c.name.padEnd(34)} ${String(c.n).padStart(9)} ${c.p50.toFixed(0).padStart(8)} ${c.p99.toFixed(0).padStart(8)} ${c.max.toFixed(0).padStart(8)} ${(c.maxBytes / 1024).toFixed(0).padStart(8)} ${(c.meanBytes / 1024).toFixed(0).padStart(8)}`,
      );
      if (c.best) {
        console.log(
          `${'  best of the next ' + coldRepeat}`.padEnd(34) + ` ${String(c.n).padStart(9)} ${c.best.p50.toFixed(1).padStart(8)} ${c.best.p99.toFixed(1).padStart(8)} ${c.best.max.toFixed(1).padStart(8)}`,
        );
      }
    }
  }
}

main()
  .catch((err) => {
    console.error(err);
    process.exitCode = 1;
  })
  .finally(() => children.forEach((c) => c.kill('SIGTERM')));
