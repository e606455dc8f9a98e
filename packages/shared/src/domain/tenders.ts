import { TENDER_DESCRIPTION_CUT, type TenderStatus } from '../constants/tenders';

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
