import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatUkDateTime, fromUkDateTimeInput, toUkDateTimeInput } from './format';

/**
 * Issue 27 defect 4 (decision 0444): with the browser on New York time a typed 12:00 closed at
 * 17:00 UK time, and the Extend dialog pre-filled 07:00 for a tender closing at 12:00. Every date and
 * time typed or read is UK time, labelled so, whatever the zone the code runs in.
 */
describe('UK date-times in another time zone (TZ=America/New_York)', () => {
  const before = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = 'America/New_York';
  });
  afterAll(() => {
    process.env.TZ = before;
  });

  it('runs in New York time (the checks below can fail)', () => {
    expect(new Date('2026-12-01T12:00:00Z').getTimezoneOffset()).toBe(300);
    // What the form did before: the browser's zone.
    expect(new Date('2026-12-01T12:00').toISOString()).toBe('2026-12-01T17:00:00.000Z');
  });

  it('reads a typed 12:00 as 12:00 UK time, in winter and in summer', () => {
    expect(fromUkDateTimeInput('2026-12-01T12:00')).toBe('2026-12-01T12:00:00.000Z');
    expect(fromUkDateTimeInput('2026-07-01T12:00')).toBe('2026-07-01T11:00:00.000Z');
  });

  it('pre-fills a closing date with its UK wall-clock time', () => {
    expect(toUkDateTimeInput('2026-12-01T12:00:00.000Z')).toBe('2026-12-01T12:00');
    expect(toUkDateTimeInput('2026-07-01T11:00:00.000Z')).toBe('2026-07-01T12:00');
    expect(fromUkDateTimeInput(toUkDateTimeInput('2026-10-25T00:30:00.000Z'))).toBe('2026-10-25T00:30:00.000Z');
  });

  it('reads the hour the clocks skip as the hour after, and refuses what is not a date and time', () => {
    expect(fromUkDateTimeInput('2026-03-29T01:30')).toBe('2026-03-29T01:30:00.000Z');
    expect(fromUkDateTimeInput('2026-02-30T10:00')).toBe('');
    expect(fromUkDateTimeInput('next tuesday')).toBe('');
  });

  it('labels what it shows as UK time', () => {
    expect(formatUkDateTime('2026-12-01T12:00:00.000Z')).toBe('01/12/2026 12:00 UK time');
    expect(formatUkDateTime(null)).toBe('N/A');
  });
});
