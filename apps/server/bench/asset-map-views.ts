// `npx tsx apps/server/bench/asset-map-views.ts` (issue 26): the asset map's first-time answers as the
// long tail asks them, in process. The long-tail scenario's own request list is drawn (same seed), its
// `/api/assets/coordinates` views taken in order, and each distinct one answered once through
// `app.inject` with a browser's Accept-Encoding (so the answer is encoded, hashed for its ETag and
// compressed as the server sends it). Prints CPU (this process's, PGlite's included) and wall time per
// answer by zoom, the answer's size, and on PostgreSQL the database backends' CPU read from /proc.
// Env: DATABASE_URL (PostgreSQL) or DATA_DIR (PGlite: a copy of the bench's snapshot), MAP_VIEWS (400),
// MAP_WARM (20: answered first, not counted), MAP_ANSWERS=<file> writes each view's address and
// decoded answer (JSON lines) to compare two builds' answers, MAP_WINDOWS=<dir> the answers' spans as
// windows.json, so that `node --cpu-prof --cpu-prof-dir=<dir> --import tsx …asset-map-views.ts` and
// profile-summary.ts count the answers alone.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { brotliDecompressSync } from 'node:zlib';
import { buildApp } from '../src/app';
import { createContext } from '../src/context';
import { parseEnv } from '../src/env';
import { createLogger } from '../src/logger';
import { refreshAssetMapCells } from '../src/features/assets/assets.repository';
import { longTailScenario } from './scenarios/long-tail';

const views = Number(process.env.MAP_VIEWS ?? 400);
const warm = Number(process.env.MAP_WARM ?? 20);
const answersFile = process.env.MAP_ANSWERS ?? null;
const windowsDir = process.env.MAP_WINDOWS ?? null;
const monotonicUs = () => Number(process.hrtime.bigint() / 1000n);

/** CPU seconds of every PostgreSQL backend serving `database` (its process title names it), from /proc. */
function backendsCpuMs(database: string | null): number {
  if (!database) return 0;
  const tick = 100; // USER_HZ on Linux
  let total = 0;
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (!cmd.startsWith('postgres:') || !cmd.includes(` ${database} `)) continue;
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      total += ((Number(fields[11]) + Number(fields[12])) * 1000) / tick;
    } catch {
      // a process that ended meanwhile
    }
  }
  return total;
}

async function main() {
  const env = parseEnv({ ...process.env, NODE_ENV: 'production', SEED_DEMO: 'false', LOG_LEVEL: 'warn' });
  let statements = 0;
  const silent = new Writable({ write: (_chunk, _enc, done) => done() });
  const ctx = await createContext(env, createLogger('warn', silent), undefined, { logQuery: () => statements++ });
  await refreshAssetMapCells(ctx.database);
  const app = await buildApp(ctx, { serveWeb: false });
  await app.ready();
  const get = async (url: string) => (await app.inject({ url })).json() as unknown;
  const { requests } = longTailScenario;
  const all = typeof requests === 'function' ? await requests(get) : requests;
  const urls = [...new Set(all.map((r) => r.path).filter((p) => p.startsWith('/api/assets/coordinates?')))].slice(0, warm + views);
  const database = process.env.DATABASE_URL ? new URL(process.env.DATABASE_URL).pathname.slice(1) : null;

  const rows: Array<{ zoom: number; cpuMs: number; ms: number; raw: number; sent: number; statements: number; clustered: boolean }> = [];
  const answers: string[] = [];
  const windows: Array<{ scenario: string; startUs: number; endUs: number }> = [];
  let dbCpu = 0;
  for (const [i, url] of urls.entries()) {
    const counted = i >= warm;
    const db0 = counted ? backendsCpuMs(database) : 0;
    statements = 0;
    const startUs = monotonicUs();
    const t0 = performance.now();
    const cpu0 = process.cpuUsage();
    const res = await app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    const cpu = process.cpuUsage(cpu0);
    const ms = performance.now() - t0;
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    if (!counted) continue;
    windows.push({ scenario: 'asset map', startUs, endUs: monotonicUs() });
    dbCpu += backendsCpuMs(database) - db0;
    const body = res.headers['content-encoding'] === 'br' ? brotliDecompressSync(res.rawPayload).toString('utf8') : res.body;
    const answer = JSON.parse(body) as { clustered: boolean };
    rows.push({
      zoom: Number(new URLSearchParams(url.split('?')[1]).get('zoom')),
      cpuMs: (cpu.user + cpu.system) / 1000,
      ms,
      raw: Buffer.byteLength(body),
      sent: res.rawPayload.length,
      statements,
      clustered: answer.clustered,
    });
    if (answersFile) answers.push(JSON.stringify({ url, cpuMs: rows.at(-1)!.cpuMs, ms, answer }));
  }
  if (answersFile) writeFileSync(answersFile, answers.join('\n') + '\n');
  if (windowsDir) {
    mkdirSync(windowsDir, { recursive: true });
    writeFileSync(path.join(windowsDir, 'windows.json'), JSON.stringify(windows));
  }

  const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))] ?? 0;
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
  const line = (label: string, rs: typeof rows) => {
    const cpu = rs.map((r) => r.cpuMs);
    const ms = rs.map((r) => r.ms);
    return (
      `| ${label} | ${rs.length} | ${pct(cpu, 50).toFixed(1)} / ${pct(cpu, 90).toFixed(1)} / ${pct(cpu, 99).toFixed(1)} / ${mean(cpu).toFixed(1)} | ` +
      `${pct(ms, 50).toFixed(1)} / ${pct(ms, 99).toFixed(1)} / ${mean(ms).toFixed(1)} | ${(pct(rs.map((r) => r.raw), 50) / 1024).toFixed(1)} / ${(mean(rs.map((r) => r.raw)) / 1024).toFixed(1)} / ${(Math.max(...rs.map((r) => r.raw)) / 1024).toFixed(0)} | ` +
      `${(mean(rs.map((r) => r.sent)) / 1024).toFixed(1)} | ${mean(rs.map((r) => r.statements)).toFixed(2)} | ${rs.filter((r) => r.clustered).length} |`
    );
  };
  console.log(`${ctx.database.kind}, ${rows.length} first-time views of the long tail (after ${warm} not counted); load average ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}\n`);
  console.log('| zoom | views | CPU ms p50 / p90 / p99 / mean | wall ms p50 / p99 / mean | answer KB p50 / mean / max | sent KB mean | statements | clustered |');
  console.log('|---|---:|---|---|---|---:|---:|---:|');
  for (const [from, to] of [
    [6, 8],
    [9, 10],
    [11, 12],
  ] as const)
    console.log(line(`${from}–${to}`, rows.filter((r) => r.zoom >= from && r.zoom <= to)));
  console.log(line('all', rows));
  if (database) console.log(`\ndatabase backends' CPU per view: ${(dbCpu / rows.length).toFixed(2)} ms (10 ms ticks, summed over ${rows.length} views)`);
  await app.close();
  await ctx.database.close();
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
