/** A calendar date with no time: the same day wherever it is read. */
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

const ukParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  hourCycle: 'h23',
});

interface DateParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

/**
 * The UK wall-clock fields of an instant. A UK marketplace shows UK dates, and the server's render
 * and the browser must print the same text whatever their time zones (a page rendered in UTC is
 * hydrated in a visitor's browser, decision 0370).
 */
function inUkTime(date: Date): DateParts {
  const part = Object.fromEntries(ukParts.formatToParts(date).map((p) => [p.type, Number(p.value)])) as Record<
    string,
    number
  >;
  return { year: part.year!, month: part.month!, day: part.day!, hour: part.hour!, minute: part.minute! };
}

/** The date patterns the product prints (docs/product/platform.md#formats). */
export type DatePattern = 'dd/MM/yyyy' | 'dd/MM/yyyy HH:mm' | 'd MMMM yyyy';

const two = (n: number) => String(n).padStart(2, '0');

/**
 * en-GB dates (docs/product/platform.md#formats): 22/11/2026, or 'N/A' when missing or invalid;
 * instants in UK time, a calendar date as that day. Intl alone: date-fns cost the first load of
 * every page that prints a date about 6 KB (decision 0375).
 */
export function formatDate(value: string | Date | null | undefined, pattern: DatePattern = 'dd/MM/yyyy'): string {
  if (value == null || value === '') return 'N/A';
  const calendar = typeof value === 'string' ? DATE_ONLY.exec(value) : null;
  let d: DateParts;
  if (calendar) {
    const [year, month, day] = calendar.slice(1).map(Number) as [number, number, number];
    const check = new Date(Date.UTC(year, month - 1, day));
    if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return 'N/A';
    d = { year, month, day, hour: 0, minute: 0 };
  } else {
    const date = typeof value === 'string' ? new Date(value) : value;
    if (Number.isNaN(date.getTime())) return 'N/A';
    d = inUkTime(date);
  }
  if (pattern === 'd MMMM yyyy') return `${d.day} ${MONTHS[d.month - 1]} ${d.year}`;
  const day = `${two(d.day)}/${two(d.month)}/${d.year}`;
  return pattern === 'dd/MM/yyyy HH:mm' ? `${day} ${two(d.hour)}:${two(d.minute)}` : day;
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
