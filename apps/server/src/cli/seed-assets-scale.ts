import { withDatabase } from './with-database';
import { parseArgs } from 'node:util';
import { migrate } from '../db/migrate';
import { seedSyntheticAssets } from '../features/assets/assets.synthetic';

/**
 * `npm run seed:assets-scale -- --assets 1000000`: adds synthetic assets (source 'synthetic',
 * references 'SYN-0000001' …) until that many exist, for load tests of the asset map
 * (docs/decisions/0316). PGlite by default, PostgreSQL when DATABASE_URL is set. Idempotent.
 */
const { values } = parseArgs({ options: { assets: { type: 'string', default: '1000000' }, batch: { type: 'string', default: '50000' } } });
const target = Number(values.assets);

await withDatabase(async (database) => {
  await migrate(database);
  const r = await seedSyntheticAssets(database, target, { batch: Number(values.batch), log: (line) => console.log(line) });
  console.log(`Generated ${r.inserted} synthetic assets in ${r.ms} ms; ${r.synthetic} synthetic, ${r.total} assets in all.`);
});
