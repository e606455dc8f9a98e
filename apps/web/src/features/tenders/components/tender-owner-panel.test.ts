import { describe, expect, it } from 'vitest';
import { fromLocalInput, parseEmails, toLocalInput } from './tender-owner-panel';

describe('the owner panel’s input helpers', () => {
  it('reads addresses one per line or separated by commas, lower-cased and without repeats', () => {
    expect(parseEmails('A@Example.com, b@example.com\nA@example.com ; c@example.com')).toEqual({
      emails: ['a@example.com', 'b@example.com', 'c@example.com'],
      invalid: null,
    });
  });

  it('names the first address that is not one', () => {
    expect(parseEmails('a@example.com, not-an-address, b@example.com').invalid).toBe('not-an-address');
  });

  it('round-trips a closing instant through the datetime-local field (to the minute)', () => {
    const iso = '2026-12-24T17:30:00.000Z';
    expect(fromLocalInput(toLocalInput(iso))).toBe(iso);
    expect(toLocalInput(null)).toBe('');
    expect(fromLocalInput('')).toBe('');
  });
});
