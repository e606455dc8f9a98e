import { describe, expect, it } from 'vitest';
import { standstillEnd, standstillLastDay } from './tender-records';

describe('standstill end (decision 0526)', () => {
  it('ends at midnight UK time at the end of the tenth calendar day after the award (winter, GMT)', () => {
    const end = standstillEnd(new Date('2026-12-01T15:30:00Z'), 10);
    expect(end.toISOString()).toBe('2026-12-12T00:00:00.000Z');
    expect(standstillLastDay(end)).toBe('11 December 2026');
  });

  it('counts UK days in summer time: an award at 00:30 BST is on that UK day, and the end is 23:00 UTC', () => {
    const end = standstillEnd(new Date('2026-06-30T23:30:00Z'), 10); // 1 July 00:30 BST
    expect(end.toISOString()).toBe('2026-07-11T23:00:00.000Z');
    expect(standstillLastDay(end)).toBe('11 July 2026');
  });

  it('crosses a change of the clocks and the end of a month', () => {
    const end = standstillEnd(new Date('2026-10-20T10:00:00Z'), 10);
    // The clocks go back on 25 October: midnight at the end of 30 October is 00:00 GMT.
    expect(end.toISOString()).toBe('2026-10-31T00:00:00.000Z');
  });
});
