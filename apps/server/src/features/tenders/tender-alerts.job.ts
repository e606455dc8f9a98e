import { formatDate } from '@solar/shared/domain/format';
import type { AppContext } from '../../plugins/context';
import { queueMail } from '../../platform/mail';
import * as repo from './tender-alerts.repository';

type Ctx = Pick<AppContext, 'database' | 'env' | 'log'>;

const DAY_MS = 86_400_000;
/** Save for Later reminds this long before the closing date (decision 0179). */
export const REMINDER_BEFORE_MS = 2 * DAY_MS;

/** Save for Later: one reminder email two days before the tender closes. */
export async function runSaveReminders(ctx: Ctx, now: Date): Promise<{ sent: number }> {
  let sent = 0;
  for (const due of await repo.findDueReminders(ctx.database, now, new Date(now.getTime() + REMINDER_BEFORE_MS))) {
    try {
      // The reminder and its mark in one transaction: mailed once (decision 0470).
      await ctx.database.db.transaction(async (tx) => {
        await queueMail(
          tx,
          {
            to: due.email,
            subject: `Reminder: a tender you saved closes on ${formatDate(new Date(due.closing_date))}`,
            text: [
              `Hello ${due.name},`,
              '',
              `"${due.title}" closes on ${formatDate(new Date(due.closing_date))}.`,
              '',
              `${ctx.env.PUBLIC_URL}/tender/${due.tender_id}`,
            ].join('\n'),
          },
          'tender-reminder',
        );
        await repo.markReminded(tx, due.user_id, due.tender_id, now);
      });
      sent++;
    } catch (err) {
      ctx.log.error({ err, userId: due.user_id }, 'tender reminder failed');
    }
  }
  return { sent };
}

/** Registered in context.ts registerJobs. The new-tender alert of decision 0180 is a saved search now (features/alerts, decision 0471). */
export function registerTenderJobs(ctx: AppContext) {
  ctx.jobs.register({
    name: 'tender-save-reminders',
    everyMs: 3_600_000,
    run: ({ now }) => runSaveReminders(ctx, now).then(() => undefined),
  });
}
