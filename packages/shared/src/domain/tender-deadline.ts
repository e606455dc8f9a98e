/**
 * Deadlines and receipts in UK time (issue 27 part A; decisions 0444, 0513, 0514): the same text
 * on the server (mail) and in any browser, whatever its time zone.
 */

const ukSeconds = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
  timeZoneName: 'short',
});

/** An instant in UK time to the second, with the zone in force ('27/11/2026 21:04:09 GMT', 'BST' in summer). */
export function formatUkDateTimeSeconds(value: string | Date): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return 'N/A';
  const p = Object.fromEntries(ukSeconds.formatToParts(date).map((x) => [x.type, x.value]));
  // en-GB names the summer zone 'BST' (other engines 'GMT+1'): anything but GMT is BST.
  const zone = p.timeZoneName === 'GMT' ? 'GMT' : 'BST';
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}:${p.second} ${zone}`;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * How long until a deadline, as people say it: 'Closes in 2 days 4 hours', 'Closes in 3 hours
 * 5 minutes', 'Closes in 45 seconds', 'Closed' (or another `verb`: 'Opens in 2 days'). Counted in elapsed time, so the browser's zone does
 * not matter; `now` should be the server's clock as near as the browser knows it.
 */
export function closesIn(closesAt: string | Date | null | undefined, now: Date = new Date(), verb = 'Closes', past = 'Closed'): string | null {
  if (closesAt == null || closesAt === '') return null;
  const end = typeof closesAt === 'string' ? new Date(closesAt) : closesAt;
  if (Number.isNaN(end.getTime())) return null;
  const left = end.getTime() - now.getTime();
  if (left <= 0) return past;
  const days = Math.floor(left / DAY);
  const hours = Math.floor((left % DAY) / HOUR);
  const minutes = Math.floor((left % HOUR) / MINUTE);
  if (days > 0) return `${verb} in ${plural(days, 'day')}${hours > 0 ? ` ${plural(hours, 'hour')}` : ''}`;
  if (hours > 0) return `${verb} in ${plural(hours, 'hour')}${minutes > 0 ? ` ${plural(minutes, 'minute')}` : ''}`;
  if (minutes > 0) return `${verb} in ${plural(minutes, 'minute')}`;
  return `${verb} in ${plural(Math.ceil(left / 1000), 'second')}`;
}

/** How often a countdown needs redrawing: every second in the last minute, else every 30 seconds. */
export const countdownTick = (closesAt: string | Date, now: Date = new Date()) =>
  new Date(closesAt).getTime() - now.getTime() <= MINUTE ? 1000 : 30_000;
