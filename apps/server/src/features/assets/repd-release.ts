import { REPD_FEED } from '@solar/shared/constants/data-sources';

/**
 * Finding the newest REPD release on GOV.UK (decision 0395). The publication's content API answer
 * lists its attachments; the CSV of the newest quarter is the release. Releases are named two ways
 * ('repd-q2-jul-2025.csv', 'REPD_Publication_Q2_2026.csv'), so both are read to one canonical id,
 * the bundled file's spelling: 'repd-q2-jul-2026'.
 */

export interface RepdRelease {
  /** Canonical id: 'repd-q2-jul-2026'. */
  id: string;
  /** Sortable publication month: 2026-07 → 202607. */
  order: number;
  url: string;
  fileName: string;
  title: string;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const MONTH_NAMES = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];
/** 'jul', 'july', 'sept', 'september' → 6 / 8; other words → -1. */
const monthOf = (word: string) => MONTH_NAMES.findIndex((m) => word.length >= 3 && m.startsWith(word));
/**
 * Two ways of naming a quarter (decision 0464). The first files named the month of publication
 * ('repd-q4-jan-2025': the Q4 extract, published January 2025). The newer ones count calendar
 * quarters ('REPD_Publication_Q4_2025.csv': October–December 2025, uploaded 6 February 2026):
 * Q1–Q3 are published in April, July and October of the named year, Q4 in January of the next.
 */
const CALENDAR_MONTH: Record<string, number> = { '1': 4, '2': 7, '3': 10, '4': 1 };
const CALENDAR_FORM = /repd[\s_-]*publication[\s_-]*q([1-4])[\s_-]*((?:19|20)\d\d)/i;

/**
 * 'repd-q2-jul-2025.csv', 'REPD_Publication_Q2_2026.csv', 'REPD_publication_Q1_2026.csv',
 * 'Q3 October 2024' → canonical id and order; null when not a REPD quarter. A name with a quarter
 * and a year but neither a month nor the calendar form is ambiguous for Q4: the attachment's
 * `public_updated_at` decides (the latest publication month not after it), else the calendar rule.
 */
export function releaseName(name: string, publicUpdatedAt?: string | null): { id: string; order: number } | null {
  const words = name
    .toLowerCase()
    .replace(/\.(csv|gz|xlsx|ods)\b/g, ' ')
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  const quarter = words.find((w) => /^q[1-4]$/.test(w))?.[1];
  const named = words.map(monthOf).find((m) => m >= 0);
  const calendar = CALENDAR_FORM.exec(name);
  const year = Number(calendar?.[2] ?? words.find((w) => /^(19|20)\d\d$/.test(w)));
  if (!quarter || !year) return null;
  let month: number;
  let published = year;
  if (calendar) {
    month = CALENDAR_MONTH[quarter]!;
    if (quarter === '4') published = year + 1;
  } else if (named !== undefined) {
    month = named + 1;
  } else {
    month = CALENDAR_MONTH[quarter]!;
    if (quarter === '4') {
      const updated = publicUpdatedAt ? Date.parse(publicUpdatedAt) : NaN;
      // January of the named year if that is the latest one the upload could be; else the next.
      published = !Number.isNaN(updated) && updated < Date.UTC(year + 1, 0, 1) ? year : year + 1;
    }
  }
  return { id: `repd-q${quarter}-${MONTHS[month - 1]}-${published}`, order: published * 100 + month };
}

interface Attachment {
  title?: unknown;
  filename?: unknown;
  url?: unknown;
  content_type?: unknown;
  public_updated_at?: unknown;
}

/**
 * The newest quarter's CSV among the publication's attachments (ordered by publication month, then
 * by `public_updated_at`); an error sentence when there is none, or when a REPD CSV's address cannot
 * be read (the job records it and backs off, issue 25 finding 12).
 */
export function newestRelease(json: unknown, base: string): RepdRelease | string {
  const details =
    json && typeof json === 'object' ? (json as { details?: { attachments?: unknown } }).details : undefined;
  const attachments = Array.isArray(details?.attachments) ? (details.attachments as Attachment[]) : null;
  if (!attachments) return 'the publication lists no attachments';
  const releases: RepdRelease[] = [];
  const updatedOf = new Map<RepdRelease, string>();
  for (const a of attachments) {
    if (!a || typeof a.url !== 'string') continue;
    let url: string;
    try {
      url = new URL(a.url, base).href;
    } catch {
      url = '';
    }
    const fileName =
      typeof a.filename === 'string' && a.filename ? a.filename : (url ? safeDecode(new URL(url).pathname.split('/').pop() ?? '') : a.url.split('/').pop() ?? '');
    const isCsv = /csv/i.test(String(a.content_type ?? '')) || /\.csv$/i.test(fileName);
    if (!isCsv) continue;
    const title = typeof a.title === 'string' ? a.title : '';
    const updated = typeof a.public_updated_at === 'string' ? a.public_updated_at : null;
    const name = releaseName(fileName, updated) ?? releaseName(title, updated);
    if (!name) continue;
    if (!url) return `the attachment ${JSON.stringify(fileName.slice(0, 100))} has an address that cannot be read: ${JSON.stringify(a.url.slice(0, 200))}`;
    const release = { ...name, url, fileName, title };
    releases.push(release);
    if (updated) updatedOf.set(release, updated);
  }
  if (releases.length === 0) return 'the publication has no REPD CSV attachment';
  return releases.sort((a, b) => b.order - a.order || (updatedOf.get(b) ?? '').localeCompare(updatedOf.get(a) ?? ''))[0]!;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** A release may be downloaded from the configured base's host or GOV.UK's asset host, over the base's scheme. */
export function downloadAllowed(url: string, base: string): boolean {
  const target = new URL(url);
  const from = new URL(base);
  if (target.origin === from.origin) return true;
  return target.protocol === 'https:' && (REPD_FEED.downloadHosts as readonly string[]).includes(target.host);
}
