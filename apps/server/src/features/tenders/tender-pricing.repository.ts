import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { tenderPriceItems, tenderResponsePrices } from '../../db/schema/index';
import type { Executor } from './tenders.repository';

/** Queries of a tender's pricing schedule and each response's unit prices (decision 0521). */

export interface PriceItemRow {
  id: string;
  description: string;
  quantity: number;
  unit: string;
  optional: boolean;
}

export function listItems(database: Database, tenderId: string) {
  return database.query<PriceItemRow>(
    'SELECT id::text AS id, description, quantity, unit, optional FROM tender_price_items WHERE tender_id = $1 ORDER BY position',
    [tenderId],
  );
}

export async function replaceItems(tx: Executor, tenderId: string, items: Array<{ description: string; quantity: number; unit: string; optional?: boolean }>) {
  await tx.delete(tenderPriceItems).where(eq(tenderPriceItems.tenderId, tenderId));
  if (items.length === 0) return;
  await tx.insert(tenderPriceItems).values(items.map((i, position) => ({ tenderId, position, description: i.description, quantity: i.quantity, unit: i.unit, optional: i.optional ?? false })));
}

/** Unit prices (pence) of the given responses: response id → item id → pence. */
export async function listPrices(database: Database, responseIds: string[]) {
  const out = new Map<string, Map<string, number>>();
  if (responseIds.length === 0) return out;
  const rows = await database.query<{ response_id: string; item_id: string; pence: string | number }>(
    'SELECT response_id::text AS response_id, item_id::text AS item_id, unit_price_pence AS pence FROM tender_response_prices WHERE response_id = ANY($1::uuid[])',
    [responseIds],
  );
  for (const r of rows) {
    const prices = out.get(r.response_id) ?? new Map<string, number>();
    prices.set(r.item_id, Number(r.pence));
    out.set(r.response_id, prices);
  }
  return out;
}

/** Replaces a response's prices in the caller's transaction. */
export async function replacePrices(tx: Executor, responseId: string, itemIds: string[], prices: Array<{ itemId: string; pence: number }>) {
  if (itemIds.length > 0) await tx.delete(tenderResponsePrices).where(and(eq(tenderResponsePrices.responseId, responseId), inArray(tenderResponsePrices.itemId, itemIds)));
  if (prices.length === 0) return;
  await tx.insert(tenderResponsePrices).values(prices.map((p) => ({ responseId, itemId: p.itemId, unitPricePence: p.pence })));
}
