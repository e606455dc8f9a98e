import { SAVED_SEARCH_LIMITS as L, type SavedSearchKind } from '@solar/shared/constants/alerts';
import { formatDate } from '@solar/shared/domain/format';
import { addressOf, describeCriteria, type CriteriaInput } from '@solar/shared/domain/saved-search-address';
import type { MailMessage } from '../../platform/mail';
import { matchLink } from './alerts.mapper';
import type { MatchRow } from './saved-searches.repository';
import type { ChangeRow } from './watches.repository';

/**
 * The mails of saved searches and watched tenders (decisions 0472 and 0473). Every one carries
 * List-Unsubscribe and List-Unsubscribe-Post (RFC 8058) and the signed page's link in its text.
 */

const oneLine = (text: string) => text.replace(/[\r\n]+/g, ' ').trim();
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The sections of a digest, in order: what each match is. */
const GROUPS: Array<{ title: string; test: (m: Pick<MatchRow, 'item_type' | 'change'>) => boolean }> = [
  { title: 'New tenders', test: (m) => m.item_type === 'tender' && m.change === 'new' },
  { title: 'Changed tenders', test: (m) => m.item_type === 'tender' && m.change !== 'new' },
  { title: 'New providers', test: (m) => m.item_type === 'provider' },
  { title: 'New projects', test: (m) => m.item_type === 'asset-change' && m.change === 'added' },
  { title: 'Status changes', test: (m) => m.item_type === 'asset-change' && m.change === 'status' },
  { title: 'Capacity changes', test: (m) => m.item_type === 'asset-change' && m.change === 'capacity' },
];

const CHANGE_WORDS: Record<string, string> = {
  updated: 'corrected',
  deadline: 'deadline changed',
  awarded: 'awarded',
  cancelled: 'cancelled',
  stage: 'stage changed',
  clarification: 'clarification published',
  document: 'document added',
};

export interface SearchForMail {
  id: string;
  name: string;
  kind: SavedSearchKind;
  criteria: Record<string, unknown>;
  frequency: string;
}

/** A saved search's matches, grouped by what they are; `total` counts those not listed too. */
export function searchDigest(
  to: { email: string; name: string },
  search: SearchForMail,
  matches: MatchRow[],
  total: number,
  publicUrl: string,
  unsubscribe: { page: string; headers: Record<string, string> },
): MailMessage {
  const listed = matches.slice(0, L.itemsPerMail);
  const sections = GROUPS.map((g) => ({ title: g.title, items: listed.filter(g.test) })).filter((g) => g.items.length > 0);
  const lines = [`Hello ${to.name},`, '', `${plural(total, 'new match', 'new matches')} for your saved search "${search.name}" (${describeCriteria(search.kind, search.criteria as CriteriaInput)}).`];
  for (const section of sections) {
    lines.push('', section.title, '');
    for (const m of section.items) {
      const change = m.item_type === 'tender' && m.change !== 'new' ? ` [${CHANGE_WORDS[m.change] ?? m.change}]` : '';
      lines.push(`- ${m.title}${change}${m.detail ? ` (${m.detail})` : ''}`, `  ${publicUrl}${matchLink(m)}`);
    }
  }
  if (total > listed.length) lines.push('', `And ${total - listed.length} more: ${publicUrl}${addressOf(search.kind, search.criteria as CriteriaInput)}`);
  lines.push(
    '',
    `Open the search: ${publicUrl}${addressOf(search.kind, search.criteria as CriteriaInput)}`,
    `Change how often we email you, or pause it: ${publicUrl}/dashboard?tab=searches`,
    `Stop these emails: ${unsubscribe.page}`,
  );
  const when = search.frequency === 'daily' ? 'Daily: ' : search.frequency === 'weekly' ? 'Weekly: ' : '';
  return {
    to: to.email,
    subject: oneLine(`${when}${plural(total, 'new match', 'new matches')} for "${search.name}"`).slice(0, 200),
    text: lines.join('\n'),
    headers: unsubscribe.headers,
  };
}

/** One line per change of a watched tender. */
export function describeChange(change: Pick<ChangeRow, 'kind' | 'detail'>): string {
  const d = change.detail;
  const date = (v: unknown) => (typeof v === 'string' ? formatDate(v) : 'none');
  switch (change.kind) {
    case 'deadline': {
      // A move within one day names the times (UK time), or it would read 'from 28/12/2026 to 28/12/2026'.
      const sameDay = date(d.from) === date(d.to) && d.from !== d.to;
      const at = (v: unknown) => (sameDay && typeof v === 'string' ? `${formatDate(v, 'dd/MM/yyyy HH:mm')} UK time` : date(v));
      return `The closing date changed from ${at(d.from)} to ${at(d.to)}.`;
    }
    case 'awarded':
      return typeof d.supplier === 'string' && d.supplier ? `It was awarded to ${d.supplier}.` : 'It was awarded.';
    case 'cancelled':
      return typeof d.reason === 'string' && d.reason ? `It was cancelled: ${d.reason}` : 'It was cancelled.';
    case 'stage':
      return `Its stage changed from ${String(d.from)} to ${String(d.to)}.`;
    case 'clarification':
      return 'A question was answered: the answer is published on the tender.';
    case 'document':
      return typeof d.filename === 'string' ? `A document was added: ${d.filename}.` : 'A document was added.';
    case 'updated':
      return Array.isArray(d.fields) && d.fields.length ? `The notice was corrected: ${d.fields.join(', ')}.` : 'The notice was corrected.';
    default:
      return 'It was published.';
  }
}

export function watchedChanged(
  to: { email: string; name: string },
  tender: { id: string; title: string },
  changes: ChangeRow[],
  publicUrl: string,
  unsubscribe: { page: string; headers: Record<string, string> },
): MailMessage {
  return {
    to: to.email,
    subject: oneLine(`A tender you watch has changed: ${tender.title}`).slice(0, 200),
    text: [
      `Hello ${to.name},`,
      '',
      `"${tender.title}" has changed:`,
      '',
      ...changes.map((c) => `- ${describeChange(c)}`),
      '',
      `View the tender: ${publicUrl}/tender/${tender.id}`,
      '',
      `Stop watching it: ${unsubscribe.page}`,
    ].join('\n'),
    headers: unsubscribe.headers,
  };
}
