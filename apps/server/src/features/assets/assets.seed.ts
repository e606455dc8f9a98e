import path from 'node:path';
import type { AppContext } from '../../plugins/context';
import { recordStartupImport } from '../../platform/data-sources.repository';
import { BUNDLED_REPD_FILE, importRepdFile } from './repd-import';

/** Real data on first start: the bundled REPD release (data/repd/SOURCE.md). */
export async function seedRepdAssets(ctx: Pick<AppContext, 'database' | 'log' | 'clock'>) {
  const report = await importRepdFile(ctx, BUNDLED_REPD_FILE);
  ctx.log.info(
    { read: report.read, inserted: report.inserted, updated: report.updated, unchanged: report.unchanged, rejected: report.rejected, ms: report.ms },
    'REPD assets imported',
  );
  // Shown as a run in the admin Data sources tab (decision 0463).
  await recordStartupImport(ctx.database.db, 'repd', {
    at: ctx.clock.now().toISOString(),
    what: `the bundled release ${path.basename(BUNDLED_REPD_FILE).replace(/\.csv(\.gz)?$/, '')}`,
    read: report.read,
    kept: report.inserted + report.updated + report.unchanged,
    dropped: report.rejected,
  });
}
