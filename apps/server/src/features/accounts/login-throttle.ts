import { createHash } from 'node:crypto';
import { LOGIN_THROTTLE as T, type ThrottleRule } from '@solar/shared/constants/accounts';
import type { AppContext } from '../../plugins/context';
import * as accounts from './accounts.repository';

type Ctx = Pick<AppContext, 'database' | 'clock'>;
/** The throttle's table (a unit test passes a fake; decision 0348). */
export type ThrottleStore = Pick<typeof accounts, 'readThrottle' | 'recordThrottleFailures' | 'deleteThrottleKey'>;

/** Milliseconds a dimension waits after its last failure, given its failure count. */
export function delayAfter(rule: ThrottleRule, failures: number): number {
  if (failures < rule.free) return 0;
  return Math.min(rule.capMs, rule.baseMs * 2 ** (failures - rule.free));
}

/**
 * The client part of a key: an IPv4 address as it is, an IPv6 client by its /64 (one subscriber
 * usually holds a whole /64, so counting single addresses would hand an attacker 2^64 of them).
 */
export function clientKey(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!ip.includes(':')) return ip;
  const address = ip.split('%')[0]!.toLowerCase();
  const [head = '', tail] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = tail === undefined ? left : [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => (parseInt(g, 16) || 0).toString(16))
    .join(':')}::/64`;
}

const hash = (key: string) => createHash('sha256').update(key).digest('hex');

export interface ThrottleCheck {
  /** How long this attempt must wait (0: go ahead). */
  waitMs: number;
  keys: { account: string; ip: string; pair: string };
  /** The pair has failures on record: a success clears them (the only write a success makes). */
  pairHasFailures: boolean;
}

/**
 * Sign-in throttling (decision 0336; figures in LOGIN_THROTTLE). Counts live in `login_throttle`
 * under hashed keys, so every server process shares them and a restart forgets nothing; only
 * failures write, a success from a clean client writes nothing.
 */
export async function checkLoginThrottle(ctx: Ctx, email: string, ip: string, store: ThrottleStore = accounts): Promise<ThrottleCheck> {
  const client = clientKey(ip);
  const keys = { account: hash(`account:${email}`), ip: hash(`ip:${client}`), pair: hash(`pair:${email}|${client}`) };
  const now = ctx.clock.now().getTime();
  const rows = await store.readThrottle(ctx.database.db, Object.values(keys));
  const count = (key: string) => {
    const row = rows.find((r) => r.key === key);
    // A count is forgotten an hour after its last failure.
    return row && now - row.lastFailureAt.getTime() < T.forgetMs ? { failures: row.failures, last: row.lastFailureAt.getTime() } : { failures: 0, last: 0 };
  };
  const account = count(keys.account);
  const address = count(keys.ip);
  const pair = count(keys.pair);
  const until = [pair.last + delayAfter(T.pair, pair.failures), address.last + delayAfter(T.ip, address.failures)];
  // The account dimension slows only a client that has been failing, from its own last failure:
  // an attacker elsewhere can never stop a clean client signing in with the right password.
  if (address.failures > 0) until.push(address.last + delayAfter(T.account, account.failures));
  return { waitMs: Math.max(0, ...until.map((t) => t - now)), keys, pairHasFailures: rows.some((r) => r.key === keys.pair) };
}

export async function recordLoginFailure(ctx: Ctx, check: ThrottleCheck, store: ThrottleStore = accounts) {
  const now = ctx.clock.now();
  await store.recordThrottleFailures(ctx.database.db, Object.values(check.keys), now, new Date(now.getTime() - T.forgetMs));
}

/** The client proved itself on this account: its pair count goes; the account and address counts stay. */
export async function recordLoginSuccess(ctx: Ctx, check: ThrottleCheck, store: ThrottleStore = accounts) {
  if (check.pairHasFailures) await store.deleteThrottleKey(ctx.database.db, check.keys.pair);
}
