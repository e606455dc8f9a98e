import { spawnSync, type SpawnSyncOptionsWithStringEncoding } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { PG_BIN, PG_DIR, PG_PORT, serverJs, tmp, type Cluster, type DatabaseKind, type Target } from './config';
import { envFor } from './servers';

export type Row = Record<string, unknown>;

const asPostgres = (cmd: string, args: string[], opts: Partial<SpawnSyncOptionsWithStringEncoding> = {}) =>
  spawnSync(process.getuid?.() === 0 ? 'runuser' : cmd, process.getuid?.() === 0 ? ['-u', 'postgres', '--', cmd, ...args] : args, { encoding: 'utf8', ...opts });

export function pgCluster(): Cluster {
  if (!existsSync(path.join(PG_DIR, 'PG_VERSION'))) {
    rmSync(PG_DIR, { recursive: true, force: true });
    mkdirSync(PG_DIR, { recursive: true });
    if (process.getuid?.() === 0) spawnSync('chown', ['postgres:postgres', PG_DIR]);
    const init = asPostgres(`${PG_BIN}/initdb`, ['-D', PG_DIR, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
    if (init.status !== 0) throw new Error(`initdb: ${init.stderr}`);
  }
  return {
    url: (db = 'postgres') => `postgresql://postgres@127.0.0.1:${PG_PORT}/${db}`,
    ctl: (...args) => {
      const r = asPostgres(`${PG_BIN}/pg_ctl`, ['-D', PG_DIR, '-w', '-t', '30', '-o', `-p ${PG_PORT} -k /tmp -c listen_addresses=127.0.0.1`, '-l', path.join(PG_DIR, 'log'), ...args]);
      if (r.status !== 0 && !/not running|already running|no server running|does not exist/i.test(r.stderr + r.stdout)) throw new Error(`pg_ctl ${args.join(' ')}: ${r.stderr}${r.stdout}`);
    },
  };
}

export async function pgQuery<R extends Row = Row>(url: string, sql: string, params?: unknown[]): Promise<R[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<R>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

/** A target database: a fresh copy of the seeded snapshot (PGlite) or a fresh database (PostgreSQL). */
export async function freshTarget(kind: DatabaseKind, cluster: Cluster | null, label: string): Promise<Target> {
  const dataDir = path.join(tmp, `${kind}-${label}`);
  rmSync(dataDir, { recursive: true, force: true });
  if (kind === 'pglite') {
    const snapshot = path.join(tmp, 'pglite-snapshot');
    if (!existsSync(path.join(snapshot, 'pgdata'))) {
      const r = spawnSync(process.execPath, [serverJs, '--seed-only'], { env: envFor({ kind, dataDir: snapshot }), stdio: 'inherit' });
      if (r.status !== 0) throw new Error('seeding the PGlite snapshot failed');
    }
    cpSync(snapshot, dataDir, { recursive: true });
    return { kind, dataDir };
  }
  if (!cluster) throw new Error('a PostgreSQL target needs the cluster');
  const template = 'reliability_template';
  const have = await pgQuery(cluster.url(), 'SELECT 1 FROM pg_database WHERE datname = $1', [template]);
  if (!have.length) {
    await pgQuery(cluster.url(), `CREATE DATABASE ${template}`);
    const r = spawnSync(process.execPath, [serverJs, '--seed-only'], { env: envFor({ kind, dataDir, databaseUrl: cluster.url(template) }), stdio: 'inherit' });
    if (r.status !== 0) throw new Error('seeding the PostgreSQL template failed');
  }
  const name = `rel_${label.replace(/\W/g, '_')}_${randomUUID().slice(0, 6)}`;
  await pgQuery(cluster.url(), `CREATE DATABASE ${name} TEMPLATE ${template}`);
  mkdirSync(dataDir, { recursive: true });
  return { kind, dataDir, databaseUrl: cluster.url(name), name };
}

/** Runs SQL on a target while no server holds it. */
export async function targetQuery<R extends Row = Row>(target: Target, sql: string, params?: unknown[]): Promise<R[]> {
  if (target.databaseUrl) return pgQuery<R>(target.databaseUrl, sql, params);
  const db = await PGlite.create(path.join(target.dataDir, 'pgdata'));
  try {
    return (await db.query<R>(sql, params)).rows;
  } finally {
    await db.close();
  }
}

/** Every table's row count and checksum, to compare a database before and after. */
export async function stateOf(target: Target): Promise<Record<string, string>> {
  const tables = await targetQuery<{ name: string }>(
    target,
    `SELECT quote_ident(table_name) AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  const union = tables
    .map((r) => `SELECT '${r.name}' AS name, count(*)::int AS n, coalesce(md5(string_agg(md5(x::text), '' ORDER BY md5(x::text))), '') AS sum FROM ${r.name} x`)
    .join(' UNION ALL ');
  const rows = await targetQuery<{ name: string; n: number; sum: string }>(target, `${union} ORDER BY 1`);
  return Object.fromEntries(rows.map((r) => [r.name, `${r.n}:${r.sum}`]));
}
