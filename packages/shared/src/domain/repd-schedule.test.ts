import { describe, expect, it } from 'vitest';
import { repdReleaseMonths } from './repd-schedule';

describe('when the next REPD release is expected', () => {
  it('is three months after the loaded one', () => {
    expect(repdReleaseMonths('repd-q4-jan-2025')).toEqual({ loaded: 'January 2025', expected: 'April 2025' });
    expect(repdReleaseMonths('repd-q3-oct-2025')).toEqual({ loaded: 'October 2025', expected: 'January 2026' });
    expect(repdReleaseMonths('something else')).toBeNull();
    expect(repdReleaseMonths(null)).toBeNull();
  });
});
