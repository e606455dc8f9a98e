import { TENDER_MESSAGES, TENDER_VALUE_FILTER_MAX } from '@solar/shared/constants/tenders';
import { cleanTenderBoardAddress, TENDER_BOARD_FILTER_KEYS, type TenderBoardQuery } from '@solar/shared/domain/tender-board-address';

/*
 * The board's screens' own pieces: links to and from a tender and the typed value filters. The
 * address itself is read in packages/shared (`domain/tender-board-address.ts`, decision 0573), by
 * the server's render, the board and the way back alike.
 */

export type { TenderBoardQuery };
export { invertedRange } from '@solar/shared/domain/tender-board-address';

/**
 * A tender's address from the board: the page it was on and the board's filters, so 'Back to
 * Tenders' returns to the same view (decision 0354).
 */
export function tenderLink(id: string, page: number, board: URLSearchParams): string {
  const query = new URLSearchParams({ fromPage: String(page) });
  for (const key of TENDER_BOARD_FILTER_KEYS) for (const value of board.getAll(key)) query.append(key, value);
  return `/tender/${encodeURIComponent(id)}?${query}`;
}

/** 'Back to Tenders' from a tender's address: `/explore-tenders?page={fromPage}` and the board's filters it carried. */
export function boardAddress(tenderParams: URLSearchParams): string {
  const clean = cleanTenderBoardAddress(tenderParams);
  const query = new URLSearchParams({ page: String(Math.max(1, Math.floor(Number(tenderParams.get('fromPage'))) || 1)) });
  for (const key of TENDER_BOARD_FILTER_KEYS) for (const value of clean.getAll(key)) query.append(key, value);
  return `/explore-tenders?${query}`;
}

/** What a typed value filter holds: an amount in pounds, nothing, or the form's reason for refusing it (decision 0352). */
export type ValueInput = { value: number | null } | { error: string };

/** '12,000', '£1500', ' 250 ' are amounts; '-5', '12abc' and '1e3' are refused, never turned into other numbers. */
export function readValueInput(text: string): ValueInput {
  const trimmed = text.trim();
  if (trimmed === '') return { value: null };
  if (!/^£?\s*\d[\d,]*(\.\d+)?$/.test(trimmed)) return { error: TENDER_MESSAGES.valueNotNumber };
  const value = Number(trimmed.replace(/[£,\s]/g, ''));
  if (!Number.isFinite(value) || value > TENDER_VALUE_FILTER_MAX) return { error: TENDER_MESSAGES.valueTooLarge };
  return { value };
}
