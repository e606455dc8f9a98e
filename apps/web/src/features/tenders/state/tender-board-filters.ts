import type { listPublicTenders } from '@solar/shared/contracts/routes';
import {
  DEFAULT_TENDER_PAGE_SIZE,
  DEFAULT_TENDER_RADIUS_KM,
  DEFAULT_TENDER_SORT,
  SORT_ORDERS,
  TENDER_PAGE_SIZES,
  TENDER_SORT_FIELDS,
  TENDER_SOURCE_FILTERS,
  TENDER_STATUS_FILTERS,
} from '@solar/shared/constants/tenders';
import type { ApiQuery } from '../../../lib/api-client';

/** The public list call's query (docs/product/tenders.md#tender-board) as the board holds it: page and size always set. */
export type TenderBoardQuery = ApiQuery<typeof listPublicTenders> & { page: number; limit: number };

/** The board's filters in the address; Clear All removes these and the page. */
export const BOARD_FILTER_KEYS = [
  'service',
  'location',
  'lat',
  'lng',
  'radius',
  'source',
  'status',
  'minValue',
  'maxValue',
  'sortBy',
  'sortOrder',
  'limit',
] as const satisfies ReadonlyArray<keyof TenderBoardQuery>;

const positiveInt = (value: string | null, fallback: number) => {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : fallback;
};

const oneOf = <T extends string>(allowed: readonly T[], value: string | null): T | undefined =>
  (allowed as readonly string[]).includes(value ?? '') ? (value as T) : undefined;

/**
 * The board's query from the address. Text filters go as typed (the server validates them and a
 * bad one answers with its message); choices outside the contract's lists fall back to the default,
 * as page and page size do.
 */
export function readTenderBoard(params: URLSearchParams): TenderBoardQuery {
  const text = (key: string) => params.get(key) ?? undefined;
  const limit = positiveInt(params.get('limit'), DEFAULT_TENDER_PAGE_SIZE);
  return {
    service: text('service'),
    location: text('location'),
    lat: text('lat'),
    lng: text('lng'),
    radius: text('lat') ? (text('radius') ?? String(DEFAULT_TENDER_RADIUS_KM)) : undefined,
    source: oneOf(TENDER_SOURCE_FILTERS, params.get('source')),
    status: oneOf(TENDER_STATUS_FILTERS, params.get('status')),
    minValue: text('minValue'),
    maxValue: text('maxValue'),
    sortBy: oneOf(TENDER_SORT_FIELDS, params.get('sortBy')) ?? DEFAULT_TENDER_SORT.sortBy,
    sortOrder: oneOf(SORT_ORDERS, params.get('sortOrder')) ?? DEFAULT_TENDER_SORT.sortOrder,
    page: positiveInt(params.get('page'), 1),
    limit: (TENDER_PAGE_SIZES as readonly number[]).includes(limit) ? limit : DEFAULT_TENDER_PAGE_SIZE,
  };
}
