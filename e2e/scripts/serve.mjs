#!/usr/bin/env node
// Starts one server for the Playwright run from a pre-seeded snapshot: the snapshot is migrated
// and seeded once (node dist/server.js --seed-only), then copied so every run starts clean.
// `--seed-only`: makes the snapshot and stops (`npm test` seeds it beside the bench guard).
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const port = process.env.E2E_PORT ?? '3100';
const snapshot = path.join(root, `.tmp/e2e-snapshot-${port}`);
const dataDir = path.join(root, `.tmp/e2e-data-${port}`);
const server = path.join(root, 'apps/server', process.env.SERVER_DIST_DIR ?? 'dist', 'server.js');
const env = {
  ...process.env,
  NODE_ENV: 'production',
  SEED_DEMO: 'true',
  LOG_LEVEL: 'warn',
  PORT: port,
  PUBLIC_URL: `http://localhost:${port}`,
  ADMIN_EMAIL: 'admin.e2e@example.com',
  ADMIN_PASSWORD: 'AdminE2e2026!',
  // Journeys may say which visitor they are (X-Forwarded-For), as a reverse proxy on this host would.
  TRUST_PROXY: 'loopback',
};
delete env.DATABASE_URL;

if (!existsSync(path.join(snapshot, 'pgdata'))) {
  // Seeded aside and renamed when complete: a seeding that stopped half-way is never taken for a snapshot.
  const partial = `${snapshot}.partial-${process.pid}`;
  rmSync(snapshot, { recursive: true, force: true });
  rmSync(partial, { recursive: true, force: true });
  execFileSync(process.execPath, [server, '--seed-only'], { env: { ...env, DATA_DIR: partial }, stdio: 'inherit' });
  renameSync(partial, snapshot);
}
if (process.argv.includes('--seed-only')) process.exit(0);
rmSync(dataDir, { recursive: true, force: true });
cpSync(snapshot, dataDir, { recursive: true });
const child = spawn(process.execPath, [server], { env: { ...env, DATA_DIR: dataDir }, stdio: 'inherit' });
// Forwarded; a server that has not exited 15 s later is killed, so it never outlives the run.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    child.kill(signal);
    setTimeout(() => child.kill('SIGKILL'), 15_000).unref();
  });
}
child.on('exit', (code) => process.exit(code ?? 0));
