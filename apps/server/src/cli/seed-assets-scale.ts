import path from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '../db/client';
import { migrate } from '../db/migrate';
import { parseEnv } from '../env';
import { seedSyntheticAssets } from '../features/assets/assets.synthetic';
import { lockDataDir } from '../platform/data-dir-lock';

/**
 * `npm run seed:assets-scale -- --assets 1000000`: adds synthetic assets (source 'synthetic',
 * references 'SYN-0000001' …) until that many exist, for load tests of the asset map
 * (docs/decisions/0316). PGlite by default, PostgreSQL when DATABASE_URL is set. Idempotent.
 */
const { values } = parseArgs({ options: { assets: { type: 'string', default: '1000000' }, batch: { type: 'string', default: '50000' } } });
const target = Number(values.assets);

const env = parseEnv();
const unlock = env.DATABASE_URL ? () => {} : lockDataDir(env.DATA_DIR);
try {
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: path.join(env.DATA_DIR, 'pgdata') });
  await migrate(database);
  const r = await seedSyntheticAssets(database, target, { batch: Number(values.batch), log: (line) => console.log(line) });
  console.log(`Generated ${r.inserted} synthetic assets in ${r.ms} ms; ${r.synthetic} synthetic, ${r.total} assets in all.`);
  await database.close();
} catch (err) {
  console.error((err as Error).message);
  process.exitCode = 1;
} finally {
  unlock();
}
