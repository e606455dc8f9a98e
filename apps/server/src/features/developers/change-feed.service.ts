import type { z } from 'zod';
import type { assetChangeItem, tenderChange } from '@solar/shared/contracts/developers';
import type { AppContext } from '../../plugins/context';
import { toTender } from '../tenders/tenders.mapper';
import { listVisitorTendersAt } from '../tenders/tenders.repository';
import { toAssetRecord } from './developers.mapper';
import { listAssetFeed, listTenderFeed, START, type Position } from './change-feed.repository';

type Ctx = Pick<AppContext, 'database' | 'clock'>;

/**
 * The feeds of changes (docs/product/developers.md#feeds-of-changes, decision 0493): a page of
 * changes after a cursor and the cursor to read on from. A tender is given as any visitor sees it
 * now; one that left public view (deleted, made private, back to a draft) as removed, but only if a
 * visitor could once see it; a tender nobody outside could see is passed over unseen.
 */

const cursorOf = (p: Position) => `${p.txid}.${p.seq}`;
const positionOf = (cursor: string | undefined): Position => {
  if (!cursor) return START;
  const [txid, seq] = cursor.split('.');
  return { txid: txid!, seq: seq! };
};

export async function listTenderChanges(ctx: Ctx, after: string | undefined, limit: number) {
  const rows = await listTenderFeed(ctx.database, positionOf(after), limit);
  const shown = new Map((await listVisitorTendersAt(ctx.database, rows.filter((r) => r.visible), ctx.clock.now())).map((t) => [t.id, t]));
  const data: Array<z.input<typeof tenderChange>> = [];
  for (const r of rows) {
    const record = r.visible ? shown.get(r.id) : undefined;
    // Written again since the feed was read (its record is read only at this place): its later place tells it.
    if (r.visible && !record) continue;
    if (record) data.push({ id: r.id, change: 'upsert', tender: toTender(record) });
    else if (r.public_once) data.push({ id: r.id, change: 'removed' });
  }
  const last = rows.at(-1);
  return { data, next: last ? cursorOf(last) : (after ?? cursorOf(START)), more: rows.length === limit };
}

export async function listAssetChanges(ctx: Ctx, after: string | undefined, limit: number) {
  const rows = await listAssetFeed(ctx.database, positionOf(after), limit);
  const data: Array<z.input<typeof assetChangeItem>> = rows.map((r) =>
    r.deleted ? { id: r.id, change: 'removed' as const } : { id: r.id, change: 'upsert' as const, asset: toAssetRecord(r) },
  );
  const last = rows.at(-1);
  return { data, next: last ? cursorOf(last) : (after ?? cursorOf(START)), more: rows.length === limit };
}
