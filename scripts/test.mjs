#!/usr/bin/env node
// `npm test`: every suite, each timed, then one line `N passed, N failed` over all of them (CI
// reads that line). Suites: typecheck and lint (side by side: one core each), Vitest (shared,
// server on PGlite or, with TEST_DATABASE_URL, on PostgreSQL with the engine-sensitive files on
// both (decision 0606; `npm run test:engines` runs all on both), web), production build, a short
// long-tail bench as a regression guard (shares of bare Fastify, issue 26; the journeys' database
// snapshot is seeded beside it), Playwright in Debian's Chromium. The slowest test files and
// journeys are printed at the end and written to .tmp/ci-timings.json (decision 0560).
import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tmp = path.join(root, '.tmp');
mkdirSync(tmp, { recursive: true });
const only = process.argv.slice(2); // e.g. `npm test -- vitest`
const began = Date.now();
const results = [];
/** Failed tests by name, repeated at the end: CI keeps only the tail of the output. */
const failures = [];
const flakyE2e = [];

/**
 * Each suite's bound, in minutes: a suite that hangs (a test whose event loop never returns, a
 * server that never answers) is stopped and counted as failed, so `npm test` always ends with its
 * summary line within CI's time (the whole run takes about 25 minutes on 2 cores).
 */
const BOUND_MINUTES = { typecheck: 10, lint: 10, vitest: 40, build: 10, 'bench-guard': 5, playwright: 30 };

/** Kills a suite's process group (already gone: nothing to do). */
function stopGroup(pid) {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch (error) {
    if (error.code !== 'ESRCH') throw error;
  }
}

/** The suites running now (two at a time in places): an interrupted `npm test` stops them too (each has its own process group). */
const running = new Set();
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const child of running) stopGroup(child.pid);
    process.exit(1);
  });
}

/**
 * Runs one suite, timed and bounded. `buffered`: its output is held and printed whole when it ends,
 * so two suites run side by side (typecheck and lint) do not interleave their lines.
 */
async function run(name, command, args, count, { buffered = false } = {}) {
  if (only.length && !only.includes(name)) return;
  const header = `\n━━ ${name}: ${[command, ...args].join(' ')}`;
  if (!buffered) console.log(header);
  const started = Date.now();
  // Its own process group, so that a suite past its bound is stopped with everything it started.
  const child = spawn(command, args, {
    cwd: root,
    stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    detached: true,
    env: { ...process.env, FORCE_COLOR: '0' },
  });
  const output = [];
  if (buffered) for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk) => output.push(chunk));
  running.add(child);
  let overdue = false;
  const timer = setTimeout(() => {
    overdue = true;
    failures.push(`${name}: stopped after its bound of ${BOUND_MINUTES[name]} minutes`);
    stopGroup(child.pid);
  }, BOUND_MINUTES[name] * 60_000);
  const status = await new Promise((resolve) => child.on('close', (code) => resolve(code ?? 1)));
  clearTimeout(timer);
  running.delete(child);
  const proc = { status: overdue ? 1 : status };
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (buffered) {
    console.log(header);
    process.stdout.write(Buffer.concat(output));
  }
  const counted = count ? count(proc.status) : { passed: proc.status === 0 ? 1 : 0, failed: proc.status === 0 ? 0 : 1 };
  // A runner that crashed before reporting still counts as a failure.
  if (proc.status !== 0 && counted.failed === 0) counted.failed = 1;
  results.push({ name, seconds, ...counted });
  console.log(`━━ ${name}: ${counted.passed} passed, ${counted.failed} failed in ${seconds} s`);
}

/** A step that is not a suite (the journeys' seeded snapshot): its output to `log`, its exit status returned. */
async function background(command, args, log, env = {}) {
  const started = Date.now();
  const out = openSync(log, 'w');
  const child = spawn(command, args, { cwd: root, stdio: ['ignore', out, out], detached: true, env: { ...process.env, FORCE_COLOR: '0', ...env } });
  running.add(child);
  const status = await new Promise((resolve) => child.on('close', (code) => resolve(code ?? 1)));
  running.delete(child);
  closeSync(out);
  return { status, seconds: ((Date.now() - started) / 1000).toFixed(1) };
}

const readJson = (file) => {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
};

// Each is one single-threaded Node process: side by side they take the time of the longer one.
await Promise.all([
  run('typecheck', 'npm', ['run', '--silent', 'typecheck'], null, { buffered: true }),
  run('lint', 'npx', ['eslint', '.', '--max-warnings=0'], null, { buffered: true }),
]);

const vitestReport = path.join(tmp, 'vitest-results.json');
const vitestFlaky = path.join(tmp, 'vitest-flaky.txt');
rmSync(vitestReport, { force: true });
rmSync(vitestFlaky, { force: true });
process.env.VITEST_FLAKY_FILE = vitestFlaky;
await run('vitest', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', '--reporter=./scripts/vitest-flaky-reporter.mjs', `--outputFile.json=${vitestReport}`], () => {
  const r = readJson(vitestReport);
  // A file can fail outside its tests (a hook such as afterAll, an import error): count and name it.
  const suiteErrors = (r?.testResults ?? []).filter((f) => f.status === 'failed' && !f.assertionResults?.some((a) => a.status === 'failed'));
  for (const f of suiteErrors) console.log(`━━ vitest: ${path.relative(root, f.name)} failed outside its tests: ${String(f.message ?? '').split('\n')[0]}`);
  for (const f of r?.testResults ?? []) {
    for (const a of f.assertionResults ?? []) {
      if (a.status === 'failed') failures.push(`vitest ${path.relative(root, f.name)} › ${a.fullName}: ${String(a.failureMessages?.[0] ?? '').split('\n')[0].slice(0, 300)}`);
    }
    if (suiteErrors.includes(f)) failures.push(`vitest ${path.relative(root, f.name)}: ${String(f.message ?? '').split('\n')[0].slice(0, 300)}`);
  }
  return { passed: r?.numPassedTests ?? 0, failed: (r?.numFailedTests ?? 0) + suiteErrors.length };
});

await run('build', 'npm', ['run', '--silent', 'build']);
const built = existsSync(path.join(root, 'apps/server/dist/server.js'));
const e2eSelected = !only.length || only.includes('playwright');
// The journeys' seeded snapshot is made afresh for each run, beside the bench guard: seeding is one
// core's work for about 30 s, as is the guard's own seeding (measured on a quiet 2-core machine).
for (const f of readdirSync(tmp)) if (f.startsWith('e2e-snapshot')) rmSync(path.join(tmp, f), { recursive: true, force: true });
const e2eSeedLog = path.join(tmp, 'e2e-seed.log');
const e2eSeed = built && e2eSelected ? background('node', ['e2e/scripts/serve.mjs', '--seed-only'], e2eSeedLog) : null;
// A short long-tail run (issue 26): first-time addresses, signed-in reads and 5 writes/s, the server's
// CPU time per answer within a bound set by bare Fastify's in the same run (robust to a busy
// machine), nothing answered with an error (apps/server/bench/run.ts#guard). About a minute.
if (built) {
  await run('bench-guard', 'env', [
    'BENCH_GUARD=1',
    'BENCH_ONLY=^long tail$',
    'BENCH_SECONDS=10',
    'BENCH_VIEWERS=10',
    'BENCH_LONG_TAIL_REQUESTS=5000',
    `BENCH_PORT=${process.env.BENCH_GUARD_PORT ?? 3390}`,
    'npm',
    'run',
    '--silent',
    'bench',
  ]);
}
if (e2eSeed) {
  const seeded = await e2eSeed;
  console.log(`\n━━ e2e snapshot: seeded ${seeded.status === 0 ? 'in' : 'FAILED after'} ${seeded.seconds} s (beside bench-guard; its log: ${path.relative(root, e2eSeedLog)})`);
  // Playwright's web server seeds it again and fails there, counted with the journeys.
  if (seeded.status !== 0) console.log(readFileSync(e2eSeedLog, 'utf8').split('\n').slice(-30).join('\n'));
}

const e2eReport = path.join(tmp, 'playwright-results.json');
rmSync(e2eReport, { force: true });
if (built) {
  // The map-interaction journeys tagged @long (keyboard, shared points, labels, the detail map: about
  // 5 minutes) run in `npm run test:e2e`; `npm test` keeps the directory map's own journey.
  const e2eArgs = process.env.E2E_FULL ? [] : ['--grep-invert', '@long'];
  await run('playwright', 'npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts', ...e2eArgs], () => {
    const report = readJson(e2eReport);
    const s = report?.stats;
    const walk = (suite, titles) => {
      for (const spec of suite.specs ?? []) {
        const name = `playwright ${spec.file} › ${[...titles, spec.title].join(' › ')}`;
        for (const test of spec.tests ?? []) {
          if (test.status === 'flaky') flakyE2e.push(name);
          const result = test.results?.at(-1);
          if (test.status === 'unexpected') failures.push(`${name}: ${String((result?.errors?.[0] ?? result?.error)?.message ?? '').split('\n')[0].slice(0, 300)}`);
        }
      }
      for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
    };
    for (const suite of report?.suites ?? []) walk(suite, []);
    return { passed: (s?.expected ?? 0) + (s?.flaky ?? 0), failed: s?.unexpected ?? 0 };
  });
}

/**
 * Where the time went: each Vitest file's time (its tests and hooks; Vitest's json report) and each
 * journey file's (the sum of its tests' attempts, retries included). The 12 slowest of each are
 * printed, and all of them written to .tmp/ci-timings.json to compare runs (docs/benchmarks/ci-time.md).
 */
function timings() {
  const vitestFiles = (readJson(vitestReport)?.testResults ?? [])
    .map((f) => ({ file: path.relative(root, f.name), seconds: (f.endTime - f.startTime) / 1000, tests: f.assertionResults?.length ?? 0 }))
    .sort((a, b) => b.seconds - a.seconds);
  const journeys = new Map();
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      const entry = journeys.get(spec.file) ?? { file: `e2e/tests/${spec.file}`, seconds: 0, tests: 0 };
      for (const test of spec.tests ?? []) {
        entry.tests++;
        for (const result of test.results ?? []) entry.seconds += (result.duration ?? 0) / 1000;
      }
      journeys.set(spec.file, entry);
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of readJson(e2eReport)?.suites ?? []) walk(suite);
  const journeyFiles = [...journeys.values()].sort((a, b) => b.seconds - a.seconds);
  writeFileSync(path.join(tmp, 'ci-timings.json'), JSON.stringify({ suites: results, vitestFiles, journeyFiles }, null, 2));
  const show = (title, rows) => {
    if (!rows.length) return;
    const total = rows.reduce((n, r) => n + r.seconds, 0);
    console.log(`\n${title} (all files: ${total.toFixed(0)} s of worker time):`);
    for (const r of rows.slice(0, 12)) console.log(`  ${r.seconds.toFixed(1).padStart(7)} s  ${r.file} (${r.tests} tests)`);
  };
  show('Slowest Vitest files', vitestFiles);
  show('Slowest journey files', journeyFiles);
}
timings();

const flaky = [
  ...(existsSync(vitestFlaky) ? readFileSync(vitestFlaky, 'utf8').split('\n').filter(Boolean).map((line) => `vitest ${line}`) : []),
  ...flakyE2e,
];
if (flaky.length) {
  console.log('\nPassed only on a retry (flaky, to be fixed):');
  for (const f of flaky) console.log(`  ${f}`);
}
if (failures.length) {
  console.log('\nFailed tests:');
  for (const f of failures) console.log(`  ${f}`);
}
console.log(`\nSuite times (typecheck and lint side by side; the whole run ${((Date.now() - began) / 1000).toFixed(0)} s):`);
const order = ['typecheck', 'lint', 'vitest', 'build', 'bench-guard', 'playwright'];
results.sort((a, b) => order.indexOf(a.name) - order.indexOf(b.name));
for (const r of results) console.log(`  ${r.name.padEnd(11)} ${String(r.seconds).padStart(7)} s  ${r.passed} passed, ${r.failed} failed`);
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
