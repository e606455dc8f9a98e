import type { FastifyBaseLogger } from 'fastify';
import { SHARED_RATE_LIMIT } from '@solar/shared/constants/http';
import type { Database } from '../db/client';

/** What @fastify/rate-limit asks of a store: count one request of `key` and say where it stands. */
export interface RateLimitStore {
  incr(key: string, callback: (err: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number, max: number): void;
  child(routeOptions: unknown): RateLimitStore;
}

interface Window {
  start: number;
  /** Requests this process may still admit from its leases. */
  leased: number;
  /** Requests admitted here in this window (for the `current` the plugin reports). */
  admitted: number;
  /** The shared row said the window is used up: refuse locally until it ends, without a write. */
  exhausted: boolean;
  claiming: Promise<void> | null;
}

const { maxLeaseDivisor, remainingDivisor } = SHARED_RATE_LIMIT;

/** The lease the next claim takes when `used` requests of `max` are already handed out. */
export const leaseFor = (max: number, used: number) =>
  used >= max ? 0 : Math.max(1, Math.min(Math.floor(max / maxLeaseDivisor), Math.floor((max - used) / remainingDivisor)));

/**
 * Counters shared by every process on one PostgreSQL (docs/decisions/0381). Windows are fixed
 * (aligned to multiples of the window length) so every process agrees on them without asking. A
 * process takes a lease from the key's window row with one upsert and admits that many requests
 * from memory; a limit of N therefore never admits more than N across all processes, and costs a
 * write per lease rather than per request. A refused window is remembered locally until it ends,
 * so a flood of refused requests writes nothing. Should the database fail, the process falls back
 * to counting on its own (each process enforcing the whole limit) rather than refusing everyone.
 */
export function createSharedRateLimitStore(database: Database, log: FastifyBaseLogger, now: () => number = Date.now) {
  const windows = new Map<string, Window>();
  const stats = { claims: 0 };

  const claim = async (key: string, w: Window, windowMs: number, max: number) => {
    stats.claims += 1;
    const [row] = await database.query<{ granted: number }>(
      `INSERT INTO rate_limit_windows AS w (key, window_start, window_end, used, granted)
       VALUES ($1, $2, to_timestamp($3 / 1000.0), $4, $4)
       ON CONFLICT (key, window_start) DO UPDATE SET
         granted = CASE WHEN w.used >= $5 THEN 0 ELSE GREATEST(1, LEAST($6, ($5 - w.used) / $7)) END,
         used = w.used + CASE WHEN w.used >= $5 THEN 0 ELSE GREATEST(1, LEAST($6, ($5 - w.used) / $7)) END
       RETURNING granted`,
      [key, w.start, w.start + windowMs, leaseFor(max, 0), max, Math.floor(max / maxLeaseDivisor), remainingDivisor],
    );
    const granted = Number(row?.granted ?? 0);
    if (granted > 0) w.leased += granted;
    else w.exhausted = true;
  };

  const sweep = (at: number) => {
    for (const [key, w] of windows) if (w.start + Number(key.slice(0, key.indexOf('|'))) <= at) windows.delete(key);
  };

  async function hit(key: string, windowMs: number, max: number): Promise<{ current: number; ttl: number }> {
    const at = now();
    const start = Math.floor(at / windowMs) * windowMs;
    const ttl = start + windowMs - at;
    const id = `${windowMs}|${key}`;
    let w = windows.get(id);
    if (!w || w.start !== start) {
      if (windows.size > 10_000) sweep(at);
      w = { start, leased: 0, admitted: 0, exhausted: false, claiming: null };
      windows.set(id, w);
    }
    // Concurrent requests of one key wait for a single claim instead of each taking a lease.
    while (w.leased === 0 && !w.exhausted) {
      w.claiming ??= claim(key, w, windowMs, max).finally(() => (w.claiming = null));
      await w.claiming;
    }
    if (w.leased === 0) return { current: max + 1, ttl };
    w.leased -= 1;
    w.admitted += 1;
    return { current: Math.min(w.admitted, max), ttl };
  }

  const fallback = new Map<string, { start: number; count: number }>();
  function hitLocally(key: string, windowMs: number): { current: number; ttl: number } {
    const at = now();
    const start = Math.floor(at / windowMs) * windowMs;
    const id = `${windowMs}|${key}`;
    let c = fallback.get(id);
    if (!c || c.start !== start) {
      if (fallback.size > 10_000) fallback.clear();
      fallback.set(id, (c = { start, count: 0 }));
    }
    c.count += 1;
    return { current: c.count, ttl: start + windowMs - at };
  }

  const store: RateLimitStore = {
    incr(key, callback, timeWindow, max) {
      hit(key, timeWindow, max).then(
        (result) => callback(null, result),
        (err: unknown) => {
          log.warn({ err }, 'shared rate-limit counter unavailable; counting in this process');
          callback(null, hitLocally(key, timeWindow));
        },
      );
    },
    child: () => store,
  };
  return { store, stats, hit };
}

/** Deletes windows that have ended (a scheduled job; the rows are only read while current). */
export async function purgeEndedRateLimitWindows(database: Database): Promise<void> {
  await database.query('DELETE FROM rate_limit_windows WHERE window_end < now()');
}
