const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const SHORT = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/**
 * A REPD release id ('repd-q4-jan-2025', the publication month) in words, and the month the next
 * quarterly release is expected (three months later): 'January 2025' → 'April 2025' (decision 0464).
 */
export function repdReleaseMonths(release: string | null): { loaded: string; expected: string } | null {
  const m = release ? /^repd-q[1-4]-([a-z]{3})-(\d{4})$/.exec(release) : null;
  if (!m) return null;
  const month = SHORT.indexOf(m[1]!);
  if (month < 0) return null;
  const year = Number(m[2]);
  const next = month + 3;
  return { loaded: `${MONTHS[month]} ${year}`, expected: `${MONTHS[next % 12]} ${year + Math.floor(next / 12)}` };
}
