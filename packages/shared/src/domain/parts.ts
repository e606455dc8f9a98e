import type { CategoryFilter, PartKind, ProductCategory } from '../constants/parts';
import { POWER_RANGE_FACTOR, PRODUCT_CATEGORIES } from '../constants/parts';

/**
 * Brand names the catalogue spells in several ways (data/parts/SOURCE.md: 'Jinko Solar Co._ Ltd',
 * three Hanwha Q CELLS spellings, 'Ningbo Ginlong' for Solis, 'Altenergy Power System' for
 * APsystems). The first matching pattern wins; anything else gets its company suffixes removed.
 */
const BRAND_ALIASES: ReadonlyArray<[RegExp, string]> = [
  [/^hanwha q ?cells/i, 'Qcells'],
  [/^hanwha solarone/i, 'Hanwha SolarOne'],
  [/^(csi solar|canadian solar)/i, 'Canadian Solar'],
  [/^longi/i, 'LONGi'],
  [/^jinko/i, 'Jinko Solar'],
  [/^ja solar/i, 'JA Solar'],
  [/^trina energy storage/i, 'Trina Energy Storage'],
  [/^trina/i, 'Trina Solar'],
  [/^lg electronics/i, 'LG'],
  [/^rec solar$/i, 'REC'],
  [/^recom/i, 'Recom'],
  [/^(chint solar|astronergy)/i, 'Astronergy'],
  [/^chint power/i, 'Chint Power Systems'],
  [/^altenergy power/i, 'APsystems'],
  [/^(ningbo )?ginlong/i, 'Solis'],
  [/^(shenzhen )?growatt/i, 'Growatt'],
  [/^huawei/i, 'Huawei'],
  [/^sungrow/i, 'Sungrow'],
  [/^solaredge/i, 'SolarEdge'],
  [/^enphase/i, 'Enphase'],
  [/^fronius/i, 'Fronius'],
  [/^sma( america)?$/i, 'SMA'],
  [/^goodwe/i, 'GoodWe'],
  [/^hoymiles/i, 'Hoymiles'],
  [/^solax/i, 'SolaX'],
  [/^tesla/i, 'Tesla'],
  [/^kaco/i, 'KACO'],
  [/^kostal/i, 'Kostal'],
  [/^schneider electric/i, 'Schneider Electric'],
  [/^ingeteam/i, 'Ingeteam'],
  [/^delta (electronics|energy)/i, 'Delta'],
  [/^outback power/i, 'OutBack Power'],
  [/^(shenzhen )?sinexcel/i, 'Sinexcel'],
  [/^tigo/i, 'Tigo'],
  [/^(shenzhen )?byd/i, 'BYD'],
  [/^hyundai/i, 'Hyundai'],
  [/^(wuxi )?suntech/i, 'Suntech'],
  [/^(suzhou |zhongli )?talesun/i, 'Talesun'],
  [/^phono solar/i, 'Phono Solar'],
  [/^seraphim/i, 'Seraphim'],
  [/^risen/i, 'Risen Energy'],
  [/^znshine/i, 'ZNShine'],
  [/^boviet/i, 'Boviet Solar'],
  [/^silfab/i, 'Silfab Solar'],
  [/^first solar/i, 'First Solar'],
  [/^(panasonic|sanyo electric)/i, 'Panasonic'],
  [/^hengdian group dmegc/i, 'DMEGC'],
  [/^gcl/i, 'GCL'],
  [/^yingli/i, 'Yingli'],
  [/^waaree/i, 'Waaree'],
  [/^s-energy/i, 'S-Energy'],
  [/^mission solar/i, 'Mission Solar'],
  [/^solaria/i, 'Solaria'],
  [/^merlin solar/i, 'Merlin Solar'],
  [/^tongwei/i, 'Tongwei'],
  [/^united renewable energy/i, 'United Renewable Energy'],
  [/^power electronics$/i, 'Power Electronics'],
  [/^generac/i, 'Generac'],
  [/^yaskawa/i, 'Yaskawa Solectria'],
  [/^axitec/i, 'AXITEC'],
  [/^winaico/i, 'WINAICO'],
  [/^peimar/i, 'PEIMAR'],
  [/^vikram/i, 'Vikram Solar'],
  [/^vietnam sunergy/i, 'Vietnam Sunergy'],
  [/^shinsung/i, 'Shinsung E&G'],
  [/^hansol/i, 'Hansol Technics'],
  [/^sunpower/i, 'SunPower'],
  [/^neovolta/i, 'NeoVolta'],
  [/^sol-ark/i, 'Sol-Ark'],
];

const COMPANY_SUFFIX =
  /[\s,.]+(co\.?,?\s*ltd\.?|co\.?|ltd\.?|limited|company limited|private limited|pvt\.?\s*ltd\.?|pty\s*ltd|inc\.?|incorporated|llc|gmbh|corp\.?|corporation|s\.?\s?a\.?|ag|k\.k\.|joint stock company|holdings?)\.?$/i;

/** 'Jinko Solar Co._ Ltd' → 'Jinko Solar'; 'Hanwha Q CELLS (Qidong)' → 'Qcells'. */
export function normaliseManufacturer(raw: string): string {
  // The SAM files replaced "," by "_" (modules) or " -" (inverters).
  let name = raw.replace(/_/g, ',').replace(/\s+-\s*/g, ', ').replace(/\s+/g, ' ').trim();
  name = name.replace(/,\s*$/, '').trim();
  for (const [pattern, brand] of BRAND_ALIASES) if (pattern.test(name)) return brand;
  let previous = '';
  while (previous !== name) {
    previous = name;
    name = name.replace(COMPANY_SUFFIX, '').replace(/\s*\([^)]*\)\s*$/, '').replace(/[,\s]+$/, '').trim();
  }
  return name || raw.trim();
}

/** What a search asks of the catalogue, parsed from the product category and the free-text specs. */
export interface SpecFilter {
  minPowerW?: number;
  maxPowerW?: number;
  /** A bare '400 W': the closest products first. */
  targetPowerW?: number;
  minEfficiencyPct?: number;
  technology?: 'mono' | 'multi' | 'thin-film';
  bifacial?: boolean;
  bipv?: boolean;
  hybrid?: boolean;
  coupling?: 'AC' | 'DC';
  minCapacityKwh?: number;
  /** Inverters: 'three-phase', '3-phase', 'single-phase', '1 phase' (decision 0362). */
  phase?: 'single' | 'three';
}

const NUM = String.raw`(\d+(?:[.,]\d+)?)`;
const POWER = String.raw`${NUM}\s*(kwp?|wp?|mw)\b`;
const MIN_WORDS = String.raw`(?:at\s+least|min(?:imum)?\.?|≥|>=|>|over|above|from|more\s+than|no\s+less\s+than)`;
const MAX_WORDS = String.raw`(?:up\s+to|at\s+most|max(?:imum)?\.?|≤|<=|<|under|below|less\s+than|no\s+more\s+than)`;

function watts(value: string, unit: string): number {
  const n = Number(value.replace(',', '.'));
  const u = unit.toLowerCase();
  return u.startsWith('mw') ? n * 1_000_000 : u.startsWith('k') ? n * 1000 : n;
}

/** Reads 'at least 400 W', '≥ 400W', '400W+', 'up to 5 kW', '300-400 W', 'monocrystalline', 'hybrid', … */
export function parseSpecs(text: string | undefined | null): SpecFilter {
  const out: SpecFilter = {};
  if (!text) return out;
  // Remove kWh figures before reading powers, so '10 kWh' is never read as 10 kW.
  let s = ` ${text.toLowerCase().replace(/\s+/g, ' ')} `;
  const capacity = new RegExp(String.raw`(?:${MIN_WORDS}\s*)?${NUM}\s*kwh\b`).exec(s);
  if (capacity) {
    out.minCapacityKwh = Number(capacity[1]!.replace(',', '.'));
    s = s.replace(capacity[0], ' ');
  }
  const range = new RegExp(String.raw`${NUM}\s*(?:kwp?|wp?|mw)?\s*(?:-|–|to)\s*${POWER}`).exec(s);
  if (range) {
    const unit = range[3]!;
    out.minPowerW = watts(range[1]!, unit);
    out.maxPowerW = watts(range[2]!, unit);
    s = s.replace(range[0], ' ');
  }
  for (const m of s.matchAll(new RegExp(String.raw`${MIN_WORDS}\s*${POWER}`, 'g'))) out.minPowerW = watts(m[1]!, m[2]!);
  for (const m of s.matchAll(new RegExp(String.raw`${POWER}\s*(?:\+|or\s+more|and\s+above|or\s+above|minimum|min\b)`, 'g')))
    out.minPowerW = watts(m[1]!, m[2]!);
  for (const m of s.matchAll(new RegExp(String.raw`${MAX_WORDS}\s*${POWER}`, 'g'))) out.maxPowerW = watts(m[1]!, m[2]!);
  for (const m of s.matchAll(new RegExp(String.raw`${POWER}\s*(?:or\s+less|and\s+below|or\s+below|maximum|max\b)`, 'g')))
    out.maxPowerW = watts(m[1]!, m[2]!);
  if (out.minPowerW === undefined && out.maxPowerW === undefined) {
    const bare = new RegExp(POWER).exec(s);
    if (bare) out.targetPowerW = watts(bare[1]!, bare[2]!);
  }
  const efficiency = new RegExp(String.raw`(?:${MIN_WORDS}\s*)?${NUM}\s*%`).exec(s);
  if (efficiency) out.minEfficiencyPct = Number(efficiency[1]!.replace(',', '.'));

  if (/\bmono(crystalline|-c-si|-si)?\b/.test(s)) out.technology = 'mono';
  if (/\b(poly|multi)(crystalline|-c-si|-si)?\b/.test(s)) out.technology = 'multi';
  if (/\bthin[- ]?film\b|\bcdte\b|\bcigs\b/.test(s)) out.technology = 'thin-film';
  if (/\bbifacial\b/.test(s)) out.bifacial = true;
  if (/\bmonofacial\b/.test(s)) out.bifacial = false;
  if (/\bbipv\b|building[- ]integrated/.test(s)) out.bipv = true;
  if (/\b(non[- ]?hybrid|not hybrid|grid[- ]tie only)\b/.test(s)) out.hybrid = false;
  else if (/\bhybrid\b/.test(s)) out.hybrid = true;
  if (/\bac[- ]coupled\b/.test(s)) out.coupling = 'AC';
  if (/\bdc[- ]coupled\b/.test(s)) out.coupling = 'DC';
  if (/\b(three|3)[- ]?(phase|ph)\b/.test(s)) out.phase = 'three';
  else if (/\b(single|one|1)[- ]?(phase|ph)\b/.test(s)) out.phase = 'single';
  return out;
}

/**
 * The user's specs win over what the category implies. A lone minimum power is a range up to
 * `POWER_RANGE_FACTOR` times it (decision 0362): 'at least 5 kW' asks for a 5 kW class product, not a
 * 4 MW central inverter.
 */
export function mergeFilters(category: CategoryFilter | undefined, specs: SpecFilter): SpecFilter {
  const merged: SpecFilter = { ...(category ?? {}), ...stripUndefined(specs) };
  if (merged.minPowerW !== undefined && merged.maxPowerW === undefined) merged.maxPowerW = merged.minPowerW * POWER_RANGE_FACTOR;
  return merged;
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** The category of a product name (case-insensitive), or null for free text no category covers. */
export function findCategory(product: string): ProductCategory | null {
  const key = product.trim().toLowerCase();
  return PRODUCT_CATEGORIES.find((p) => p.name.toLowerCase() === key) ?? guessCategory(key);
}

/** Free text ('jinko panels', 'hybrid inverter', 'battery') mapped to the catalogue kind it names. */
function guessCategory(key: string): ProductCategory | null {
  const byName = (name: string) => PRODUCT_CATEGORIES.find((p) => p.name === name) ?? null;
  if (/\b(panel|panels|module|modules|pv)\b/.test(key)) return byName('Solar Panels');
  if (/\bhybrid inverters?\b/.test(key)) return byName('Hybrid Inverters');
  if (/\bmicro-?inverters?\b/.test(key)) return byName('Microinverters');
  if (/\binverters?\b/.test(key)) return byName('Solar Inverters');
  if (/\bbatter(y|ies)\b|\bstorage\b/.test(key)) return byName('Battery Storage Systems');
  return null;
}

/** Total for a quantity: kWp for panels, kW AC for inverters, kWh usable for batteries. */
export function quantityTotal(kind: PartKind, quantity: number, unit: { powerW: number | null; capacityKwh: number | null }) {
  if (kind === 'battery') {
    if (unit.capacityKwh == null) return null;
    return { value: round(quantity * unit.capacityKwh, 2), unit: 'kWh' as const, label: 'usable storage' };
  }
  if (unit.powerW == null) return null;
  const kw = round((quantity * unit.powerW) / 1000, 2);
  return kind === 'module'
    ? { value: kw, unit: 'kWp' as const, label: 'peak DC capacity' }
    : { value: kw, unit: 'kW' as const, label: 'AC output' };
}

export const round = (n: number, digits: number) => {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
};

/** Every `[n]` marker in a text, in order of appearance. */
export function citationMarkers(content: string): number[] {
  return [...content.matchAll(/\[(\d{1,3})\](?!\()/g)].map((m) => Number(m[1]));
}
