import path from 'node:path';
import { openDatabase } from '../db/client';
import { migrate } from '../db/migrate';
import { parseEnv } from '../env';
import { lockDataDir } from '../platform/data-dir-lock';

/** `npm run db:migrate`: applies pending migrations to DATABASE_URL or the PGlite in DATA_DIR. */
const env = parseEnv();
const unlock = env.DATABASE_URL ? () => {} : lockDataDir(env.DATA_DIR);
try {
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: path.join(env.DATA_DIR, 'pgdata') });
  const applied = await migrate(database);
  console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Migrations are current.');
  await database.close();
} catch (err) {
  console.error((err as Error).message);
  process.exitCode = 1;
} finally {
  unlock();
}
