import {
  DEFAULT_TENDER_PAGE_SIZE,
  DEFAULT_TENDER_RADIUS_KM,
  DEFAULT_TENDER_SORT,
  SORT_ORDERS,
  TENDER_BOARD_LIMITS as LIMITS,
  TENDER_PAGE_SIZES,
  TENDER_SORT_FIELDS,
  TENDER_SOURCE_FILTERS,
  TENDER_STATUS_FILTERS,
  TENDER_VALUE_FILTER_MAX,
  type SortOrder,
  type TenderSortField,
  type TenderSourceFilter,
  type TenderStatusFilter,
} from '../constants/tenders';

/**
 * The tender board's address (/explore-tenders, docs/product/tenders.md#tender-board) as the public
 * list call's query (decision 0573). One reading for the server's render of the board (prefetch and
 * head), the board itself and the way back from a tender, so each asks for the same query under
 * the same key. Cleaned by hand, not by the contract's schema, so zod stays out of the board's
 * first load (decisions 0291, 0540); the limits are the contract's own (`TENDER_BOARD_LIMITS`), and
 * a test proves each field is kept exactly when the schema takes it (decision 0352).
 */

/** The board's filters in the address; Clear All removes these and the page. */
export const TENDER_BOARD_FILTER_KEYS = [
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
] as const;
export type TenderBoardFilterKey = (typeof TENDER_BOARD_FILTER_KEYS)[number];
export type TenderBoardAddressKey = TenderBoardFilterKey | 'page';

/**
 * The list call's query as the board sends it: text as the address holds it (the server trims and
 * converts), the choices and the page settled. Equal addresses make equal queries, so equal cache keys.
 */
export interface TenderBoardQuery {
  keywords?: string;
  service?: string;
  location?: string;
  lat?: string;
  lng?: string;
  radius?: string;
  source?: Exclude<TenderSourceFilter, 'all'>;
  status?: TenderStatusFilter;
  cpv?: string;
  minValue?: string;
  maxValue?: string;
  sortBy: TenderSortField;
  sortOrder: SortOrder;
  page: number;
  limit: number;
}

/** A number as the contract's `z.coerce.number()` reads one: `Number(value)`, finite. */
const numberOf = (value: string) => {
  const n = Number(value);
  return Number.isFinite(n) ? n : NaN;
};
/** An optional number within bounds: empty means not set, which the contract takes. */
const between = (min: number, max: number) => (v: string) => v === '' || (numberOf(v) >= min && numberOf(v) <= max);
const text = (max: number) => (v: string) => v.trim().length <= max;
const oneOf = (options: readonly (string | number)[]) => (v: string) => options.includes(v);

/** Whether one address value is one `listPublicTendersQuery`'s field takes, field by field. */
const VALID: Record<TenderBoardAddressKey, (value: string) => boolean> = {
  keywords: text(LIMITS.keywordsLength),
  service: text(LIMITS.textLength),
  location: text(LIMITS.textLength),
  lat: between(-90, 90),
  lng: between(-180, 180),
  radius: between(LIMITS.radiusMinKm, LIMITS.radiusMaxKm),
  source: oneOf(TENDER_SOURCE_FILTERS),
  status: oneOf(TENDER_STATUS_FILTERS),
  cpv: (v) => v === '' || /^\d{8}$/.test(v),
  minValue: between(0, TENDER_VALUE_FILTER_MAX),
  maxValue: between(0, TENDER_VALUE_FILTER_MAX),
  sortBy: oneOf(TENDER_SORT_FIELDS),
  sortOrder: oneOf(SORT_ORDERS),
  page: (v) => Number.isInteger(numberOf(v)) && numberOf(v) >= 1 && numberOf(v) <= LIMITS.pageMax,
  limit: (v) => (TENDER_PAGE_SIZES as readonly number[]).includes(numberOf(v)),
};
const isAddressKey = (key: string): key is TenderBoardAddressKey => Object.hasOwn(VALID, key);

/**
 * The board's address without what the list call would refuse (decision 0352): a value outside
 * its field's rule is dropped, so its default applies; a repeated key keeps its first value. Other
 * parameters are left alone. Cleaning a clean address changes nothing.
 */
export function cleanTenderBoardAddress(params: URLSearchParams): URLSearchParams {
  const out = new URLSearchParams();
  for (const [key, value] of params) {
    if (isAddressKey(key) && (out.has(key) || !VALID[key](value))) continue;
    out.append(key, value);
  }
  return out;
}

/** Both value filters set with the minimum above the maximum: the range is not sent, and the form says why. */
export const invertedRange = (min: string | null | undefined, max: string | null | undefined) => !!min && !!max && Number(min) > Number(max);

/**
 * The query of any board address; the address is cleaned first (`cleanTenderBoardAddress`), so a
 * value the list call would refuse takes its default. What is missing takes the contract's
 * default; a location's radius defaults to 50 km; an inverted value range is left out.
 */
export function tenderBoardQueryOf(address: URLSearchParams): TenderBoardQuery {
  const params = cleanTenderBoardAddress(address);
  const given = (key: TenderBoardAddressKey) => params.get(key) || undefined;
  const inverted = invertedRange(params.get('minValue'), params.get('maxValue'));
  const source = (given('source') ?? 'all') as TenderSourceFilter;
  return {
    keywords: given('keywords'),
    service: given('service'),
    location: given('location'),
    lat: given('lat'),
    lng: given('lng'),
    radius: given('lat') ? (given('radius') ?? String(DEFAULT_TENDER_RADIUS_KM)) : undefined,
    source: source === 'all' ? undefined : source,
    status: given('status') as TenderStatusFilter | undefined,
    cpv: given('cpv'),
    minValue: inverted ? undefined : given('minValue'),
    maxValue: inverted ? undefined : given('maxValue'),
    sortBy: (given('sortBy') as TenderSortField | undefined) ?? DEFAULT_TENDER_SORT.sortBy,
    sortOrder: (given('sortOrder') as SortOrder | undefined) ?? DEFAULT_TENDER_SORT.sortOrder,
    page: params.has('page') ? Number(params.get('page')) : 1,
    limit: params.has('limit') ? Number(params.get('limit')) : DEFAULT_TENDER_PAGE_SIZE,
  };
}
