import { TENDER_REMINDER_THRESHOLDS } from '@solar/shared/constants/tender-sealed';
import type { AppContext } from '../../plugins/context';
import { queueMail } from '../../platform/mail';
import { reminderMail } from './tender-bidders.mail';
import * as repo from './tender-bidders.repository';

type Ctx = Pick<AppContext, 'database' | 'env' | 'log'>;

/** How often the reminders job looks (a reminder lands at most this long after its threshold). */
export const REMINDER_EVERY_MS = 15 * 60_000;

/**
 * Reminders before the closing time (issue 27 part A, decision 0515): to invitees who have neither
 * responded nor declined, 3 days and 24 hours before it. The nearest threshold passed is the one
 * sent (a job that runs late sends one reminder, not two), and only if the invitation came before
 * it (an invitee invited 2 days before the closing time gets the 24-hour one only). Each reminder
 * is recorded with its mail in one transaction on a key of tender, invitee and threshold: sent
 * once, however many processes run the job. An address invited twice (a provider it owns and a
 * link it redeemed) gets one mail.
 */
export async function runInviteeReminders(ctx: Ctx, now: Date): Promise<{ sent: number }> {
  const widest = Math.max(...TENDER_REMINDER_THRESHOLDS.map((t) => t.beforeMs));
  const candidates = await repo.findReminderCandidates(ctx.database, now, new Date(now.getTime() + widest));
  const groups = new Map<string, typeof candidates>();
  for (const c of candidates) {
    const key = `${c.tender_id}|${c.email.toLowerCase()}`;
    groups.set(key, [...(groups.get(key) ?? []), c]);
  }
  let sent = 0;
  for (const group of groups.values()) {
    const first = group[0]!;
    const closing = new Date(first.closing_date).getTime();
    // The nearest threshold already reached (the smallest `beforeMs` not yet ahead).
    const threshold = [...TENDER_REMINDER_THRESHOLDS].sort((a, b) => a.beforeMs - b.beforeMs).find((t) => now.getTime() >= closing - t.beforeMs);
    if (!threshold) continue;
    const due = group.filter((c) => new Date(c.invited_at).getTime() < closing - threshold.beforeMs);
    if (due.length === 0) continue;
    try {
      const mailed = await ctx.database.db.transaction(async (tx) => {
        let fresh = false;
        for (const c of due) if (await repo.markReminderSent(tx, c.tender_id, c.invitee, threshold.id, now)) fresh = true;
        if (fresh) await queueMail(tx, reminderMail({ email: first.email, name: first.name }, { id: first.tender_id, title: first.title, closing_date: first.closing_date }, threshold.words, ctx.env.PUBLIC_URL), 'tender-invitee-reminder');
        return fresh;
      });
      if (mailed) sent++;
    } catch (err) {
      ctx.log.error({ err, tenderId: first.tender_id }, 'tender invitee reminder failed');
    }
  }
  return { sent };
}

/** Registered in context.ts registerJobs. */
export function registerTenderBidderJobs(ctx: AppContext) {
  ctx.jobs.register({
    name: 'tender-invitee-reminders',
    everyMs: REMINDER_EVERY_MS,
    run: ({ now }) => runInviteeReminders(ctx, now).then(() => undefined),
  });
}
