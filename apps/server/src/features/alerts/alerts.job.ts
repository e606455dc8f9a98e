import { SAVED_SEARCH_LIMITS as L } from '@solar/shared/constants/alerts';
import type { AppContext } from '../../plugins/context';
import { queueMail } from '../../platform/mail';
import { notify } from '../../platform/notifications';
import { describeChange, searchDigest, watchedChanged } from './alerts.mail';
import * as matching from './saved-search-matching.repository';
import { digestDue } from './saved-searches.service';
import * as searches from './saved-searches.repository';
import { unsubscribeHeaders, unsubscribeLinks, unsubscribeSigner } from './unsubscribe.service';
import * as watches from './watches.repository';

type Ctx = Pick<AppContext, 'database' | 'env' | 'log'>;

/** Changes and queued items matched per transaction. */
const MATCH_BATCH = 5000;
/** Searches mailed per run (the next run takes the rest, five minutes later). */
const MAIL_BATCH = 2000;

export interface AlertRunReport {
  matched: number;
  mailed: number;
  notified: number;
  watchMails: number;
}

/**
 * Matches everything new with every saved search (set-based, decision 0471), in batches each one
 * transaction: the matches are stored and the batch marked together.
 */
export async function matchPending(ctx: Pick<Ctx, 'database'>, now: Date): Promise<number> {
  let matched = 0;
  for (;;) {
    const more = await ctx.database.db.transaction(async (tx) => {
      const seqs = await matching.claimTenderChanges(tx, MATCH_BATCH);
      const queued = await matching.claimQueue(tx, MATCH_BATCH);
      if (seqs.length === 0 && queued.length === 0) return false;
      matched += await matching.matchTenderChanges(tx, seqs, now);
      if (seqs.length) await matching.markTenderChangesMatched(tx, seqs, now);
      matched += await matching.matchProviders(tx, queued.filter((q) => q.item_type === 'provider').map((q) => q.item_id), now);
      matched += await matching.matchAssetChanges(tx, queued.filter((q) => q.item_type === 'asset-change').map((q) => q.item_id), now);
      if (queued.length) await matching.deleteQueued(tx, queued.map((q) => q.seq));
      return true;
    });
    if (!more) return matched;
  }
}

/**
 * Mails the searches whose matches are due (decision 0472): instant ones with matches waiting,
 * daily and weekly ones at their UK hour. One mail per search, its matches grouped; tenders are
 * read through the visibility rule for the search's owner at this moment, so a tender they may no
 * longer see is never sent. Searches with mail off get the bell only. Each search's mail, its bell
 * notification and the matches marked are one transaction.
 */
export async function sendDue(ctx: Ctx, now: Date): Promise<{ mailed: number; notified: number }> {
  let mailed = 0;
  let notified = 0;
  const tokenFor = await unsubscribeSigner(ctx.database);
  for (const search of await searches.listDueSearches(ctx.database, now, MAIL_BATCH)) {
    await ctx.database.db.transaction(async (tx) => {
      const waiting = await searches.countWaiting(tx, search.id);
      const items = waiting ? (await searches.listMatches(tx, search.id, search.user_id, { limit: L.itemsPerMail, waiting: true })).filter((m) => m.title !== null) : [];
      const visible = items.length < L.itemsPerMail ? items.length : waiting;
      const mails = search.frequency !== 'off' && items.length > 0;
      if (mails) {
        const token = tokenFor({ kind: 'search', searchId: search.id });
        await queueMail(
          tx,
          searchDigest({ email: search.email, name: search.user_name }, search, items, visible, ctx.env.PUBLIC_URL, {
            page: unsubscribeLinks(ctx.env.PUBLIC_URL, token).page,
            headers: unsubscribeHeaders(ctx.env.PUBLIC_URL, token),
          }),
          'saved-search',
        );
        mailed++;
      }
      if (items.length > 0) {
        await notify(tx, {
          userId: search.user_id,
          kind: 'alert-match',
          title: `${visible} new ${visible === 1 ? 'match' : 'matches'} for "${search.name}"`,
          body: items
            .slice(0, 3)
            .map((m) => m.title)
            .join('; '),
          link: `/dashboard?tab=searches&search=${search.id}`,
        });
        notified++;
      }
      if (waiting) await searches.markNotified(tx, search.id, now);
      const next = search.frequency === 'daily' || search.frequency === 'weekly' ? digestDue(search.frequency, search.digest_hour, search.digest_weekday, false, now) : null;
      await searches.recordDigest(tx, search.id, mails, next, now);
    });
  }
  return { mailed, notified };
}

/**
 * Tells the watchers of each changed tender (decision 0473): one mail and one notification per
 * watcher and tender for the changes of this run, if they may still see it now; the asker of an
 * answered question gets a notification too.
 */
export async function notifyWatchers(ctx: Ctx, now: Date): Promise<number> {
  let sent = 0;
  const tokenFor = await unsubscribeSigner(ctx.database);
  for (;;) {
    const more = await ctx.database.db.transaction(async (tx) => {
      const changes = await watches.claimWatchChanges(tx, MATCH_BATCH);
      if (changes.length === 0) return false;
      // 'published' is news for saved searches, not a change of a tender someone already watches.
      const told = changes.filter((c) => c.kind !== 'published');
      const byTender = new Map<string, watches.ChangeRow[]>();
      for (const c of told) byTender.set(c.tender_id, [...(byTender.get(c.tender_id) ?? []), c]);
      for (const w of await watches.listWatchersToTell(tx, [...byTender.keys()])) {
        const list = byTender.get(w.tender_id)!;
        const token = tokenFor({ kind: 'watch', userId: w.user_id, tenderId: w.tender_id });
        const links = { page: unsubscribeLinks(ctx.env.PUBLIC_URL, token).page, headers: unsubscribeHeaders(ctx.env.PUBLIC_URL, token) };
        await queueMail(tx, watchedChanged(w, { id: w.tender_id, title: w.title }, list, ctx.env.PUBLIC_URL, links), 'watched-tender');
        await notify(tx, {
          userId: w.user_id,
          kind: 'watched-change',
          title: `"${w.title}" changed`,
          body: list.map(describeChange).join(' '),
          link: `/tender/${w.tender_id}`,
        });
        sent++;
      }
      const questions = told.filter((c) => c.kind === 'clarification').map((c) => String(c.detail.questionId ?? ''));
      for (const asker of await watches.listAskers(tx, questions.filter(Boolean))) {
        await notify(tx, { userId: asker.user_id, kind: 'question-answered', title: `Your question about "${asker.title}" was answered`, link: `/tender/${asker.tender_id}` });
      }
      await watches.markWatched(tx, changes.map((c) => c.seq), now);
      return true;
    });
    if (!more) return sent;
  }
}

/** One run: match what is new, mail what is due, tell the watchers (the job 'saved-search-alerts', every ALERTS_EVERY_MS). */
export async function runAlerts(ctx: Ctx, now: Date): Promise<AlertRunReport> {
  const matched = await matchPending(ctx, now);
  const { mailed, notified } = await sendDue(ctx, now);
  const watchMails = await notifyWatchers(ctx, now);
  if (matched || mailed || watchMails) ctx.log.info({ matched, mailed, notified, watchMails }, 'alerts run');
  return { matched, mailed, notified, watchMails };
}

/** Registered in context.ts registerJobs; every ALERTS_EVERY_MS (five minutes unless set, decision 0536). */
export function registerAlertJobs(ctx: AppContext) {
  ctx.jobs.register({ name: 'saved-search-alerts', everyMs: ctx.env.ALERTS_EVERY_MS, run: ({ now }) => runAlerts(ctx, now).then(() => undefined) });
}
