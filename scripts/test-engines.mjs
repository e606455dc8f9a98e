#!/usr/bin/env node
// `npm run test:engines`: every server test file on both engines, PGlite and PostgreSQL (decision
// 0606). `npm test` runs the engine-sensitive files of apps/server/test/engines.ts on both and the
// others on PostgreSQL alone. Needs TEST_DATABASE_URL; bounded at 60 minutes (about 20 on a quiet
// 2-core machine). Extra arguments go to Vitest (e.g. a file).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BOUND_MINUTES = 60;
if (!process.env.TEST_DATABASE_URL) {
  console.error(
    'test:engines: set TEST_DATABASE_URL to a PostgreSQL server (e.g. postgresql://postgres@127.0.0.1:5432/postgres); the PGlite half needs nothing.',
  );
  process.exit(1);
}
const args = ['vitest', 'run', '--project', 'server', '--project', 'server-engines', ...process.argv.slice(2)];
console.log(`test:engines: npx ${args.join(' ')} (TEST_ENGINES=all, bound ${BOUND_MINUTES} minutes)`);
const child = spawn('npx', args, {
  cwd: root,
  stdio: 'inherit',
  detached: true,
  env: { ...process.env, TEST_ENGINES: 'all' },
});
const stop = () => {
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch (error) {
    if (error.code !== 'ESRCH') throw error;
  }
};
const timer = setTimeout(() => {
  console.error(`test:engines: stopped after its bound of ${BOUND_MINUTES} minutes`);
  stop();
  process.exit(1);
}, BOUND_MINUTES * 60_000);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => (stop(), process.exit(1)));
child.on('close', (code) => {
  clearTimeout(timer);
  process.exit(code ?? 1);
});
