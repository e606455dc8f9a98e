import { formatDate } from '@solar/shared/domain/format';
import type { AppContext } from '../../plugins/context';
import { queueMail } from '../../platform/mail';
import * as repo from './tender-alerts.repository';

type Ctx = Pick<AppContext, 'database' | 'env' | 'log'>;

const DAY_MS = 86_400_000;
/** Save for Later reminds this long before the closing date (decision 0179). */
export const REMINDER_BEFORE_MS = 2 * DAY_MS;

/**
 * The new-tender alert digest (decision 0180): at most one email a day per subscriber, listing open
 * tenders (listed here or imported) created since the last digest that match the services and
 * service area of a provider the subscriber owns. Runs hourly through the job runner.
 */
export async function runTenderAlerts(ctx: Ctx, now: Date): Promise<{ sent: number }> {
  let sent = 0;
  const subscribers = await repo.listAlertSubscribers(ctx.database, new Date(now.getTime() - DAY_MS));
  for (const subscriber of subscribers) {
    const matches = await repo.findAlertMatches(ctx.database, subscriber.user_id, new Date(subscriber.since), now);
    if (matches.length === 0) continue;
    const lines = matches.map(
      (m) =>
        `- ${m.title}${m.location ? ` (${m.location})` : ''}, ${m.source}, closes ${formatDate(m.closing_date ? new Date(m.closing_date) : null)}\n  ${ctx.env.PUBLIC_URL}/tender/${m.id}`,
    );
    try {
      await ctx.database.db.transaction(async (tx) => {
        await queueMail(
          tx,
          {
            to: subscriber.email,
            subject: `${matches.length} new tender${matches.length === 1 ? '' : 's'} for your services`,
            text: [
              `Hello ${subscriber.name},`,
              '',
              'These new open tenders match your services and service area:',
              '',
              ...lines,
              '',
              `Switch these emails off under Tenders in your dashboard: ${ctx.env.PUBLIC_URL}/dashboard?tab=tenders`,
            ].join('\n'),
          },
          'tender-alert',
        );
        await repo.markDigestSent(tx, subscriber.user_id, now);
      });
      sent++;
    } catch (err) {
      ctx.log.error({ err, userId: subscriber.user_id }, 'tender alert digest failed');
    }
  }
  return { sent };
}

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

/** Registered in context.ts registerJobs. */
export function registerTenderJobs(ctx: AppContext) {
  ctx.jobs.register({
    name: 'tender-alerts',
    everyMs: 3_600_000,
    run: ({ now }) => runTenderAlerts(ctx, now).then(() => undefined),
  });
  ctx.jobs.register({
    name: 'tender-save-reminders',
    everyMs: 3_600_000,
    run: ({ now }) => runSaveReminders(ctx, now).then(() => undefined),
  });
}
