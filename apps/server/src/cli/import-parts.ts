import path from 'node:path';
import { withDatabase } from './with-database';
import { migrate } from '../db/migrate';
import { importPartsCatalogue } from '../features/parts/parts.importer';

/**
 * `npm run import:parts -w apps/server [-- DIR]`: imports the parts catalogue (default data/parts)
 * into DATABASE_URL or the PGlite in DATA_DIR and prints the report (decision 0210). Idempotent.
 */
await withDatabase(async (database) => {
  await migrate(database);
  const dir = process.argv[2] ? path.resolve(process.argv[2]) : undefined;
  const report = await importPartsCatalogue(database, { dir });
  console.log(JSON.stringify(report, null, 2));
});
