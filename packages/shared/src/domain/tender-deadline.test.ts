import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closesIn, countdownTick, formatUkDateTimeSeconds } from './tender-deadline';

/**
 * Deadlines and receipts in UK time whatever the zone the code runs in (issue 27 part A, decisions
 * 0444, 0513, 0514): a receipt's time to the second, and the countdown 'Closes in 2 days 4 hours'.
 */
describe('deadlines and receipt times in another time zone (TZ=America/New_York)', () => {
  const before = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = 'America/New_York';
  });
  afterAll(() => {
    process.env.TZ = before;
  });

  it('runs in New York time (the checks below can fail)', () => {
    expect(new Date('2026-12-01T12:00:00Z').getTimezoneOffset()).toBe(300);
  });

  it('prints a receipt time in UK time to the second, GMT in winter and BST in summer', () => {
    expect(formatUkDateTimeSeconds('2026-11-27T21:04:09.750Z')).toBe('27/11/2026 21:04:09 GMT');
    expect(formatUkDateTimeSeconds(new Date('2026-07-01T08:00:05Z'))).toBe('01/07/2026 09:00:05 BST');
    expect(formatUkDateTimeSeconds('not a date')).toBe('N/A');
  });

  it('counts down as people say it, by elapsed time', () => {
    const now = new Date('2026-11-27T12:00:00Z');
    expect(closesIn('2026-11-29T16:30:00Z', now)).toBe('Closes in 2 days 4 hours');
    expect(closesIn('2026-11-28T12:00:00Z', now)).toBe('Closes in 1 day');
    expect(closesIn('2026-11-27T15:05:00Z', now)).toBe('Closes in 3 hours 5 minutes');
    expect(closesIn('2026-11-27T13:00:00Z', now)).toBe('Closes in 1 hour');
    expect(closesIn('2026-11-27T12:45:00Z', now)).toBe('Closes in 45 minutes');
    expect(closesIn('2026-11-27T12:00:45Z', now)).toBe('Closes in 45 seconds');
    expect(closesIn('2026-11-27T12:00:00Z', now)).toBe('Closed');
    expect(closesIn(null, now)).toBeNull();
    // Across the clocks going back (25 October 2026): 2 days are 48 hours, whatever the wall clock says.
    expect(closesIn('2026-10-26T00:00:00Z', new Date('2026-10-24T00:00:00Z'))).toBe('Closes in 2 days');
  });

  it('redraws every second in the last minute, else every 30 seconds', () => {
    const now = new Date('2026-11-27T12:00:00Z');
    expect(countdownTick('2026-11-27T12:00:50Z', now)).toBe(1000);
    expect(countdownTick('2026-11-27T13:00:00Z', now)).toBe(30_000);
  });
});

describe('another verb', () => {
  it('says when sealed responses open', () => {
    expect(closesIn('2026-11-29T16:30:00Z', new Date('2026-11-27T12:00:00Z'), 'Opens')).toBe('Opens in 2 days 4 hours');
  });
});
