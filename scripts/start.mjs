#!/usr/bin/env node
// `npm start`: installs what is missing, builds what is stale, then runs the server, which
// migrates, seeds on first run and serves the whole product (see README.md).
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runServer } from '../apps/server/scripts/server-process.mjs';

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

// Node's flags and environment for the server (the heap's ceiling, malloc arenas: decisions 0410,
// 0415, 0635) come from one module, which the server package's `start` and the bench use too.
runServer('apps/server/dist/server.js', { cwd: root });
