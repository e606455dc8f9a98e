import { describe, expect, it } from 'vitest';
import { readPence, scheduleTotals } from './tender-pricing';

describe('readPence (decision 0521)', () => {
  it('reads pounds as people type them into whole pence', () => {
    expect(readPence('£1,200')).toBe(120_000);
    expect(readPence('1200.5')).toBe(120_050);
    expect(readPence('£ 12,000.05')).toBe(1_200_005);
    expect(readPence(0.1 + 0.2)).toBe(30);
    expect(readPence(19.99)).toBe(1999);
  });

  it('is null when empty and NaN when not money', () => {
    expect(readPence('')).toBeNull();
    expect(readPence(null)).toBeNull();
    expect(readPence('twelve')).toBeNaN();
    expect(readPence(-1)).toBeNaN();
    expect(readPence(1.234)).toBeNaN();
  });
});

describe('scheduleTotals', () => {
  it('multiplies each line and keeps optional extras apart from the total', () => {
    const totals = scheduleTotals([
      { itemId: 'om', quantity: 3, optional: false, unitPricePence: 1_200_050 },
      { itemId: 'mob', quantity: 1, optional: false, unitPricePence: 120_000 },
      { itemId: 'drone', quantity: 2, optional: true, unitPricePence: 75_000 },
    ]);
    expect(totals).toEqual({
      lines: [
        { itemId: 'om', lineTotalPence: 3_600_150 },
        { itemId: 'mob', lineTotalPence: 120_000 },
        { itemId: 'drone', lineTotalPence: 150_000 },
      ],
      totalPence: 3_720_150,
      optionalPence: 150_000,
    });
  });

  it('has no total while a required line is unpriced; an unpriced extra counts nothing', () => {
    const totals = scheduleTotals([
      { itemId: 'om', quantity: 3, optional: false, unitPricePence: null },
      { itemId: 'drone', quantity: 2, optional: true, unitPricePence: null },
    ]);
    expect(totals.totalPence).toBeNull();
    expect(totals.optionalPence).toBe(0);
  });
});
