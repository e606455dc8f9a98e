/**
 * Tolerant JSON for the data feeds (decision 0460). Find a Tender has served numbers JSON does not
 * allow (`1e9999`, ` 000,`: kingfisher-collect's `united_kingdom_fts` spider repairs both, commit
 * f7b809f0 closing #1270). A page that does not parse is repaired token by token outside strings
 * (leading zeros dropped, `NaN`/`Infinity` read as null); a page that still does not parse has its
 * `releases` read one by one, so one bad release is dropped and counted and the rest of the page kept.
 */
export interface TolerantJson {
  json: unknown;
  /** What was repaired: 'numbers with leading zeros'. */
  repairs: string[];
  /** Releases that could not be read even after repair (left out of `json.releases`). */
  unreadable: number;
}

export function parseTolerant(text: string): TolerantJson | null {
  try {
    return { json: JSON.parse(text) as unknown, repairs: [], unreadable: 0 };
  } catch {
    // fall through to the repair
  }
  const repaired = repairNumbers(text);
  try {
    return { json: JSON.parse(repaired.text) as unknown, repairs: repaired.repairs, unreadable: 0 };
  } catch {
    return salvageReleases(repaired.text, repaired.repairs);
  }
}

/** Rewrites invalid number tokens outside strings: `000` → `0`, `-007.5` → `-7.5`, `NaN`/`Infinity` → null. */
export function repairNumbers(text: string): { text: string; repairs: string[] } {
  const repairs = new Set<string>();
  let out = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '"') {
      const end = stringEnd(text, i);
      out += text.slice(i, end);
      i = end;
      continue;
    }
    const number = /^-?\d+(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i, i + 400));
    if (number && !/[\w.]/.test(text[i - 1] ?? ' ')) {
      const token = number[0];
      const fixed = token.replace(/^(-?)0+(?=\d)/, '$1');
      if (fixed !== token) repairs.add('numbers with leading zeros');
      out += fixed;
      i += token.length;
      continue;
    }
    const word = /^-?(NaN|Infinity)\b/.exec(text.slice(i, i + 10));
    if (word) {
      repairs.add('NaN or Infinity read as null');
      out += 'null';
      i += word[0].length;
      continue;
    }
    out += c;
    i++;
  }
  return { text: out, repairs: [...repairs] };
}

/** The index just past the string that starts at `start` (a `"`), escapes honoured. */
function stringEnd(text: string, start: number): number {
  let i = start + 1;
  while (i < text.length) {
    if (text[i] === '\\') i += 2;
    else if (text[i] === '"') return i + 1;
    else i++;
  }
  return text.length;
}

/** The end of the value (object or array) opening at `start`, or -1. */
function valueEnd(text: string, start: number): number {
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (c === '"') i = stringEnd(text, i) - 1;
    else if (c === '{' || c === '[') depth++;
    else if (c === '}' || c === ']') {
      depth--;
      if (depth === 0) return i + 1;
    }
  }
  return -1;
}

/** A release package whose `releases` are parsed one by one; `links` read when it parses. */
function salvageReleases(text: string, repairs: string[]): TolerantJson | null {
  const key = /"releases"\s*:\s*\[/.exec(text);
  if (!key) return null;
  const releases: unknown[] = [];
  let unreadable = 0;
  let i = key.index + key[0].length;
  for (;;) {
    while (i < text.length && /[\s,]/.test(text[i]!)) i++;
    if (i >= text.length || text[i] === ']') break;
    if (text[i] !== '{') return null;
    const end = valueEnd(text, i);
    if (end < 0) return null;
    try {
      releases.push(JSON.parse(text.slice(i, end)) as unknown);
    } catch {
      unreadable++;
    }
    i = end;
  }
  const links = /"links"\s*:\s*\{/.exec(text.slice(i));
  let parsedLinks: unknown;
  if (links) {
    const start = i + links.index + links[0].length - 1;
    const end = valueEnd(text, start);
    try {
      parsedLinks = end > 0 ? (JSON.parse(text.slice(start, end)) as unknown) : undefined;
    } catch {
      parsedLinks = undefined;
    }
  }
  return { json: { releases, ...(parsedLinks ? { links: parsedLinks } : {}) }, repairs: [...repairs, 'releases read one by one'], unreadable };
}
