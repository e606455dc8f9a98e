import { formatLongDate } from './format';
import { ukTimeToInstant, ukWallClock } from './uk-time';

/**
 * The standstill after an award (decision 0526): `days` calendar days after the day of the award,
 * ending at midnight UK time at the end of the last day (as the Public Contracts Regulations 2015
 * count it), whatever the season.
 */
export function standstillEnd(awardedAt: Date, days: number): Date {
  const d = ukWallClock(awardedAt);
  return ukTimeToInstant(d.year, d.month, d.day + days + 1, 0);
}

/** The standstill's last day as people read it: '11 December 2026'. */
export const standstillLastDay = (endsAt: string | Date) => formatLongDate(new Date(new Date(endsAt).getTime() - 1));

/**
 * The standstill's default length for an award at `awardedAt` (decision 0559): the fewest calendar
 * days, at least `min`, after the award day whose span (the award day included) holds eight working
 * days, Monday to Friday in UK time, as the Procurement Act 2023 (section 51) counts its mandatory
 * standstill from the day the award is published. Bank holidays are not known here: the owner
 * lengthens it over them.
 */
export function standstillDefaultDays(awardedAt: Date, min: number): number {
  const d = ukWallClock(awardedAt);
  let working = 0;
  for (let n = 0; ; n++) {
    const weekday = new Date(Date.UTC(d.year, d.month - 1, d.day + n)).getUTCDay();
    if (weekday !== 0 && weekday !== 6) working++;
    if (working >= 8 && n >= min) return n;
  }
}
