import path from 'node:path';
import { withDatabase } from './with-database';
import { migrate } from '../db/migrate';
import { formatReport, importOcdsReleases, readOcdsSource } from '../features/tenders/ocds/ocds-import';

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
await withDatabase(async (database) => {
  const releases = await readOcdsSource(/^https?:\/\//i.test(source) ? source : path.resolve(process.env.INIT_CWD ?? process.cwd(), source));
  await migrate(database);
  const report = await importOcdsReleases(database, releases, { now: new Date() });
  console.log(formatReport(report));
});
