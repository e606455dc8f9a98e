// Server CPU per first-time answer, by kind of request (issue 26): starts the built server on
// DATABASE_URL (or a copy of the bench's PGlite snapshot), builds the long tail's request list, and
// asks N addresses of each public kind one at a time, reading the server process's CPU time
// (/proc/<pid>/stat) before and after each kind. Usage: `npx tsx apps/server/bench/kind-cpu.ts [N]`.
import { spawn } from 'node:child_process';
import { cpSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { repoRoot, serverRoot } from '../src/paths';
import { serverNodeArgs } from '../scripts/server-process.mjs';
import { longTailScenario } from './scenarios/long-tail';
import type { BenchRequest } from './scenario';

const n = Number(process.argv[2] ?? 150);
const port = Number(process.env.KIND_PORT ?? 3610);
const dataDir = path.join(repoRoot, '.tmp/kind-cpu-data');
if (!process.env.DATABASE_URL) {
  rmSync(dataDir, { recursive: true, force: true });
  cpSync(path.join(repoRoot, '.tmp/bench/snapshot'), dataDir, { recursive: true });
}
const child = spawn(process.execPath, [...serverNodeArgs(process.env), ...(process.env.KIND_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.KIND_PROF}`] : []), path.join(serverRoot, 'dist/server.js')], {
  env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', DATA_DIR: dataDir, PORT: String(port), TRUST_PROXY: 'loopback', SEED_DEMO: 'true' },
  stdio: ['ignore', 'pipe', 'inherit'],
});
const ready = new Promise<void>((resolve) => child.stdout!.on('data', (c) => String(c).includes('warm start') && resolve()));
const cpuMs = () => {
  const f = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(f[11]) + Number(f[12])) * 1000) / 100;
};
function get(p: string, encoding = 'gzip, deflate, br'): Promise<{ status: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http.get({ port, path: p, headers: { 'accept-encoding': encoding, 'x-forwarded-for': `10.${Math.random() * 250 | 0}.0.1` } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c) => chunks.push(c)).on('end', () => resolve({ status: res.statusCode!, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}
function kindOf(r: BenchRequest): string {
  const p = r.path.split('?')[0]!.replace(/\/[0-9a-f]{8}-[0-9a-f-]{27,}|\/\d+(?=\/|$)/gi, '/:id');
  return p.startsWith('/api/') ? p : `page ${p.replace(/^\/(providers|tender)\/(?!$)[^/]+$/, '/$1/:slug')}`;
}
await ready;
const list = (await (longTailScenario.requests as (g: (p: string) => Promise<unknown>) => Promise<BenchRequest[]>)(async (p) => JSON.parse((await get(p, 'identity')).body.toString())));
const byKind = new Map<string, BenchRequest[]>();
for (const r of list) if (r.viewer === undefined && !r.signedIn && !r.as && (r.method ?? 'GET') === 'GET') byKind.set(kindOf(r), [...(byKind.get(kindOf(r)) ?? []), r]);
const rows: string[] = [];
let total = 0, count = 0;
const only = process.env.KIND_ONLY ? new RegExp(process.env.KIND_ONLY) : null;
for (const [kind, reqs] of byKind) {
  if (only && !only.test(kind)) continue;
  const take = reqs.slice(0, n);
  const before = cpuMs(); const t0 = performance.now(); let bytes = 0; const statuses = new Map<number, number>();
  for (const r of take) { const a = await get(r.path); bytes += a.body.length; statuses.set(a.status, (statuses.get(a.status) ?? 0) + 1); }
  const ms = cpuMs() - before;
  total += ms; count += take.length;
  rows.push(`${kind.padEnd(34)} ${String(take.length).padStart(4)}  cpu ${(ms / take.length).toFixed(2).padStart(6)} ms  wall ${((performance.now() - t0) / take.length).toFixed(2).padStart(6)} ms  ${(bytes / take.length / 1024).toFixed(1).padStart(6)} KB  ${[...statuses].map(([s, c]) => `${s}×${c}`).join(' ')}`);
}
console.log(rows.join('\n'));
console.log(`all: ${(total / count).toFixed(2)} ms cpu per answer over ${count}`);
child.kill('SIGTERM');
