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
 * is recorded with its mail in one transaction on a key of tender, invitee, threshold and closing
 * date: sent once per closing date, however many processes run the job, and again before a new
 * closing date after an extension (decision 0556) to those who still have not responded or
 * declined. An address invited twice (a provider it owns and a link it redeemed) gets one mail.
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
    // A threshold reached long ago (a closing date extended to within it) says the time actually left.
    const words = now.getTime() - (closing - threshold.beforeMs) <= 2 * REMINDER_EVERY_MS ? threshold.words : timeLeftWords(closing - now.getTime());
    try {
      const mailed = await ctx.database.db.transaction(async (tx) => {
        let fresh = false;
        for (const c of due) if (await repo.markReminderSent(tx, c.tender_id, c.invitee, threshold.id, new Date(closing), now)) fresh = true;
        if (fresh) await queueMail(tx, reminderMail({ email: first.email, name: first.name }, { id: first.tender_id, title: first.title, closing_date: first.closing_date }, words, ctx.env.PUBLIC_URL), 'tender-invitee-reminder');
        return fresh;
      });
      if (mailed) sent++;
    } catch (err) {
      ctx.log.error({ err, tenderId: first.tender_id }, 'tender invitee reminder failed');
    }
  }
  return { sent };
}

/** The time left before a closing date, in whole hours under two days, else whole days (never more than is left). */
export function timeLeftWords(ms: number): string {
  const hours = Math.floor(ms / 3_600_000);
  if (hours < 1) return 'less than an hour';
  if (hours < 48) return hours === 1 ? '1 hour' : `${hours} hours`;
  return `${Math.floor(hours / 24)} days`;
}

/** Registered in context.ts registerJobs. */
export function registerTenderBidderJobs(ctx: AppContext) {
  ctx.jobs.register({
    name: 'tender-invitee-reminders',
    everyMs: REMINDER_EVERY_MS,
    run: ({ now }) => runInviteeReminders(ctx, now).then(() => undefined),
  });
}
