import { eq } from 'drizzle-orm';
import { appMeta } from '../db/schema/index';
import type { AppContext } from '../plugins/context';
import { ensureConfiguredAdmin } from '../features/accounts/admin-bootstrap';
import { DEMO_ACCOUNTS, seedDemoAccounts } from './demo-accounts';
import { seedRepdAssets } from '../features/assets/assets.seed';
import { seedRepdProviders } from '../features/providers/providers.seed';
import { seedDemoProviders } from '../features/providers/providers.demo-seed';
import { seedPartsCatalogue } from '../features/parts/parts.seed';
import { seedDemoSuppliers } from '../features/parts/parts.demo-seed';
import { seedDemoTenders, seedOcdsSample } from '../features/tenders/tenders.seed';

type SeedContext = Pick<AppContext, 'env' | 'database' | 'log' | 'clock'>;

interface Seeder {
  /** Recorded in app_meta once done, so a seeder runs on first start only. */
  name: string;
  demo: boolean;
  run(ctx: SeedContext): Promise<void>;
}

/** Real data always; demo content only with SEED_DEMO. Features add their seeders here. */
const SEEDERS: Seeder[] = [
  { name: 'demo-accounts', demo: true, run: seedDemoAccounts },
  { name: 'assets-repd', demo: false, run: seedRepdAssets },
  { name: 'providers-repd', demo: false, run: seedRepdProviders },
  { name: 'providers-demo', demo: true, run: seedDemoProviders },
  { name: 'parts-catalogue', demo: false, run: seedPartsCatalogue },
  { name: 'parts-demo-suppliers', demo: true, run: seedDemoSuppliers },
  { name: 'tenders-ocds-sample', demo: false, run: seedOcdsSample },
  { name: 'tenders-demo', demo: true, run: seedDemoTenders },
];

/** The app_meta keys the seeders record (a test marks them done to start a server without importing data). */
export function seederKeys(demo: boolean): string[] {
  return SEEDERS.filter((s) => demo || !s.demo).map((s) => `seed:${s.name}`);
}

export async function seed(ctx: SeedContext) {
  await ensureConfiguredAdmin(ctx);
  for (const seeder of SEEDERS) {
    if (seeder.demo && !ctx.env.SEED_DEMO) continue;
    const key = `seed:${seeder.name}`;
    const [done] = await ctx.database.db.select().from(appMeta).where(eq(appMeta.key, key)).limit(1);
    if (done) continue;
    const started = Date.now();
    await seeder.run(ctx);
    await ctx.database.db
      .insert(appMeta)
      .values({ key, value: { at: ctx.clock.now().toISOString(), ms: Date.now() - started } })
      .onConflictDoNothing();
    ctx.log.info({ seeder: seeder.name, ms: Date.now() - started }, 'seeded');
  }
}

export function demoSignInLines(): string[] {
  return DEMO_ACCOUNTS.map((a) => `  ${a.type.padEnd(15)} ${a.email} / ${a.password}`);
}
