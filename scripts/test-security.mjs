#!/usr/bin/env node
// `npm run test:security` (issue 11, docs/security.md): the CI security tests with a long property pass,
// sqlmap against the search, filter and sort parameters of the built server on 127.0.0.1, and the
// XSS corpus in Chromium. Every step is bounded in time; traffic goes only to 127.0.0.1.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tmp = path.join(root, '.tmp');
mkdirSync(tmp, { recursive: true });
const dist = { WEB_DIST_DIR: process.env.WEB_DIST_DIR ?? 'apps/web/dist-prove', SERVER_DIST_DIR: process.env.SERVER_DIST_DIR ?? 'dist-prove' };
const e2ePort = process.env.E2E_PORT ?? '3210';
const sqlmapPort = Number(process.env.SQLMAP_PORT ?? 3401);
const only = process.argv.slice(2);
const results = [];
const step = async (name, fn) => {
  if (only.length && !only.includes(name)) return;
  console.log(`\n━━ ${name}`);
  const started = Date.now();
  let ok = false;
  let note = '';
  try {
    note = (await fn()) ?? '';
    ok = true;
  } catch (err) {
    note = err.message;
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  results.push({ name, ok, seconds, note });
  console.log(`━━ ${name}: ${ok ? 'passed' : 'FAILED'} in ${seconds} s ${note}`);
};
const run = (cmd, args, opts = {}) => {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, FORCE_COLOR: '0', ...opts.env }, timeout: opts.timeout });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} exited ${r.status ?? r.signal}`);
};

await step('properties', () => {
  // The CI tests of test/security with the long property pass (FC_RUNS a route).
  const runs = process.env.FC_RUNS ?? '300';
  run('npx', ['vitest', 'run', '--project', 'server', '--project', 'server-engines', 'test/security', 'src/features/accounts/test/accounts.test.ts', 'test/foundation.test.ts'], { env: { FC_RUNS: runs }, timeout: 30 * 60_000 });
  return `(${runs} runs a route)`;
});

const built = () => existsSync(path.join(root, 'apps/server', dist.SERVER_DIST_DIR, 'server.js')) && existsSync(path.join(root, dist.WEB_DIST_DIR, 'index.html'));
if (!built() || process.env.REBUILD === '1') {
  await step('build', () => run('npm', ['run', '--silent', 'build'], { env: dist, timeout: 10 * 60_000 }));
}

await step('sqlmap', async () => {
  if (spawnSync('which', ['sqlmap']).status !== 0) {
    console.log('sqlmap missing: installing the Debian package');
    run('apt-get', ['install', '-y', '-q', 'sqlmap'], { env: { DEBIAN_FRONTEND: 'noninteractive' }, timeout: 5 * 60_000 });
  }
  const dataDir = path.join(tmp, `sqlmap-data-${sqlmapPort}`);
  rmSync(dataDir, { recursive: true, force: true });
  const snapshot = path.join(tmp, `e2e-snapshot-${e2ePort}`);
  const env = { ...process.env, NODE_ENV: 'production', SEED_DEMO: 'true', LOG_LEVEL: 'warn', PORT: String(sqlmapPort), HOST: '127.0.0.1', DATA_DIR: dataDir, PUBLIC_URL: `http://127.0.0.1:${sqlmapPort}` };
  delete env.DATABASE_URL;
  const server = path.join(root, 'apps/server', dist.SERVER_DIST_DIR, 'server.js');
  if (existsSync(path.join(snapshot, 'pgdata'))) cpSync(snapshot, dataDir, { recursive: true });
  const child = spawn(process.execPath, [server], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  const base = `http://127.0.0.1:${sqlmapPort}`;
  try {
    for (let i = 0; ; i++) {
      if (i > 900) throw new Error('server not ready in 180 s');
      const ok = await fetch(`${base}/api/health/ready`).then((r) => r.ok).catch(() => false);
      if (ok) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    const targets = [
      ['GET', '/api/providers/search?companies=Solar&services=Panel%20Cleaning&types=Installer&technologies=PV&scales=Utility&phases=Operation&location=Leeds&locationCenter=-1.5,53.8&radius=50&sort=name&page=1&pageSize=9&mode=list'],
      ['GET', '/api/providers?page=1&limit=10'],
      ['GET', '/api/providers/public/check-name?name=Solar'],
      ['GET', '/api/tenders/public?service=Panel%20Cleaning&location=Leeds&status=all&source=all&sortBy=publishedDate&sortOrder=desc&page=1'],
      ['GET', '/api/assets/tenders?operatorSearch=EDF&region=Scotland&technology=Solar&sortBy=capacity&sortDirection=desc&offset=0&limit=10'],
      ['GET', '/api/assets/coordinates?minCapacity=1&maxCapacity=50&regions=Scotland&technologyTypes=Solar&operators=EDF&zoom=6'],
      ['GET', '/api/assets/operators?search=EDF'],
      ['GET', '/api/assets/sites?search=Farm'],
      ['GET', '/api/geocode?q=Leeds'],
      ['POST', '/api/parts/search', '{"product":"Solar Panels","providers":["Jinko Solar"],"quantity":20,"location":"Leeds","additionalSpecs":"at least 400 W"}'],
    ];
    const reports = [];
    for (const [method, url, data] of targets) {
      const out = path.join(tmp, 'sqlmap-out');
      const args = [
        '-u', `${base}${url}`,
        '--batch', '--flush-session', '--disable-coloring', `--output-dir=${out}`,
        '--dbms=PostgreSQL', '--level=2', '--risk=1', '--technique=BEUST', '--time-sec=2',
        '--timeout=10', '--retries=1', '--threads=2', '--skip-waf',
        ...(method === 'POST' ? ['--data', data, '--headers=Content-Type: application/json'] : []),
      ];
      const r = spawnSync('sqlmap', args, { encoding: 'utf8', timeout: 150_000 });
      const text = `${r.stdout}\n${r.stderr}`;
      const timedOut = r.error?.code === 'ETIMEDOUT';
      const tested = (text.match(/testing '/g) ?? []).length;
      const verdict = /identified the following injection point/i.test(text) ? 'INJECTABLE' : timedOut ? 'bounded (150 s) — nothing found' : 'nothing injectable';
      reports.push(`${method} ${url.split('?')[0]}: ${verdict} (${tested} technique tests)`);
      console.log(`  ${reports.at(-1)}`);
      if (verdict === 'INJECTABLE') {
        console.log(text.slice(-3000));
        throw new Error(`sqlmap found an injection in ${method} ${url}`);
      }
    }
    return `\n  ${reports.join('\n  ')}`;
  } finally {
    child.kill('SIGTERM');
  }
});

await step('xss', () =>
  run('npx', ['playwright', 'test', '-c', 'e2e/playwright.security.config.ts'], {
    env: { ...dist, XSS_FULL: '1', E2E_PORT: e2ePort, PW_JSON: `../.tmp/pw-security-${e2ePort}.json` },
    timeout: 10 * 60_000,
  }),
);

console.log('\nSecurity suite:');
for (const r of results) console.log(`  ${r.ok ? 'ok  ' : 'FAIL'} ${r.name.padEnd(11)} ${String(r.seconds).padStart(7)} s`);
const failed = results.filter((r) => !r.ok).length;
console.log(`\n${results.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
