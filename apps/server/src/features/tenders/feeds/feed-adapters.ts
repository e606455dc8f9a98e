import { z } from 'zod';
import {
  PROACTIS_NOTICE_TYPES,
  TENDER_FEED_LIMITS as L,
  type ProactisNoticeType,
  type TenderFeedId,
} from '@solar/shared/constants/data-sources';
import type { ReleaseContext } from '../ocds/ocds-mapper';

/**
 * How each tender feed walks its source (decisions 0390 and 0460), as pure functions of a stored
 * cursor: `plan` gives the next request (and the cursor that request belongs to), `advance` the
 * cursor once that page is imported. The cursor is saved in the page's transaction, so a run that
 * dies mid-page asks for the same page again: no gap, and the upsert on ocid makes the repeat harmless.
 * A cursor never moves past releases that were not read: a full page without a next link is suspect
 * (Find a Tender omitted next links for weeks, kingfisher-collect#1306) and its window is read again,
 * narrower, until it fits one page.
 */
export interface FeedPage {
  releases: unknown[];
  /** The source's next-page address (`links.next`), if any. */
  next: string | null;
}

export interface PlannedRequest<C> {
  url: string;
  cursor: C;
  /** How releases read by this request are filed (the notice type asked for). */
  context?: ReleaseContext;
}

export type Advance<C> = { cursor: C; caughtUp: boolean; note?: string } | { error: string };

export interface FeedAdapter<C> {
  cursor: z.ZodType<C>;
  initial(since: Date): C;
  plan(cursor: C, base: string, now: Date): PlannedRequest<C>;
  advance(cursor: C, page: FeedPage, now: Date): Advance<C>;
  /** How a page of this source reads: some answer a month with no releases as a bare package. */
  missingReleasesIsEmpty: boolean;
}

const DAY_MS = 86_400_000;
/** Each pass re-reads a little before the last one ended, against clock skew at the source. */
const OVERLAP_MS = 5 * 60_000;

/** The sources' date parameters: ISO 8601 to the second, UTC, without a zone suffix (both APIs' documentation). */
export const sourceTime = (d: Date) => d.toISOString().slice(0, 19);

const iso = z.iso.datetime();
const windowCursor = z.object({ from: iso, to: iso.nullable(), next: z.string().nullable() });
type WindowCursor = z.infer<typeof windowCursor>;

/**
 * A source read in bounded date windows, each followed through `links.next`: Find a Tender
 * (`updatedFrom`/`updatedTo`, 6 hours at most: longer windows miss releases, kingfisher-collect
 * #1203 and its 6-hour step) and Contracts Finder (`publishedFrom`/`publishedTo`, 15 days).
 */
function windowed(options: { maxWindowMs: number; inclusiveEnd: boolean; url: (base: string, from: string, to: string) => string }): FeedAdapter<WindowCursor> {
  return {
    cursor: windowCursor,
    missingReleasesIsEmpty: false,
    initial: (since) => ({ from: since.toISOString(), to: null, next: null }),
    plan(cursor, base, now) {
      if (cursor.next) return { url: cursor.next, cursor };
      const from = new Date(cursor.from);
      const to = cursor.to ? new Date(cursor.to) : new Date(Math.max(Math.min(from.getTime() + options.maxWindowMs, now.getTime()), from.getTime() + 1000));
      return { url: options.url(base, sourceTime(from), sourceTime(to)), cursor: { ...cursor, to: to.toISOString() } };
    },
    advance(cursor, page, now) {
      if (page.next) return { cursor: { ...cursor, next: page.next }, caughtUp: false };
      const from = new Date(cursor.from).getTime();
      const to = new Date(cursor.to ?? cursor.from).getTime();
      if (page.releases.length >= L.pageSize) {
        // A full page and no next link: the rest of the window was not served. Ask for the first
        // half of the window again (from its start: what was read is upserted harmlessly).
        const half = Math.floor((to - from) / 2 / 1000) * 1000;
        if (half < L.narrowestWindowMs) {
          return { error: `a full page without a next link even for a ${Math.round((to - from) / 60_000)}-minute window; the cursor stays at ${sourceTime(new Date(from))}` };
        }
        return {
          cursor: { from: cursor.from, to: new Date(from + half).toISOString(), next: null },
          caughtUp: false,
          note: `full page without a next link: reading ${sourceTime(new Date(from))}–${sourceTime(new Date(from + half))} again`,
        };
      }
      // The window that reached the present ends the pass; the next one starts a little before it.
      // Find a Tender's window includes its end (kingfisher-collect#1203's example), so its next
      // window starts a second later (the parameters are to the second).
      const caughtUp = to >= now.getTime() - OVERLAP_MS;
      const nextFrom = caughtUp ? to - OVERLAP_MS : to + (options.inclusiveEnd ? 1000 : 0);
      return { cursor: { from: new Date(nextFrom).toISOString(), to: null, next: null }, caughtUp };
    },
  };
}

/** Find a Tender: releases updated in windows of at most 6 hours, with the opaque `links.next` cursor. */
const findATender = windowed({
  maxWindowMs: L.findATenderWindowMs,
  inclusiveEnd: true,
  url: (base, from, to) => `${base}/api/1.0/ocdsReleasePackages?updatedFrom=${from}&updatedTo=${to}&limit=${L.pageSize}`,
});

/**
 * Contracts Finder (legacy since 24 February 2025, PPN 019): published-date windows of at most 15
 * days asking for every stage it serves, awards included (its documented `stages` values).
 */
const contractsFinder = windowed({
  maxWindowMs: L.contractsFinderWindowDays * DAY_MS,
  inclusiveEnd: false,
  url: (base, from, to) =>
    `${base}/Published/Notices/OCDS/Search?publishedFrom=${from}&publishedTo=${to}&stages=planning,tender,award,implementation&limit=${L.pageSize}`,
});

const monthCursor = z.object({ month: z.string().regex(/^\d{4}-\d{2}$/), type: z.number().int().min(0) });
type MonthCursor = z.infer<typeof monthCursor>;

const monthOf = (d: Date) => d.toISOString().slice(0, 7);
const nextMonth = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
};

/**
 * Public Contracts Scotland and Sell2Wales (the same Proactis API, each with its own site-notice
 * codes): one request per month and notice type of the source's table, whole months, oldest first;
 * the current month is read again on every run.
 */
function proactis(types: readonly ProactisNoticeType[]): FeedAdapter<MonthCursor> {
  return {
    cursor: monthCursor,
    missingReleasesIsEmpty: true,
    initial: (since) => ({ month: monthOf(since), type: 0 }),
    plan(cursor, base) {
      const [y, m] = cursor.month.split('-');
      const type = types[Math.min(cursor.type, types.length - 1)]!;
      return {
        url: `${base}/v1/Notices?dateFrom=${m}-${y}&outputType=0&noticeType=${type.code}`,
        cursor,
        context: { noticeType: { label: type.label, stage: type.stage } },
      };
    },
    advance(cursor, _page, now) {
      if (cursor.type + 1 < types.length) return { cursor: { ...cursor, type: cursor.type + 1 }, caughtUp: false };
      if (cursor.month < monthOf(now)) return { cursor: { month: nextMonth(cursor.month), type: 0 }, caughtUp: false };
      return { cursor: { month: cursor.month, type: 0 }, caughtUp: true };
    },
  };
}

export const FEED_ADAPTERS: Record<TenderFeedId, FeedAdapter<unknown>> = {
  'find-a-tender': findATender as FeedAdapter<unknown>,
  'contracts-finder': contractsFinder as FeedAdapter<unknown>,
  'public-contracts-scotland': proactis(PROACTIS_NOTICE_TYPES['public-contracts-scotland']) as FeedAdapter<unknown>,
  sell2wales: proactis(PROACTIS_NOTICE_TYPES.sell2wales) as FeedAdapter<unknown>,
};
