import { describe, expect, it } from 'vitest';
import { describeChange } from './alerts.mail';

describe('the line a watcher reads for a change', () => {
  it('names the dates of a closing date moved to another day', () => {
    expect(describeChange({ kind: 'deadline', detail: { from: '2027-01-10T12:00:00Z', to: '2027-01-24T12:00:00Z' } })).toBe('The closing date changed from 10/01/2027 to 24/01/2027.');
  });

  it('names the times, in UK time, of a closing date moved within one day (a bare date would read as no change)', () => {
    // 28 December: GMT. 1 July: BST, an hour ahead of UTC.
    expect(describeChange({ kind: 'deadline', detail: { from: '2026-12-28T03:31:00Z', to: '2026-12-28T12:45:00Z' } })).toBe(
      'The closing date changed from 28/12/2026 03:31 UK time to 28/12/2026 12:45 UK time.',
    );
    expect(describeChange({ kind: 'deadline', detail: { from: '2027-07-01T09:00:00Z', to: '2027-07-01T15:30:00Z' } })).toBe(
      'The closing date changed from 01/07/2027 10:00 UK time to 01/07/2027 16:30 UK time.',
    );
  });

  it('lists the corrected fields', () => {
    expect(describeChange({ kind: 'updated', detail: { fields: ['value', 'documents'] } })).toBe('The notice was corrected: value, documents.');
  });
});
