#!/usr/bin/env node
// `npm start`: installs what is missing, builds what is stale, then runs the server, which
// migrates, seeds on first run and serves the whole product (see README.md).
import { execSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const run = (cmd) => execSync(cmd, { cwd: root, stdio: 'inherit' });

function newestMtime(dir) {
  let newest = 0;
  if (!existsSync(dir)) return newest;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

const lock = path.join(root, 'package-lock.json');
const installed = path.join(root, 'node_modules', '.package-lock.json');
if (!existsSync(installed) || statSync(installed).mtimeMs < statSync(lock).mtimeMs) {
  console.log('Installing dependencies (npm ci)...');
  run('npm ci --no-audit --no-fund');
}

const sources = Math.max(
  newestMtime(path.join(root, 'apps/web')),
  newestMtime(path.join(root, 'apps/server/src')),
  newestMtime(path.join(root, 'packages/shared/src')),
);
const builtAt = (file) => (existsSync(file) ? statSync(file).mtimeMs : 0);
const built = Math.min(builtAt(path.join(root, 'apps/web/dist/index.html')), builtAt(path.join(root, 'apps/server/dist/server.js')));
if (built < sources) {
  console.log('Building the web app and the server...');
  run('npm run build');
}

// The JS heap's ceiling (docs/decisions/0410): V8 otherwise lets garbage grow the resident set past
// 700 MB under the mixed traffic while ~130 MB is live. SERVER_HEAP_MB raises it for bigger data.
const heapMb = process.env.SERVER_HEAP_MB ?? '256';
// Two glibc malloc arenas rather than eight per core (docs/decisions/0415): with the default, the
// resident set crept up ~15 MB per 5 minutes of mixed traffic outside the JS heap; with two it is flat.
const env = { ...process.env, MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2' };
const child = spawn(process.execPath, ['--enable-source-maps', `--max-old-space-size=${heapMb}`, 'apps/server/dist/server.js'], { cwd: root, stdio: 'inherit', env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
