import type { Clock } from '../../platform/clock';

/**
 * Counts failed sign-ins per key (account email, IP) in fixed windows. Only failures count, so a
 * user who signs in correctly is never refused because of their own successful sign-ins, and an
 * attacker's failures lock an account for one window at most (docs/security.md#authentication-passwords-sessions; decision 0103).
 * Counters live in process memory like the other route limits (decision 0004).
 */
export class FailureCounter {
  private readonly entries = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly clock: Clock,
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  /** Milliseconds until the key may try again, or 0 when it is not blocked. */
  blockedFor(key: string): number {
    const now = this.clock.now().getTime();
    const entry = this.entries.get(key);
    if (!entry || entry.resetAt <= now) return 0;
    return entry.count >= this.max ? entry.resetAt - now : 0;
  }

  fail(key: string) {
    const now = this.clock.now().getTime();
    const entry = this.entries.get(key);
    if (!entry || entry.resetAt <= now) {
      if (this.entries.size > 50_000) this.prune(now);
      this.entries.set(key, { count: 1, resetAt: now + this.windowMs });
    } else {
      entry.count += 1;
    }
  }

  clear(key: string) {
    this.entries.delete(key);
  }

  private prune(now: number) {
    for (const [key, entry] of this.entries) if (entry.resetAt <= now) this.entries.delete(key);
  }
}
