import type { Notification, SavedSearch, SavedSearchMatch } from '@solar/shared/contracts/alerts';
import { toIsoTimestamp, toIsoTimestampOrNull } from '../../db/sql-helpers';
import type { MatchRow, SavedSearchRow } from './saved-searches.repository';
import type { NotificationRow } from './notifications.repository';

export const toSavedSearch = (row: SavedSearchRow): SavedSearch => ({
  id: row.id,
  name: row.name,
  kind: row.kind,
  criteria: row.criteria as SavedSearch['criteria'],
  frequency: row.frequency,
  hour: row.digest_hour,
  weekday: row.digest_weekday,
  paused: row.paused,
  createdAt: toIsoTimestamp(row.created_at),
  nextDigestAt: toIsoTimestampOrNull(row.next_digest_at),
  lastMailedAt: toIsoTimestampOrNull(row.last_mailed_at),
  matches: row.matches,
  unmailed: row.unmailed,
  lastMatchAt: toIsoTimestampOrNull(row.last_match_at),
});

/** The page of a matched item on this site. */
export function matchLink(row: Pick<MatchRow, 'item_type' | 'link_id' | 'item_id'>): string {
  const id = encodeURIComponent(row.link_id ?? row.item_id);
  return row.item_type === 'tender' ? `/tender/${id}` : row.item_type === 'provider' ? `/providers/${id}` : `/asset-intel/${id}`;
}

export const toSavedSearchMatch = (row: MatchRow): SavedSearchMatch => ({
  itemType: row.item_type,
  itemId: row.item_id,
  change: row.change,
  title: row.title ?? '',
  detail: row.detail,
  link: matchLink(row),
  matchedAt: toIsoTimestamp(row.matched_at),
  mailedAt: toIsoTimestampOrNull(row.notified_at),
});

export const toNotification = (row: NotificationRow): Notification => ({
  id: row.id,
  kind: row.kind,
  title: row.title,
  body: row.body,
  link: row.link,
  createdAt: toIsoTimestamp(row.created_at),
  read: row.read_at !== null,
});
