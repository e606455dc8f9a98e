import { DATA_SOURCE_LABELS, type DataSourceId } from '../constants/data-sources';
import { TENDER_CPV_LABELS } from '../constants/tenders';

const WHERE: Record<string, string> = { title: 'the title', description: 'the description', lots: 'a lot' };

/**
 * Why the relevance rules kept a notice, in words (decision 0462), from the rule the SQL function
 * `tender_relevance` returned: 'cpv:09331200' → 'CPV 09331200 (photovoltaic modules)',
 * 'title:solar pv' → "'solar pv' in the title". Rules stored before it ('cpv 09331200',
 * 'keyword solar') read too.
 */
export function matchReasonText(rule: string | null): string | null {
  if (!rule) return null;
  const cpv = /^cpv[: ](\d{8})$/.exec(rule);
  if (cpv) {
    const label = TENDER_CPV_LABELS[cpv[1]!];
    return `CPV ${cpv[1]}${label ? ` (${label.toLowerCase()})` : ''}`;
  }
  const phrase = /^(title|description|lots):(.+)$/.exec(rule);
  if (phrase) return `'${phrase[2]}' in ${WHERE[phrase[1]!]}`;
  const keyword = /^keyword (.+)$/.exec(rule);
  if (keyword) return `a ${keyword[1]} term in the title or description`;
  return rule;
}

/** A notice source's name: a feed's label, or 'Imported file' for `npm run import:ocds`. */
export const noticeSourceLabel = (id: string) => DATA_SOURCE_LABELS[id as DataSourceId] ?? 'Imported file';
