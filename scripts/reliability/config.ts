import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The suite's options (environment variables) and the figures it reads from the shared constants,
 * so a limit changed there is the limit tested here. Paths are the repository's.
 */
export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const tmp = path.join(root, '.tmp/reliability');
mkdirSync(tmp, { recursive: true });

export const serverJs = path.join(root, 'apps/server', process.env.SERVER_DIST_DIR ?? 'dist-prove', 'server.js');
export const LOAD_SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
export const KILL_CYCLES = Number(process.env.KILL_CYCLES ?? 20);
export const DBS = (process.env.DBS ?? 'pglite,postgres').split(',') as DatabaseKind[];
export const ONLY = process.env.ONLY ? process.env.ONLY.split(',') : null;
export const PORT = Number(process.env.RELIABILITY_PORT ?? 3410);
export const PG_PORT = Number(process.env.RELIABILITY_PG_PORT ?? 3450);
export const PG_BIN = '/usr/lib/postgresql/15/bin';
export const PG_DIR = process.env.RELIABILITY_PG_DIR ?? '/tmp/prove-reliability-pg';
export const base = `http://127.0.0.1:${PORT}`;

export type DatabaseKind = 'pglite' | 'postgres';

/** The private PostgreSQL cluster the suite starts on 127.0.0.1, so the shared test database is never restarted. */
export interface Cluster {
  url(db?: string): string;
  ctl(...args: string[]): void;
}

/** A database a step runs on: a copy of the seeded PGlite snapshot, or a database made from the seeded template. */
export interface Target {
  kind: DatabaseKind;
  dataDir: string;
  databaseUrl?: string;
  name?: string;
}

/** A constant's number as written in a shared constants file (the script does not import TypeScript sources of the app). */
function constant(file: string, pattern: RegExp): number {
  const match = pattern.exec(readFileSync(path.join(root, 'packages/shared/src/constants', file), 'utf8'));
  if (!match?.[1]) throw new Error(`${file}: ${pattern} not found`);
  return Number(match[1]);
}

/** HTTP_CACHE.staleBoundSeconds: how late a visitor may see a write through every cache (decision 0430). */
export const STALE_BOUND_MS = 1000 * constant('http-cache.ts', /staleBoundSeconds: (\d+)/);
export const VALIDATE_TOKEN_LIMIT = constant('accounts.ts', /validateTokenPerIp: \{ max: (\d+)/);
export const PAIR_FREE = constant('accounts.ts', /pair: \{ free: (\d+)/);

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A step's failure: its message is the step's line in the summary. */
export function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

let clientCounter = 0;
/** A client address for X-Forwarded-For from a trusted loopback proxy: 10.0.0.0 onwards. */
export const clientIp = () => `10.${(clientCounter >> 16) & 255}.${(clientCounter >> 8) & 255}.${clientCounter++ & 255}`;
/** A loopback source address for a client behind HAProxy: 127.1.0.0 onwards, never HAProxy's own 127.0.0.1. */
export const clientAddress = () => `127.${1 + ((clientCounter >> 16) & 127)}.${(clientCounter >> 8) & 255}.${clientCounter++ & 255}`;
