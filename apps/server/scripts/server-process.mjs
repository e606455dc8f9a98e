#!/usr/bin/env node
// How Node runs the server: the one place `npm start` (scripts/start.mjs), the server package's
// `start` and the bench (bench/run.ts) take the process's flags from, so what the bench measures is
// what a deployment runs (docs/decisions/0410, 0415, 0635).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * The JS heap's old generation ceiling in MB (`--max-old-space-size`; SERVER_HEAP_MB raises it for
 * bigger data). Decision 0410 set 256; decision 0635 lowered it to 160: the live heap is ~90 MB at
 * start and ~100 MB under the long tail, and V8 keeps the old generation about halfway between what
 * is live and the ceiling.
 */
export const DEFAULT_HEAP_MB = 160;

/**
 * The young generation's semi-space in MB (`--max-semi-space-size`; SERVER_SEMI_SPACE_MB): 8 rather
 * than V8's 16, 16 MB less reserved heap for more frequent (cheap) scavenges (decision 0635).
 */
export const DEFAULT_SEMI_SPACE_MB = 8;

/** glibc malloc arenas (decision 0415): two rather than eight per core keep native memory flat. */
export const DEFAULT_MALLOC_ARENAS = '2';

/** A whole number of megabytes from the environment, or a clear error naming the variable. */
function megabytes(name, value, fallback, least = 16) {
  if (value === undefined || value === '') return fallback;
  const mb = Number(value);
  if (!Number.isInteger(mb) || mb < least || mb > 65536) {
    throw new Error(`${name} must be a whole number of megabytes from ${least} to 65536, not "${value}"`);
  }
  return mb;
}

/**
 * Node's flags for the server. Source maps are not enabled: with `--enable-source-maps` Node keeps
 * every loaded module's parsed map (the bundle's and each package's, lucide's 2,000 icon files among
 * them), 23 MB of heap at start (decision 0635); `NODE_OPTIONS=--enable-source-maps` turns them on
 * for an investigation.
 */
export function serverNodeArgs(env = process.env) {
  return [
    `--max-old-space-size=${megabytes('SERVER_HEAP_MB', env.SERVER_HEAP_MB, DEFAULT_HEAP_MB)}`,
    `--max-semi-space-size=${megabytes('SERVER_SEMI_SPACE_MB', env.SERVER_SEMI_SPACE_MB, DEFAULT_SEMI_SPACE_MB, 1)}`,
  ];
}

/** The server's environment: `env` with the malloc arenas set unless `env` sets them. */
export function serverEnv(env = process.env) {
  return { ...env, MALLOC_ARENA_MAX: env.MALLOC_ARENA_MAX || DEFAULT_MALLOC_ARENAS };
}

/** Starts `serverJs` with the server's flags and environment. */
export function startServer(serverJs, { cwd, env = process.env, stdio = 'inherit', args = [] } = {}) {
  return spawn(process.execPath, [...serverNodeArgs(env), ...args, serverJs], { cwd, env: serverEnv(env), stdio });
}

/** Runs the server until it exits, passing SIGINT and SIGTERM on (its shutdown drains, decision 0290). */
export function runServer(serverJs, options) {
  const child = startServer(serverJs, options);
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
  return child;
}

// `npm start -w apps/server`: the built server beside this script.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  runServer(fileURLToPath(new URL('../dist/server.js', import.meta.url)));
}
