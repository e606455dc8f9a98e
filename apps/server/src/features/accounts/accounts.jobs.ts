import { LOGIN_THROTTLE, RESET_MAIL_CAP } from '@solar/shared/constants/accounts';
import type { AppContext } from '../../plugins/context';
import { purgeSignInAddresses, purgeThrottle } from './accounts.repository';
import { processDueDeletions, purgeOldResetTokens } from './accounts.service';

/** The accounts job (registered in context.ts): due deletions, old reset tokens, forgotten sign-in counts and addresses. */
export async function runAccountJobs(ctx: Pick<AppContext, 'database' | 'clock' | 'log'>) {
  await processDueDeletions(ctx);
  await purgeOldResetTokens(ctx);
  await purgeThrottle(ctx.database.db, new Date(ctx.clock.now().getTime() - LOGIN_THROTTLE.forgetMs));
  await purgeSignInAddresses(ctx.database.db, new Date(ctx.clock.now().getTime() - RESET_MAIL_CAP.knownAddressMs));
}
