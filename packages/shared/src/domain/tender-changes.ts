import { START_TIME_LABELS, type StartTimePreference } from '../constants/tenders';
import { TENDER_FIELD_LABELS } from '../constants/tender-lifecycle';
import { formatDate, formatGBP } from './format';

const INSTANT_FIELDS = new Set(['closingDate']);
const MONEY_FIELDS = new Set(['valueMinimum', 'valueMaximum']);

/** One side of a tender change as a person reads it: dates in UK time, money in pounds, long text cut (decision 0407). */
export function changeValue(field: string, value: unknown): string {
  if (value == null || value === '') return '(none)';
  if (INSTANT_FIELDS.has(field) && typeof value === 'string') return formatDate(value, 'dd/MM/yyyy HH:mm');
  if (field === 'startDate' && typeof value === 'string') return formatDate(value);
  if (MONEY_FIELDS.has(field) && !Number.isNaN(Number(value))) return formatGBP(Number(value));
  if (field === 'searchRadius') return `${String(value)} km`;
  if (field === 'startTimePreference') return START_TIME_LABELS[value as StartTimePreference] ?? String(value);
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 160 ? `${text.slice(0, 160)}…` : text;
}

/** The lines under a tender event: each changed field, from → to (the award's response id says nothing to a reader). */
export function changeLines(event: { kind: string; changes: Record<string, { from: unknown; to: unknown }> }): string[] {
  if (event.kind === 'awarded') return [];
  return Object.entries(event.changes).map(([field, c]) => {
    let from = changeValue(field, c.from);
    let to = changeValue(field, c.to);
    // Two long texts that start alike: shown from where they differ, not as two identical prefixes (issue 27 defect 11).
    if (from === to && typeof c.from === 'string' && typeof c.to === 'string' && c.from !== c.to) {
      let i = 0;
      while (i < c.from.length && c.from[i] === c.to[i]) i++;
      from = excerptAt(c.from, i);
      to = excerptAt(c.to, i);
    }
    return `${TENDER_FIELD_LABELS[field] ?? field}: ${from} → ${to}`;
  });
}

/** 160 characters of a text around `at` (from a little before it), with ellipses where it is cut. */
function excerptAt(text: string, at: number): string {
  const start = Math.max(0, at - 40);
  const end = start + 160;
  return `${start > 0 ? '…' : ''}${text.slice(start, end)}${end < text.length ? '…' : ''}` || '(none)';
}
