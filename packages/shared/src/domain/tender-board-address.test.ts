import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { listPublicTendersQuery } from '../contracts/tenders';
import { cleanTenderBoardAddress, invertedRange, TENDER_BOARD_FILTER_KEYS, tenderBoardQueryOf, type TenderBoardAddressKey } from './tender-board-address';

const ADDRESS_KEYS: TenderBoardAddressKey[] = [...TENDER_BOARD_FILTER_KEYS, 'page'];

/** Values near each field's edges, as addresses carry them. */
const EDGES = [
  'all', 'open', 'closed', 'External', 'Solar Manager', 'publishedDate', 'closingDate', 'asc', 'desc',
  '5', '10', '50', '51.4', '-2.6', '0', '1', '1000', '1001', '-90', '90.0001', '180', '-181', '100000', '100001',
  '1e3', '0x10', ' 7 ', ' ', '', 'NaN', 'Infinity', '1e13', '1e14', '12345678', '1234567', '1234567a', '2.5',
];

/** Any address the board might be given: its own keys with any text (long, blank, numeric), repeated, plus keys it does not know. */
const address = fc
  .array(
    fc.tuple(
      fc.constantFrom(...ADDRESS_KEYS, 'utm_source'),
      fc.oneof(fc.string(), fc.string({ minLength: 195, maxLength: 310 }), fc.integer().map(String), fc.double().map(String), fc.constantFrom(...EDGES)),
    ),
    { maxLength: 20 },
  )
  .map((pairs) => new URLSearchParams(pairs));

const queryOf = (text: string) => tenderBoardQueryOf(new URLSearchParams(text));

describe("the board's address is cleaned with the contract's own rules (decision 0573)", () => {
  it('each field keeps a value exactly when the contract takes it', () => {
    const shape = listPublicTendersQuery.shape as Record<TenderBoardAddressKey, z.ZodType>;
    const value = fc.oneof(fc.string(), fc.string({ minLength: 195, maxLength: 310 }), fc.integer().map(String), fc.double().map(String), fc.constantFrom(...EDGES));
    fc.assert(
      fc.property(fc.constantFrom(...ADDRESS_KEYS), value, (key, v) => {
        const kept = cleanTenderBoardAddress(new URLSearchParams([[key, v]])).has(key);
        expect(kept, `${key}=${JSON.stringify(v)}`).toBe(shape[key].safeParse(v).success);
      }),
      { numRuns: 3000 },
    );
  });

  it('whatever the address holds, the query the board sends passes the contract', () => {
    fc.assert(
      fc.property(address, (params) => {
        const query = tenderBoardQueryOf(params);
        const result = listPublicTendersQuery.safeParse(query);
        expect(result.success, JSON.stringify({ params: params.toString(), query })).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it("the settled choices and page are the contract's reading of the clean address", () => {
    fc.assert(
      fc.property(address, (params) => {
        const clean = cleanTenderBoardAddress(params);
        const parsed = listPublicTendersQuery.parse(Object.fromEntries(ADDRESS_KEYS.flatMap((k) => (clean.has(k) ? [[k, clean.get(k)]] : []))));
        const query = tenderBoardQueryOf(params);
        expect(query).toMatchObject({ sortBy: parsed.sortBy, sortOrder: parsed.sortOrder, page: parsed.page, limit: parsed.limit });
        expect(query.source ?? 'all').toBe(parsed.source);
        expect(query.status ?? parsed.status).toBe(parsed.status);
      }),
      { numRuns: 300 },
    );
  });

  it('cleaning keeps good values and keys it does not know, and is idempotent', () => {
    const good = new URLSearchParams('service=Panel+Cleaning&minValue=10&page=3&limit=20&utm_source=x');
    expect(cleanTenderBoardAddress(good).toString()).toBe(good.toString());
    fc.assert(
      fc.property(address, (params) => {
        const clean = cleanTenderBoardAddress(params);
        expect(cleanTenderBoardAddress(clean).toString()).toBe(clean.toString());
        expect(tenderBoardQueryOf(params)).toEqual(tenderBoardQueryOf(clean));
      }),
    );
  });

  it('drops each kind of garbage, keeps the first of a repeated key, and lets the defaults apply', () => {
    const long = 'x'.repeat(201);
    const dirty = `service=${long}&location=Leeds&location=York&lat=91&radius=0&source=Elsewhere&status=maybe&cpv=123&limit=7&sortBy=title&sortOrder=up&page=0`;
    expect(cleanTenderBoardAddress(new URLSearchParams(dirty)).toString()).toBe('location=Leeds');
    expect(queryOf(dirty)).toEqual({ location: 'Leeds', sortBy: 'publishedDate', sortOrder: 'desc', page: 1, limit: 10 });
  });

  it("an address the list call would refuse reads as its clean self, so the render and the board ask for one query", () => {
    const dirty = new URLSearchParams(`service=Panel+Cleaning&keywords=${'k'.repeat(301)}&page=-2&limit=7`);
    expect(tenderBoardQueryOf(dirty)).toEqual(queryOf('service=Panel+Cleaning'));
  });
});

describe("the board's query", () => {
  it('sends what is set, with a located search 50 km unless another radius is asked for', () => {
    expect(queryOf('')).toEqual({ sortBy: 'publishedDate', sortOrder: 'desc', page: 1, limit: 10 });
    expect(queryOf('location=Leeds&lat=53.8&lng=-1.55')).toMatchObject({ location: 'Leeds', lat: '53.8', lng: '-1.55', radius: '50' });
    expect(queryOf('lat=53.8&lng=-1.55&radius=100')).toMatchObject({ radius: '100' });
    expect(queryOf('radius=100')).toMatchObject({ radius: undefined });
    expect(queryOf('source=all&status=all&sortBy=closingDate&sortOrder=asc&page=4&limit=50')).toMatchObject({
      source: undefined,
      status: 'all',
      sortBy: 'closingDate',
      sortOrder: 'asc',
      page: 4,
      limit: 50,
    });
    expect(queryOf('source=External&cpv=09331200')).toMatchObject({ source: 'External', cpv: '09331200' });
  });

  it('an inverted value range is not sent', () => {
    expect(queryOf('minValue=500&maxValue=100')).toMatchObject({ minValue: undefined, maxValue: undefined });
    expect(queryOf('minValue=100&maxValue=500')).toMatchObject({ minValue: '100', maxValue: '500' });
    expect(invertedRange('500', '100')).toBe(true);
    expect(invertedRange('500', '')).toBe(false);
    expect(invertedRange(null, '100')).toBe(false);
  });
});
