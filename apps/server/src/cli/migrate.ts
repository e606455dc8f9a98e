import { migrate } from '../db/migrate';
import { withDatabase } from './with-database';

/** `npm run db:migrate`: applies pending migrations to DATABASE_URL or the PGlite in DATA_DIR. */
await withDatabase(async (database) => {
  const applied = await migrate(database);
  console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Migrations are current.');
});
