import { z } from 'zod';
import { PROACTIS_NOTICE_TYPES, TENDER_FEED_LIMITS as L, type TenderFeedId } from '@solar/shared/constants/data-sources';

/**
 * How each tender feed walks its source (decision 0390), as pure functions of a stored cursor: `plan`
 * gives the next request (and the cursor that request belongs to), `advance` the cursor once that
 * page is imported. The cursor is saved in the page's transaction, so a run that dies mid-page
 * asks for the same page again: no gap, and the upsert on ocid makes the repeat harmless.
 */
export interface FeedPage {
  releases: unknown[];
  /** The source's next-page address (`links.next`), if any. */
  next: string | null;
}

export interface FeedAdapter<C> {
  cursor: z.ZodType<C>;
  initial(since: Date): C;
  plan(cursor: C, base: string, now: Date): { url: string; cursor: C };
  advance(cursor: C, page: FeedPage, now: Date): { cursor: C; caughtUp: boolean };
  /** How a page of this source reads: some answer a month with no releases as a bare package. */
  missingReleasesIsEmpty: boolean;
}

const DAY_MS = 86_400_000;
/** Each pass re-reads a little before the last one started, against clock skew at the source. */
const OVERLAP_MS = 5 * 60_000;

/** The sources' date parameters: ISO 8601 to the second, UTC, without a zone suffix. */
export const sourceTime = (d: Date) => d.toISOString().slice(0, 19);

const iso = z.iso.datetime();

const findATenderCursor = z.object({ updatedFrom: iso, next: z.string().nullable(), passStartedAt: iso.nullable() });
type FindATenderCursor = z.infer<typeof findATenderCursor>;

/** Find a Tender: every release updated since the last pass, following the opaque `links.next`. */
const findATender: FeedAdapter<FindATenderCursor> = {
  cursor: findATenderCursor,
  missingReleasesIsEmpty: false,
  initial: (since) => ({ updatedFrom: since.toISOString(), next: null, passStartedAt: null }),
  plan(cursor, base, now) {
    if (cursor.next) return { url: cursor.next, cursor };
    const url = `${base}/api/1.0/ocdsReleasePackages?updatedFrom=${sourceTime(new Date(cursor.updatedFrom))}&limit=${L.pageSize}`;
    return { url, cursor: { ...cursor, passStartedAt: cursor.passStartedAt ?? now.toISOString() } };
  },
  advance(cursor, page) {
    if (page.next) return { cursor: { ...cursor, next: page.next }, caughtUp: false };
    const started = new Date(cursor.passStartedAt ?? cursor.updatedFrom).getTime();
    return { cursor: { updatedFrom: new Date(started - OVERLAP_MS).toISOString(), next: null, passStartedAt: null }, caughtUp: true };
  },
};

const contractsFinderCursor = z.object({ from: iso, to: iso.nullable(), next: z.string().nullable() });
type ContractsFinderCursor = z.infer<typeof contractsFinderCursor>;

/** Contracts Finder: published-date windows of at most 15 days, each followed through `links.next`. */
const contractsFinder: FeedAdapter<ContractsFinderCursor> = {
  cursor: contractsFinderCursor,
  missingReleasesIsEmpty: false,
  initial: (since) => ({ from: since.toISOString(), to: null, next: null }),
  plan(cursor, base, now) {
    if (cursor.next) return { url: cursor.next, cursor };
    const from = new Date(cursor.from);
    const to = cursor.to ? new Date(cursor.to) : new Date(Math.min(from.getTime() + L.contractsFinderWindowDays * DAY_MS, now.getTime()));
    const url = `${base}/Published/Notices/OCDS/Search?publishedFrom=${sourceTime(from)}&publishedTo=${sourceTime(to)}&limit=${L.pageSize}`;
    return { url, cursor: { ...cursor, to: to.toISOString() } };
  },
  advance(cursor, page, now) {
    if (page.next) return { cursor: { ...cursor, next: page.next }, caughtUp: false };
    const to = new Date(cursor.to ?? cursor.from);
    // The window that reached the present ends the run; the next run reads from its end to then.
    const caughtUp = to.getTime() >= now.getTime() - OVERLAP_MS;
    return { cursor: { from: new Date(caughtUp ? to.getTime() - OVERLAP_MS : to.getTime()).toISOString(), to: null, next: null }, caughtUp };
  },
};

const monthCursor = z.object({ month: z.string().regex(/^\d{4}-\d{2}$/), type: z.number().int().min(0) });
type MonthCursor = z.infer<typeof monthCursor>;

const monthOf = (d: Date) => d.toISOString().slice(0, 7);
const nextMonth = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
};

/**
 * Public Contracts Scotland and Sell2Wales (the same Proactis API): one request per month and notice
 * type, whole months, oldest first; the current month is read again on every run.
 */
const proactis: FeedAdapter<MonthCursor> = {
  cursor: monthCursor,
  missingReleasesIsEmpty: true,
  initial: (since) => ({ month: monthOf(since), type: 0 }),
  plan(cursor, base) {
    const [y, m] = cursor.month.split('-');
    const type = PROACTIS_NOTICE_TYPES[Math.min(cursor.type, PROACTIS_NOTICE_TYPES.length - 1)];
    return { url: `${base}/v1/Notices?dateFrom=${m}-${y}&outputType=0&noticeType=${type}`, cursor };
  },
  advance(cursor, _page, now) {
    if (cursor.type + 1 < PROACTIS_NOTICE_TYPES.length) return { cursor: { ...cursor, type: cursor.type + 1 }, caughtUp: false };
    if (cursor.month < monthOf(now)) return { cursor: { month: nextMonth(cursor.month), type: 0 }, caughtUp: false };
    return { cursor: { month: cursor.month, type: 0 }, caughtUp: true };
  },
};

export const FEED_ADAPTERS: Record<TenderFeedId, FeedAdapter<unknown>> = {
  'find-a-tender': findATender as FeedAdapter<unknown>,
  'contracts-finder': contractsFinder as FeedAdapter<unknown>,
  'public-contracts-scotland': proactis as FeedAdapter<unknown>,
  sell2wales: proactis as FeedAdapter<unknown>,
};
