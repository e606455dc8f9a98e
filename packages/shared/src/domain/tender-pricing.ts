import { readAmount } from './tenders';

/**
 * A pricing schedule's sums (decision 0521): money as whole pence, so a total is exact. A bidder's
 * unit price is read as people type it ('£1,200', '1200.50'); a line's total is unit × quantity;
 * the schedule's total counts the lines that are not optional, and optional extras are summed apart.
 */

/** Pounds typed or sent → pence; null when empty, NaN when not an amount. */
export function readPence(value: string | number | null | undefined): number | null {
  if (value == null) return null;
  const pounds = typeof value === 'number' ? value : readAmount(value);
  if (pounds === null) return null;
  if (!Number.isFinite(pounds) || pounds < 0) return Number.NaN;
  const pence = Math.round(pounds * 100);
  // More than two decimals of a pound is not an amount of money.
  return Math.abs(pence - pounds * 100) > 1e-6 ? Number.NaN : pence;
}

export interface PricedLine {
  itemId: string;
  quantity: number;
  optional: boolean;
  unitPricePence: number | null;
}

export interface ScheduleTotals {
  lines: Array<{ itemId: string; lineTotalPence: number | null }>;
  /** The lines that are not optional; null while one of them is unpriced. */
  totalPence: number | null;
  /** The optional extras that were priced. */
  optionalPence: number;
}

export function scheduleTotals(lines: readonly PricedLine[]): ScheduleTotals {
  let total = 0;
  let complete = true;
  let optional = 0;
  const out = lines.map((line) => {
    const lineTotal = line.unitPricePence == null ? null : line.unitPricePence * line.quantity;
    if (line.optional) optional += lineTotal ?? 0;
    else if (lineTotal == null) complete = false;
    else total += lineTotal;
    return { itemId: line.itemId, lineTotalPence: lineTotal };
  });
  return { lines: out, totalPence: complete ? total : null, optionalPence: optional };
}

/** Pence as pounds for display: 120000 → £1,200.00. */
export const penceToPounds = (pence: number) => pence / 100;
