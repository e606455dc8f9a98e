import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { EXPORT_HEADERS, EXPORT_MESSAGES, type ExportFormat } from '@solar/shared/constants/exports';

/**
 * Exports of any result (docs/product/exports.md, decision 0491): one writer for every page's
 * export and every chart's data. Rows arrive in batches from an async source and leave as CSV or
 * JSON through a stream that reads the next batch only when the client has taken the last (Node's
 * backpressure), so memory stays flat however many rows go out; the export stops at `limit` rows
 * and says so in its headers (and in the JSON); a client that goes away stops the reads.
 *
 * CSV: UTF-8 with a byte-order mark (Excel), CRLF, every text quoted, numbers bare (as numbers),
 * dates dd/MM/yyyy and times dd/MM/yyyy HH:mm (UK time), text that a spreadsheet would run as a
 * formula prefixed with an apostrophe (OWASP CSV injection). JSON: `{ "data": [...], "rows": n,
 * "total": n, "truncated": bool }`, numbers as numbers, dates ISO 8601.
 */

export type ExportKind = 'text' | 'number' | 'integer' | 'date' | 'timestamp' | 'boolean' | 'list';

export interface ExportColumn<R> {
  /** The JSON key. */
  key: string;
  /** The CSV heading. */
  label: string;
  kind: ExportKind;
  value: (row: R) => unknown;
}

export interface ExportSpec<R> {
  format: ExportFormat;
  /** The file name without its extension: `tenders-2026-11-22`. */
  filename: string;
  columns: ReadonlyArray<ExportColumn<R>>;
  /** Rows the selection holds (what `limit` is compared with). */
  total: number;
  /** The rows in order, a batch at a time; read no further than needed. */
  batches: () => AsyncIterable<R[]>;
  /** Most rows to send. */
  limit: number;
}

/** Characters a spreadsheet reads as the start of a formula (OWASP CSV injection), full-width forms included. */
const FORMULA_START = /^[\s\u00a0]*[=+\-@\t\r\uff1d\uff0b\uff0d\uff20]|^[\t\r]/;

/** A text cell made inert: an apostrophe before anything a spreadsheet would evaluate. */
export const formulaSafe = (text: string): string => (FORMULA_START.test(text) ? `'${text}` : text);

const quote = (text: string) => `"${text.replace(/"/g, '""')}"`;

const ukTime = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** 'yyyy-mm-dd…' → 'dd/MM/yyyy'. */
const ukDate = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/** One CSV cell. */
export function csvCell(kind: ExportKind, value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  switch (kind) {
    case 'number':
    case 'integer': {
      const n = typeof value === 'number' ? value : Number(value);
      return Number.isFinite(n) ? String(n) : '';
    }
    case 'boolean':
      return value ? 'TRUE' : 'FALSE';
    case 'date':
      return ukDate(String(value));
    case 'timestamp': {
      const when = new Date(value as string | Date);
      return Number.isNaN(when.getTime()) ? '' : ukTime.format(when).replace(',', '');
    }
    case 'list':
      return quote(formulaSafe((value as unknown[]).map(String).join('; ')));
    default:
      return quote(formulaSafe(String(value)));
  }
}

/** One JSON value. */
export function jsonValue(kind: ExportKind, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  switch (kind) {
    case 'number':
    case 'integer': {
      const n = typeof value === 'number' ? value : Number(value);
      return Number.isFinite(n) ? n : null;
    }
    case 'boolean':
      return Boolean(value);
    case 'date':
      return String(value).slice(0, 10);
    case 'timestamp': {
      const when = new Date(value as string | Date);
      return Number.isNaN(when.getTime()) ? null : when.toISOString();
    }
    case 'list':
      return (value as unknown[]).map(String);
    default:
      return String(value);
  }
}

/** The body, as text chunks: a batch at a time, at most `limit` rows. */
export async function* exportChunks<R>(spec: Omit<ExportSpec<R>, 'filename'>): AsyncGenerator<string> {
  const { columns, format, limit } = spec;
  let sent = 0;
  if (format === 'csv') yield '\uFEFF' + columns.map((c) => quote(c.label)).join(',') + '\r\n';
  else yield '{"data":[';
  for await (const batch of spec.batches()) {
    const rows = batch.slice(0, limit - sent);
    if (rows.length === 0) break;
    if (format === 'csv') {
      yield rows.map((row) => columns.map((c) => csvCell(c.kind, c.value(row))).join(',')).join('\r\n') + '\r\n';
    } else {
      const objects = rows.map((row) => JSON.stringify(Object.fromEntries(columns.map((c) => [c.key, jsonValue(c.kind, c.value(row))]))));
      yield (sent > 0 ? ',' : '') + objects.join(',');
    }
    sent += rows.length;
    if (sent >= limit) break;
  }
  if (format === 'json') {
    const truncated = spec.total > sent;
    yield `],"rows":${sent},"total":${spec.total},"truncated":${truncated}${truncated ? `,"notice":${JSON.stringify(EXPORT_MESSAGES.truncated(sent, spec.total))}` : ''}}`;
  }
}

/** Sends an export as a download (a stream: the handler returns the reply). */
export function sendExport<R>(reply: FastifyReply, spec: ExportSpec<R>): FastifyReply {
  const rows = Math.min(spec.total, spec.limit);
  reply
    .type(spec.format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8')
    .header('Content-Disposition', `attachment; filename="${spec.filename}.${spec.format}"`)
    .header('Cache-Control', 'no-store')
    .header(EXPORT_HEADERS.rows, String(rows))
    .header(EXPORT_HEADERS.total, String(spec.total));
  if (spec.total > spec.limit) {
    reply.header(EXPORT_HEADERS.truncated, 'true').header(EXPORT_HEADERS.notice, EXPORT_MESSAGES.truncated(spec.limit, spec.total));
  }
  return reply.send(Readable.from(exportChunks(spec), { objectMode: false, highWaterMark: 64 * 1024 }));
}

/** Batches of an in-memory list (a chart's rows), for `ExportSpec.batches`. */
export async function* inBatches<R>(rows: readonly R[], size = 1000): AsyncGenerator<R[]> {
  for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size);
}

/**
 * Batches read by keyset (`after` the last row of the previous batch), never by OFFSET, so the
 * thousandth batch costs what the first does.
 */
export async function* keysetBatches<R, K>(read: (after: K | null, size: number) => Promise<R[]>, keyOf: (row: R) => K, size: number): AsyncGenerator<R[]> {
  let after: K | null = null;
  for (;;) {
    const rows = await read(after, size);
    if (rows.length) yield rows;
    if (rows.length < size) return;
    after = keyOf(rows[rows.length - 1]!);
  }
}
