import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { migrationsDir } from '../paths';
import type { Database } from './client';

const MIGRATION_LOCK_KEY = 727_001;


export interface Migration {
  name: string;
  sql: string;
  checksum: string;
}

export function readMigrations(dir = migrationsDir): Migration[] {
  return readdirSync(dir)
    .filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f))
    .sort()
    .map((name) => {
      const sql = readFileSync(path.join(dir, name), 'utf8');
      return { name, sql, checksum: createHash('sha256').update(sql).digest('hex') };
    });
}

/**
 * Applies pending migrations in order, each in its own transaction, under an advisory lock so
 * that several processes starting at once apply each migration exactly once.
 */
export async function migrate(database: Database, migrations = readMigrations()): Promise<string[]> {
  return database.withLock(MIGRATION_LOCK_KEY, async () => {
    await database.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      name text PRIMARY KEY, checksum text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`);
    const applied = new Map(
      (await database.query<{ name: string; checksum: string }>('SELECT name, checksum FROM schema_migrations')).map(
        (r) => [r.name, r.checksum],
      ),
    );
    const done: string[] = [];
    for (const m of migrations) {
      const previous = applied.get(m.name);
      if (previous) {
        if (previous !== m.checksum) throw new Error(`Migration ${m.name} was changed after it was applied`);
        continue;
      }
      const name = m.name.replace(/'/g, "''");
      // One simple-protocol query: PostgreSQL runs its statements as a single implicit transaction.
      await database.exec(`${m.sql}\n;INSERT INTO schema_migrations (name, checksum) VALUES ('${name}', '${m.checksum}');`);
      done.push(m.name);
    }
    return done;
  });
}

/** True when every migration on disk has been applied (readiness check). */
export async function migrationsCurrent(database: Database, migrations = readMigrations()): Promise<boolean> {
  const rows = await database.query<{ name: string }>('SELECT name FROM schema_migrations');
  const applied = new Set(rows.map((r) => r.name));
  return migrations.every((m) => applied.has(m.name));
}
