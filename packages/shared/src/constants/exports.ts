/**
 * Exports of any result (docs/product/exports.md, decision 0491): CSV and JSON, streamed, capped.
 * One home for the formats, the cap and the texts.
 */
import { formatNumber } from '../domain/count';
import { EXPORT_BUTTON } from './exports-core';

export const EXPORT_FORMATS = ['csv', 'json'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export { EXPORT_MAX_ROWS } from './exports-core';
/** Rows read from the database per query while an export streams. */
export const EXPORT_BATCH_ROWS = 1_000;

/** Response headers an export carries: how many rows it holds, of how many, and the cap's notice. */
export const EXPORT_HEADERS = {
  rows: 'X-Export-Rows',
  total: 'X-Export-Total',
  truncated: 'X-Export-Truncated',
  notice: 'X-Export-Notice',
} as const;

export const EXPORT_MESSAGES = {
  button: EXPORT_BUTTON,
  csv: 'CSV',
  json: 'JSON',
  csvLong: 'Download CSV (spreadsheets)',
  jsonLong: 'Download JSON (scripts)',
  preparing: 'Preparing the export...',
  title: 'Export these results',
  /** What the file holds: '1,234 providers matching the filters'. */
  holds: (what: string) => `The file holds ${what}, in the page's order. CSV opens in a spreadsheet; JSON suits scripts.`,
  limit: (max: number) => `A file holds at most ${formatNumber(max)} rows: narrow the filters to export more.`,
  nothing: 'Nothing matches these filters: the file will hold only its column headings.',
  /** What a page's export holds: '1,234 providers' → '1,234 providers matching the filters'. */
  awardsOf: (buyer: string, counted: string) => `every award of ${buyer} (${counted})`,
  matching: (counted: string | null) => (counted ? `${counted} matching the filters` : 'every result matching the filters'),
  failed: 'The export failed. Please try again.',
  /** Header-safe (ASCII only). */
  truncated: (limit: number, total: number) =>
    `This export holds the first ${formatNumber(limit)} of ${formatNumber(total)} rows. Narrow the filters to export the rest.`,
} as const;
