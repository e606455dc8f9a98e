/** Injectable time source: jobs, sessions and tokens read the time from here so tests can move it. */
export interface Clock {
  now(): Date;
  /** Waits `ms` on this clock (a data feed's pacing, decision 0460): real timers, or simulated time in tests. */
  sleep?(ms: number): Promise<void>;
}

export const systemClock: Clock = { now: () => new Date(), sleep: (ms) => new Promise<void>((resolve) => setTimeout(resolve, ms)) };

export function fixedClock(start: Date): Clock & { advance(ms: number): void; set(date: Date): void } {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance: (ms) => {
      current += ms;
    },
    set: (date) => {
      current = date.getTime();
    },
    // Simulated time: a wait (a feed's pacing) moves the clock instead of the process sleeping.
    sleep: async (ms) => {
      current += ms;
    },
  };
}

/**
 * Journeys only (decision 0550, env TEST_CLOCK_FILE): the real time moved by the whole milliseconds
 * written in `file` (none, or unreadable: 0), re-read at each reading, so a journey passes a closing
 * time or a standstill period on its own server without waiting. Never on a deployment.
 */
export function fileOffsetClock(file: string, read: (file: string) => string): Clock {
  const offset = () => {
    try {
      const ms = Number(read(file).trim());
      return Number.isSafeInteger(ms) ? ms : 0;
    } catch {
      return 0;
    }
  };
  return { now: () => new Date(Date.now() + offset()), sleep: systemClock.sleep };
}
