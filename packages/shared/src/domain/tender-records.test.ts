import { describe, expect, it } from 'vitest';
import { standstillDefaultDays, standstillEnd, standstillLastDay } from './tender-records';

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

describe('the standstill’s default (decision 0559)', () => {
  it('holds eight working days from the award day, at least 10 calendar days: 10 from Sunday to Wednesday, 11 from Thursday to Saturday', () => {
    // 30 November 2026 is a Monday.
    const days = [30, 1, 2, 3, 4, 5, 6].map((d, i) => standstillDefaultDays(new Date(Date.UTC(2026, i === 0 ? 10 : 11, d, 10)), 10));
    expect(days).toEqual([10, 10, 10, 11, 11, 11, 10]);
  });

  it('reads the award day in UK time: 23:30 UTC on a Wednesday in summer is Thursday in the UK', () => {
    expect(standstillDefaultDays(new Date('2026-07-01T23:30:00Z'), 10)).toBe(11);
    expect(standstillDefaultDays(new Date('2026-07-01T22:30:00Z'), 10)).toBe(10);
  });

  it('never goes under the minimum it is given', () => {
    expect(standstillDefaultDays(new Date('2026-11-30T10:00:00Z'), 14)).toBe(14);
  });
});
