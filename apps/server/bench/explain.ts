// `npx tsx apps/server/bench/explain.ts` (issue 26): the statements a first-time answer of each
// long-tail kind runs, each measured with EXPLAIN ANALYZE on the database it runs on. Requests are
// drawn as the long-tail scenario draws them (seeded), answered once in-process (`app.inject`, so
// nothing is kept between them) while every statement is recorded, then each read statement is
// explained EXPLAIN_REPEAT times (after one untimed run) and its median planning and execution
// times kept. Prints, per kind: requests, statements per request, the request's own time, the
// database's share of it, and the slowest statement with its plan.
// Env: DATABASE_URL (PostgreSQL) or DATA_DIR (PGlite: DATA_DIR/pgdata, which no server may hold
// open; copy the bench's snapshot, .tmp/bench/snapshot); EXPLAIN_SAMPLES per kind (20),
// EXPLAIN_REPEAT (5; 0: statements counted, none explained), EXPLAIN_ONLY (a pattern on kind names), EXPLAIN_PLANS=0 to leave plans out,
// EXPLAIN_ENCODING (an Accept-Encoding to send, e.g. 'br': the answer's compression is then counted).
// The rendered pages (`page: …`) need the web build (`npm run build`); they are asked as the bench
// asks them, with a browser's Accept-Encoding, so their CPU time includes rendering and compression.
// EXPLAIN_WARM=N answers N more first-time requests of each kind first, not counted (the code's
// compilation). EXPLAIN_WINDOWS=<dir> writes the requests' spans there as windows.json, so that
// `node --cpu-prof --cpu-prof-dir=<dir> --import tsx …explain.ts` and profile-summary.ts count the
// answers alone (with EXPLAIN_REPEAT=0, nothing else runs between them).
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { ASSET_DEVELOPMENT_STATUSES, ASSET_REGIONS, ASSET_TECHNOLOGY_TYPES } from '@solar/shared/constants/assets';
import { buildApp } from '../src/app';
import { createContext } from '../src/context';
import { parseEnv } from '../src/env';
import { createLogger } from '../src/logger';
import { refreshAssetMapCells } from '../src/features/assets/assets.repository';
import { insertUser } from '../src/features/accounts/accounts.repository';
import { startSession } from '../src/plugins/auth';
import { webServerEntryDir, webDistDir } from '../src/paths';
import { boardQuery, directoryQuery, places, random, servicesOf, viewAround } from './scenarios/long-tail';

const samples = Number(process.env.EXPLAIN_SAMPLES ?? 20);
const repeat = Number(process.env.EXPLAIN_REPEAT ?? 5);
const only = process.env.EXPLAIN_ONLY ? new RegExp(process.env.EXPLAIN_ONLY, 'i') : null;
const showPlans = process.env.EXPLAIN_PLANS !== '0';
const warm = Number(process.env.EXPLAIN_WARM ?? 0);
const windowsDir = process.env.EXPLAIN_WINDOWS ?? null;
const monotonicUs = () => Number(process.hrtime.bigint() / 1000n);
const encoding = process.env.EXPLAIN_ENCODING ? { 'accept-encoding': process.env.EXPLAIN_ENCODING } : {};

interface Statement {
  sql: string;
  params: unknown[];
}

async function main() {
  const env = parseEnv({ ...process.env, NODE_ENV: 'production', SEED_DEMO: 'false', LOG_LEVEL: 'warn' });
  let recording: Statement[] | null = null;
  const silent = new Writable({ write: (_chunk, _enc, done) => done() });
  const ctx = await createContext(env, createLogger('warn', silent), undefined, {
    logQuery: (sql, params) => recording?.push({ sql, params: [...params] }),
  });
  await refreshAssetMapCells(ctx.database);
  // The rendered pages need the web build; without it only the API kinds are measured.
  const web = existsSync(`${webServerEntryDir(webDistDir)}/entry-server.js`);
  const app = await buildApp(ctx, { serveWeb: web });
  await app.ready();
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: 'provider.demo@example.com', password: 'DemoProvider2026' },
  });
  const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  if (login.statusCode !== 200)
    throw new Error(`the demo provider's sign-in failed (${login.statusCode}): seed the database with SEED_DEMO=true`);
  const get = async (url: string) => (await app.inject({ url })).json() as unknown;

  const r = random(Number(process.env.BENCH_SEED ?? 26));
  const gaz = places();
  const services = await servicesOf(get);
  const providers = await ctx.database.query<{ id: string; slug: string }>(
    'SELECT id, coalesce(slug, id::text) AS slug FROM providers ORDER BY id',
  );
  const tenders = (
    await ctx.database.query<{ id: string }>(`SELECT id::text AS id FROM tenders WHERE type = 'open' ORDER BY id`)
  ).map((t) => t.id);
  const assets = await ctx.database.query<{ id: number }>('SELECT id::int AS id FROM assets ORDER BY id');
  const draw = (make: () => string) => Array.from({ length: samples + warm }, make);
  const windows: Array<{ scenario: string; startUs: number; endUs: number }> = [];
  /** A session cookie for a user (the Tenders tab is kept per user: each sample signs in someone else). */
  const sessionOf = async (userId: string) => {
    let cookie = '';
    await startSession(
      ctx,
      { setCookie: (name: string, value: string) => (cookie = `${name}=${value}`) } as never,
      userId,
    );
    return cookie;
  };
  const stamp = Date.now().toString(36);
  const newAccounts = await Promise.all(
    Array.from({ length: samples }, async (_, i) =>
      sessionOf(
        (
          await insertUser(ctx.database.db, {
            email: `explain.${stamp}.${i}@example.com`,
            name: 'Explain Viewer',
            company: 'Explain Co',
            type: i % 2 ? 'provider' : 'representative',
            passwordHash: 'x',
          })
        ).id,
      ),
    ),
  );
  // Accounts with a Tenders tab to fill: owners of tenders, owners of invited providers, responders.
  const busy = await ctx.database.query<{ id: string }>(
    `SELECT id::text AS id FROM (SELECT user_id AS id FROM tenders WHERE user_id IS NOT NULL
       UNION SELECT p.user_id FROM tender_invitations i JOIN providers p ON p.id = i.provider_id WHERE p.claim_approved AND p.user_id IS NOT NULL
       UNION SELECT user_id FROM tender_responses WHERE user_id IS NOT NULL) u ORDER BY id LIMIT $1`,
    [samples],
  );
  const busyAccounts = await Promise.all(busy.map((u) => sessionOf(u.id)));
  const kinds: Array<{ kind: string; urls: string[]; signedIn?: boolean; cookies?: string[]; page?: boolean }> = [
    ...(web
      ? [
          {
            kind: 'page: directory for a place',
            urls: draw(() => `/providers?${directoryQuery(r, r.pick(gaz), services)}`),
            page: true,
          },
          {
            kind: 'page: profile',
            urls: draw(() => `/providers/${encodeURIComponent(r.pick(providers).slug)}`),
            page: true,
          },
          // Each tender once (there are fewer tenders than samples in the demo seed).
          {
            kind: 'page: tender',
            urls: tenders
              .map((t) => [r.next(), t] as const)
              .sort((a, b) => a[0] - b[0])
              .slice(0, samples + warm)
              .map(([, t]) => `/tender/${t}`),
            page: true,
          },
        ]
      : []),
    {
      kind: 'directory search (list)',
      urls: draw(() => `/api/providers/search?${directoryQuery(r, r.chance(0.9) ? r.pick(gaz) : null, services)}`),
    },
    {
      kind: 'directory search (map)',
      urls: draw(() => {
        const q = directoryQuery(r, r.chance(0.7) ? r.pick(gaz) : null, services);
        q.delete('page');
        q.delete('sort');
        q.set('mode', 'map');
        return `/api/providers/search?${q}`;
      }),
    },
    { kind: 'profile', urls: draw(() => `/api/providers/${r.pick(providers).id}`) },
    ...[
      [6, 8],
      [9, 10],
      [11, 12],
    ].map(([from, to]) => ({
      kind: `asset map, zoom ${from}–${to}`,
      urls: draw(() => {
        const zoom = from! + r.int(to! - from! + 1);
        const q = new URLSearchParams({ bounds: viewAround(r.pick(gaz), zoom, r.next() - 0.5), zoom: String(zoom) });
        if (r.chance(0.4)) q.append('technologyTypes', r.pick(ASSET_TECHNOLOGY_TYPES));
        if (r.chance(0.2)) q.set('minCapacity', String(r.pick([1, 5, 10, 50])));
        return `/api/assets/coordinates?${q}`;
      }),
    })),
    {
      // What the web map loads (decision 0614): no bounds, no zoom, a first-time combination of the Overview's filters.
      kind: 'asset map, UK-wide, a filter',
      urls: draw(() => {
        const q = new URLSearchParams();
        for (const t of r.some(ASSET_TECHNOLOGY_TYPES, 1 + r.int(3))) q.append('technologyTypes', t);
        if (r.chance(0.5))
          for (const s of r.some(ASSET_DEVELOPMENT_STATUSES, 1 + r.int(3))) q.append('developmentStatus', s);
        if (r.chance(0.3)) for (const g of r.some(ASSET_REGIONS, 1 + r.int(2))) q.append('regions', g);
        if (r.chance(0.3)) q.set('minCapacity', String(r.pick([1, 5, 10, 50])));
        return `/api/assets/coordinates?${q}`;
      }),
    },
    { kind: 'asset record (signed in)', urls: draw(() => `/api/assets/${r.pick(assets).id}`), signedIn: true },
    {
      // The projects table, drawn as the long-tail scenario draws it.
      kind: 'asset projects table',
      urls: draw(() => {
        const q = new URLSearchParams({ offset: String(25 * r.int(20)), limit: '25', sortBy: r.pick(['siteName', 'installedCapacity', 'planningSubmissionDate', 'region']), sortDirection: r.chance(0.5) ? 'asc' : 'desc' });
        if (r.chance(0.5)) q.set('region', r.pick(ASSET_REGIONS));
        if (r.chance(0.4)) q.set('technology', r.pick(ASSET_TECHNOLOGY_TYPES));
        return `/api/assets/tenders?${q}`;
      }),
    },
    {
      kind: 'tender board',
      urls: draw(() => `/api/tenders/public?${boardQuery(r, r.chance(0.6) ? r.pick(gaz) : null, services)}`),
    },
    {
      kind: 'Tenders tab, new account (signed in)',
      urls: newAccounts.map(() => '/api/tenders/mine'),
      cookies: newAccounts,
    },
    {
      kind: 'Tenders tab, account with tenders (signed in)',
      urls: busyAccounts.map(() => '/api/tenders/mine'),
      cookies: busyAccounts,
    },
  ];

  for (const { kind, urls, signedIn, cookies, page } of kinds.filter((k) => !only || only.test(k.kind))) {
    const perRequest: Array<{ ms: number; cpuMs: number; dbMs: number; statements: number; bytes: number }> = [];
    const slowest: { ms: number; plan: string; sql: string } = { ms: -1, plan: '', sql: '' };
    /** Sequential scans and sorts in the plans: node → requests it appeared in and the most rows it handled. */
    const nodes = new Map<string, { requests: Set<number>; maxRows: number }>();
    for (const [index, url] of urls.entries()) {
      const as = cookies?.[index] ?? (signedIn ? cookie : null);
      const counted = cookies || index >= warm;
      // Sessions are looked up before the answer: the signed-in request's own statements only.
      if (as) await app.inject({ url: '/api/auth/me', headers: { cookie: as } });
      recording = [];
      const startUs = monotonicUs();
      const t0 = performance.now();
      const cpu0 = process.cpuUsage();
      const res = await app.inject({
        url,
        headers: { ...encoding, ...(as && { cookie: as }), ...(page && { 'accept-encoding': 'gzip, deflate, br' }) },
      });
      const ms = performance.now() - t0;
      if (counted) windows.push({ scenario: kind, startUs, endUs: monotonicUs() });
      // The process's CPU time (PGlite's included, it runs here): a busy machine moves it far less than the clock.
      const cpu = process.cpuUsage(cpu0);
      const cpuMs = (cpu.user + cpu.system) / 1000;
      const ran = recording;
      recording = null;
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      if (!counted) continue;
      let dbMs = 0;
      // EXPLAIN_REPEAT=0: no plans (e.g. under --cpu-prof, so the profile holds the answers alone).
      for (const s of repeat > 0 ? ran.filter((st) => /^\s*(select|with)\b/i.test(st.sql)) : []) {
        const { planning, execution, plan } = await explain(ctx.database, s);
        dbMs += planning + execution;
        for (const { node, rows } of scansAndSorts(plan)) {
          const seen = nodes.get(node) ?? { requests: new Set<number>(), maxRows: 0 };
          seen.requests.add(index);
          seen.maxRows = Math.max(seen.maxRows, rows);
          nodes.set(node, seen);
        }
        if (planning + execution > slowest.ms) Object.assign(slowest, { ms: planning + execution, plan, sql: s.sql });
      }
      perRequest.push({ ms, cpuMs, dbMs, statements: ran.length, bytes: res.rawPayload.length });
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
    const worst = (xs: number[]) => Math.max(...xs);
    const ms = perRequest.map((p) => p.ms);
    const db = perRequest.map((p) => p.dbMs);
    console.log(
      `\n## ${kind} (${ctx.database.kind}, ${perRequest.length} first-time requests)\n\n` +
        `statements per request ${median(perRequest.map((p) => p.statements))}; request in-process p50 ${median(ms).toFixed(1)} ms, max ${worst(ms).toFixed(1)} ms; ` +
        `CPU p50 ${median(perRequest.map((p) => p.cpuMs)).toFixed(1)} ms, max ${worst(perRequest.map((p) => p.cpuMs)).toFixed(1)} ms; answer p50 ${(median(perRequest.map((p) => p.bytes)) / 1024).toFixed(0)} KB; ` +
        `database (planning + execution, median of ${repeat}) p50 ${median(db).toFixed(2)} ms, max ${worst(db).toFixed(2)} ms; slowest statement ${slowest.ms.toFixed(2)} ms`,
    );
    const found = [...nodes].sort((a, b) => b[1].maxRows - a[1].maxRows);
    console.log(
      found.length
        ? `\nsequential scans and sorts: ${found.map(([node, n]) => `${node} in ${n.requests.size} of ${perRequest.length} requests (up to ${n.maxRows} rows)`).join('; ')}`
        : '\nno sequential scan or sort',
    );
    if (showPlans)
      console.log(`\n\`\`\`sql\n${slowest.sql.replace(/\s+/g, ' ').trim()}\n\`\`\`\n\`\`\`\n${slowest.plan}\n\`\`\``);
  }
  if (windowsDir) {
    mkdirSync(windowsDir, { recursive: true });
    writeFileSync(path.join(windowsDir, 'windows.json'), JSON.stringify(windows));
  }
  await app.close();
  await ctx.database.close();
}

/** A plan's sequential scans (by table) and sorts (by key), each with the rows it produced. */
function scansAndSorts(plan: string) {
  const found: Array<{ node: string; rows: number }> = [];
  const lines = plan.split('\n');
  lines.forEach((line, i) => {
    const rows = Number(/actual time=[\d.]+\.\.[\d.]+ rows=([\d.]+)/.exec(line)?.[1] ?? 0);
    const scan = /(?:Parallel )?Seq Scan on (\w+)/.exec(line);
    if (scan) found.push({ node: `Seq Scan on ${scan[1]}`, rows });
    if (/^(?:->\s+)?(?:Incremental )?Sort\s+\(/.test(line.trim())) {
      const key = /Sort Key: (.*)/.exec(lines[i + 1] ?? '')?.[1] ?? '';
      found.push({ node: `Sort (${key.slice(0, 60)})`, rows });
    }
  });
  return found;
}

/** EXPLAIN ANALYZE of one statement: median planning and execution times of `repeat` runs (after one untimed) and the last plan. */
async function explain(database: Awaited<ReturnType<typeof createContext>>['database'], s: Statement) {
  const runs: Array<{ planning: number; execution: number; plan: string }> = [];
  for (let i = 0; i <= repeat; i++) {
    const rows = await database.query<Record<string, string>>(`EXPLAIN (ANALYZE, BUFFERS false) ${s.sql}`, s.params);
    const lines = rows.map((row) => Object.values(row)[0]!);
    const time = (label: string) => Number(new RegExp(`${label} Time: ([\\d.]+) ms`).exec(lines.join('\n'))?.[1] ?? 0);
    if (i > 0) runs.push({ planning: time('Planning'), execution: time('Execution'), plan: lines.join('\n') });
  }
  const mid = <K extends 'planning' | 'execution'>(key: K) =>
    [...runs].sort((a, b) => a[key] - b[key])[Math.floor(runs.length / 2)]![key];
  return { planning: mid('planning'), execution: mid('execution'), plan: runs.at(-1)!.plan };
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
