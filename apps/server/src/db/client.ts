import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema/index';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs SQL text that may hold several statements (migrations, maintenance). */
  exec(sqlText: string): Promise<void>;
  /** Runs a parameterised query and returns plain rows. */
  query<T = Record<string, unknown>>(sqlText: string, params?: unknown[]): Promise<T[]>;
  /** Runs `fn` while holding a cluster-wide lock (PostgreSQL advisory lock; PGlite is single-process). */
  withLock<T>(key: number, fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface DatabaseConfig {
  databaseUrl?: string;
  /** PGlite data directory; `memory://` for a throwaway database. */
  dataDir: string;
  onError?: (error: Error) => void;
}

/**
 * The one factory that opens the database. PGlite refuses `CREATE EXTENSION` for contrib modules
 * that were not registered when the instance was created, so every extension the migrations use
 * is registered here.
 */
export async function openDatabase(config: DatabaseConfig): Promise<Database> {
  return config.databaseUrl ? openPostgres(config.databaseUrl, config.onError) : openPglite(config.dataDir);
}

/** Sort memory per query on PGlite (PostgreSQL's default is 4 MB; docs/decisions/0317). */
const WORK_MEM = '32MB';

async function openPglite(dataDir: string): Promise<Database> {
  if (!dataDir.includes('://')) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir, { extensions: { pg_trgm, cube, earthdistance } });
  // A UK-wide asset map answer sorts ~5 MB of stored features: in memory, not in temp files.
  await client.exec(`SET work_mem = '${WORK_MEM}'`);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  // One process per data directory (data-dir lock), so an in-process queue is a cluster-wide lock.
  let queue: Promise<unknown> = Promise.resolve();
  return {
    db,
    kind: 'pglite',
    exec: async (sqlText) => {
      await client.exec(sqlText);
    },
    query: async <T>(sqlText: string, params: unknown[] = []) => (await client.query<T>(sqlText, params)).rows,
    withLock: <T>(_key: number, fn: () => Promise<T>) => {
      const run = queue.then(fn, fn);
      queue = run.catch(() => undefined);
      return run;
    },
    close: () => client.close(),
  };
}

async function openPostgres(url: string, onError?: (error: Error) => void): Promise<Database> {
  // Server settings such as work_mem stay the DBA's (a startup `options` parameter is refused by
  // PgBouncer); docs/operations.md recommends work_mem for the asset map's sorts.
  const pool = new pg.Pool({ connectionString: url, max: 10, idleTimeoutMillis: 30_000 });
  // node-postgres: an idle client emits `error` when the server goes away; unhandled, it crashes the process.
  pool.on('error', (error) => onError?.(error));
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    exec: async (sqlText) => {
      await pool.query(sqlText);
    },
    query: async <T>(sqlText: string, params: unknown[] = []) =>
      (await pool.query(sqlText, params)).rows as T[],
    withLock: async (key, fn) => {
      const conn = await pool.connect();
      try {
        await conn.query('SELECT pg_advisory_lock($1)', [key]);
        try {
          return await fn();
        } finally {
          await conn.query('SELECT pg_advisory_unlock($1)', [key]);
        }
      } finally {
        conn.release();
      }
    },
    close: () => pool.end(),
  };
}
