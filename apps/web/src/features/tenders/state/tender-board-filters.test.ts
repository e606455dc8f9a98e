import { describe, expect, it } from 'vitest';
import { TENDER_MESSAGES, TENDER_VALUE_FILTER_MAX } from '@solar/shared/constants/tenders';
import { formatGBP } from '@solar/shared/domain/format';
import { boardAddress, readValueInput, tenderLink } from './tender-board-filters';

// The board's address itself (cleaning, the query, its property tests) is tested beside its one
// reading, packages/shared/src/domain/tender-board-address.test.ts (decision 0573).

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
