import { describe, expect, it } from 'vitest';
import { LOGIN_THROTTLE as T } from '@solar/shared/constants/accounts';
import { clientKey, delayAfter } from './login-throttle';

describe('throttle figures', () => {
  it('delays double from 1 s after the free failures, up to each cap', () => {
    expect([4, 5, 6, 7, 14, 15, 30].map((n) => delayAfter(T.pair, n))).toEqual([0, 1000, 2000, 4000, 512_000, 900_000, 900_000]);
    expect([9, 10, 11, 15, 16, 100].map((n) => delayAfter(T.account, n))).toEqual([0, 1000, 2000, 32_000, 60_000, 60_000]);
  });

  it('keys an IPv6 client by its /64 and an IPv4-mapped one as IPv4', () => {
    expect(clientKey('203.0.113.9')).toBe('203.0.113.9');
    expect(clientKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(clientKey('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8:1:2::99')).toBe(clientKey('2001:0db8:0001:0002:ffff::1'));
    expect(clientKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
  });
});
