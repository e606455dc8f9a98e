import { describe, expect, it } from 'vitest';
import { parseTolerant, repairNumbers } from './feed-json';

describe('tolerant JSON for the feeds (decision 0460)', () => {
  it('reads what JSON allows unchanged, 1e9999 included (JavaScript reads it as Infinity)', () => {
    expect(parseTolerant('{"a": 1e9999}')).toEqual({ json: { a: Infinity }, repairs: [], unreadable: 0 });
  });

  it('repairs numbers with leading zeros outside strings and leaves strings alone', () => {
    expect(repairNumbers('{"amount": 000, "b": [007.5, -00], "t": "tel 000, 01234"}').text).toBe('{"amount": 0, "b": [7.5, -0], "t": "tel 000, 01234"}');
    expect(parseTolerant('{"value": {"amount": 000, "currency": "GBP"}}')).toMatchObject({ json: { value: { amount: 0 } }, repairs: ['numbers with leading zeros'] });
  });

  it('drops only the release that cannot be read, keeping the rest of the page and its next link', () => {
    const page = '{"releases": [{"ocid": "a"}, {"ocid": "b", "x": tru}, {"ocid": "c", "s": "}{]"}], "links": {"next": "https://x/next"}}';
    expect(parseTolerant(page)).toEqual({
      json: { releases: [{ ocid: 'a' }, { ocid: 'c', s: '}{]' }], links: { next: 'https://x/next' } },
      repairs: ['releases read one by one'],
      unreadable: 1,
    });
    expect(parseTolerant('not json at all')).toBeNull();
  });
});
