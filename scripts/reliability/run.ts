// `npm run test:reliability` (issue 11, docs/security.md#reliability): load, concurrent writes,
// kill -9, SIGTERM under load, PostgreSQL restarted under load, migrations twice and at once,
// backup and restore, an aborted upload — on PGlite and on a private PostgreSQL cluster that this
// suite starts on 127.0.0.1 (so the shared test database is never restarted) — and two server
// processes on that PostgreSQL behind HAProxy, behind nginx's cache (deploy/nginx/solar-cache.conf),
// one process killed mid-run (issues 16 and 26; the Debian packages are installed with apt-get when
// missing and the suite runs as root, else that step fails saying so), and a client naming its
// own address in X-Forwarded-For through that HAProxy (step client-address, decision 0420). Bounded
// in time; traffic only to loopback addresses. One module a step in `steps/` (decision 0542).
// Options: LOAD_SECONDS (60), KILL_CYCLES (20), DBS (pglite,postgres), ONLY (comma list of steps),
// RELIABILITY_PORT (3410; the balancer step also uses the next three ports, the client-address step
// the next one), RELIABILITY_PG_PORT (3450), RELIABILITY_PG_DIR.
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DBS, ONLY, serverJs, sleep, tmp, type Cluster } from './config';
import { freshTarget, pgCluster } from './database';
import { live } from './servers';
import type { ReliabilityStep, StepResult } from './step';
import { backup } from './steps/backup';
import { balancer } from './steps/balancer';
import { clientAddress } from './steps/client-address';
import { kill } from './steps/kill';
import { load } from './steps/load';
import { migrations } from './steps/migrations';
import { pgRestart } from './steps/pg-restart';
import { sigterm } from './steps/sigterm';
import { uploadAbort } from './steps/upload-abort';
import { writes } from './steps/writes';

/** The steps in the order they run on each database kind. */
const STEPS: ReliabilityStep[] = [load, writes, kill, sigterm, pgRestart, clientAddress, balancer, migrations, backup, uploadAbort];
/** A step that runs longer has hung. */
const STEP_LIMIT_MS = 15 * 60_000;

if (!existsSync(serverJs)) {
  console.error(`No built server at ${serverJs}: run WEB_DIST_DIR=apps/web/dist-prove SERVER_DIST_DIR=dist-prove npm run build`);
  process.exit(2);
}

const results: StepResult[] = [];

async function runStep(step: ReliabilityStep, kind: (typeof DBS)[number], cluster: Cluster | null) {
  const label = `${step.name} [${kind}]`;
  console.log(`\n━━ ${label}`);
  const started = Date.now();
  const seconds = () => (Date.now() - started) / 1000;
  let timer: NodeJS.Timeout | undefined;
  try {
    const target = await freshTarget(kind, cluster, step.target);
    const limit = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('step exceeded 15 minutes')), STEP_LIMIT_MS)));
    const figures = await Promise.race([step.run(target, cluster), limit]);
    results.push({ label, ok: true, seconds: seconds(), figures });
    console.log(`━━ ${label}: passed in ${seconds().toFixed(1)} s — ${figures}`);
  } catch (err) {
    for (const child of live) child.kill('SIGKILL');
    await sleep(500);
    const error = err instanceof Error ? err : new Error(String(err));
    results.push({ label, ok: false, seconds: seconds(), figures: error.message });
    console.log(`━━ ${label}: FAILED — ${error.stack ?? error.message}`);
  } finally {
    clearTimeout(timer);
  }
}

let cluster: Cluster | null = null;
try {
  if (DBS.includes('postgres')) {
    cluster = pgCluster();
    cluster.ctl('stop', '-m', 'fast'); // a cluster left by an interrupted run
    cluster.ctl('start');
  }
  for (const kind of DBS) {
    for (const step of STEPS) {
      if (!step.databases.includes(kind) || (ONLY && !ONLY.includes(step.name))) continue;
      await runStep(step, kind, cluster);
    }
  }
} finally {
  cluster?.ctl('stop', '-m', 'fast');
}

console.log('\nReliability suite:');
for (const r of results) console.log(`  ${r.ok ? 'ok  ' : 'FAIL'} ${r.label.padEnd(24)} ${r.seconds.toFixed(1).padStart(6)} s  ${r.figures}`);
writeFileSync(path.join(tmp, 'results.json'), JSON.stringify({ at: new Date().toISOString(), results }, null, 2));
const failed = results.filter((r) => !r.ok).length;
console.log(`\n${results.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
