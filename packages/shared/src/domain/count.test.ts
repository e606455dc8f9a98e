import { describe, expect, it } from 'vitest';
import { formatCount, formatNumber } from './count';

describe('counts', () => {
  it('formats counts as English: separators and a noun that agrees (decision 0351)', () => {
    expect(formatCount(1, 'tender')).toBe('1 tender');
    expect(formatCount(0, 'provider')).toBe('0 providers');
    expect(formatCount(4219, 'project')).toBe('4,219 projects');
    expect(formatCount(3787, 'provider')).toBe('3,787 providers');
    expect(formatCount(2, 'match', 'matches')).toBe('2 matches');
    expect(formatNumber(1234567)).toBe('1,234,567');
  });
});
