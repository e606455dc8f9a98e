import path from 'node:path';
import { withDatabase } from './with-database';
import { migrate } from '../db/migrate';
import { BUNDLED_REPD_FILE, formatReport, importRepdFile } from '../features/assets/repd-import';
import { systemClock } from '../platform/clock';

/**
 * `npm run import:repd -- FILE`: imports a REPD quarterly CSV (plain or .gz) into DATABASE_URL or
 * the PGlite in DATA_DIR; upserts on Ref ID, so re-running a file changes nothing. Without FILE
 * it imports the bundled release.
 */
const file = path.resolve(process.argv[2] ?? BUNDLED_REPD_FILE);
await withDatabase(async (database) => {
  await migrate(database);
  const report = await importRepdFile({ database, clock: systemClock }, file);
  console.log(formatReport(report));
}, 'REPD import failed: ');
