import type { listPublicTenders } from '@solar/shared/contracts/routes';
import { listPublicTendersQuery } from '@solar/shared/contracts/tenders';
import { DEFAULT_TENDER_RADIUS_KM, TENDER_MESSAGES, TENDER_VALUE_FILTER_MAX } from '@solar/shared/constants/tenders';
import type { ApiQuery } from '../../../lib/api-client';
import { cleanParams } from '../../../lib/clean-params';

/** The public list call's query (docs/product/tenders.md#tender-board) as the board holds it: page and size always set. */
export type TenderBoardQuery = ApiQuery<typeof listPublicTenders> & { page: number; limit: number };

/** The board's filters in the address; Clear All removes these and the page. */
export const BOARD_FILTER_KEYS = [
  'keywords',
  'service',
  'location',
  'lat',
  'lng',
  'radius',
  'source',
  'status',
  'cpv',
  'minValue',
  'maxValue',
  'sortBy',
  'sortOrder',
  'limit',
] as const satisfies ReadonlyArray<keyof TenderBoardQuery>;

const ADDRESS_KEYS = [...BOARD_FILTER_KEYS, 'page'];

/** The board's address with every value the contract's query refuses removed, so its default applies (decision 0352). */
export const cleanBoardParams = (params: URLSearchParams) => cleanParams(listPublicTendersQuery, params, ADDRESS_KEYS);

/** Both value filters set with the minimum above the maximum: the range is not sent, and the form says why. */
export const invertedRange = (min: string | null | undefined, max: string | null | undefined) =>
  !!min && !!max && Number(min) > Number(max);

/**
 * The board's query from a clean address (`cleanBoardParams`): what is missing takes the
 * contract's default; a location's radius defaults to 50 km; an inverted value range is left out.
 */
export function readTenderBoard(params: URLSearchParams): TenderBoardQuery {
  const text = (key: string) => params.get(key) || undefined;
  const inverted = invertedRange(params.get('minValue'), params.get('maxValue'));
  const parsed = listPublicTendersQuery.parse(Object.fromEntries(ADDRESS_KEYS.flatMap((k) => (params.has(k) ? [[k, params.get(k)]] : []))));
  return {
    keywords: text('keywords'),
    service: text('service'),
    location: text('location'),
    lat: text('lat'),
    lng: text('lng'),
    radius: text('lat') ? (text('radius') ?? String(DEFAULT_TENDER_RADIUS_KM)) : undefined,
    source: parsed.source === 'all' ? undefined : parsed.source,
    status: params.has('status') ? parsed.status : undefined,
    cpv: text('cpv'),
    minValue: inverted ? undefined : text('minValue'),
    maxValue: inverted ? undefined : text('maxValue'),
    sortBy: parsed.sortBy,
    sortOrder: parsed.sortOrder,
    page: parsed.page,
    limit: parsed.limit,
  };
}

/**
 * A tender's address from the board: the page it was on and the board's filters, so 'Back to
 * Tenders' returns to the same view (decision 0354).
 */
export function tenderLink(id: string, page: number, board: URLSearchParams): string {
  const query = new URLSearchParams({ fromPage: String(page) });
  for (const key of BOARD_FILTER_KEYS) for (const value of board.getAll(key)) query.append(key, value);
  return `/tender/${encodeURIComponent(id)}?${query}`;
}

/** 'Back to Tenders' from a tender's address: `/explore-tenders?page={fromPage}` and the board's filters it carried. */
export function boardAddress(tenderParams: URLSearchParams): string {
  const clean = cleanBoardParams(tenderParams);
  const query = new URLSearchParams({ page: String(Math.max(1, Math.floor(Number(tenderParams.get('fromPage'))) || 1)) });
  for (const key of BOARD_FILTER_KEYS) for (const value of clean.getAll(key)) query.append(key, value);
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
