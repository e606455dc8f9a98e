import { NOTIFICATIONS_SHOWN } from '@solar/shared/constants/alerts';
import type { Notification } from '@solar/shared/contracts/alerts';
import type { UserRow } from '../../db/rows';
import type { AppContext } from '../../plugins/context';
import { toNotification } from './alerts.mapper';
import * as repo from './notifications.repository';

type Ctx = Pick<AppContext, 'database' | 'clock'>;

/** The bell (decision 0473): the caller's newest notifications, each linking to its page. */
export async function listNotifications(ctx: Ctx, user: UserRow): Promise<{ items: Notification[]; unread: number }> {
  const [rows, unread] = await Promise.all([repo.listNotifications(ctx.database, user.id, NOTIFICATIONS_SHOWN), repo.countUnread(ctx.database, user.id)]);
  return { items: rows.map(toNotification), unread };
}

export const countUnread = (ctx: Ctx, user: UserRow) => repo.countUnread(ctx.database, user.id);

/** Only the caller's own notifications are marked, whatever ids are sent. */
export async function markNotificationsRead(ctx: Ctx, user: UserRow, input: { ids?: string[]; all?: boolean }): Promise<{ unread: number }> {
  await repo.markRead(ctx.database, user.id, input.all ? 'all' : (input.ids ?? []), ctx.clock.now());
  return { unread: await repo.countUnread(ctx.database, user.id) };
}
