import path from 'node:path';
import { openDatabase } from '../db/client';
import { migrate } from '../db/migrate';
import { parseEnv } from '../env';
import { BUNDLED_REPD_FILE, formatReport, importRepdFile } from '../features/assets/repd-import';
import { systemClock } from '../platform/clock';
import { lockDataDir } from '../platform/data-dir-lock';

/**
 * `npm run import:repd -- FILE`: imports a REPD quarterly CSV (plain or .gz) into DATABASE_URL or
 * the PGlite in DATA_DIR; upserts on Ref ID, so re-running a file changes nothing. Without FILE
 * it imports the bundled release.
 */
const env = parseEnv();
const file = path.resolve(process.argv[2] ?? BUNDLED_REPD_FILE);
let unlock = () => {};
try {
  unlock = env.DATABASE_URL ? () => {} : lockDataDir(env.DATA_DIR);
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: path.join(env.DATA_DIR, 'pgdata') });
  await migrate(database);
  const report = await importRepdFile({ database, clock: systemClock }, file);
  console.log(formatReport(report));
  await database.close();
} catch (err) {
  console.error(`REPD import failed: ${(err as Error).message}`);
  process.exitCode = 1;
} finally {
  unlock();
}
