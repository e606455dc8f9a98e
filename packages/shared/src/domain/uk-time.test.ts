import { describe, expect, it } from 'vitest';
import { nextDigestAt, ukTimeToInstant, ukWallClock } from './uk-time';

/** Decision 0472: digests at a UK wall-clock hour, across the clock changes of 2026 (29 March, 25 October). */
describe('UK time for digests', () => {
  it('is GMT in winter and BST in summer', () => {
    expect(ukTimeToInstant(2026, 1, 15, 8).toISOString()).toBe('2026-01-15T08:00:00.000Z');
    expect(ukTimeToInstant(2026, 7, 15, 8).toISOString()).toBe('2026-07-15T07:00:00.000Z');
    expect(ukWallClock(new Date('2026-07-15T07:00:00Z'))).toMatchObject({ hour: 8, minute: 0 });
  });

  it('daily at 08:00 stays at 08:00 on the wall clock across both changes', () => {
    let at = new Date('2026-03-27T12:00:00Z');
    const seen: string[] = [];
    for (let i = 0; i < 4; i++) {
      at = nextDigestAt(at, 'daily', 8, 1);
      seen.push(at.toISOString());
    }
    expect(seen).toEqual(['2026-03-28T08:00:00.000Z', '2026-03-29T07:00:00.000Z', '2026-03-30T07:00:00.000Z', '2026-03-31T07:00:00.000Z']);
    at = new Date('2026-10-23T12:00:00Z');
    const autumn: string[] = [];
    for (let i = 0; i < 3; i++) {
      at = nextDigestAt(at, 'daily', 8, 1);
      autumn.push(at.toISOString());
    }
    expect(autumn).toEqual(['2026-10-24T07:00:00.000Z', '2026-10-25T08:00:00.000Z', '2026-10-26T08:00:00.000Z']);
  });

  it('the hour the clocks skip goes at the first moment after the gap; the hour they repeat goes once', () => {
    // 29 March 2026: 01:00 GMT becomes 02:00 BST, so 01:30 never shows; a digest at 01:00 goes at 02:00 BST.
    expect(nextDigestAt(new Date('2026-03-28T12:00:00Z'), 'daily', 1, 1).toISOString()).toBe('2026-03-29T01:00:00.000Z');
    expect(ukWallClock(new Date('2026-03-29T01:00:00Z')).hour).toBe(2);
    // 25 October 2026: 01:00–02:00 BST happens, then 01:00–02:00 GMT again; one digest, then the next day's.
    const first = nextDigestAt(new Date('2026-10-24T12:00:00Z'), 'daily', 1, 1);
    expect(first.toISOString()).toBe('2026-10-25T01:00:00.000Z');
    expect(nextDigestAt(first, 'daily', 1, 1).toISOString()).toBe('2026-10-26T01:00:00.000Z');
    // Sent at the first 01:00 (00:00 UTC) by a clock read then: the repeated hour does not send again.
    expect(nextDigestAt(new Date('2026-10-25T00:30:00Z'), 'daily', 1, 1).toISOString()).toBe('2026-10-25T01:00:00.000Z');
  });

  it('weekly goes on the chosen day at the chosen hour', () => {
    // 2026-11-27 is a Friday; Monday 09:00 GMT is 30 November.
    expect(nextDigestAt(new Date('2026-11-27T10:00:00Z'), 'weekly', 9, 1).toISOString()).toBe('2026-11-30T09:00:00.000Z');
    // Friday itself, later the same day; and a week on when the hour has passed.
    expect(nextDigestAt(new Date('2026-11-27T10:00:00Z'), 'weekly', 17, 5).toISOString()).toBe('2026-11-27T17:00:00.000Z');
    expect(nextDigestAt(new Date('2026-11-27T18:00:00Z'), 'weekly', 17, 5).toISOString()).toBe('2026-12-04T17:00:00.000Z');
    // Across the spring change: Sunday 29 March 2026 at 09:00 is 08:00 UTC.
    expect(nextDigestAt(new Date('2026-03-23T12:00:00Z'), 'weekly', 9, 7).toISOString()).toBe('2026-03-29T08:00:00.000Z');
  });
});
