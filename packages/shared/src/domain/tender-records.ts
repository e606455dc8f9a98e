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
