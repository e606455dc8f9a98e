import type { AppContext } from '../../plugins/context';
import { importPartsCatalogue } from './parts.importer';

/** Real data, run on first start: the bundled parts catalogue (issue 10), with its import report in the log. */
export async function seedPartsCatalogue(ctx: Pick<AppContext, 'database' | 'log'>) {
  const report = await importPartsCatalogue(ctx.database);
  ctx.log.info({ report: { ...report, rejections: report.rejections.slice(0, 10) } }, 'parts catalogue imported');
}
