import { ACCREDITATION_LIMITS, COMPANIES_HOUSE_LIMITS } from '@solar/shared/constants/trust';
import type { AppContext } from '../../plugins/context';
import { runAccreditationJob } from './accreditations.service';
import { runDueChecks } from './company-checks.service';

/** The trust feature's scheduled work (decisions 0481, 0482). */
export function registerTrustJobs(ctx: AppContext) {
  ctx.jobs.register({ name: 'accreditation-expiry', everyMs: ACCREDITATION_LIMITS.jobEveryMs, run: async () => void (await runAccreditationJob(ctx)) });
  if (ctx.env.companiesHouse) {
    ctx.jobs.register({ name: 'company-checks', everyMs: COMPANIES_HOUSE_LIMITS.jobEveryMs, run: async () => void (await runDueChecks(ctx)) });
  }
}
