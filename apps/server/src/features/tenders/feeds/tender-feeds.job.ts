import { performance } from 'node:perf_hooks';
import { DATA_SOURCE_LABELS, TENDER_FEED_IDS, TENDER_FEED_LIMITS as L, type TenderFeedId } from '@solar/shared/constants/data-sources';
import type { AppContext } from '../../../plugins/context';
import * as sources from '../../../platform/data-sources.repository';
import { importReleasesIn, releasesOf } from '../ocds/ocds-import';
import { FEED_ADAPTERS, type FeedPage } from './feed-adapters';
import { fetchJson, type HttpDeps } from '../../../platform/feed-http';

type FeedContext = Pick<AppContext, 'database' | 'clock' | 'log' | 'env'>;

export type FeedRunResult =
  | { ran: false; why: 'off' | 'not due' }
  | { ran: true; pages: number; caughtUp: boolean; error: string | null; counts: sources.RunCounts };

const DAY_MS = 86_400_000;

/**
 * One run of a tender feed (decision 0390): from the stored cursor, page by page, each page's
 * releases imported (relevant ones kept, decision 0391) and the cursor moved in one transaction,
 * until the source is read up to now, the run's budget is spent, or the source fails. A failure
 * changes nothing of the page it was on; it is recorded on the source with the back-off it asked
 * for. Runs under the job runner's lock, so one run of a feed happens at a time.
 */
export async function runTenderFeed(ctx: FeedContext, id: TenderFeedId, http: Partial<HttpDeps> = {}): Promise<FeedRunResult> {
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
  const deps: HttpDeps = { userAgent: `SolarMarketplace/1.0 (+${ctx.env.PUBLIC_URL})`, ...http };
  const counts: sources.RunCounts = { read: 0, kept: 0, dropped: 0, invalid: 0 };
  await sources.startRun(db, id, startedAt);

  const began = performance.now();
  let pages = 0;
  const fail = async (message: string, waitMs: number) => {
    const now = ctx.clock.now();
    const until = new Date(now.getTime() + waitMs);
    await sources.finishRun(db, id, { now, nextRunAt: until, backoffUntil: until, error: message });
    ctx.log.warn({ feed: id, error: message, retryAt: until.toISOString() }, 'tender feed run failed');
    return { ran: true as const, pages, caughtUp: false, error: message, counts };
  };

  for (;;) {
    const planned = adapter.plan(cursor, base, ctx.clock.now());
    if (new URL(planned.url).origin !== new URL(base).origin) return fail(`next page is on another host: ${new URL(planned.url).host}`, L.failureBackoffMs);
    const answer = await fetchJson(planned.url, deps, () => ctx.clock.now());
    if (answer.kind !== 'ok') return fail(`${answer.message} (${planned.url})`, answer.ms);
    let page: FeedPage;
    try {
      page = readPage(answer.json, adapter.missingReleasesIsEmpty);
    } catch (err) {
      return fail(`${err instanceof Error ? err.message : String(err)} (${planned.url})`, L.failureBackoffMs);
    }
    const now = ctx.clock.now();
    const next = adapter.advance(planned.cursor, page, now);
    await db.transaction(async (tx) => {
      const report = await importReleasesIn(tx, page.releases, { now });
      const pageCounts = { read: report.read, dropped: report.dropped, invalid: report.invalid, kept: report.read - report.dropped - report.invalid };
      await sources.recordProgress(tx, id, pageCounts, next.cursor, now);
      for (const key of Object.keys(counts) as Array<keyof sources.RunCounts>) counts[key] += pageCounts[key];
    });
    cursor = next.cursor;
    pages++;
    const spent = performance.now() - began > L.runBudgetMs || pages >= L.runMaxPages;
    if (next.caughtUp || spent) {
      const end = ctx.clock.now();
      // Not caught up: due again at the next tick, carrying on from the cursor.
      await sources.finishRun(db, id, { now: end, nextRunAt: next.caughtUp ? new Date(end.getTime() + L.periodMs) : end });
      ctx.log.info({ feed: id, pages, ...counts, caughtUp: next.caughtUp }, `${DATA_SOURCE_LABELS[id]} read`);
      return { ran: true, pages, caughtUp: next.caughtUp, error: null, counts };
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
