import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { ZipFile } from 'yazl';
import { TENDER_EVENT_LABELS } from '@solar/shared/constants/tender-lifecycle';
import { TENDER_RECORDS_MESSAGES as M } from '@solar/shared/constants/tender-records';
import type { TenderRecordFile } from '@solar/shared/contracts/tender-records';
import type { Tender } from '@solar/shared/contracts/tenders';
import { formatGBP, formatUkDateTime } from '@solar/shared/domain/format';
import { changeLines } from '@solar/shared/domain/tender-changes';
import { byRank, type ResponseStanding } from '@solar/shared/domain/tender-scoring';
import type { UserRow } from '../../db/rows';
import type { AppContext } from '../../plugins/context';
import { AppError } from '../../platform/errors';
import { csvCell, type ExportColumn, type ExportKind } from '../../platform/export';
import { listEvents } from './tender-events.repository';
import { listFeedback } from './tender-contracts.repository';
import { standingsOf } from './tender-evaluation.service';
import { tenderForOwner } from './tender-read.service';
import * as responsesRepo from './tender-responses.repository';

/**
 * The owner's records of a tender (issue 27 part C, decision 0528), once responses have closed by
 * the server's clock (closed by date or early, awarded or cancelled; refused before, whatever
 * else may seal them): every response with its attachments as one zip, the comparison as CSV and
 * XLSX, and the audit log (every History event) as CSV. The owner and admins only.
 */

type Ctx = Pick<AppContext, 'database' | 'clock' | 'storage' | 'env' | 'log'>;

/** A tender whose records the caller may download now. */
async function closedTenderFor(ctx: Ctx, user: UserRow, id: string): Promise<Tender> {
  const tender = await tenderForOwner(ctx, id, user, { adminMayRead: true });
  if (tender.source !== 'Solar Manager' || tender.stage === 'draft' || (tender.stage === 'active' && tender.status === 'open')) {
    throw new AppError('CONFLICT', M.recordsBeforeClosing);
  }
  return tender;
}

// ---- The comparison: one table for the screen's export, the CSV, the XLSX and the zip ------------

/** What one comparison row is made from. */
export interface ComparisonSource {
  response: responsesRepo.ResponseRecord;
  feedback: string | null;
  /** Its averages per criterion, weighted total and rank (decision 0557); null-valued until scored. */
  standing: ResponseStanding;
}

type Criterion = { id: string; name: string; weight: number };

/**
 * The comparison's columns, in order: the provider, then with criteria the rank, the weighted total
 * out of 100 and each criterion's score (the evaluators' average, 0–10; decision 0557), then the
 * response's facts. Anything a
 * later part of the cycle evaluates is added here, and what it reads to `ComparisonSource` in
 * `comparisonSources`; the CSV, the XLSX and the zip follow.
 */
export function comparisonColumns(criteria: readonly Criterion[] = []): ExportColumn<ComparisonSource>[] {
  const scoring: ExportColumn<ComparisonSource>[] =
    criteria.length === 0
      ? []
      : [
          { key: 'rank', label: 'Rank', kind: 'integer', value: (s) => s.standing.rank },
          { key: 'total', label: 'Weighted total (of 100)', kind: 'number', value: (s) => s.standing.total },
          ...criteria.map(
            (c, i): ExportColumn<ComparisonSource> => ({ key: `criterion${i + 1}`, label: `${c.name} (${c.weight}%), score of 10`, kind: 'number', value: (s) => s.standing.averages[c.id] ?? null }),
          ),
        ];
  return [
    { key: 'provider', label: 'Provider', kind: 'text', value: (s) => s.response.provider_name },
    ...scoring,
    { key: 'submittedAt', label: 'Submitted (UK time)', kind: 'timestamp', value: (s) => s.response.created_at },
    { key: 'updatedAt', label: 'Last changed (UK time)', kind: 'timestamp', value: (s) => s.response.updated_at },
    { key: 'priceMinimum', label: 'Price from (GBP)', kind: 'number', value: (s) => Number(s.response.price_minimum) },
    { key: 'priceMaximum', label: 'Price up to (GBP)', kind: 'number', value: (s) => Number(s.response.price_maximum) },
    { key: 'leadTimeDays', label: 'Lead time (days)', kind: 'integer', value: (s) => s.response.lead_time_days },
    { key: 'distanceKm', label: 'Distance to the site (km)', kind: 'number', value: (s) => (s.response.distance_km == null ? null : Math.round(Number(s.response.distance_km))) },
    { key: 'verified', label: 'Claim verified', kind: 'boolean', value: (s) => s.response.provider_verified },
    { key: 'shortlisted', label: 'Shortlisted', kind: 'boolean', value: (s) => s.response.shortlisted },
    { key: 'outcome', label: 'Outcome', kind: 'text', value: (s) => (s.response.awarded ? 'Awarded' : '') },
    { key: 'attachments', label: 'Attachments', kind: 'integer', value: (s) => s.response.attachments.length },
    { key: 'clarifications', label: 'Clarifications asked', kind: 'integer', value: (s) => s.response.clarifications.length },
    { key: 'feedback', label: 'Feedback given', kind: 'text', value: (s) => s.feedback },
    { key: 'message', label: 'Response', kind: 'text', value: (s) => s.response.message },
  ];
}

/** The rows, best ranked first once scored (unranked ones after, in the order they arrived), and the criteria they were scored on. */
export async function comparisonSources(ctx: Pick<Ctx, 'database'>, tenderId: string): Promise<{ criteria: Criterion[]; sources: ComparisonSource[] }> {
  const [responses, feedback] = await Promise.all([responsesRepo.listResponses(ctx.database, tenderId), listFeedback(ctx.database, tenderId)]);
  const { criteria, standings } = await standingsOf(ctx, tenderId, responses.map((r) => String(r.id)));
  const rows = responses.map((response) => {
    const standing = standings.get(String(response.id))!;
    return { response, feedback: feedback.get(String(response.id)) ?? null, standing, rank: standing.rank };
  });
  return { criteria, sources: byRank(rows).map(({ rank: _rank, ...source }) => source) };
}

function toCsv<R>(columns: ExportColumn<R>[], rows: R[]): Buffer {
  const lines = [columns.map((c) => csvCell('text', c.label)).join(','), ...rows.map((r) => columns.map((c) => csvCell(c.kind, c.value(r))).join(','))];
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}

const XLSX_FORMAT: Partial<Record<ExportKind, string>> = { number: '#,##0.00', integer: '0', timestamp: 'dd/mm/yyyy hh:mm' };

/** The comparison as a workbook: typed cells (numbers, dates in UK time, true/false), a frozen heading row. */
async function toXlsx(tender: Tender, columns: ExportColumn<ComparisonSource>[], rows: ComparisonSource[]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.creator = 'Solar Manager';
  const sheet = book.addWorksheet('Comparison', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c) => ({ header: c.label, key: c.key, width: c.kind === 'text' ? 30 : 18, style: XLSX_FORMAT[c.kind] ? { numFmt: XLSX_FORMAT[c.kind] } : {} }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) {
    sheet.addRow(
      Object.fromEntries(
        columns.map((c) => {
          const v = c.value(row);
          if (v == null || v === '') return [c.key, null];
          // A timestamp as the UK wall clock reads it (a workbook has no time zone).
          if (c.kind === 'timestamp') return [c.key, ukWallClockDate(new Date(v as string))];
          if (c.kind === 'number' || c.kind === 'integer') return [c.key, Number(v)];
          if (c.kind === 'boolean') return [c.key, Boolean(v)];
          // Text is text: exceljs writes strings as shared strings, never formulas.
          return [c.key, String(v)];
        }),
      ),
    );
  }
  book.title = `Responses to ${tender.title}`;
  return Buffer.from(await book.xlsx.writeBuffer());
}

const ukParts = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric', hourCycle: 'h23' });
function ukWallClockDate(instant: Date): Date {
  const p = Object.fromEntries(ukParts.formatToParts(instant).map((x) => [x.type, Number(x.value)])) as Record<string, number>;
  return new Date(Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!));
}

// ---- The audit log -------------------------------------------------------------------------------

interface AuditRow {
  n: number;
  event: Awaited<ReturnType<typeof listEvents>>[number];
}

const auditColumns: ExportColumn<AuditRow>[] = [
  { key: 'n', label: '#', kind: 'integer', value: (r) => r.n },
  { key: 'at', label: 'When (UK time)', kind: 'timestamp', value: (r) => r.event.created_at },
  { key: 'event', label: 'Event', kind: 'text', value: (r) => TENDER_EVENT_LABELS[r.event.kind] ?? r.event.kind },
  // An asker is never named (decision 0401): their events carry no actor.
  { key: 'by', label: 'By', kind: 'text', value: (r) => r.event.actor_name },
  { key: 'about', label: 'About', kind: 'text', value: (r) => r.event.subject },
  { key: 'reason', label: 'Reason', kind: 'text', value: (r) => r.event.reason },
  { key: 'changes', label: 'Changes', kind: 'text', value: (r) => changeLines({ kind: r.event.kind, changes: r.event.changes ?? {} }).join('\n') },
];

// ---- The zip ------------------------------------------------------------------------------------

const slug = (text: string) => text.replace(/[^\w-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60) || 'response';

function responseText(tender: Tender, s: ComparisonSource): string {
  const r = s.response;
  const price = Number(r.price_minimum) === Number(r.price_maximum) ? formatGBP(Number(r.price_minimum)) : `${formatGBP(Number(r.price_minimum))} to ${formatGBP(Number(r.price_maximum))}`;
  return [
    `Tender: ${tender.title} (${tender.id})`,
    `Provider: ${r.provider_name}`,
    `Submitted: ${formatUkDateTime(r.created_at)}`,
    `Last changed: ${formatUkDateTime(r.updated_at)}`,
    `Price: ${price}`,
    `Lead time: ${r.lead_time_days} days`,
    `Shortlisted: ${r.shortlisted ? 'yes' : 'no'}`,
    `Outcome: ${r.awarded ? 'awarded' : tender.stage === 'awarded' ? 'unsuccessful' : 'not decided'}`,
    ...(s.standing.total != null ? [`Weighted total: ${s.standing.total} of 100, rank ${s.standing.rank}`] : []),
    '',
    'Response:',
    r.message,
    ...(r.clarifications.length > 0 ? ['', 'Clarifications asked:', ...r.clarifications.map((c) => `- ${formatUkDateTime(c.created_at)}: ${c.message}`)] : []),
    ...(s.feedback ? ['', 'Feedback given:', s.feedback] : []),
    '',
  ].join('\r\n');
}

/** Every response in its folder (its text and attachments), and the comparison, streamed as the client reads. */
function responsesZip(ctx: Ctx, tender: Tender, sources: ComparisonSource[], columns: ExportColumn<ComparisonSource>[]): Readable {
  const zip = new ZipFile();
  const out = new PassThrough();
  zip.outputStream.on('error', (err) => out.destroy(err)).pipe(out);
  zip.addBuffer(toCsv(columns, sources), 'comparison.csv');
  sources.forEach((s, i) => {
    const folder = `${String(i + 1).padStart(2, '0')}-${slug(s.response.provider_name)}`;
    zip.addBuffer(Buffer.from(responseText(tender, s), 'utf8'), `${folder}/response.txt`);
    const names = new Set<string>();
    for (const a of s.response.attachments) {
      let name = a.filename;
      for (let n = 2; names.has(name); n++) name = a.filename.replace(/(\.[^.]*)?$/, ` (${n})$1`);
      names.add(name);
      zip.addReadStreamLazy(`${folder}/attachments/${name}`, (done) => {
        void ctx.storage.open('private', a.storage_key).then(
          (file) => (file ? done(null, file.stream) : done(new Error(`stored file missing for attachment ${a.id}`), undefined as never)),
          (err: Error) => done(err, undefined as never),
        );
      });
    }
  });
  zip.end();
  return out;
}

export interface RecordDownload {
  filename: string;
  contentType: string;
  body: Buffer | Readable;
}

export async function downloadRecords(ctx: Ctx, user: UserRow, id: string, file: TenderRecordFile): Promise<RecordDownload> {
  const tender = await closedTenderFor(ctx, user, id);
  const base = `tender-${tender.id.slice(0, 8)}`;
  if (file === 'audit-log.csv') {
    const events = await listEvents(ctx.database, id);
    return { filename: `${base}-audit-log.csv`, contentType: 'text/csv; charset=utf-8', body: toCsv(auditColumns, events.map((event, i) => ({ n: i + 1, event }))) };
  }
  const { criteria, sources } = await comparisonSources(ctx, id);
  const columns = comparisonColumns(criteria);
  if (file === 'comparison.csv') return { filename: `${base}-comparison.csv`, contentType: 'text/csv; charset=utf-8', body: toCsv(columns, sources) };
  if (file === 'comparison.xlsx') {
    return { filename: `${base}-comparison.xlsx`, contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', body: await toXlsx(tender, columns, sources) };
  }
  return { filename: `${base}-responses.zip`, contentType: 'application/zip', body: responsesZip(ctx, tender, sources, columns) };
}
