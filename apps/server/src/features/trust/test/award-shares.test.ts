import { describe, expect, it } from 'vitest';
import { awardShares } from '../public-contracts.service';

describe('what a notice awarded, and to whom (buyer pages)', () => {
  it('adds every award of a notice and shares each award only between its own suppliers', () => {
    // Find a Tender's fixture notice for Devon: two awards of £60,000 and £55,000.
    const shares = awardShares({
      award_value: 60_000,
      award_suppliers: [{ name: 'Alpha Solar Ltd' }, { name: 'Beta Energy Ltd' }],
      notice_awards: [
        { value: 60_000, suppliers: [{ name: 'Alpha Solar Ltd' }] },
        { value: '55000', suppliers: [{ name: 'Beta Energy Ltd' }] },
      ],
    });
    expect(shares.value).toBe(115_000);
    expect(Object.fromEntries(shares.bySupplier)).toEqual({ 'Alpha Solar Ltd': 60_000, 'Beta Energy Ltd': 55_000 });
  });

  it('an award with two suppliers is shared between them; an award without a value adds nothing', () => {
    const shares = awardShares({
      award_value: 90_000,
      award_suppliers: [{ name: 'A' }, { name: 'B' }, { name: 'C' }],
      notice_awards: [
        { value: 90_000, suppliers: [{ name: 'A' }, { name: 'B' }] },
        { value: null, suppliers: [{ name: 'C' }] },
      ],
    });
    expect(shares.value).toBe(90_000);
    expect(Object.fromEntries(shares.bySupplier)).toEqual({ A: 45_000, B: 45_000 });
  });

  it('a notice kept without per-award values counts its award value, shared by its suppliers', () => {
    const shares = awardShares({ award_value: '30000', award_suppliers: [{ name: 'A' }, { name: 'B' }], notice_awards: null });
    expect(shares.value).toBe(30_000);
    expect(Object.fromEntries(shares.bySupplier)).toEqual({ A: 15_000, B: 15_000 });
    expect(awardShares({ award_value: null, award_suppliers: [{ name: 'A' }], notice_awards: [] })).toEqual({ value: null, bySupplier: new Map() });
  });
});
