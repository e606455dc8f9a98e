import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TENDER_MESSAGES, TENDER_VALUE_FILTER_MAX } from '@solar/shared/constants/tenders';
import { listPublicTendersQuery } from '@solar/shared/contracts/tenders';
import { formatGBP } from '@solar/shared/domain/format';
import { BOARD_FILTER_KEYS, boardAddress, cleanBoardParams, readTenderBoard, readValueInput, tenderLink } from './tender-board-filters';

/** Any address the board might be given: its own keys with any text, plus keys it does not know. */
const address = fc
  .array(
    fc.tuple(
      fc.constantFrom(...BOARD_FILTER_KEYS, 'page', 'utm_source'),
      fc.oneof(fc.string(), fc.integer().map(String), fc.double().map(String), fc.constantFrom('all', 'open', 'External', 'closingDate', 'asc', '5', '50', '51.4', '-2.6', '')),
    ),
    { maxLength: 20 },
  )
  .map((pairs) => new URLSearchParams(pairs));

describe('the tender board address (decision 0352)', () => {
  it('whatever the address holds, the query the board sends passes the contract', () => {
    fc.assert(
      fc.property(address, (params) => {
        const query = readTenderBoard(cleanBoardParams(params));
        const result = listPublicTendersQuery.safeParse(query);
        expect(result.success, JSON.stringify({ params: params.toString(), query })).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('cleaning keeps good values and keys it does not know, and is idempotent', () => {
    const good = new URLSearchParams('service=Panel+Cleaning&minValue=10&page=3&limit=20&utm_source=x');
    expect(cleanBoardParams(good).toString()).toBe(good.toString());
    fc.assert(
      fc.property(address, (params) => {
        expect(cleanBoardParams(cleanBoardParams(params)).toString()).toBe(cleanBoardParams(params).toString());
      }),
    );
  });

  it('an inverted value range is not sent', () => {
    expect(readTenderBoard(new URLSearchParams('minValue=500&maxValue=100'))).toMatchObject({ minValue: undefined, maxValue: undefined });
    expect(readTenderBoard(new URLSearchParams('minValue=100&maxValue=500'))).toMatchObject({ minValue: '100', maxValue: '500' });
  });
});

describe("'Back to Tenders' keeps the whole board address (decision 0354)", () => {
  it('a tender link carries the page and the filters, and the back link restores them', () => {
    const board = new URLSearchParams('service=Panel+Cleaning&limit=20&status=all&page=3&utm_source=x');
    const link = tenderLink('t-1', 3, board);
    expect(link).toBe('/tender/t-1?fromPage=3&service=Panel+Cleaning&status=all&limit=20');
    expect(boardAddress(new URL(link, 'http://x').searchParams)).toBe('/explore-tenders?page=3&service=Panel+Cleaning&status=all&limit=20');
  });

  it('with nothing carried it is the spec\'s /explore-tenders?page={n}; garbage is not carried back', () => {
    expect(boardAddress(new URLSearchParams('fromPage=2'))).toBe('/explore-tenders?page=2');
    expect(boardAddress(new URLSearchParams('fromPage=x&limit=7&status=maybe'))).toBe('/explore-tenders?page=1');
  });
});

describe('a typed value filter', () => {
  it('reads amounts in pounds', () => {
    expect(readValueInput('')).toEqual({ value: null });
    expect(readValueInput(' 250 ')).toEqual({ value: 250 });
    expect(readValueInput('£12,000')).toEqual({ value: 12000 });
    expect(readValueInput('99.50')).toEqual({ value: 99.5 });
  });

  it('refuses what is not an amount, never turning it into another number', () => {
    for (const text of ['-5', '12abc', 'abc', '1e3', '5-', '£', ',']) expect(readValueInput(text), text).toEqual({ error: TENDER_MESSAGES.valueNotNumber });
    expect(readValueInput('99999999999999999')).toEqual({ error: TENDER_MESSAGES.valueTooLarge });
    expect(TENDER_MESSAGES.valueTooLarge).toContain(formatGBP(TENDER_VALUE_FILTER_MAX));
  });
});
