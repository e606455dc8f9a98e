import path from 'node:path';
import { openDatabase } from '../db/client';
import { migrate } from '../db/migrate';
import { parseEnv } from '../env';
import { importPartsCatalogue } from '../features/parts/parts.importer';
import { lockDataDir } from '../platform/data-dir-lock';

/**
 * `npm run import:parts -w apps/server [-- DIR]`: imports the parts catalogue (default data/parts)
 * into DATABASE_URL or the PGlite in DATA_DIR and prints the report (decision 0210). Idempotent.
 */
const env = parseEnv();
const unlock = env.DATABASE_URL ? () => {} : lockDataDir(env.DATA_DIR);
try {
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: path.join(env.DATA_DIR, 'pgdata') });
  await migrate(database);
  const dir = process.argv[2] ? path.resolve(process.argv[2]) : undefined;
  const report = await importPartsCatalogue(database, { dir });
  console.log(JSON.stringify(report, null, 2));
  await database.close();
} catch (err) {
  console.error((err as Error).message);
  process.exitCode = 1;
} finally {
  unlock();
}
