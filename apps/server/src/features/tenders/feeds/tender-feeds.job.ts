import { DATA_SOURCE_LABELS, DATA_SOURCE_ROLES, TENDER_FEED_IDS, TENDER_FEED_LIMITS as L, type TenderFeedId } from '@solar/shared/constants/data-sources';
import type { AppContext } from '../../../plugins/context';
import * as sources from '../../../platform/data-sources.repository';
import { importReleasesIn, releasesOf } from '../ocds/ocds-import';
import { FEED_ADAPTERS, type FeedPage } from './feed-adapters';
import { fetchJson, realSleep, type HttpDeps } from '../../../platform/feed-http';

type FeedContext = Pick<AppContext, 'database' | 'clock' | 'log' | 'env'>;

export type FeedRunResult =
  | { ran: false; why: 'off' | 'not due' }
  | {
      ran: true;
      pages: number;
      caughtUp: boolean;
      error: string | null;
      /** The source asked for a wait without saying how long (a bare 429, 503 or 504): the run stopped, nothing failed. */
      paused: string | null;
      counts: Required<sources.RunCounts>;
      reasons: sources.RunReasons;
    };

const DAY_MS = 86_400_000;

/**
 * One run of a tender feed (decisions 0390 and 0460): from the stored cursor, page by page, each
 * page's releases imported (relevant ones kept, decision 0391; duplicates from another source
 * merged, 0461) and the cursor moved in one transaction, until the source is read up to now, the
 * run's budget is spent, the source asks for a pause, or it fails. Requests to a source are at
 * least its `minIntervalMs` apart, across runs (`last_request_at`), waited out with `sleep` on the
 * injected clock. A failure changes nothing of the page it was on; it is recorded on the source with
 * the back-off it asked for. Runs under the job runner's lock, so one run of a feed happens at a time.
 */
export async function runTenderFeed(ctx: FeedContext, id: TenderFeedId, http: Partial<HttpDeps> & { minIntervalMs?: number } = {}): Promise<FeedRunResult> {
  const { db } = ctx.database;
  const enabled = ctx.env.tenderFeeds.enabled.has(id);
  await sources.ensureDataSource(db, id, enabled);
  if (!enabled) return { ran: false, why: 'off' };
  const row = await sources.findDataSource(db, id);
  const startedAt = ctx.clock.now();
  if (!row || !sources.isDue(row, startedAt)) return { ran: false, why: 'not due' };

  const adapter = FEED_ADAPTERS[id];
  const base = ctx.env.tenderFeeds.urls[id];
  const since = ctx.env.tenderFeeds.since ?? new Date(startedAt.getTime() - L.firstRunLookbackDays * DAY_MS);
  const stored = adapter.cursor.safeParse(row.cursor);
  let cursor = stored.success ? stored.data : adapter.initial(since);
  const sleep = http.sleep ?? ctx.clock.sleep?.bind(ctx.clock) ?? realSleep;
  let lastRequestAt = row.lastRequestAt;
  const minIntervalMs = http.minIntervalMs ?? DATA_SOURCE_ROLES[id].minIntervalMs;
  // Pacing: the source's interval since its last request (retries included), whichever run made it.
  const pace = async () => {
    const wait = lastRequestAt ? lastRequestAt.getTime() + minIntervalMs - ctx.clock.now().getTime() : 0;
    if (wait > 0) await sleep(wait);
    lastRequestAt = ctx.clock.now();
  };
  const deps: HttpDeps = { userAgent: `SolarMarketplace/1.0 (+${ctx.env.PUBLIC_URL})`, ...http, sleep, pace };
  const counts: Required<sources.RunCounts> = { read: 0, kept: 0, dropped: 0, invalid: 0, merged: 0 };
  const reasons: sources.RunReasons = {};
  const count = (reason: string, n = 1) => n > 0 && (reasons[reason] = (reasons[reason] ?? 0) + n);
  await sources.startRun(db, id, startedAt);

  let pages = 0;
  const result = (caughtUp: boolean, error: string | null, paused: string | null) => ({ ran: true as const, pages, caughtUp, error, paused, counts, reasons });
  const fail = async (message: string, waitMs: number) => {
    const now = ctx.clock.now();
    const until = new Date(now.getTime() + waitMs);
    await sources.finishRun(db, id, { now, nextRunAt: until, backoffUntil: until, error: message, lastRequestAt });
    ctx.log.warn({ feed: id, error: message, retryAt: until.toISOString() }, 'tender feed run failed');
    return result(false, message, null);
  };

  for (;;) {
    const planned = adapter.plan(cursor, base, ctx.clock.now());
    if (new URL(planned.url).origin !== new URL(base).origin) return fail(`next page is on another host: ${new URL(planned.url).host}`, L.failureBackoffMs);
    const answer = await fetchJson(planned.url, deps, () => ctx.clock.now());
    if (answer.kind === 'pause') {
      // Not a failure: due again once the wait is over, carrying on from the same cursor.
      const now = ctx.clock.now();
      const message = `${answer.message}: waiting ${Math.round(answer.ms / 1000)} s before asking again`;
      await sources.finishRun(db, id, { now, nextRunAt: new Date(now.getTime() + answer.ms), pause: message, lastRequestAt });
      ctx.log.info({ feed: id, pause: message }, 'tender feed paused');
      return result(false, null, message);
    }
    if (answer.kind !== 'ok') return fail(`${answer.message} (${planned.url})`, answer.ms);
    let page: FeedPage;
    try {
      page = readPage(answer.json, adapter.missingReleasesIsEmpty);
    } catch (err) {
      return fail(`${err instanceof Error ? err.message : String(err)} (${planned.url})`, L.failureBackoffMs);
    }
    const now = ctx.clock.now();
    // A release dropped as unreadable JSON still filled a place on the page.
    const next = adapter.advance(planned.cursor, { ...page, releases: [...page.releases, ...Array<unknown>(answer.unreadable).fill(null)] }, now);
    if ('error' in next) return fail(`${next.error} (${planned.url})`, L.failureBackoffMs);
    if (next.note) ctx.log.warn({ feed: id, note: next.note }, 'tender feed page suspect');
    await db.transaction(async (tx) => {
      const report = await importReleasesIn(tx, page.releases, { now, context: { ...planned.context, source: id } });
      const pageCounts = {
        read: report.read + answer.unreadable,
        dropped: report.dropped,
        invalid: report.invalid + answer.unreadable,
        merged: report.merged,
        kept: report.read - report.dropped - report.invalid - report.merged,
      };
      for (const key of Object.keys(counts) as Array<keyof typeof counts>) counts[key] += pageCounts[key];
      for (const [reason, n] of Object.entries(report.reasons)) if (!/^unchanged|^older|^merged/.test(reason)) count(reason, n);
      for (const [cut, n] of Object.entries(report.cuts)) count(cut, n);
      count('release with invalid JSON', answer.unreadable);
      for (const repair of answer.repairs) count(`page repaired: ${repair}`);
      if (next.note) count('full page without a next link: window read again narrower');
      await sources.recordProgress(tx, id, pageCounts, next.cursor, now, { reasons, lastRequestAt });
    });
    cursor = next.cursor;
    pages++;
    const spent = ctx.clock.now().getTime() - startedAt.getTime() > L.runBudgetMs || pages >= L.runMaxPages;
    if (next.caughtUp || spent) {
      const end = ctx.clock.now();
      // Not caught up: due again at the next tick, carrying on from the cursor.
      await sources.finishRun(db, id, { now: end, nextRunAt: next.caughtUp ? new Date(end.getTime() + L.periodMs) : end, lastRequestAt });
      ctx.log.info({ feed: id, pages, ...counts, caughtUp: next.caughtUp }, `${DATA_SOURCE_LABELS[id]} read`);
      return result(next.caughtUp, null, null);
    }
  }
}

/** A release package: its releases (a malformed release is the importer's to count) and `links.next`. */
function readPage(json: unknown, missingReleasesIsEmpty: boolean): FeedPage {
  const links = json && typeof json === 'object' ? (json as { links?: { next?: unknown } }).links : undefined;
  const next = typeof links?.next === 'string' && links.next.trim() ? links.next.trim() : null;
  if (missingReleasesIsEmpty && json && typeof json === 'object' && !('releases' in json) && !('records' in json)) return { releases: [], next };
  return { releases: releasesOf(json), next };
}

/** Registered in context.ts registerJobs: a job per configured feed; none when TENDER_FEEDS is unset. */
export function registerTenderFeedJobs(ctx: AppContext) {
  for (const id of TENDER_FEED_IDS) {
    if (!ctx.env.tenderFeeds.enabled.has(id)) continue;
    ctx.jobs.register({ name: sources.dataSourceJobName(id), everyMs: L.tickMs, run: async () => void (await runTenderFeed(ctx, id)) });
  }
}
