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
/** The month each quarter's extract is published in (Q4 is January of the named year). */
const QUARTER_MONTH: Record<string, number> = { '1': 4, '2': 7, '3': 10, '4': 1 };

/** 'repd-q2-jul-2025.csv', 'REPD_Publication_Q2_2026.csv', 'Q3 October 2024' → canonical id and order; null when not a REPD quarter. */
export function releaseName(name: string): { id: string; order: number } | null {
  const words = name
    .toLowerCase()
    .replace(/\.(csv|gz|xlsx|ods)\b/g, ' ')
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  const quarter = words.find((w) => /^q[1-4]$/.test(w))?.[1];
  const year = words.find((w) => /^(19|20)\d\d$/.test(w));
  if (!quarter || !year) return null;
  const named = words.map(monthOf).find((m) => m >= 0);
  const month = named !== undefined ? named + 1 : QUARTER_MONTH[quarter]!;
  return { id: `repd-q${quarter}-${MONTHS[month - 1]}-${year}`, order: Number(year) * 100 + month };
}

interface Attachment {
  title?: unknown;
  filename?: unknown;
  url?: unknown;
  content_type?: unknown;
}

/** The newest quarter's CSV among the publication's attachments; an error sentence when there is none. */
export function newestRelease(json: unknown, base: string): RepdRelease | string {
  const details =
    json && typeof json === 'object' ? (json as { details?: { attachments?: unknown } }).details : undefined;
  const attachments = Array.isArray(details?.attachments) ? (details.attachments as Attachment[]) : null;
  if (!attachments) return 'the publication lists no attachments';
  const releases: RepdRelease[] = [];
  for (const a of attachments) {
    if (typeof a.url !== 'string') continue;
    const url = new URL(a.url, base).href;
    const fileName =
      typeof a.filename === 'string' && a.filename
        ? a.filename
        : decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '');
    const isCsv = /csv/i.test(String(a.content_type ?? '')) || /\.csv$/i.test(fileName);
    if (!isCsv) continue;
    const title = typeof a.title === 'string' ? a.title : '';
    const name = releaseName(fileName) ?? releaseName(title);
    if (name) releases.push({ ...name, url, fileName, title });
  }
  if (releases.length === 0) return 'the publication has no REPD CSV attachment';
  return releases.sort((a, b) => b.order - a.order)[0]!;
}

/** A release may be downloaded from the configured base's host or GOV.UK's asset host, over the base's scheme. */
export function downloadAllowed(url: string, base: string): boolean {
  const target = new URL(url);
  const from = new URL(base);
  if (target.origin === from.origin) return true;
  return target.protocol === 'https:' && (REPD_FEED.downloadHosts as readonly string[]).includes(target.host);
}
