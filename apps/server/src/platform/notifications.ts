import type { NotificationKind } from '@solar/shared/constants/alerts';
import type { Db } from '../db/client';
import { notifications } from '../db/schema/index';

export interface NewNotification {
  userId: string;
  kind: NotificationKind;
  /** One line: what happened ('Acme Solar replied to your quote request'). */
  title: string;
  body?: string | null;
  /** The page it is about, on this site ('/tender/…'). */
  link: string;
}

/**
 * Puts a notification in a user's bell (decision 0473), in the transaction of the change it is
 * about, like `queueMail`. Titles are cut to one line of 200 characters.
 */
export async function notify(tx: Db, ...items: NewNotification[]): Promise<void> {
  if (items.length === 0) return;
  await tx.insert(notifications).values(
    items.map((n) => ({
      userId: n.userId,
      kind: n.kind,
      title: n.title.replace(/\s+/g, ' ').trim().slice(0, 200),
      body: n.body ? n.body.slice(0, 500) : null,
      link: n.link.startsWith('/') ? n.link : `/${n.link}`,
    })),
  );
}
