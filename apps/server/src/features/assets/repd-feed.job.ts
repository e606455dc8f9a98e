import { z } from 'zod';
import { REPD_FEED } from '@solar/shared/constants/data-sources';
import type { AppContext } from '../../plugins/context';
import * as sources from '../../platform/data-sources.repository';
import { fetchBytes, fetchJson, type HttpDeps } from '../../platform/feed-http';
import { listStoredProjects } from './asset-import.repository';
import { diffRelease, type ProjectChange } from './repd-changes';
import { importRepdParsed, sha256Of } from './repd-import';
import { parseRepd, type RepdParseResult } from './repd-parse';
import { downloadAllowed, newestRelease } from './repd-release';

type Ctx = Pick<AppContext, 'database' | 'clock' | 'log' | 'env'>;

export const REPD_SOURCE_ID = 'repd';

/** The release last imported (or found identical to it): the next check skips it without a download. */
const cursorSchema = z.object({ release: z.string(), url: z.string(), sha256: z.string() });

export type RepdRunResult =
  | { ran: false; why: 'off' | 'not due' }
  | {
      ran: true;
      error: string | null;
      release: string | null;
      imported: boolean;
      changes: ProjectChange[];
      inserted: number;
      updated: number;
      ms: number;
    };

/**
 * One check of the REPD publication (decision 0395): read the GOV.UK content API answer, pick the
 * newest quarter's CSV, and when it is not the release already imported, download and import it as a
 * whole release with its change report (decision 0396), the cursor moved in the same transaction.
 * Any failure (the API, the download, a file that is not REPD, a release that would remove too
 * much) leaves the assets as they were and is recorded on the source with a back-off.
 */
export async function runRepdFeed(ctx: Ctx, http: Partial<HttpDeps> = {}): Promise<RepdRunResult> {
  const { db } = ctx.database;
  const base = ctx.env.repdFeedUrl;
  await sources.ensureDataSource(db, REPD_SOURCE_ID, base !== null);
  if (base === null) return { ran: false, why: 'off' };
  const origin: string = base;
  const row = await sources.findDataSource(db, REPD_SOURCE_ID);
  const startedAt = ctx.clock.now();
  if (!row || !sources.isDue(row, startedAt)) return { ran: false, why: 'not due' };
  const stored = cursorSchema.safeParse(row.cursor);
  const cursor = stored.success ? stored.data : null;
  const deps: HttpDeps = { userAgent: `SolarMarketplace/1.0 (+${ctx.env.PUBLIC_URL})`, ...http };
  const began = Date.now();
  await sources.startRun(db, REPD_SOURCE_ID, startedAt);
  const result = (error: string | null, extra: Partial<Extract<RepdRunResult, { ran: true }>> = {}) => ({
    ran: true as const,
    error,
    release: null,
    imported: false,
    changes: [],
    inserted: 0,
    updated: 0,
    ms: Date.now() - began,
    ...extra,
  });
  const fail = async (message: string, waitMs: number) => {
    const now = ctx.clock.now();
    const until = new Date(now.getTime() + waitMs);
    await sources.finishRun(db, REPD_SOURCE_ID, { now, nextRunAt: until, backoffUntil: until, error: message });
    ctx.log.warn({ source: REPD_SOURCE_ID, error: message, retryAt: until.toISOString() }, 'REPD release check failed');
    return result(message);
  };
  const done = async (extra: Partial<Extract<RepdRunResult, { ran: true }>>) => {
    const now = ctx.clock.now();
    await sources.finishRun(db, REPD_SOURCE_ID, { now, nextRunAt: new Date(now.getTime() + REPD_FEED.periodMs) });
    return result(null, extra);
  };

  // Whatever goes wrong is recorded on the source with a back-off, never a job that fails every
  // minute with nothing to show (issue 25 finding 12).
  try {
    return await check();
  } catch (err) {
    return fail(`the release check stopped: ${err instanceof Error ? err.message : String(err)}`, REPD_FEED.failureBackoffMs);
  }

  async function check(): Promise<RepdRunResult> {
    const pageUrl = `${base}${REPD_FEED.contentPath}`;
    const page = await fetchJson(pageUrl, deps, () => ctx.clock.now());
    if (page.kind !== 'ok') return fail(`${page.message} (${pageUrl})`, page.ms);
    const release = newestRelease(page.json, origin);
    if (typeof release === 'string') return fail(`${release} (${pageUrl})`, REPD_FEED.failureBackoffMs);
    if (cursor && cursor.release === release.id && cursor.url === release.url) return done({ release: release.id });
    if (!downloadAllowed(release.url, origin))
      return fail(`the release is on another host: ${new URL(release.url).host}`, REPD_FEED.failureBackoffMs);

    const file = await fetchBytes(release.url, deps, () => ctx.clock.now(), 'text/csv');
    if (file.kind !== 'ok') return fail(`${file.message} (${release.url})`, file.ms);
    const sha256 = sha256Of(file.body);
    const next = { release: release.id, url: release.url, sha256 };
    if (cursor?.sha256 === sha256) {
      // The same bytes under a new address or name: nothing to import.
      await sources.recordProgress(
        db,
        REPD_SOURCE_ID,
        { read: 0, kept: 0, dropped: 0, invalid: 0 },
        next,
        ctx.clock.now(),
      );
      return done({ release: release.id });
    }
    let parsed: RepdParseResult;
    try {
      parsed = parseRepd(file.body);
    } catch (err) {
      return fail(`${release.fileName}: ${err instanceof Error ? err.message : String(err)}`, REPD_FEED.failureBackoffMs);
    }
    const projects = await listStoredProjects(ctx.database);
    // The first release into an empty table is the baseline: every project would read as 'added'.
    const changes = projects.length === 0 ? [] : diffRelease(projects, parsed.records);
    const removed = changes.filter((c) => c.kind === 'removed').map((c) => c.repdRefId);
    if (removed.length > REPD_FEED.maxRemovedShare * projects.length) {
      return fail(
        `${release.fileName} would remove ${removed.length} of ${projects.length} projects; refused as incomplete`,
        REPD_FEED.failureBackoffMs,
      );
    }
    const counts = { read: parsed.read, kept: parsed.records.length, dropped: 0, invalid: parsed.rejections.length };
    const report = await importRepdParsed(
      ctx,
      parsed,
      { release: release.id, fileName: release.fileName, sha256 },
      {
        removed,
        changes,
        inTransaction: (tx) => sources.recordProgress(tx, REPD_SOURCE_ID, counts, next, ctx.clock.now()),
      },
    );
    ctx.log.info(
      {
        source: REPD_SOURCE_ID,
        release: release.id,
        inserted: report.inserted,
        updated: report.updated,
        removed: removed.length,
        changes: changes.length,
        ms: report.ms,
      },
      'REPD release imported',
    );
    return done({ release: release.id, imported: true, changes, inserted: report.inserted, updated: report.updated });
  }
}

/** Registered in context.ts registerJobs when REPD_FEED_URL is set; 'Run now' finds it by name (decision 0393). */
export function registerRepdFeedJob(ctx: AppContext) {
  if (ctx.env.repdFeedUrl === null) return;
  ctx.jobs.register({
    name: sources.dataSourceJobName(REPD_SOURCE_ID),
    everyMs: REPD_FEED.tickMs,
    run: async () => void (await runRepdFeed(ctx)),
  });
}
