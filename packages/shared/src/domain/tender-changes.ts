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
  return Object.entries(event.changes).map(([field, c]) => `${TENDER_FIELD_LABELS[field] ?? field}: ${changeValue(field, c.from)} → ${changeValue(field, c.to)}`);
}
