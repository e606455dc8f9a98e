import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import type { exportTenders } from '@solar/shared/contracts/exports';
import type { Tender } from '@solar/shared/contracts/tenders';
import { publicStatusLabel } from '@solar/shared/domain/tenders';
import { isoDay } from '../../db/sql-helpers';
import type { AppContext } from '../../plugins/context';
import { sendExport, type ExportColumn } from '../../platform/export';
import { listPublicTenders } from './tenders.service';

type Ctx = Parameters<typeof listPublicTenders>[0] & Pick<AppContext, 'env'>;

/** Tenders read per page while the board's export streams (the board's own query; its sizes are small). */
const PAGE = 500;

/**
 * The tender board as a download (docs/product/exports.md, decision 0491): the board's own query
 * and order page after page, so the file holds only what any visitor may see (the one visibility
 * rule, `visibleTo(null)` inside that query, decision 0333) and, as on the board, a listed tender's
 * contact person only to signed-in readers of its page (decision 0400: not in an export).
 */
export async function exportTenderBoard(ctx: Ctx, reply: FastifyReply, q: z.output<(typeof exportTenders)['query']>) {
  const now = ctx.clock.now();
  const tender = (id: string) => `${ctx.env.PUBLIC_URL}/tender/${encodeURIComponent(id)}`;
  const columns: ExportColumn<Tender>[] = [
    { key: 'title', label: 'Title', kind: 'text', value: (t) => t.title },
    { key: 'organisationName', label: 'Organisation', kind: 'text', value: (t) => t.organisationName },
    { key: 'status', label: 'Status', kind: 'text', value: (t) => publicStatusLabel(t.status) },
    { key: 'source', label: 'Source', kind: 'text', value: (t) => t.source },
    { key: 'service', label: 'Service', kind: 'text', value: (t) => t.service },
    { key: 'location', label: 'Location', kind: 'text', value: (t) => t.location },
    { key: 'region', label: 'Region', kind: 'text', value: (t) => t.region },
    { key: 'publishedDate', label: 'Published', kind: 'date', value: (t) => t.publishedDate },
    { key: 'closingDate', label: 'Closing', kind: 'timestamp', value: (t) => t.closingDate },
    { key: 'valueMinimum', label: 'Value From (GBP)', kind: 'number', value: (t) => t.valueMinimum },
    { key: 'valueMaximum', label: 'Value To (GBP)', kind: 'number', value: (t) => t.valueMaximum },
    { key: 'sectors', label: 'Sectors', kind: 'list', value: (t) => t.sectors },
    { key: 'cpvCodes', label: 'CPV Codes', kind: 'list', value: (t) => t.cpvCodes },
    { key: 'contactName', label: 'Contact', kind: 'text', value: (t) => t.contactName },
    { key: 'contactEmail', label: 'Contact Email', kind: 'text', value: (t) => t.contactEmail },
    { key: 'noticeUrl', label: 'Original Notice', kind: 'text', value: (t) => t.noticeUrl },
    { key: 'url', label: 'Tender Page', kind: 'text', value: (t) => tender(t.id) },
    { key: 'id', label: 'Tender ID', kind: 'text', value: (t) => t.id },
  ];
  const page = (n: number) => listPublicTenders(ctx, { ...q, page: n, limit: PAGE }, now);
  const first = await page(1);
  async function* batches() {
    for (let n = 1, answer = first; answer.data.length; answer = await page(++n)) {
      yield answer.data;
      if (answer.data.length < PAGE) return;
    }
  }
  return sendExport(reply, {
    format: q.format,
    filename: `public-tenders-${isoDay(now)}`,
    columns,
    total: first.pagination.total,
    limit: ctx.env.exportMaxRows,
    batches,
  });
}
