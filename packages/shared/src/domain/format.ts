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

/**
 * A date and time a person reads, labelled: '24/12/2026 17:00 UK time' (issue 27 defect 4, decision
 * 0444). Closing dates are kept by the server's clock and shown in UK time whatever the browser's zone.
 */
export const formatUkDateTime = (value: string | Date | null | undefined) => {
  const text = formatDate(value, 'dd/MM/yyyy HH:mm');
  return text === 'N/A' ? text : `${text} UK time`;
};

/** An instant as a `datetime-local` value in UK wall-clock time ('2026-12-24T17:00'), whatever the browser's zone. */
export function toUkDateTimeInput(value: string | Date | null | undefined): string {
  if (value == null || value === '') return '';
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  const d = inUkTime(date);
  return `${d.year}-${two(d.month)}-${two(d.day)}T${two(d.hour)}:${two(d.minute)}`;
}

/** Minutes the UK's wall clock is ahead of UTC at an instant (0 in winter, 60 in summer). */
function ukOffsetMinutes(ms: number): number {
  const d = inUkTime(new Date(ms));
  return Math.round((Date.UTC(d.year, d.month - 1, d.day, d.hour, d.minute) - Math.floor(ms / 60_000) * 60_000) / 60_000);
}

const LOCAL_INPUT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/**
 * A `datetime-local` value read as UK wall-clock time, to an ISO instant ('' when not a date and
 * time). A time the clocks skip in March is read as the hour after; one they repeat in October as
 * the first.
 */
export function fromUkDateTimeInput(value: string): string {
  const m = LOCAL_INPUT.exec(value.trim());
  if (!m) return '';
  const [year, month, day, hour, minute] = m.slice(1).map(Number) as [number, number, number, number, number];
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  const check = new Date(wall);
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || hour > 23 || minute > 59) return '';
  // The instants that show this wall-clock time in the UK (GMT or BST), the earlier first.
  const fits = [60, 0].map((offset) => wall - offset * 60_000).filter((ms) => ukOffsetMinutes(ms) * 60_000 === wall - ms);
  // None in the skipped hour: read with the offset before the change, which lands an hour later.
  const instant = fits[0] ?? wall - ukOffsetMinutes(wall - 12 * 3_600_000) * 60_000;
  return new Date(instant).toISOString();
}
