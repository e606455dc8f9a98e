import path from 'node:path';
import { openDatabase, type Database } from '../db/client';
import { parseEnv, type Env } from '../env';
import { lockDataDir } from '../platform/data-dir-lock';

/**
 * Runs a command on DATABASE_URL, or on the PGlite in DATA_DIR while holding its lock (one process
 * per data directory). The database is closed afterwards; a failure prints `failurePrefix` and its
 * message and sets exit code 1.
 */
export async function withDatabase(task: (database: Database, env: Env) => Promise<void>, failurePrefix = ''): Promise<void> {
  const env = parseEnv();
  let unlock = () => {};
  try {
    unlock = env.DATABASE_URL ? () => {} : lockDataDir(env.DATA_DIR);
    const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: path.join(env.DATA_DIR, 'pgdata') });
    try {
      await task(database, env);
    } finally {
      await database.close();
    }
  } catch (err) {
    console.error(`${failurePrefix}${(err as Error).message}`);
    process.exitCode = 1;
  } finally {
    unlock();
  }
}
