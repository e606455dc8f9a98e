import { describe, expect, it } from 'vitest';
import { formatDate, formatGBP, formatLongDate } from './format';

describe('en-GB formats', () => {
  it('formats dates as dd/MM/yyyy or N/A', () => {
    expect(formatDate('2025-01-14')).toBe('14/01/2025');
    expect(formatDate(new Date(Date.UTC(2026, 10, 22, 12)))).toBe('22/11/2026');
    expect(formatDate(null)).toBe('N/A');
    expect(formatDate('not a date')).toBe('N/A');
    expect(formatLongDate('2026-11-22')).toBe('22 November 2026');
  });
  it('formats GBP', () => {
    expect(formatGBP(1250000)).toBe('£1,250,000');
    expect(formatGBP(99.5)).toBe('£99.50');
    expect(formatGBP(null)).toBe('N/A');
  });
});
