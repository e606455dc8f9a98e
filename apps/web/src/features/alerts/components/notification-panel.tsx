import { Link } from '../../../components/ui/link';
import { ALERT_MESSAGES as M } from '@solar/shared/constants/alerts';
import { formatDate } from '@solar/shared/domain/format';
import { cn } from '../../../lib/cn';
import { useMarkNotificationsRead, useNotifications } from '../api/list-notifications';

/** The bell's list (decision 0473): newest first, unread in bold; opening one marks it read. */
export default function NotificationPanel({ onClose }: { onClose(): void }) {
  const list = useNotifications(true);
  const mark = useMarkNotificationsRead();
  return (
    <section
      aria-label={M.notificationsTitle}
      // Below sm the bell is not at the window's edge (the menu button is): the panel hangs from the
      // (sticky) header across the window, rather than off the window's left side (the bell's box is static there).
      className="absolute right-0 top-full z-40 mt-1 w-[min(22rem,calc(100vw-2rem))] rounded-md border border-border bg-white shadow-lg max-sm:left-4 max-sm:right-4 max-sm:w-auto"
    >
      <div className="flex items-center justify-between gap-2 border-b border-border px-4 py-2">
        <h2 className="text-sm font-semibold text-slate-900">{M.notificationsTitle}</h2>
        {!!list.data?.unread && (
          <button type="button" className="text-sm font-medium text-primary underline-offset-4 hover:underline" onClick={() => mark.mutate({ all: true })}>
            {M.markAllRead}
          </button>
        )}
      </div>
      {list.isPending ? (
        <p className="px-4 py-6 text-center text-sm text-muted-foreground" role="status">
          Loading...
        </p>
      ) : list.isError ? (
        <p className="px-4 py-6 text-center text-sm text-red-800" role="alert">
          {list.error.message || M.notificationsFailed}
        </p>
      ) : list.data.items.length === 0 ? (
        <p className="px-4 py-6 text-center text-sm text-muted-foreground">{M.notificationsEmpty}</p>
      ) : (
        <ul className="max-h-[60vh] overflow-y-auto py-1">
          {list.data.items.map((n) => (
            <li key={n.id}>
              <Link
                to={n.link}
                onClick={() => {
                  if (!n.read) mark.mutate({ ids: [n.id] });
                  onClose();
                }}
                className={cn('block px-4 py-2 text-sm hover:bg-muted', n.read ? 'text-slate-700' : 'bg-blue-50 font-semibold text-slate-900')}
              >
                <span className="block break-words">{n.title}</span>
                {n.body && <span className="block break-words font-normal text-slate-700">{n.body}</span>}
                <span className="block text-xs font-normal text-slate-600">
                  {formatDate(n.createdAt, 'dd/MM/yyyy HH:mm')}
                  {!n.read && <span className="sr-only"> (unread)</span>}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
