import { UK_TIME_ZONE } from '../constants/alerts';

/**
 * UK time (Europe/London) for alert digests (decision 0472): a digest set for 08:00 goes at 08:00 on
 * the wall clock in winter (GMT) and in summer (BST). On the day the clocks go forward an hour that
 * does not exist (01:00–01:59) is taken as the first moment after the gap; on the day they go back,
 * the hour that happens twice is taken the second time, so a digest goes once.
 */

const parts = new Intl.DateTimeFormat('en-GB', {
  timeZone: UK_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

/** The UK wall clock at an instant. */
export function ukWallClock(instant: Date): { year: number; month: number; day: number; hour: number; minute: number } {
  const p = Object.fromEntries(parts.formatToParts(instant).map((x) => [x.type, Number(x.value)])) as Record<string, number>;
  return { year: p.year!, month: p.month!, day: p.day!, hour: p.hour!, minute: p.minute! };
}

/** UK wall-clock time minus UTC at `ms`, in ms (0 in winter, 3,600,000 in summer). */
function offsetAt(ms: number): number {
  const w = ukWallClock(new Date(ms));
  const seconds = new Date(ms).getUTCSeconds();
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, seconds) - (ms - new Date(ms).getUTCMilliseconds());
}

/** The instant the UK wall clock shows `hour`:00 on a calendar day (month 1–12). */
export function ukTimeToInstant(year: number, month: number, day: number, hour: number): Date {
  const naive = Date.UTC(year, month - 1, day, hour);
  const first = naive - offsetAt(naive);
  return new Date(naive - offsetAt(first));
}

/** ISO weekday (1 Monday … 7 Sunday) of a calendar day. */
const isoWeekday = (year: number, month: number, day: number) => ((new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7) + 1;

/**
 * When a digest is next due after `after`: the next `hour`:00 UK time (daily), or the next one on
 * ISO weekday `weekday` (weekly); strictly later than `after`.
 */
export function nextDigestAt(after: Date, frequency: 'daily' | 'weekly', hour: number, weekday: number): Date {
  const today = ukWallClock(after);
  for (let k = 0; k <= 8; k++) {
    const date = new Date(Date.UTC(today.year, today.month - 1, today.day + k));
    const [y, m, d] = [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()];
    if (frequency === 'weekly' && isoWeekday(y, m, d) !== weekday) continue;
    const at = ukTimeToInstant(y, m, d, hour);
    if (at.getTime() > after.getTime()) return at;
  }
  throw new Error('no digest time within eight days');
}
