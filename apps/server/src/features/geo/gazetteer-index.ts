// Over 300 lines: buildIndex is one pass over the bundled files, and the readers here serve only it.
import {
  CLASSES,
  COUNTY_ABBREVIATIONS,
  HISTORIC_AREAS,
  METRO_COUNTIES,
  NI_ALIASES,
  NI_CITIES,
  NI_COUNTIES,
  REGION_ALIASES,
  STOP_WORDS,
  type PlaceClass,
} from './gazetteer-tables';

/**
 * Builds the gazetteer's index from the bundled files (docs/decisions/0121): one entry per place,
 * postcode district and area (counties, regions, boroughs, historic areas at the mean position of
 * their places), and the sorted keys that search answers from.
 */

/** The files in data/gazetteer, as text. */
export interface GazetteerFiles {
  places: string;
  postcodes: string;
  geonames: string;
}

export interface Entry {
  placeName: string;
  lng: number;
  lat: number;
  cls: PlaceClass;
  /** Lower-cased words of county, district, region and country, for "Name, County" queries. */
  context: string;
}

/** One searchable key: an entry's name (or a later word of it) with how it matched. */
export interface Key {
  key: string;
  entry: number;
  /** 0: the whole name from its start; 1: from a later word ('yarmouth' in 'Great Yarmouth'). */
  partial: 0 | 1;
  /** The name the key came from, shown first in place_name when it is not the entry's main one. */
  shownAs: string | null;
}

export interface GazetteerIndex {
  entries: Entry[];
  /** Sorted by `key`. */
  keys: Key[];
  /** The keys' text, in the same order (binary search compares plain strings). */
  sortedKeys: string[];
  /**
   * Distinct whole-name keys for the typo scan, grouped by first letter: a typo in the first letter
   * is rare, and scanning one or two groups keeps a fuzzy search to a few milliseconds.
   */
  fuzzyKeys: Map<string, string[]>;
}

/** The form keys, contexts and queries are compared in: lower-case ASCII words, no accents or punctuation. */
export function normalise(text: string): string {
  // Plain ASCII skips the (slow) Unicode decomposition.
  const ascii = /^[\x00-\x7f]*$/.test(text);
  return (ascii ? text : text.normalize('NFKD').replace(/[\u0300-\u036f]/g, ''))
    .toLowerCase()
    .replace(/['’`]/g, '')
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

export function buildIndex(files: GazetteerFiles): GazetteerIndex {
  const entries: Entry[] = [];
  const keys: Key[] = [];
  // Position sums of each county, metropolitan county, district, region and country.
  const areaSums = new Map<string, { lng: number; lat: number; n: number; country: string }>();
  const counties = new Set<string>();
  const londonBoroughs = new Set<string>();
  const bigPlaces = new Set<string>();
  // Many places share a county line: normalise each distinct one once and share the string.
  const contexts = new Map<string, string>();
  const contextOf = (parts: Array<string | undefined>) => {
    const raw = parts.filter(Boolean).join(' ');
    let context = contexts.get(raw);
    if (context === undefined) contexts.set(raw, (context = normalise(raw)));
    return context;
  };

  const addKeys = (entry: number, name: string, shownAs: string | null) => {
    const norm = normalise(name);
    if (!norm) return;
    keys.push({ key: norm, entry, partial: 0, shownAs });
    const words = norm.split(' ');
    for (let i = 1; i < words.length; i++) {
      const word = words[i]!;
      if (word.length < 3 || STOP_WORDS.has(word)) continue;
      keys.push({ key: words.slice(i).join(' '), entry, partial: 1, shownAs });
    }
  };

  for (const row of rows(files.places)) {
    const [, name, nameLang, name2, name2Lang, localType, lat, lon, , , , district, county, region, country] = row;
    if (!name || !(localType! in CLASSES)) continue;
    // Prefer the English form in the label; the other form stays searchable.
    const englishFirst = name2 && name2Lang === 'eng' && nameLang && nameLang !== 'eng';
    const main = englishFirst ? name2 : name;
    const other = englishFirst ? name : name2;
    const area = countyOf(main, county!, district!, country!);
    const index = entries.length;
    entries.push({
      placeName: `${main}, ${area}`,
      lng: Number(lon),
      lat: Number(lat),
      cls: localType as PlaceClass,
      context: contextOf([county, district, METRO_COUNTIES[district!], region, country]),
    });
    addKeys(index, main, null);
    if (other) addKeys(index, other, `${other} (${main}), ${area}`);
    const englishCounty = county?.split(' - ').pop()?.trim();
    for (const member of [
      englishCounty,
      METRO_COUNTIES[district!],
      district?.split(' - ').pop()?.trim(),
      region ? `region:${region}` : '',
      `country:${country}`,
    ]) {
      if (!member) continue;
      const sum = areaSums.get(member) ?? { lng: 0, lat: 0, n: 0, country: country! };
      sum.lng += Number(lon);
      sum.lat += Number(lat);
      sum.n++;
      areaSums.set(member, sum);
    }
    if (englishCounty) counties.add(englishCounty);
    if (region === 'London' && district) londonBoroughs.add(district);
    if (METRO_COUNTIES[district!]) counties.add(METRO_COUNTIES[district!]!);
    if (localType === 'City' || localType === 'Town') bigPlaces.add(normalise(main!));
  }

  const addArea = (label: string, searchNames: string[], members: string[], country: string, within = country) => {
    const sums = members.map((m) => areaSums.get(m)).filter((x) => x !== undefined);
    const n = sums.reduce((total, x) => total + x.n, 0);
    if (n === 0) return;
    const index = entries.length;
    entries.push({
      placeName: `${label}, ${within}`,
      lng: Math.round((sums.reduce((t, x) => t + x.lng, 0) / n) * 1e5) / 1e5,
      lat: Math.round((sums.reduce((t, x) => t + x.lat, 0) / n) * 1e5) / 1e5,
      cls: 'Area',
      context: contextOf([country]),
    });
    for (const name of [...searchNames, ...(COUNTY_ABBREVIATIONS[label] ?? [])]) addKeys(index, name, null);
  };
  // Counties and unitary areas, at the mean position of their places; not the 'City of Bristol'
  // kind, whose city already answers.
  const plain = (s: string) =>
    normalise(s)
      .replace(/^(the )?(city|county) of /, '')
      .replace(/ city$/, '');
  for (const county of counties) {
    if (bigPlaces.has(plain(county))) continue;
    addArea(county.replace(/^the /, 'The '), [county], [county], areaSums.get(county)!.country);
  }
  for (const [key, sum] of areaSums) {
    if (!key.startsWith('region:')) continue;
    const region = key.slice('region:'.length);
    if (region === sum.country || counties.has(region) || region === 'London' || region === 'West Midlands') continue;
    const label = region === 'Eastern' ? 'East of England' : region;
    addArea(label, [region, ...(REGION_ALIASES[region] ?? [])], [key], sum.country);
  }
  // London boroughs ('Camden', 'Hackney'): users name them as places.
  for (const borough of londonBoroughs) {
    if (!bigPlaces.has(plain(borough)))
      addArea(borough.replace(/^the /i, ''), [borough], [borough], 'England', 'Greater London');
  }
  for (const country of ['England', 'Scotland', 'Wales'])
    addArea(country, [country], [`country:${country}`], 'United Kingdom');
  for (const area of HISTORIC_AREAS)
    addArea(area.label, [area.label, ...(area.aliases ?? [])], area.members, area.country);

  for (const row of rows(files.postcodes)) {
    const [code, lat, lon, , mainPlaces, district, county, region, country] = row;
    if (!code) continue;
    const town = district || mainPlaces?.split(';')[0]?.trim() || '';
    const area = countyOf(town, county!, district!, country!);
    entries.push({
      placeName: [code, town, area !== town ? area : ''].filter(Boolean).join(', '),
      lng: Number(lon),
      lat: Number(lat),
      cls: 'Postcode',
      context: contextOf([county, district, METRO_COUNTIES[district!], region, country, mainPlaces]),
    });
    keys.push({ key: normalise(code).replace(/ /g, ''), entry: entries.length - 1, partial: 0, shownAs: null });
  }

  for (const row of rows(files.geonames)) {
    const [name, lat, lon, admin1] = row;
    // OS Open Names covers Great Britain; GeoNames adds Northern Ireland only.
    if (admin1 !== 'NIR' || !name || / County Borough$/.test(name)) continue;
    bigPlaces.add(normalise(name));
    const index = entries.length;
    entries.push({
      placeName: `${name}, Northern Ireland`,
      lng: Number(lon),
      lat: Number(lat),
      cls: NI_CITIES.has(name) ? 'City' : 'Town',
      context: contextOf(['northern ireland', row[6]]),
    });
    addKeys(index, name, null);
    for (const alias of NI_ALIASES[name] ?? []) addKeys(index, alias, `${alias}, Northern Ireland`);
    const council = row[6]?.trim();
    if (council) {
      const sum = areaSums.get(`ni:${council}`) ?? { lng: 0, lat: 0, n: 0, country: 'Northern Ireland' };
      sum.lng += Number(lon);
      sum.lat += Number(lat);
      sum.n++;
      areaSums.set(`ni:${council}`, sum);
    }
  }
  // Northern Ireland's council areas (mean of their towns) and six counties (fixed centres).
  for (const key of [...areaSums.keys()].filter((k) => k.startsWith('ni:'))) {
    const council = key.slice(3);
    if (!bigPlaces.has(plain(council))) addArea(council, [council], [key], 'Northern Ireland');
  }
  for (const [county, [lat, lng]] of Object.entries(NI_COUNTIES)) {
    entries.push({
      placeName: `County ${county}, Northern Ireland`,
      lng,
      lat,
      cls: 'Area',
      context: 'northern ireland',
    });
    addKeys(entries.length - 1, `County ${county}`, null);
  }
  addArea(
    'Northern Ireland',
    ['Northern Ireland'],
    [...areaSums.keys()].filter((k) => k.startsWith('ni:')),
    'United Kingdom',
  );

  keys.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const sortedKeys = keys.map((k) => k.key);
  const fuzzyKeys = new Map<string, string[]>();
  for (const key of new Set(keys.filter((k) => k.partial === 0 && !/\d/.test(k.key)).map((k) => k.key))) {
    const group = fuzzyKeys.get(key[0]!) ?? [];
    group.push(key);
    fuzzyKeys.set(key[0]!, group);
  }
  return { entries, keys, sortedKeys, fuzzyKeys };
}

/** The county shown after the name: county/unitary, else the metropolitan county, else district; never the name again. */
function countyOf(name: string, county: string, district: string, country: string): string {
  // Welsh areas are bilingual ('Sir Benfro - Pembrokeshire'): show the English part.
  const english = (s: string | undefined) => s?.split(' - ').pop()?.trim();
  // 'the Vale of Glamorgan', 'The City of Brighton and Hove': no leading article in a label.
  const tidy = (s: string | undefined) => s?.replace(/^the /i, '');
  const candidates = [tidy(english(county)), METRO_COUNTIES[district], tidy(english(district))].filter(
    (c): c is string => !!c,
  );
  const plain = (s: string) =>
    normalise(s)
      .replace(/\b(city of|city|county of|county)\b/g, '')
      .replace(/\s+/g, ' ')
      .trim();
  for (const candidate of candidates) if (plain(candidate) !== plain(name)) return candidate;
  return country || 'United Kingdom';
}

/** The rows of a bundled CSV file, without its header line. */
function* rows(csv: string): Generator<string[]> {
  // The header line is skipped. Quoted fields ("Bournemouth, Christchurch and Poole Council") are rare, so
  // plain lines take the fast split.
  let start = csv.indexOf('\n') + 1;
  while (start < csv.length) {
    let end = csv.indexOf('\n', start);
    if (end === -1) end = csv.length;
    const line = csv.slice(start, end).replace(/\r$/, '');
    start = end + 1;
    if (line) yield (line.includes('"') ? splitQuoted(line) : line.split(',')).map(own);
  }
}

/**
 * A field as a string of its own. V8 makes a longer substring a view into its parent, so a name kept
 * by the index held the whole decompressed file (9.7 MB of the heap, decision 0622); one built by
 * concatenation and sliced is flattened into its own few bytes.
 */
const own = (field: string) => (field.length < 13 ? field : ` ${field}`.slice(1));

/** Splits one CSV line with RFC 4180 quoting ("" inside quotes is a quote). */
export function splitQuoted(line: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      fields.push(field);
      field = '';
    } else field += c;
  }
  fields.push(field);
  return fields;
}
