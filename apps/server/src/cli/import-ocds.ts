import path from 'node:path';
import { openDatabase } from '../db/client';
import { migrate } from '../db/migrate';
import { parseEnv } from '../env';
import { formatReport, importOcdsReleases, readOcdsSource } from '../features/tenders/ocds/ocds-import';
import { lockDataDir } from '../platform/data-dir-lock';

/**
 * `npm run import:ocds -- FILE_OR_URL`: imports an OCDS release package (Find a Tender, Contracts
 * Finder, Public Contracts Scotland, Sell2Wales; .json or .json.gz) as External tenders and prints
 * read / inserted / updated / skipped with reasons. Running it again changes nothing.
 */
const source = process.argv.slice(2).find((a) => a !== '--');
if (!source) {
  console.error('Usage: npm run import:ocds -- FILE_OR_URL');
  process.exit(2);
}
const env = parseEnv();
const unlock = env.DATABASE_URL ? () => {} : lockDataDir(env.DATA_DIR);
try {
  const releases = await readOcdsSource(/^https?:\/\//i.test(source) ? source : path.resolve(process.env.INIT_CWD ?? process.cwd(), source));
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: path.join(env.DATA_DIR, 'pgdata') });
  try {
    await migrate(database);
    const report = await importOcdsReleases(database, releases, { now: new Date() });
    console.log(formatReport(report));
  } finally {
    await database.close();
  }
} catch (err) {
  console.error((err as Error).message);
  process.exitCode = 1;
} finally {
  unlock();
}
