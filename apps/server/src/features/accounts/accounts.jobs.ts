import type { AppContext } from '../../plugins/context';
import { processDueDeletions, purgeOldResetTokens } from './accounts.service';

/** The accounts job (registered in context.ts): due deletions, then old reset tokens. */
export async function runAccountJobs(ctx: Pick<AppContext, 'database' | 'clock' | 'log'>) {
  await processDueDeletions(ctx);
  await purgeOldResetTokens(ctx);
}
