import type { TenderSector } from '@solar/shared/constants/tenders';

/**
 * Which notices concern solar, storage or wind (issue 8): exact CPV 2008 codes and whole-word
 * keywords in the title and description. Decision 0174 lists the sources; decision 0391 replaced
 * its CPV prefixes, which swept in solar thermal collectors (09331100) and electricity (09310000).
 */
const CPV_CODES: Record<TenderSector, string[]> = {
  solar: ['09331200', '09332000', '31712331', '45261215'],
  storage: ['31430000', '31440000'],
  wind: ['31121340', '45251160'],
};

const KEYWORDS: Record<TenderSector, RegExp> = {
  solar: /\b(solar|photo-?voltaics?|pv (?:panels?|arrays?|systems?|modules?|installations?)|solar ?pv)\b/i,
  storage: /\b(battery (?:energy )?storage|energy storage|bess|battery storage systems?)\b/i,
  wind: /\b(wind (?:turbines?|farms?|energy|power)|onshore wind|offshore wind)\b/i,
};

/** The relevance rules' negative phrases (migration 0019_tender_relevance.sql): not solar PV. */
const NOT_SOLAR_PV = /\bsolar[\s-]+(thermal|shading|shades?|hot[\s-]+water|water[\s-]+heating|gain|control|films?|glare|reflective|screens?|blinds?)\b/gi;

export function detectSectors(rawText: string, cpvCodes: string[]): TenderSector[] {
  const text = rawText.replace(NOT_SOLAR_PV, ' ');
  const found: TenderSector[] = [];
  for (const sector of Object.keys(KEYWORDS) as TenderSector[]) {
    const byCode = cpvCodes.some((code) => CPV_CODES[sector].includes(code.slice(0, 8)));
    if (byCode || KEYWORDS[sector].test(text)) found.push(sector);
  }
  return found;
}
