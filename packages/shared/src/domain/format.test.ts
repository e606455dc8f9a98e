import { describe, expect, it } from 'vitest';
import { formatDate, formatGBP, formatLongDate } from './format';

describe('en-GB formats', () => {
  it('formats dates as dd/MM/yyyy or N/A', () => {
    expect(formatDate('2025-01-14')).toBe('14/01/2025');
    expect(formatDate(new Date(Date.UTC(2026, 10, 22, 12)))).toBe('22/11/2026');
    expect(formatDate(null)).toBe('N/A');
    expect(formatDate('not a date')).toBe('N/A');
    expect(formatLongDate('2026-11-22')).toBe('22 November 2026');
    expect(formatLongDate('2026-06-05T10:00:00Z')).toBe('5 June 2026');
    expect(formatDate('2026-02-30')).toBe('N/A');
    expect(formatDate(new Date(Number.NaN))).toBe('N/A');
  });
  it('prints an instant in UK time, whatever the time zone it runs in (a server render and the browser agree)', () => {
    // 23:30 UTC on 30 June is 00:30 on 1 July in London (BST); 23:30 UTC in January is 23:30 in London.
    expect(formatDate('2026-06-30T23:30:00.000Z')).toBe('01/07/2026');
    expect(formatDate('2026-01-14T23:30:00.000Z')).toBe('14/01/2026');
    expect(formatDate('2026-06-30T23:30:00.000Z', 'dd/MM/yyyy HH:mm')).toBe('01/07/2026 00:30');
    // A calendar date stays that day.
    expect(formatDate('2026-06-30')).toBe('30/06/2026');
  });
  it('formats GBP', () => {
    expect(formatGBP(1250000)).toBe('£1,250,000');
    expect(formatGBP(99.5)).toBe('£99.50');
    expect(formatGBP(null)).toBe('N/A');
  });
});
