/**
 * Company names as people type them (decision 0503): case, '&' or 'and', 'Ltd' or 'Limited', dots
 * and apostrophes ('A.M.P.', "Sainsbury's"), other punctuation and missing words do not decide a
 * match. The server keeps the same key in SQL (`provider_name_key`, migration 0110) and indexes it;
 * a test holds the two to the same answer on any text.
 */

/** Words a company name may carry or leave out without naming another company. */
export const COMPANY_STOP_WORDS: ReadonlySet<string> = new Set(['and', 'the', 'ltd', 'limited', 'plc', 'llp', 'lp', 'inc', 'co', 'company']);

/**
 * The searchable form of a name: dots and apostrophes dropped, '&' read as 'and', anything but
 * ASCII letters and digits a space, lower case, single spaces, no spaces at either end.
 */
export function companyNameKey(name: string): string {
  return name
    .replace(/[.'’]/g, '')
    .replace(/&/g, ' and ')
    .replace(/[^A-Za-z0-9]+/g, ' ')
    .toLowerCase()
    .trim();
}

/**
 * The words of a typed name that must each appear in a matching name: its key's words less the
 * stop words, each once; all of them when it has nothing else (someone searching for 'Ltd').
 */
export function companyNameTokens(query: string): string[] {
  const words = [...new Set(companyNameKey(query).split(' ').filter(Boolean))];
  const kept = words.filter((w) => !COMPANY_STOP_WORDS.has(w));
  return kept.length > 0 ? kept : words;
}

/** Whether a name matches a typed one: each of its words is in the name's key (the directory's company filter). */
export function matchesCompanyName(name: string, query: string): boolean {
  const tokens = companyNameTokens(query);
  if (tokens.length === 0) return true;
  const key = companyNameKey(name);
  return tokens.every((t) => key.includes(t));
}
