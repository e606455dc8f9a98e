/**
 * Counts as English (decision 0351). Kept apart from ./format.ts so the pages that show a count
 * do not load the date formats with it (the directory's first-load budget, decision 0291).
 */
const whole = new Intl.NumberFormat('en-GB');
const plural = new Intl.PluralRules('en-GB');

/** A count with thousands separators: 4,219 (decision 0351). */
export const formatNumber = (n: number): string => whole.format(n);

/**
 * A count and its noun, formatted and agreeing in number (decision 0351): '1 tender',
 * '4,219 projects', '0 providers'. Nouns with an irregular plural pass it.
 */
export function formatCount(n: number, singular: string, pluralForm = `${singular}s`): string {
  return `${formatNumber(n)} ${plural.select(n) === 'one' ? singular : pluralForm}`;
}
