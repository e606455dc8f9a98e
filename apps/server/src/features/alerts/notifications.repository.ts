import type { NotificationKind } from '@solar/shared/constants/alerts';
import type { Database } from '../../db/client';

/** The bell's queries (decision 0473); notifications are written by `platform/notifications.ts#notify`. */

export interface NotificationRow {
  id: string;
  kind: NotificationKind;
  title: string;
  body: string | null;
  link: string;
  created_at: Date | string;
  read_at: Date | string | null;
}

export function listNotifications(database: Database, userId: string, limit: number) {
  return database.query<NotificationRow>(
    'SELECT id, kind, title, body, link, created_at, read_at FROM notifications WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2',
    [userId, limit],
  );
}

export async function countUnread(database: Database, userId: string): Promise<number> {
  const [row] = await database.query<{ n: number }>('SELECT count(*)::int AS n FROM notifications WHERE user_id = $1 AND read_at IS NULL', [userId]);
  return row?.n ?? 0;
}

/** Marks the user's own notifications read: the named ones, or all. */
export async function markRead(database: Database, userId: string, ids: string[] | 'all', now: Date) {
  if (ids === 'all') {
    await database.query('UPDATE notifications SET read_at = $2 WHERE user_id = $1 AND read_at IS NULL', [userId, now.toISOString()]);
  } else {
    await database.query('UPDATE notifications SET read_at = $2 WHERE user_id = $1 AND read_at IS NULL AND id = ANY($3::uuid[])', [userId, now.toISOString(), ids]);
  }
}

/** Notifications read more than `before` ago go (the bell keeps the newest; decision 0473). */
export async function purgeRead(database: Database, before: Date) {
  await database.query('DELETE FROM notifications WHERE read_at IS NOT NULL AND read_at < $1', [before.toISOString()]);
}
