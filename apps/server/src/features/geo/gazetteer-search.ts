import { GEOCODE_MAX_LIMIT, type GeoFeature, type GeoType } from '@solar/shared/contracts/geo';
import { normalise, type GazetteerIndex, type Key } from './gazetteer-index';
import { CLASSES, NOISE_QUALIFIERS, TYPE_CLASSES, type PlaceClass } from './gazetteer-tables';

/**
 * Searching the gazetteer's index (docs/decisions/0121): the sorted keys answer prefix matches by
 * binary search; when those give too few, a bounded Damerau–Levenshtein scan of the distinct keys
 * adds typo-tolerant matches. Results are ranked by match quality, then settlement size
 * (City > Town > Village > Hamlet), then length; recent answers are kept.
 */

export interface SearchOptions {
  types?: readonly string[];
  limit?: number;
}

const POSTCODE = /^([a-z]{1,2}\d[a-z\d]?)(?:\s*(\d[a-z]{2}))?$/;

/** An exact name beats a prefix match one class larger only when it is at least a town of its own. */
const EXACT_BONUS = 8;

export function createSearch({
  entries,
  keys,
  sortedKeys,
  fuzzyKeys,
}: GazetteerIndex): (query: string, options?: SearchOptions) => GeoFeature[] {
  function prefixRange(prefix: string): [number, number] {
    let lo = 0;
    let hi = sortedKeys.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (sortedKeys[mid]! < prefix) lo = mid + 1;
      else hi = mid;
    }
    const start = lo;
    hi = sortedKeys.length;
    const end = prefix + '\uffff';
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (sortedKeys[mid]! < end) lo = mid + 1;
      else hi = mid;
    }
    return [start, lo];
  }

  function exactRange(key: string): [number, number] {
    const [start, end] = prefixRange(key);
    let stop = start;
    while (stop < end && sortedKeys[stop] === key) stop++;
    return [start, stop];
  }

  interface Hit {
    entry: number;
    score: number;
    label: string;
  }

  function collect(name: string, qualifiers: string[], allowed: Set<PlaceClass>, wantPostcodes: boolean): Hit[] {
    const best = new Map<number, Hit>();
    const consider = (k: Key, quality: number) => {
      const entry = entries[k.entry]!;
      if (!allowed.has(entry.cls)) return;
      if (entry.cls === 'Postcode' && !wantPostcodes) return;
      let score = quality + CLASSES[entry.cls].rank * 10 - k.key.length * 0.1;
      if (k.partial) score -= 20;
      if (qualifiers.length) {
        const matched = qualifiers.filter((q) => (' ' + entry.context + ' ').includes(' ' + q));
        score += matched.length === qualifiers.length ? 40 : matched.length * 10 - 5;
      }
      const previous = best.get(k.entry);
      if (!previous || previous.score < score)
        best.set(k.entry, { entry: k.entry, score, label: k.shownAs ?? entry.placeName });
    };

    const postcode = POSTCODE.exec(name);
    const compact = name.replace(/ /g, '');
    if (postcode && wantPostcodes) {
      const outcode = postcode[2] ? postcode[1]! : compact;
      let [start, end] = postcode[2] ? exactRange(outcode) : prefixRange(outcode);
      // A district the data lacks ('EC1A' has no populated place): offer its neighbours ('EC1R', 'EC1V').
      if (start === end && outcode.length >= 3) [start, end] = prefixRange(outcode.slice(0, -1));
      for (let i = start; i < end; i++) {
        const k = keys[i]!;
        if (entries[k.entry]!.cls !== 'Postcode') continue;
        consider(k, k.key === compact ? 35 : 10 - Math.abs(k.key.length - outcode.length) * 2);
      }
    }
    const [start, end] = prefixRange(name);
    for (let i = start; i < end; i++) {
      const k = keys[i]!;
      if (entries[k.entry]!.cls === 'Postcode') continue;
      consider(k, k.key === name ? EXACT_BONUS : 0);
    }
    return [...best.values()];
  }

  function fuzzy(name: string, allowed: Set<PlaceClass>, qualifiers: string[], exclude: Set<number>): Hit[] {
    const maxEdits = name.length < 4 ? 0 : name.length < 6 ? 1 : name.length < 10 ? 2 : 3;
    if (maxEdits === 0) return [];
    const hits: Hit[] = [];
    const matchedKeys: Array<[string, number]> = [];
    // The query's first letter, or its second (an extra letter typed at the start).
    const groups = new Set([name[0]!, name[1]!]);
    const candidates = [...groups].flatMap((letter) => fuzzyKeys.get(letter) ?? []);
    for (const key of candidates) {
      if (key.length < name.length - maxEdits) continue;
      const d = prefixDistance(name, key, maxEdits);
      if (d <= maxEdits) matchedKeys.push([key, d]);
    }
    for (const [key, d] of matchedKeys) {
      const [start, end] = exactRange(key);
      for (let i = start; i < end; i++) {
        const k = keys[i]!;
        if (exclude.has(k.entry) || k.partial) continue;
        const entry = entries[k.entry]!;
        if (!allowed.has(entry.cls) || entry.cls === 'Postcode') continue;
        let score = CLASSES[entry.cls].rank * 10 - d * 25 - 10 - Math.abs(key.length - name.length) * 0.5;
        if (qualifiers.some((q) => (' ' + entry.context + ' ').includes(' ' + q))) score += 20;
        hits.push({ entry: k.entry, score, label: k.shownAs ?? entry.placeName });
      }
    }
    return hits;
  }

  // Suggestions repeat (every keystroke of a popular name): keep the last answers.
  const cache = new Map<string, GeoFeature[]>();
  const CACHE_SIZE = 2000;

  function search(query: string, options: SearchOptions = {}): GeoFeature[] {
    const cacheKey = `${query.toLowerCase().trim()}|${[...(options.types ?? [])].sort().join(',')}|${options.limit ?? ''}`;
    const cached = cache.get(cacheKey);
    if (cached) {
      cache.delete(cacheKey);
      cache.set(cacheKey, cached);
      return structuredClone(cached);
    }
    const features = uncachedSearch(query, options);
    cache.set(cacheKey, features);
    if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!);
    return structuredClone(features);
  }

  function uncachedSearch(query: string, options: SearchOptions): GeoFeature[] {
    const limit = Math.max(1, Math.min(GEOCODE_MAX_LIMIT, Math.trunc(options.limit ?? GEOCODE_MAX_LIMIT)));
    const types = (options.types ?? []).filter((t): t is GeoType => t in TYPE_CLASSES);
    const allowed = new Set<PlaceClass>(
      types.length ? types.flatMap((t) => TYPE_CLASSES[t]) : (Object.keys(CLASSES) as PlaceClass[]),
    );
    const wantPostcodes = allowed.has('Postcode');

    // "Harrogate, North Yorkshire, UK": the first part names the place, the rest qualify it.
    // 'Co. Antrim' is how County Antrim is written.
    const parts = query
      .split(',')
      .map((part) => normalise(part).replace(/^co /, 'county '))
      .filter(Boolean);
    if (parts.length === 0) return [];
    // 'County Fermanagh and Omagh' (REPD's 'Co. Fermanagh & Omagh') is the council without 'county'.
    if (parts[0]!.startsWith('county ') && collect(parts[0]!, [], allowed, wantPostcodes).length === 0)
      parts[0] = parts[0]!.slice(7);
    let words = parts[0]!.split(' ');
    let qualifiers = parts.slice(1).filter((p) => !NOISE_QUALIFIERS.has(p));

    let hits: Hit[] = [];
    // "Harrogate North Yorkshire" without commas: drop trailing words into the qualifiers until a prefix matches.
    while (words.length > 0) {
      hits = collect(words.join(' '), qualifiers, allowed, wantPostcodes);
      if (hits.length > 0 || words.length === 1) break;
      qualifiers = [words.slice(-1)[0]!, ...qualifiers].filter((p) => !NOISE_QUALIFIERS.has(p));
      words = words.slice(0, -1);
    }
    const name = words.join(' ');
    // Typos: only when the prefix search found nothing, or nothing bigger than a hamlet.
    const weak = hits.every((h) => CLASSES[entries[h.entry]!.cls].rank < CLASSES.Village.rank);
    if (weak && hits.length < limit && !POSTCODE.test(name)) {
      // With qualifiers split off the words, retry the whole first part for typos.
      const fuzzyName = hits.length ? name : parts[0]!;
      const fuzzyQualifiers = hits.length ? qualifiers : parts.slice(1).filter((p) => !NOISE_QUALIFIERS.has(p));
      hits.push(...fuzzy(fuzzyName, allowed, fuzzyQualifiers, new Set(hits.map((h) => h.entry))));
    }

    hits.sort((a, b) => b.score - a.score || a.label.localeCompare(b.label));
    const seen = new Set<string>();
    const features: GeoFeature[] = [];
    for (const hit of hits) {
      if (seen.has(hit.label)) continue;
      seen.add(hit.label);
      const entry = entries[hit.entry]!;
      features.push({ place_name: hit.label, center: [entry.lng, entry.lat], place_type: [CLASSES[entry.cls].type] });
      if (features.length === limit) break;
    }
    return features;
  }

  return search;
}

/**
 * Edit distance (with adjacent transpositions) between `query` and the closest prefix of `key`,
 * so 'manchst' is one edit from 'manchester'. Stops early once every cell exceeds `max`.
 */
export function prefixDistance(query: string, key: string, max: number): number {
  const n = query.length;
  const m = Math.min(key.length, n + max);
  let prevPrev: number[] = [];
  let prev = Array.from({ length: m + 1 }, (_, j) => j);
  for (let i = 1; i <= n; i++) {
    const row = [i];
    let rowMin = i;
    for (let j = 1; j <= m; j++) {
      const cost = query.charCodeAt(i - 1) === key.charCodeAt(j - 1) ? 0 : 1;
      let v = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && query[i - 1] === key[j - 2] && query[i - 2] === key[j - 1])
        v = Math.min(v, prevPrev[j - 2]! + 1);
      row.push(v);
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    prevPrev = prev;
    prev = row;
  }
  // The whole query against a prefix of the key at least as long as the query minus the edits.
  let best = max + 1;
  for (let j = Math.max(0, n - max); j <= m; j++) best = Math.min(best, prev[j]!);
  return best;
}
