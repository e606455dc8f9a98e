import { format, isValid, parseISO } from 'date-fns';
import { enGB } from 'date-fns/locale/en-GB';

/** A calendar date with no time: the same day wherever it is read. */
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

const ukParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
  hourCycle: 'h23',
});

/**
 * The UK wall-clock time of an instant, as a local Date for date-fns to format. A UK marketplace
 * shows UK dates, and the server's render and the browser must print the same text whatever
 * their time zones (a page rendered in UTC is hydrated in a visitor's browser, decision 0370).
 */
function inUkTime(date: Date): Date {
  const part = Object.fromEntries(ukParts.formatToParts(date).map((p) => [p.type, Number(p.value)])) as Record<string, number>;
  return new Date(part.year!, part.month! - 1, part.day!, part.hour!, part.minute!, part.second!);
}

/** en-GB dates (docs/product/platform.md#formats): 22/11/2026, or 'N/A' when missing or invalid; instants in UK time. */
export function formatDate(value: string | Date | null | undefined, pattern = 'dd/MM/yyyy'): string {
  if (value == null || value === '') return 'N/A';
  const date = typeof value === 'string' ? parseISO(value) : value;
  if (!isValid(date)) return 'N/A';
  return format(typeof value === 'string' && DATE_ONLY.test(value) ? date : inUkTime(date), pattern, { locale: enGB });
}

/** Long en-GB date: 22 November 2026. */
export const formatLongDate = (value: string | Date | null | undefined) => formatDate(value, 'd MMMM yyyy');

const gbp = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', maximumFractionDigits: 0 });
const gbpPence = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });

/** GBP amounts: whole pounds unless pence matter. */
export function formatGBP(amount: number | null | undefined): string {
  if (amount == null || !Number.isFinite(amount)) return 'N/A';
  return Number.isInteger(amount) ? gbp.format(amount) : gbpPence.format(amount);
}

