import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { check, tmp, type Target } from '../config';
import { pgQuery, stateOf } from '../database';
import { BOTH, type ReliabilityStep } from '../step';

/** A backup restored into a new database: every table's rows and checksum equal, and on PostgreSQL every index. */
export const backup: ReliabilityStep = {
  name: 'backup',
  databases: BOTH,
  target: 'backup',
  async run(target, cluster) {
    const before = await stateOf(target);
    let restored: Target;
    if (target.kind === 'postgres') {
      check(cluster && target.databaseUrl && target.name, 'a PostgreSQL backup needs the cluster and a named database');
      const dump = path.join(tmp, `${target.name}.dump`);
      const d = spawnSync('pg_dump', ['-Fc', '-f', dump, target.databaseUrl], { encoding: 'utf8' });
      check(d.status === 0, `pg_dump: ${d.stderr}`);
      const name = `${target.name}_restored`;
      await pgQuery(cluster.url(), `CREATE DATABASE ${name}`);
      // earthdistance's ll_to_earth() names its `earth` type unqualified, and pg_restore empties the
      // search_path, so a plain pg_restore fails on the two earth indexes (data restored, indexes
      // missing). The procedure of decision 0290: the restore script with search_path public.
      const plain = spawnSync('pg_restore', ['-l', dump], { encoding: 'utf8' });
      check(plain.status === 0, `pg_restore -l: ${plain.stderr}`);
      const script = spawnSync('pg_restore', ['--no-owner', '-f', '-', dump], { encoding: 'utf8', maxBuffer: 1 << 30 });
      check(script.status === 0, `pg_restore -f: ${script.stderr}`);
      const sql = script.stdout.replace("set_config('search_path', '', false)", "set_config('search_path', 'public', false)");
      const r = spawnSync('psql', ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '-d', cluster.url(name)], { input: sql, encoding: 'utf8', maxBuffer: 1 << 30 });
      check(r.status === 0, `psql restore: ${r.stderr}`);
      const indexCount = `SELECT count(*)::int AS n FROM pg_indexes WHERE schemaname = 'public'`;
      const indexes = (await pgQuery<{ n: number }>(cluster.url(name), indexCount))[0]?.n;
      const sourceIndexes = (await pgQuery<{ n: number }>(target.databaseUrl, indexCount))[0]?.n;
      check(indexes === sourceIndexes, `indexes ${sourceIndexes} → ${indexes}`);
      restored = { kind: 'postgres', dataDir: target.dataDir, databaseUrl: cluster.url(name) };
    } else {
      const db = await PGlite.create(path.join(target.dataDir, 'pgdata'));
      const blob = await db.dumpDataDir('gzip');
      await db.close();
      const file = path.join(tmp, 'pglite-backup.tar.gz');
      writeFileSync(file, Buffer.from(await blob.arrayBuffer()));
      const dir = path.join(tmp, 'pglite-restored');
      rmSync(dir, { recursive: true, force: true });
      mkdirSync(dir, { recursive: true });
      const loaded = await PGlite.create(path.join(dir, 'pgdata'), { loadDataDir: new Blob([readFileSync(file)]) });
      await loaded.close();
      restored = { kind: 'pglite', dataDir: dir };
    }
    const after = await stateOf(restored);
    const rowsTotal = Object.values(before).reduce((n, v) => n + Number(v.split(':')[0]), 0);
    check(JSON.stringify(before) === JSON.stringify(after), `restored copy differs: ${Object.keys(before).filter((k) => before[k] !== after[k]).join(', ')}`);
    return `${Object.keys(before).length} tables, ${rowsTotal} rows: counts and checksums equal after ${target.kind === 'postgres' ? 'pg_dump -Fc / pg_restore (search_path public) with every index' : 'dumpDataDir / loadDataDir'}`;
  },
};
