import type { TenderSector } from '@solar/shared/constants/tenders';

/**
 * Which notices concern solar, storage or wind (issue 8): CPV codes (by prefix, as CPV is a tree)
 * and whole-word keywords in the title and description. Decision 0174 lists the sources.
 */
const CPV_PREFIXES: Record<TenderSector, string[]> = {
  solar: ['09331', '09332', '31712331', '45261215', '45315300'],
  storage: ['3143', '3144', '31158'],
  wind: ['09310000', '31121340', '45251160', '3112134'],
};

const KEYWORDS: Record<TenderSector, RegExp> = {
  solar: /\b(solar|photo-?voltaics?|pv (?:panels?|arrays?|systems?|modules?|installations?)|solar ?pv)\b/i,
  storage: /\b(battery (?:energy )?storage|energy storage|bess|battery storage systems?)\b/i,
  wind: /\b(wind (?:turbines?|farms?|energy|power)|onshore wind|offshore wind)\b/i,
};

export function detectSectors(text: string, cpvCodes: string[]): TenderSector[] {
  const found: TenderSector[] = [];
  for (const sector of Object.keys(KEYWORDS) as TenderSector[]) {
    const byCode = cpvCodes.some((code) => CPV_PREFIXES[sector].some((prefix) => code.startsWith(prefix)));
    if (byCode || KEYWORDS[sector].test(text)) found.push(sector);
  }
  return found;
}
