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
  /**
   * Listens on a notification channel. PGlite delivers a notification to its one process while
   * the committing statement returns; PostgreSQL on a connection of its own, which may be lost
   * (`onLost`, after which the listener is closed). Closed with the database.
   */
  listen(channel: string, onNotify: (payload: string) => void, onLost: (error: Error) => void): Promise<Listener>;
  close(): Promise<void>;
  /** Bytes of the database's WebAssembly memory in this process (PGlite; it never shrinks), 0 on PostgreSQL. */
  wasmBytes(): number;
}

export interface Listener {
  /** The backend process id of the listening connection (PostgreSQL), for operators and tests. */
  pid: number | null;
  /** Notifies on the channel from the listening connection itself (no wait for a pool connection). */
  notify(payload: string): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseConfig {
  databaseUrl?: string;
  /** PGlite data directory; `memory://` for a throwaway database. */
  dataDir: string;
  onError?: (error: Error) => void;
  /** Told each statement before it runs, Drizzle's included (`bench/explain.ts`); nothing by default. */
  logQuery?: (sqlText: string, params: unknown[]) => void;
}

/**
 * The one factory that opens the database. PGlite refuses `CREATE EXTENSION` for contrib modules
 * that were not registered when the instance was created, so every extension the migrations use
 * is registered here.
 */
export async function openDatabase(config: DatabaseConfig): Promise<Database> {
  return config.databaseUrl ? openPostgres(config.databaseUrl, config.onError, config.logQuery) : openPglite(config.dataDir, config.logQuery);
}

/** Sort memory per query on PGlite (PostgreSQL's default is 4 MB; docs/decisions/0317). */
const WORK_MEM = '32MB';
/**
 * PGlite's buffer pool (PostgreSQL's default is 128 MB). Pages it holds stay resident in the
 * WebAssembly memory, which never shrinks; the data files are in the OS's page cache anyway, and the
 * read caches answer nearly every public read (docs/decisions/0410): 32 MB keeps ~100 MB off the
 * server's resident set.
 */
const SHARED_BUFFERS = '32MB';

type LogQuery = DatabaseConfig['logQuery'];

async function openPglite(dataDir: string, logQuery?: LogQuery): Promise<Database> {
  if (!dataDir.includes('://')) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir, {
    extensions: { pg_trgm, cube, earthdistance },
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${SHARED_BUFFERS}`],
  });
  // A UK-wide asset map answer sorts ~5 MB of stored features: in memory, not in temp files.
  await client.exec(`SET work_mem = '${WORK_MEM}'`);
  const db = drizzlePglite(client, { schema, ...(logQuery && { logger: { logQuery } }) }) as unknown as Db;
  // One process per data directory (data-dir lock), so an in-process queue is a cluster-wide lock.
  let queue: Promise<unknown> = Promise.resolve();
  return {
    db,
    kind: 'pglite',
    // PGlite keeps its Emscripten module private; its heap is the WebAssembly memory.
    wasmBytes: () => (client as unknown as { mod?: { HEAPU8?: Uint8Array } }).mod?.HEAPU8?.byteLength ?? 0,
    exec: async (sqlText) => {
      await client.exec(sqlText);
    },
    query: async <T>(sqlText: string, params: unknown[] = []) => {
      logQuery?.(sqlText, params);
      return (await client.query<T>(sqlText, params)).rows;
    },
    withLock: <T>(_key: number, fn: () => Promise<T>) => {
      const run = queue.then(fn, fn);
      queue = run.catch(() => undefined);
      return run;
    },
    listen: async (channel, onNotify) => {
      const stop = await client.listen(channel, onNotify);
      return {
        pid: null,
        notify: async (payload) => void (await client.query('SELECT pg_notify($1, $2)', [channel, payload])),
        close: stop,
      };
    },
    close: () => client.close(),
  };
}

async function openPostgres(url: string, onError?: (error: Error) => void, logQuery?: LogQuery): Promise<Database> {
  const listeners = new Set<Listener>();
  // Server settings such as work_mem stay the DBA's (a startup `options` parameter is refused by
  // PgBouncer); docs/operations.md recommends work_mem for the asset map's sorts.
  const pool = new pg.Pool({ connectionString: url, max: 10, idleTimeoutMillis: 30_000 });
  // node-postgres: an idle client emits `error` when the server goes away; unhandled, it crashes the process.
  pool.on('error', (error) => onError?.(error));
  const db = drizzlePg(pool, { schema, ...(logQuery && { logger: { logQuery } }) }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    wasmBytes: () => 0,
    exec: async (sqlText) => {
      await pool.query(sqlText);
    },
    query: async <T>(sqlText: string, params: unknown[] = []) => {
      logQuery?.(sqlText, params);
      return (await pool.query(sqlText, params)).rows as T[];
    },
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
    listen: async (channel, onNotify, onLost) => {
      const client = new pg.Client({ connectionString: url });
      let open = true;
      const listener: Listener = {
        pid: null,
        notify: async (payload) => void (await client.query('SELECT pg_notify($1, $2)', [channel, payload])),
        close: async () => {
          if (!open) return;
          open = false;
          listeners.delete(listener);
          await client.end().catch(() => undefined);
        },
      };
      const lost = (error: Error) => {
        if (!open) return;
        void listener.close();
        onLost(error);
      };
      client.on('error', lost);
      client.on('end', () => lost(new Error('listen connection ended')));
      client.on('notification', (message) => {
        if (message.channel === channel) onNotify(message.payload ?? '');
      });
      try {
        await client.connect();
        await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
        const [row] = (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows;
        listener.pid = row?.pid ?? null;
      } catch (error) {
        open = false;
        await client.end().catch(() => undefined);
        throw error;
      }
      listeners.add(listener);
      return listener;
    },
    close: async () => {
      await Promise.all([...listeners].map((l) => l.close()));
      await pool.end();
    },
  };
}
