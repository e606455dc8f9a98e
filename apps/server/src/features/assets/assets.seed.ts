import type { AppContext } from '../../plugins/context';
import { BUNDLED_REPD_FILE, importRepdFile } from './repd-import';

/** Real data on first start: the bundled REPD release (data/repd/SOURCE.md). */
export async function seedRepdAssets(ctx: Pick<AppContext, 'database' | 'log' | 'clock'>) {
  const report = await importRepdFile(ctx, BUNDLED_REPD_FILE);
  ctx.log.info(
    { read: report.read, inserted: report.inserted, updated: report.updated, unchanged: report.unchanged, rejected: report.rejected, ms: report.ms },
    'REPD assets imported',
  );
}
