import { TENDER_DESCRIPTION_CUT, type TenderStatus } from '../constants/tenders';
import type { Service } from '../constants/services';

/** Card descriptions are cut at 200 characters (docs/product/tenders.md#tender-board), at a word boundary when one is near. */
export function cutDescription(text: string, max = TENDER_DESCRIPTION_CUT): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.8 ? cut.slice(0, space) : cut).trimEnd()}...`;
}

/** The public detail shows only Open or Closed; awarded is Closed (docs/product/tenders.md#status). */
export const publicStatusLabel = (status: TenderStatus): 'Open' | 'Closed' => (status === 'open' ? 'Open' : 'Closed');

export type PageItem = number | 'ellipsis-start' | 'ellipsis-end';

/** Pagination: the first page, the last page and the current page with its neighbours, with ellipses (docs/product/tenders.md#tender-board). */
export function pageItems(current: number, pages: number): PageItem[] {
  if (pages <= 0) return [];
  const shown = new Set([1, pages, current - 1, current, current + 1].filter((p) => p >= 1 && p <= pages));
  const sorted = [...shown].sort((a, b) => a - b);
  const items: PageItem[] = [];
  sorted.forEach((page, i) => {
    const previous = sorted[i - 1];
    if (previous !== undefined && page - previous === 2) items.push(previous + 1);
    else if (previous !== undefined && page - previous > 2) items.push(i === 1 ? 'ellipsis-start' : 'ellipsis-end');
    items.push(page);
  });
  return items;
}

/** 'Not stated', '£8,000 – £15,000', 'Up to £500,000', 'From £100,000'. */
export function valueRangeLabel(min: number | null, max: number | null, format: (n: number) => string): string {
  if (min == null && max == null) return 'Not stated';
  if (min != null && max != null) return min === max ? format(min) : `${format(min)} – ${format(max)}`;
  return max != null ? `Up to ${format(max)}` : `From ${format(min!)}`;
}

/**
 * The List a Tender fields an asset fills (decision 0400): its place, its point, and the asset
 * itself (whose capacity the server takes). One rule for the asset page's 'List a tender for this
 * site' link and the form's asset picker (decision 0407).
 */
export function tenderSiteFromAsset(a: { id: number; siteName: string; county: string | null; region: string | null; latitude: number | null; longitude: number | null }) {
  const located = a.latitude !== null && a.longitude !== null;
  return {
    location: [a.siteName, a.county ?? a.region].filter(Boolean).join(', '),
    latitude: located ? a.latitude : null,
    longitude: located ? a.longitude : null,
    asset: String(a.id),
    assetName: a.siteName,
  };
}

/**
 * An amount in pounds as people type it (issue 27 defect 8): '495000', '£495,000', '£ 495,000.50',
 * '495,000 GBP'. Null when empty; NaN when it is not an amount (the field's message says so).
 */
export function readAmount(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const m = /^(?:£|GBP)?\s*(\d{1,3}(?:,\d{3})+|\d+)(\.\d{1,2})?\s*(?:GBP)?$/i.exec(trimmed);
  return m ? Number(`${m[1]!.replace(/,/g, '')}${m[2] ?? ''}`) : Number.NaN;
}

/** A lead time as people type it: '30', '30 days', '1 day', '6 weeks' (in days). Null when empty; NaN when not. */
export function readDays(text: string): number | null {
  const trimmed = text.trim().toLowerCase();
  if (trimmed === '') return null;
  const m = /^(\d{1,5})\s*(days?|d|weeks?|wks?|w)?$/.exec(trimmed);
  if (!m) return Number.NaN;
  return Number(m[1]) * (m[2]?.startsWith('w') ? 7 : 1);
}

/** What a tender's outcome looks like to the one reading it (issue 27 defects 2 and 7). */
export interface TenderOutcome {
  /** The first badge: 'Open', 'Closed', 'Draft', 'Awarded', 'Won', 'Unsuccessful', 'Cancelled'. */
  badge: 'Open' | 'Closed' | 'Draft' | 'Awarded' | 'Won' | 'Unsuccessful' | 'Cancelled';
  tone: 'success' | 'secondary' | 'warning';
  /** The line at the top of the page, the reader's own outcome first; null while the tender is simply open. */
  headline: string | null;
  detail: string | null;
}

type OutcomeInput = {
  source: string;
  stage: 'draft' | 'active' | 'awarded' | 'cancelled';
  status: TenderStatus;
  viewerRelation: 'manager' | 'winner' | 'responder' | 'participant' | null;
  award: { supplier: string | null } | null;
  cancelReason: string | null;
};

/**
 * Each party sees its own outcome first (issue 27 defect 7; decision 0449): the winner 'You won this
 * tender', another responder 'Unsuccessful', the owner and those invited 'Awarded to …'; a draft says
 * Draft, never Open (defect 2). The public and imported notices keep the spec's Open or Closed
 * (awarded is Closed), and a tender cancelled before it closed says so under 'Tender Closed'.
 */
export function tenderOutcome(t: OutcomeInput): TenderOutcome {
  const open = t.status === 'open';
  const publicBadge = open ? 'Open' : 'Closed';
  if (t.source !== 'Solar Manager') return { badge: publicBadge, tone: open ? 'success' : 'secondary', headline: open ? null : 'Tender Closed', detail: null };
  const rel = t.viewerRelation;
  const supplier = t.award?.supplier ?? 'another provider';
  switch (t.stage) {
    case 'draft':
      return { badge: 'Draft', tone: 'warning', headline: 'Draft: not published', detail: 'Only you and the marketplace team can see it until you publish it.' };
    case 'cancelled':
      return rel
        ? { badge: 'Cancelled', tone: 'secondary', headline: 'Cancelled by the buyer', detail: t.cancelReason ? `Reason: ${t.cancelReason}` : null }
        : { badge: 'Closed', tone: 'secondary', headline: 'Tender Closed', detail: 'The buyer cancelled this tender before it closed.' };
    case 'awarded':
      if (rel === 'winner') return { badge: 'Won', tone: 'success', headline: 'You won this tender', detail: 'The buyer has chosen your response and will be in touch.' };
      if (rel === 'responder') return { badge: 'Unsuccessful', tone: 'secondary', headline: 'Your response was unsuccessful', detail: `The buyer awarded this tender to ${supplier}.` };
      if (rel) return { badge: 'Awarded', tone: 'secondary', headline: `Awarded to ${supplier}`, detail: null };
      return { badge: 'Closed', tone: 'secondary', headline: 'Tender Closed', detail: null };
    default:
      if (open) return { badge: 'Open', tone: 'success', headline: null, detail: null };
      if (rel === 'manager') return { badge: 'Closed', tone: 'secondary', headline: 'Closed: responses are in', detail: 'Compare the responses and award the tender, or extend the closing date.' };
      if (rel === 'responder') return { badge: 'Closed', tone: 'secondary', headline: 'Closed: your response is being evaluated', detail: 'You will be told the outcome by email and here.' };
      return { badge: 'Closed', tone: 'secondary', headline: 'Tender Closed', detail: null };
  }
}

/**
 * The service 'List a tender for this site' starts with (issue 27 defect 5): one of the directory's
 * own services, so the invite list finds the providers who offer it; the site's own providers are
 * offered above the list.
 */
export const TENDER_SERVICE_FOR_A_SITE: Service = 'Operations & Maintenance (O&M)';
