import type { FastifyReply } from 'fastify';
import { EXPORT_BATCH_ROWS, type ExportFormat } from '@solar/shared/constants/exports';
import { TRUST_MESSAGES as M } from '@solar/shared/constants/trust';
import type { BuyerAward } from '@solar/shared/contracts/trust';
import { isoDay } from '../../db/sql-helpers';
import { AppError } from '../../platform/errors';
import { keysetBatches, sendExport, type ExportColumn } from '../../platform/export';
import type { AppContext } from '../../plugins/context';
import * as repo from './public-contracts.repository';
import { awardsOf } from './public-contracts.service';

type Ctx = Pick<AppContext, 'database' | 'clock' | 'env'>;

/**
 * A buyer's awards as a download (docs/product/exports.md, decision 0532): every award notice the
 * buyer published, newest first, with the suppliers and their profiles as the buyer page links them.
 * The notices are public procurement data (imported, source 'External'), as on the page itself.
 */
export async function exportBuyerAwards(ctx: Ctx, reply: FastifyReply, slug: string, format: ExportFormat) {
  const db = ctx.database.db;
  const key = slug.toLowerCase();
  const [known] = await repo.buyerTenders(db, key, 1);
  if (!known) throw new AppError('NOT_FOUND', M.buyerNotFound);
  const site = ctx.env.PUBLIC_URL;
  const profile = (s: BuyerAward['suppliers'][number]) => (s.provider ? `${site}/providers/${encodeURIComponent(s.provider.slug)}` : '');
  const columns: ExportColumn<BuyerAward>[] = [
    { key: 'title', label: 'Title', kind: 'text', value: (a) => a.title },
    { key: 'awardedOn', label: 'Awarded', kind: 'date', value: (a) => a.awardedOn },
    { key: 'value', label: 'Value (GBP)', kind: 'number', value: (a) => a.value },
    { key: 'startsOn', label: 'Starts', kind: 'date', value: (a) => a.startsOn },
    { key: 'endsOn', label: 'Ends', kind: 'date', value: (a) => a.endsOn },
    { key: 'suppliers', label: 'Suppliers', kind: 'list', value: (a) => a.suppliers.map((s) => s.name) },
    { key: 'supplierProfiles', label: 'Supplier Profiles', kind: 'list', value: (a) => a.suppliers.map(profile).filter(Boolean) },
    { key: 'extensionOptions', label: 'Extension Options', kind: 'text', value: (a) => a.extensionOptions },
    { key: 'noticeUrl', label: 'Original Notice', kind: 'text', value: (a) => a.sourceUrl },
    { key: 'url', label: 'Tender Page', kind: 'text', value: (a) => `${site}/tender/${encodeURIComponent(a.tenderId)}` },
    { key: 'tenderId', label: 'Tender ID', kind: 'text', value: (a) => a.tenderId },
  ];
  async function* batches() {
    const rows = keysetBatches(
      (after: repo.BuyerAwardKey | null, size) => repo.buyerAwardsAfter(db, key, after, size),
      (row) => ({ publishedKey: row.published_key, id: row.id }),
      EXPORT_BATCH_ROWS,
    );
    for await (const batch of rows) {
      const toAward = await awardsOf(db, batch);
      yield batch.map(toAward);
    }
  }
  return sendExport(reply, {
    format,
    filename: `awards-${key}-${isoDay(ctx.clock.now())}`,
    columns,
    total: await repo.countBuyerAwards(db, key),
    limit: ctx.env.exportMaxRows,
    batches,
  });
}
