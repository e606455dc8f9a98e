import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { GEOCODE_MAX_LIMIT, type GeoFeature, type GeoType } from '@solar/shared/contracts/geo';
import { dataDir } from '../../paths';

export type { GeoFeature, GeoType };

/**
 * The in-memory UK gazetteer behind `GET /api/geocode` (docs/decisions/0121-gazetteer-geocoder.md).
 * Built once from the bundled open data in data/gazetteer: OS Open Names populated places (both
 * name columns), approximate postcode districts and the GeoNames towns of Northern Ireland.
 *
 * Search: a sorted key array answers prefix matches by binary search; when those give too few,
 * a bounded Damerau–Levenshtein scan of the distinct keys adds typo-tolerant matches. Results are
 * ranked by match quality, then settlement size (City > Town > Village > Hamlet), then length.
 */

/** Gazetteer classes, largest first. `rank` feeds the score; `type` is what `types` filters on. */
const CLASSES = {
  City: { rank: 6, type: 'place' },
  Area: { rank: 5.5, type: 'region' },
  Town: { rank: 5, type: 'place' },
  Village: { rank: 3, type: 'locality' },
  'Suburban Area': { rank: 2.5, type: 'neighborhood' },
  Hamlet: { rank: 1, type: 'locality' },
  'Other Settlement': { rank: 0.5, type: 'locality' },
  Postcode: { rank: 4, type: 'postcode' },
} as const satisfies Record<string, { rank: number; type: GeoType }>;
type PlaceClass = keyof typeof CLASSES;

/** Which gazetteer classes answer each requested type (recorded in decision 0121). */
const TYPE_CLASSES: Record<GeoType, readonly PlaceClass[]> = {
  // Counties and regions are places users search for ('Devon', 'South West'), so `place` answers them too.
  place: ['City', 'Town', 'Area'],
  region: ['Area'],
  locality: ['Village', 'Hamlet', 'Other Settlement', 'Postcode'],
  neighborhood: ['Suburban Area'],
  // No address points are bundled: the nearest thing the gazetteer holds is the postcode district.
  address: ['Postcode'],
  postcode: ['Postcode'],
};

interface Entry {
  placeName: string;
  lng: number;
  lat: number;
  cls: PlaceClass;
  /** Lower-cased words of county, district, region and country, for "Name, County" queries. */
  context: string;
}

/** Metropolitan districts carry no county in OS Open Names; users know them by the metropolitan county. */
const METRO_COUNTIES: Record<string, string> = {
  ...Object.fromEntries(
    ['Bolton', 'Bury', 'Manchester', 'Oldham', 'Rochdale', 'Salford', 'Stockport', 'Tameside', 'Trafford', 'Wigan'].map(
      (d) => [d, 'Greater Manchester'],
    ),
  ),
  ...Object.fromEntries(['Knowsley', 'Liverpool', 'St. Helens', 'Sefton', 'Wirral'].map((d) => [d, 'Merseyside'])),
  ...Object.fromEntries(['Barnsley', 'Doncaster', 'Rotherham', 'Sheffield'].map((d) => [d, 'South Yorkshire'])),
  ...Object.fromEntries(['Bradford', 'Calderdale', 'Kirklees', 'Leeds', 'Wakefield'].map((d) => [d, 'West Yorkshire'])),
  ...Object.fromEntries(
    ['Gateshead', 'Newcastle upon Tyne', 'North Tyneside', 'South Tyneside', 'Sunderland'].map((d) => [
      d,
      'Tyne and Wear',
    ]),
  ),
  ...Object.fromEntries(
    ['Birmingham', 'Coventry', 'Dudley', 'Sandwell', 'Solihull', 'Walsall', 'City of Wolverhampton'].map((d) => [
      d,
      'West Midlands',
    ]),
  ),
};

/** Northern Ireland's cities (GeoNames rows carry no settlement class). */
const NI_CITIES = new Set(['Belfast', 'Derry', 'Lisburn', 'Newry', 'Armagh', 'Bangor']);
const NI_ALIASES: Record<string, string[]> = { Derry: ['Londonderry'] };

/** Other names of the English regions (OS says 'Eastern'; REPD says 'Yorkshire and Humber'). */
const REGION_ALIASES: Record<string, string[]> = {
  Eastern: ['East of England', 'East Anglia', 'East'],
  'Yorkshire and the Humber': ['Yorkshire and Humber'],
};

/**
 * Former and ceremonial counties and Scottish regions people still use (and REPD records):
 * placed at the mean position of the current areas they cover.
 */
const HISTORIC_AREAS: Array<{ label: string; aliases?: string[]; members: string[]; country: string }> = [
  {
    label: 'Avon',
    members: ['City of Bristol', 'Bath and North East Somerset', 'North Somerset', 'South Gloucestershire'],
    country: 'England',
  },
  {
    label: 'Berkshire',
    members: ['West Berkshire', 'Reading', 'Wokingham', 'Bracknell Forest', 'Windsor and Maidenhead', 'Slough'],
    country: 'England',
  },
  { label: 'Bedfordshire', members: ['Bedford', 'Central Bedfordshire', 'Luton'], country: 'England' },
  {
    label: 'Cheshire',
    members: ['Cheshire East', 'Cheshire West and Chester', 'Halton', 'Warrington'],
    country: 'England',
  },
  {
    label: 'Cleveland',
    members: ['Hartlepool', 'Middlesbrough', 'Redcar and Cleveland', 'Stockton-on-Tees'],
    country: 'England',
  },
  {
    label: 'Humberside',
    members: [
      'East Riding of Yorkshire',
      'City of Kingston upon Hull',
      'North Lincolnshire',
      'North East Lincolnshire',
    ],
    country: 'England',
  },
  { label: 'Hereford and Worcester', members: ['County of Herefordshire', 'Worcestershire'], country: 'England' },
  { label: 'Herefordshire', members: ['County of Herefordshire'], country: 'England' },
  {
    label: 'Middlesex',
    members: ['Harrow', 'Hillingdon', 'Ealing', 'Brent', 'Barnet', 'Enfield', 'Haringey', 'Hounslow'],
    country: 'England',
  },
  {
    label: 'Yorkshire',
    members: ['North Yorkshire', 'West Yorkshire', 'South Yorkshire', 'East Riding of Yorkshire', 'York'],
    country: 'England',
  },
  {
    label: 'Tyneside',
    members: ['Newcastle upon Tyne', 'Gateshead', 'North Tyneside', 'South Tyneside'],
    country: 'England',
  },
  { label: 'Clwyd', aliases: ['Clywd'], members: ['Conwy', 'Denbighshire', 'Flintshire', 'Wrexham'], country: 'Wales' },
  { label: 'Dyfed', members: ['Carmarthenshire', 'Ceredigion', 'Pembrokeshire'], country: 'Wales' },
  { label: 'Gwent', members: ['Blaenau Gwent', 'Caerphilly', 'Monmouthshire', 'Newport', 'Torfaen'], country: 'Wales' },
  {
    label: 'Glamorgan',
    members: [
      'Bridgend',
      'Merthyr Tydfil',
      'Rhondda Cynon Taf',
      'Cardiff',
      'the Vale of Glamorgan',
      'Swansea',
      'Neath Port Talbot',
    ],
    country: 'Wales',
  },
  { label: 'Mid Glamorgan', members: ['Bridgend', 'Merthyr Tydfil', 'Rhondda Cynon Taf'], country: 'Wales' },
  { label: 'South Glamorgan', members: ['Cardiff', 'the Vale of Glamorgan'], country: 'Wales' },
  { label: 'West Glamorgan', members: ['Swansea', 'Neath Port Talbot'], country: 'Wales' },
  {
    label: 'Strathclyde',
    members: [
      'Argyll and Bute',
      'East Ayrshire',
      'North Ayrshire',
      'South Ayrshire',
      'East Dunbartonshire',
      'West Dunbartonshire',
      'East Renfrewshire',
      'Renfrewshire',
      'Inverclyde',
      'Glasgow City',
      'North Lanarkshire',
      'South Lanarkshire',
    ],
    country: 'Scotland',
  },
  { label: 'Grampian', members: ['Aberdeen City', 'Aberdeenshire', 'Moray'], country: 'Scotland' },
  { label: 'Tayside', members: ['Angus', 'Dundee City', 'Perth and Kinross'], country: 'Scotland' },
  {
    label: 'Lothian',
    members: ['City of Edinburgh', 'East Lothian', 'Midlothian', 'West Lothian'],
    country: 'Scotland',
  },
  { label: 'Central Scotland', members: ['Clackmannanshire', 'Falkirk', 'Stirling'], country: 'Scotland' },
  { label: 'Lanarkshire', members: ['North Lanarkshire', 'South Lanarkshire'], country: 'Scotland' },
  { label: 'Ayrshire', members: ['East Ayrshire', 'North Ayrshire', 'South Ayrshire'], country: 'Scotland' },
  { label: 'Borders', members: ['Scottish Borders'], country: 'Scotland' },
  { label: 'Highlands', members: ['Highland'], country: 'Scotland' },
  { label: 'Western Isles', aliases: ['Outer Hebrides'], members: ['Na h-Eileanan an Iar'], country: 'Scotland' },
];

/** The abbreviations people write for counties ('Bucks', 'Herts', 'Yorks'). */
const COUNTY_ABBREVIATIONS: Record<string, string[]> = {
  Bedfordshire: ['Beds'],
  Berkshire: ['Berks'],
  Buckinghamshire: ['Bucks'],
  Cambridgeshire: ['Cambs'],
  Derbyshire: ['Derbys'],
  Gloucestershire: ['Glos', 'Gloucs'],
  Hampshire: ['Hants'],
  Hertfordshire: ['Herts'],
  Lancashire: ['Lancs'],
  Leicestershire: ['Leics'],
  Lincolnshire: ['Lincs'],
  Northamptonshire: ['Northants'],
  Nottinghamshire: ['Notts'],
  Oxfordshire: ['Oxon'],
  Shropshire: ['Salop'],
  Staffordshire: ['Staffs'],
  Wiltshire: ['Wilts'],
  Worcestershire: ['Worcs'],
  Yorkshire: ['Yorks'],
};

/** Approximate centres of Northern Ireland's six counties (GeoNames rows carry councils only). */
const NI_COUNTIES: Record<string, [number, number]> = {
  Antrim: [54.86, -6.25],
  Armagh: [54.3, -6.6],
  Down: [54.35, -5.9],
  Fermanagh: [54.35, -7.63],
  Londonderry: [54.9, -6.9],
  Tyrone: [54.6, -7.1],
};

/** Qualifier words that say nothing beyond "in the UK". */
const NOISE_QUALIFIERS = new Set(['uk', 'united kingdom', 'gb', 'great britain', 'britain']);

const POSTCODE = /^([a-z]{1,2}\d[a-z\d]?)(?:\s*(\d[a-z]{2}))?$/;

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

export interface Gazetteer {
  search(query: string, options?: { types?: readonly string[]; limit?: number }): GeoFeature[];
  readonly size: { entries: number; keys: number };
}

/** One searchable key: an entry's name (or a later word of it) with how it matched. */
interface Key {
  key: string;
  entry: number;
  /** 0: the whole name from its start; 1: from a later word ('yarmouth' in 'Great Yarmouth'). */
  partial: 0 | 1;
  /** The name the key came from, shown first in place_name when it is not the entry's main one. */
  shownAs: string | null;
}

export function buildGazetteer(files: { places: string; postcodes: string; geonames: string }): Gazetteer {
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
  // Distinct whole-name keys for the typo scan, grouped by first letter: a typo in the first letter
  // is rare, and scanning one or two groups keeps a fuzzy search to a few milliseconds.
  const fuzzyKeys = new Map<string, string[]>();
  for (const key of new Set(keys.filter((k) => k.partial === 0 && !/\d/.test(k.key)).map((k) => k.key))) {
    const group = fuzzyKeys.get(key[0]!) ?? [];
    group.push(key);
    fuzzyKeys.set(key[0]!, group);
  }

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

  function search(query: string, options: { types?: readonly string[]; limit?: number } = {}): GeoFeature[] {
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

  function uncachedSearch(query: string, options: { types?: readonly string[]; limit?: number }): GeoFeature[] {
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

  return { search, size: { entries: entries.length, keys: keys.length } };
}

/** An exact name beats a prefix match one class larger only when it is at least a town of its own. */
const EXACT_BONUS = 8;

const STOP_WORDS = new Set([
  'the',
  'and',
  'upon',
  'under',
  'with',
  'next',
  'over',
  'cum',
  'les',
  'le',
  'on',
  'in',
  'by',
  'of',
  'sea',
]);

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

function* rows(csv: string): Generator<string[]> {
  // The header line is skipped. Quoted fields ("Bournemouth, Christchurch and Poole Council") are rare, so
  // plain lines take the fast split.
  let start = csv.indexOf('\n') + 1;
  while (start < csv.length) {
    let end = csv.indexOf('\n', start);
    if (end === -1) end = csv.length;
    const line = csv.slice(start, end).replace(/\r$/, '');
    start = end + 1;
    if (line) yield line.includes('"') ? splitQuoted(line) : line.split(',');
  }
}

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

let shared: Gazetteer | null = null;

/** Loads the bundled gazetteer once (call at start so the first request is not the one that pays). */
export function loadGazetteer(dir = join(dataDir, 'gazetteer')): Gazetteer {
  if (shared) return shared;
  const read = (file: string) => gunzipSync(readFileSync(join(dir, file))).toString('utf8');
  shared = buildGazetteer({
    places: read('gb-populated-places.csv.gz'),
    postcodes: read('gb-postcode-districts-approx.csv.gz'),
    geonames: read('geonames-gb-cities1000.csv.gz'),
  });
  return shared;
}

/**
 * UK location suggestions for `query` (at most 5; `limit` 1 for a profile location; empty input
 * gives none). Other features call this directly (providers' POST /place, the directory seed).
 */
export function geocode(query: string, options: { types?: string[]; limit?: number } = {}): GeoFeature[] {
  return loadGazetteer().search(query, options);
}
