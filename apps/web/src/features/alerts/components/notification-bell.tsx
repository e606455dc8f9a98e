import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Bell } from '../../../components/ui/icons';
import { ALERT_MESSAGES as M } from '@solar/shared/constants/alerts';
import { useUnreadNotifications } from '../api/list-notifications';

/** The list loads on the first open, not with every page. */
const NotificationPanel = lazy(() => import('./notification-panel'));

/**
 * The header's bell (decision 0473): the unread count, asked every minute; a click opens the
 * newest notifications, each a link to its page. Signed-in users only.
 */
export function NotificationBell() {
  const unread = useUnreadNotifications(true);
  const [open, setOpen] = useState(false);
  const container = useRef<HTMLDivElement>(null);
  const count = unread.data ?? 0;
  useEffect(() => {
    if (!open) return;
    const onDocument = (event: MouseEvent) => {
      if (!container.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDocument);
    return () => document.removeEventListener('mousedown', onDocument);
  }, [open]);
  return (
    <div ref={container} className="relative max-sm:static" onKeyDown={(event) => event.key === 'Escape' && setOpen(false)}>
      <button
        type="button"
        aria-label={M.bellLabel(count)}
        aria-expanded={open}
        aria-haspopup="true"
        onClick={() => setOpen((v) => !v)}
        className="relative inline-flex h-10 w-10 items-center justify-center rounded-md text-slate-700 hover:bg-muted hover:text-slate-900"
        data-testid="notification-bell"
      >
        <Bell className="h-5 w-5" aria-hidden />
        {count > 0 && (
          <span aria-hidden className="absolute right-1 top-1 min-w-[1.1rem] rounded-full bg-red-700 px-1 text-center text-[11px] font-semibold leading-[1.1rem] text-white">
            {count > 99 ? '99+' : count}
          </span>
        )}
      </button>
      {open && (
        <Suspense fallback={null}>
          <NotificationPanel onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
