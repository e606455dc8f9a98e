import { describe, expect, it } from 'vitest';
import { LOGIN_THROTTLE as T } from '@solar/shared/constants/accounts';
import type { Db } from '../../db/client';
import { checkLoginThrottle, clientKey, delayAfter, recordLoginFailure, recordLoginSuccess, type ThrottleStore } from './login-throttle';

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

/**
 * The throttle's decisions with its table faked (decision 0348; the figures are LOGIN_THROTTLE):
 * the shared table across processes is tested on a real database in test/security/login-throttle.test.ts.
 */
describe('throttle decisions (table faked)', () => {
  const now = new Date('2026-11-24T09:00:00Z');
  const ctx = { database: { db: {} as Db }, clock: { now: () => now } } as unknown as Parameters<typeof checkLoginThrottle>[0];
  type Counts = Partial<Record<'account' | 'ip' | 'pair', { failures: number; msAgo: number }>>;

  /** A table holding `counts` under the keys the throttle asks for (account, address, pair, in that order). */
  function store(counts: Counts) {
    const writes: string[] = [];
    const fake: ThrottleStore = {
      readThrottle: async (_db, keys) =>
        (['account', 'ip', 'pair'] as const).flatMap((dimension, i) => {
          const count = counts[dimension];
          return count ? [{ key: keys[i]!, failures: count.failures, lastFailureAt: new Date(now.getTime() - count.msAgo) }] : [];
        }),
      recordThrottleFailures: async (_db, keys, at, forgetBefore) => {
        writes.push(`failure on ${keys.length} keys at ${at.toISOString()}, forgetting before ${forgetBefore.toISOString()}`);
      },
      deleteThrottleKey: async (_db, key) => {
        writes.push(`delete ${key}`);
      },
    };
    return { fake, writes };
  }
  const check = async (counts: Counts) => checkLoginThrottle(ctx, 'owner@example.com', '203.0.113.9', store(counts).fake);

  it('lets a client with no failures of its own sign in at once, however much the account is failing elsewhere', async () => {
    expect((await check({ account: { failures: 1_000, msAgo: 1_000 } })).waitMs).toBe(0);
  });

  it("makes a failing client wait out the account's delay too, counted from that client's own last failure", async () => {
    // Twelve failures on the account: 4 s (T.account frees ten). One failure from this address, 1 s ago.
    const { waitMs } = await check({ account: { failures: 12, msAgo: 500 }, ip: { failures: 1, msAgo: 1_000 } });
    expect(waitMs).toBe(delayAfter(T.account, 12) - 1_000);
  });

  it('waits out the pair delay after five failures of this address on this account', async () => {
    expect((await check({ pair: { failures: 4, msAgo: 0 }, ip: { failures: 4, msAgo: 0 } })).waitMs).toBe(0);
    expect((await check({ pair: { failures: 7, msAgo: 1_000 }, ip: { failures: 7, msAgo: 1_000 } })).waitMs).toBe(delayAfter(T.pair, 7) - 1_000);
  });

  it('forgets the failures on the account an hour after the last one', async () => {
    const recent = { account: { failures: 1_000, msAgo: T.forgetMs - 1_000 }, ip: { failures: 1, msAgo: 0 } };
    expect((await check(recent)).waitMs).toBe(T.account.capMs);
    expect((await check({ ...recent, account: { failures: 1_000, msAgo: T.forgetMs } })).waitMs).toBe(0);
  });

  it('records a failure on the account, the address and the pair; a success clears only the pair, and only when it has failures', async () => {
    const { fake, writes } = store({ pair: { failures: 2, msAgo: 5_000 } });
    const failing = await checkLoginThrottle(ctx, 'owner@example.com', '203.0.113.9', fake);
    await recordLoginFailure(ctx, failing, fake);
    await recordLoginSuccess(ctx, failing, fake);
    const clean = await checkLoginThrottle(ctx, 'owner@example.com', '203.0.113.9', store({ account: { failures: 3, msAgo: 0 } }).fake);
    await recordLoginSuccess(ctx, clean, fake);
    expect(writes).toEqual([
      `failure on 3 keys at ${now.toISOString()}, forgetting before ${new Date(now.getTime() - T.forgetMs).toISOString()}`,
      `delete ${failing.keys.pair}`,
    ]);
  });
});
